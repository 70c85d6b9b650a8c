// The audit driver: builds the effective settings, then runs each rule family in turn.
#include "env/audit.hpp"

#include <algorithm>
#include <set>

#include "core/export_line.hpp"
#include "core/strings.hpp"
#include "env/rules.hpp"

namespace dd::env {

std::vector<Setting> effective_settings(const AuditInput& input) {
  std::vector<Setting> out;
  std::set<std::string> seen;
  for (const auto& [name, value] : input.env.all()) {
    out.push_back({name, value, "environment"});
    seen.insert(name);
  }
  for (const auto& c : input.config_files) {
    if (seen.insert(c.name).second) out.push_back({c.name, c.value, c.source});
  }
  std::sort(out.begin(), out.end(), [](const Setting& a, const Setting& b) { return a.name < b.name; });
  return out;
}

namespace detail {

Context::Context(const AuditInput& input) : input_(input), settings_(effective_settings(input)) {
  for (std::size_t i = 0; i < settings_.size(); ++i) index_[settings_[i].name] = i;
}

const Setting* Context::find(const std::string& name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : &settings_[it->second];
}

std::optional<std::string> Context::value(const std::string& name) const {
  const Setting* s = find(name);
  if (!s) return std::nullopt;
  return s->value;
}

std::optional<long long> Context::int_value(const std::string& name) const {
  const Setting* s = find(name);
  if (!s) return std::nullopt;
  auto v = core::parse_int(core::trim(s->value));
  if (!v) return std::nullopt;
  return static_cast<long long>(*v);
}

std::string evidence(const Setting& s) { return s.name + "=" + s.value + " (" + s.source + ")"; }

core::Finding make_finding(std::string id, core::Label label, core::Severity severity, std::string title,
                           const Setting* s) {
  core::Finding f = core::new_finding(std::move(id), label, severity, std::move(title));
  if (s) f.evidence.push_back(evidence(*s));
  return f;
}

}  // namespace detail

std::vector<core::Finding> audit(const AuditInput& input) {
  detail::Context ctx(input);
  std::vector<core::Finding> out;
  detail::check_names(ctx, out);        // unknown, deprecated, renamed, removed names
  detail::check_values(ctx, out);       // integers, enums, booleans, NCCL_ALGO/PROTO/DEBUG_SUBSYS
  detail::check_performance(ctx, out);  // settings that cost bandwidth
  detail::check_torch(ctx, out);        // old NCCL_ aliases of TORCH_NCCL_ names
  detail::check_rendezvous(ctx, out);   // MASTER_ADDR/PORT, RANK/WORLD_SIZE
  detail::check_tf_config(ctx, out);    // TF_CONFIG
  detail::check_platform(ctx, out);     // no NCCL on Windows
  core::sort_findings(out);
  // On Windows the NCCL variables' unset comes first: a fix plan keeps the first value for a
  // variable, so another finding's value for NCCL_BUFFSIZE (say) would otherwise be exported in its
  // place, and printed after it, an unset would undo it.
  std::stable_partition(out.begin(), out.end(),
                        [](const core::Finding& f) { return f.id == "env.windows.no-nccl" && !f.fix.env.empty(); });
  return out;
}

std::string export_lines(const std::vector<core::Finding>& findings) {
  std::string out;
  std::set<std::string> assigned;
  for (const auto& f : findings) {
    out += "# " + f.id + ": " + f.title + "\n";
    bool any = false;
    for (const auto& [name, value] : f.fix.env) {
      if (!assigned.insert(name).second) continue;  // an earlier (more important) fix owns it
      // A TF_CONFIG fix keeps this process's task: the line is this node's, never every node's.
      if (name == "TF_CONFIG" && core::starts_with(f.id, "tf-config."))
        out +=
            "#   TF_CONFIG below is this node's own task: on each other node run distdoctor env --export there; "
            "distdoctor env --export-format tf writes one per task of the cluster\n";
      // An interface name is this machine's: another node may name its link otherwise
      // (fix-2026-12-07t p25: cpu-b01's ens6, pasted into the job's one sbatch, broke cpu-a01's ens5).
      if (!value.empty() && (name == "NCCL_SOCKET_IFNAME" || name == "GLOO_SOCKET_IFNAME"))
        out += "#   " + name +
               " below names this machine's interface; where another node names its link "
               "otherwise, set it per node (`distdoctor preflight` finds each host's value)\n";
      out += core::export_line(name, value) + "\n";
      any = true;
    }
    if (!any && f.fix.env.empty() && !f.fix.text.empty()) out += "#   " + f.fix.text + "\n";
  }
  return out;
}

}  // namespace dd::env
