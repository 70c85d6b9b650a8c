// A node whose launcher environment is malformed (TF_CONFIG with a task outside its cluster, a
// non-numeric RANK, ...) still takes part where it can: the flags, MASTER_ADDR/MASTER_PORT and
// TF_CONFIG's leader and size give a meeting point and a world; the rank must come from a flag or
// a readable launcher. The problem itself is reported by the environment audit, as a finding.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/json_limits.hpp"
#include "env/launchers/launch_info.hpp"

namespace dd::env::launchers {

namespace {

// TF_CONFIG's leader (chief[0], else worker[0]) and member count, read leniently.
void tf_config_hints(const os::Environment& env, LaunchFlags& flags) {
  auto text = env.get("TF_CONFIG");
  if (!text) return;
  auto doc = core::parse_json_bounded(*text, "TF_CONFIG");  // depth-capped: outside input
  if (!doc) return;
  const auto& j = *doc;
  if (!j.is_object() || !j.contains("cluster") || !j["cluster"].is_object()) return;
  const auto& cluster = j.at("cluster");
  std::optional<std::string> leader;
  int members = 0;
  for (const char* job : {"chief", "worker"}) {
    if (!cluster.contains(job) || !cluster[job].is_array()) continue;
    for (const auto& hp : cluster[job]) {
      if (!hp.is_string()) continue;
      ++members;
      if (!leader) {
        if (auto parsed = parse_host_port(hp.get<std::string>(), "TF_CONFIG")) leader = parsed->host;
      }
    }
  }
  if (!flags.rendezvous && leader) flags.rendezvous = fmt::format("{}:{}", *leader, k_default_rendezvous_port);
  if (!flags.world && members > 0) flags.world = members;
}

}  // namespace

Salvage salvage_launch(const os::Environment& env, const LaunchFlags& flags, const core::Error& error) {
  Salvage out;
  auto bare = detect_launch(os::Environment{}, flags);
  out.environment_error = bare.ok() || bare.error().message != error.message;
  if (!out.environment_error) return out;
  os::Environment meeting;  // only the meeting point's variables
  for (const char* name : {"MASTER_ADDR", "MASTER_PORT"})
    if (auto v = env.get(name)) meeting.set(name, *v);
  LaunchFlags hinted = flags;
  if (!env.has("MASTER_ADDR")) tf_config_hints(env, hinted);
  auto info = detect_launch(meeting, hinted);
  if (!info) info = detect_launch(os::Environment{}, hinted);  // MASTER_* malformed as well
  if (!info) return out;
  info->notes.push_back("launcher environment unusable (" + error.message + "): took part with what it still gives");
  out.info = std::move(info.value());
  return out;
}

}  // namespace dd::env::launchers
