#include "check/probe_findings.hpp"

#include <set>

#include "check/container.hpp"
#include "check/hosts_file_skipped.hpp"
#include "check/loopback_down.hpp"
#include "check/report.hpp"
#include "core/finding_factory.hpp"
#include "nccl/judge.hpp"

namespace dd::check {

namespace {

std::string describe(const std::optional<nccl::Endpoint>& e) {
  return e ? e->iface + " " + e->addr : std::string("no interface (ncclGetUniqueId fails)");
}

}  // namespace

std::vector<core::Finding> judge_all(const CheckReport& r, const Context& ctx) {
  std::vector<core::Finding> out = nccl::judge_prediction(r.inventory, r.prediction, r.gloo, r.config, r.model_version);
  for (auto& f : probe_findings(r)) out.push_back(std::move(f));
  for (auto& f : library_findings(r)) out.push_back(std::move(f));
  if (auto f = loopback_down_finding(r.inventory)) out.push_back(std::move(*f));
  if (auto f = hosts_file_skipped_finding(ctx.files, ctx.resolver, ctx.env, r.host)) out.push_back(std::move(*f));
  return out;
}

std::vector<core::Finding> probe_findings(const CheckReport& r) {
  std::vector<core::Finding> out;
  if (!r.probe_error.empty()) {
    out.push_back(core::new_finding("nccl.probe.could-not-run", core::Label::other, core::Severity::warning,
                                    "the NCCL library could not be asked (probe did not run)", {r.probe_error},
                                    "Run with --no-probe to skip this step, or report this as a distdoctor bug."));
    return out;
  }
  if (!r.probe) return out;
  const auto& p = *r.probe;
  if (p.status == nccl::ProbeStatus::load_failed || p.status == nccl::ProbeStatus::symbol_missing ||
      p.status == nccl::ProbeStatus::crashed || p.status == nccl::ProbeStatus::timed_out) {
    auto f =
        core::new_finding("nccl.probe." + std::string(nccl::to_string(p.status)),
                          p.status == nccl::ProbeStatus::load_failed ? core::Label::gdr_or_driver : core::Label::other,
                          core::Severity::warning, "the NCCL library " + p.path + " could not be asked: " + p.error);
    for (const auto& line : p.nccl_output) {
      if (f.evidence.size() >= 8) break;
      f.evidence.push_back(line);
    }
    f.fix.text = p.status == nccl::ProbeStatus::load_failed
                     ? "A process that loads this library in this environment fails the same way: check its "
                       "dependencies (ldd " +
                           p.path + ") and that it matches this machine's architecture."
                     : "Retry with NCCL_DEBUG=INFO to see where NCCL stops; the prediction above is the model's alone.";
    out.push_back(std::move(f));
    return out;
  }
  if (!p.version.empty() && p.version != r.model_version.to_string()) {
    out.push_back(core::new_finding("nccl.probe.version-differs-from-model", core::Label::other, core::Severity::info,
                                    "the library reports NCCL " + p.version +
                                        " while the prediction used the rules of " + r.model_version.to_string(),
                                    {"model version from: " + r.model_version_source, "ncclGetVersion: " + p.version},
                                    ""));
  }
  // Agreement: same bootstrap interface, or both fail. An NCCL_COMM_ID id carries the COMM_ID
  // address, not the local interface, so only the failure/success is compared then.
  bool comm_id = p.observed && p.observed->source == "NCCL_COMM_ID";
  bool lib_ok = p.status == nccl::ProbeStatus::ok && p.observed.has_value();
  bool model_ok = r.prediction.bootstrap.has_value();
  bool agree = lib_ok == model_ok;
  if (agree && lib_ok && !comm_id) {
    agree = p.observed->iface == r.prediction.bootstrap->iface && p.observed->addr == r.prediction.bootstrap->addr;
  }
  if (!agree) {
    out.push_back(core::new_finding(
        "nccl.probe.disagrees-with-prediction", core::Label::other, core::Severity::warning,
        "the real NCCL library chose " +
            (lib_ok ? p.observed->iface + " " + p.observed->addr : "no interface (" + p.error + ")") +
            " but distdoctor's model predicted " + describe(r.prediction.bootstrap),
        {"library: " + p.path + " (NCCL " + p.version + ")", "model: " + r.prediction.reason},
        "Trust the library's choice; please report this mismatch (with `distdoctor nics --json`) so the model can be "
        "fixed."));
  }
  return out;
}

std::vector<core::Finding> library_findings(const CheckReport& r) {
  std::vector<core::Finding> out;
  if (r.libraries.empty()) {
    out.push_back(core::new_finding(
        "nccl.library.not-found", core::Label::other, core::Severity::info,
        "no libnccl.so.2 found (LD_LIBRARY_PATH, loader cache, CUDA, pip nvidia-nccl, conda)",
        {"the prediction uses NCCL " + r.model_version.to_string() + "'s rules"},
        "If your job uses NCCL from a Python wheel or container image, run distdoctor inside that environment "
        "(activate the venv/conda env, or set LD_LIBRARY_PATH) so it can find it."));
    return out;
  }
  std::set<std::string> distinct;
  for (const auto& l : r.libraries) distinct.insert(l.real_path.empty() ? l.path : l.real_path);
  if (distinct.size() > 1) {
    auto f = core::new_finding("nccl.library.several", core::Label::version_mismatch, core::Severity::info,
                               std::to_string(distinct.size()) +
                                   " different NCCL libraries on this machine; a process "
                                   "loads " +
                                   r.libraries.front().path + " unless it was linked or packaged otherwise");
    for (const auto& l : r.libraries)
      f.evidence.push_back(l.path + " (" + std::string(nccl::to_string(l.source)) + ": " + l.origin + ")");
    f.fix.text =
        "PyTorch wheels load their own nvidia/nccl/lib copy; make sure every node runs the same one "
        "(distdoctor preflight compares versions across nodes).";
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<core::Finding> container_checks(CheckReport& r, const Context& ctx) {
  auto info = detect_container(ctx.files, ctx.env, r.inventory.entries);
  r.container = to_json(info);
  return container_findings(info, ctx.env);
}

}  // namespace dd::check
