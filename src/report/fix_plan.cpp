#include "report/fix_plan.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace dd::report {

namespace {

using Env = std::map<std::string, std::string>;
using PerHost = std::map<std::string, Env>;

// Only names a shell, a Dockerfile and a manifest accept: [A-Za-z_][A-Za-z0-9_]*.
bool valid_name(std::string_view name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

void add_env(Env& to, const Env& env, Env& why, const std::string& source) {
  for (const auto& [name, value] : env) {
    if (!valid_name(name)) continue;
    to.emplace(name, value);  // first wins
    why.emplace(name, source);
  }
}

void add_fix(FixPlan& plan, const Env& env, const PerHost& per_host, const std::string& source) {
  add_env(plan.env, env, plan.why, source);
  for (const auto& [host, vars] : per_host) add_env(plan.per_host[host], vars, plan.why, source);
}

}  // namespace

FixPlan fix_plan(const std::vector<core::Finding>& findings, const core::Fix& recommendation) {
  FixPlan plan;
  add_fix(plan, recommendation.env, recommendation.per_host, "preflight recommendation");
  for (const auto& f : findings) {
    add_fix(plan, f.fix.env, f.fix.per_host, f.id);
    if (f.id == "container.network.bridge") plan.host_network = true;
    if (f.id == "container.shm.too-small" || f.label == core::Label::shm_exhausted) plan.shm_in_memory = true;
    if (f.id == "container.ib.no-device-nodes") plan.ib_devices = true;
    bool carries = !f.fix.env.empty() || !f.fix.per_host.empty();
    if (f.severity != core::Severity::info || carries) plan.notes.push_back({f.id, f.title, f.fix.text});
  }
  // A per-host value equal to the common one is noise.
  for (auto it = plan.per_host.begin(); it != plan.per_host.end();) {
    for (auto v = it->second.begin(); v != it->second.end();) {
      auto common = plan.env.find(v->first);
      v = common != plan.env.end() && common->second == v->second ? it->second.erase(v) : std::next(v);
    }
    it = it->second.empty() ? plan.per_host.erase(it) : std::next(it);
  }
  return plan;
}

}  // namespace dd::report
