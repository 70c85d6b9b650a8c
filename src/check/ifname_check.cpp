#include "check/ifname_check.hpp"

#include <algorithm>

#include "check/report.hpp"
#include "core/strings.hpp"

namespace dd::check {

namespace {

// NCCL_COMM_ID too: env audits it, and its address decides NCCL's bootstrap (fix-2026-12-07t p23:
// env said OK for NCCL_COMM_ID=127.0.0.1:29402 on a 2-node job while check named the loopback).
bool about_ifname(const core::Finding& f) {
  return core::starts_with(f.id, "nccl.ifname.") || core::starts_with(f.id, "gloo.ifname.") ||
         core::starts_with(f.id, "nccl.comm-id.");
}

bool about_loopback(const core::Finding& f) {
  return f.id == "nccl.ifname.selects-loopback" || f.id == "nccl.ifname.exclusion-picks-loopback" ||
         f.id == "gloo.ifname.loopback" || f.id == "nccl.comm-id.loopback";
}

}  // namespace

std::vector<core::Finding> ifname_findings(const Context& ctx, JobNodes nodes) {
  Context quiet = ctx;
  quiet.probe = false;  // the model only: no library is loaded to judge a variable
  auto report = build_report(quiet, ReportScope::nics);
  std::vector<core::Finding> out;
  for (auto& f : report.findings) {
    if (about_ifname(f) && !(nodes == JobNodes::one && about_loopback(f))) out.push_back(std::move(f));
  }
  return out;
}

void verify_exported_ifnames(const Context& ctx, JobNodes nodes, std::vector<core::Finding>& findings) {
  for (auto& f : findings) {
    if (about_ifname(f)) continue;  // check's own fixes are verified by the model already
    for (const char* name : {"NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME"}) {
      auto it = f.fix.env.find(name);
      if (it == f.fix.env.end() || it->second.empty()) continue;
      Context with = ctx;
      with.env.set(name, it->second);
      auto judged = ifname_findings(with, nodes);
      auto bad = std::find_if(judged.begin(), judged.end(), [&](const core::Finding& j) {
        return j.severity == core::Severity::error && core::starts_with(j.id, name[0] == 'N' ? "nccl." : "gloo.");
      });
      if (bad == judged.end()) continue;
      auto verified = bad->fix.env.find(name);
      std::string was = it->second;
      if (verified != bad->fix.env.end() && !verified->second.empty()) {
        it->second = verified->second;
        f.fix.text += "; " + std::string(name) + "=" + was + " would select no usable interface on this machine (" +
                      bad->id + "), so the fix uses " + verified->second;
      } else {
        f.fix.env.erase(it);
        f.fix.text += "; " + std::string(name) + "=" + was +
                      " is not exported: it selects no usable interface on this "
                      "machine (" +
                      bad->id + ")";
      }
    }
  }
}

}  // namespace dd::check
