// TF_CONFIG (MultiWorkerMirroredStrategy): chief first, then the workers, form the preflight
// world (nccl-facts §7.3: worker number = index + 1 when a chief job exists). The meeting point is
// the leader's host (chief[0], else worker[0]) on port 29400; every chief/worker host:port is a
// job port (the gRPC servers) and is probed.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/json_limits.hpp"
#include "env/launchers/launch_info.hpp"

namespace dd::env::launchers {

namespace {

core::Error bad(const std::string& why) { return core::make_error(core::ErrorKind::usage, "TF_CONFIG: " + why); }

}  // namespace

std::optional<core::Result<LaunchInfo>> from_tf_config(const os::Environment& env) {
  auto text = env.get("TF_CONFIG");
  if (!text || text->empty()) return std::nullopt;
  auto doc = core::parse_json_bounded(*text, "TF_CONFIG");
  if (!doc) return {core::make_error(core::ErrorKind::usage, doc.error().message)};
  const nlohmann::json& j = *doc;
  if (!j.is_object()) return {bad("not a JSON object")};
  const auto& cluster = j.value("cluster", nlohmann::json::object());
  const auto& task = j.value("task", nlohmann::json::object());
  if (!cluster.is_object() || !task.is_object()) return {bad("'cluster' and 'task' must be objects")};
  std::vector<std::pair<std::string, std::string>> members;  // (job[index], host:port)
  for (const char* job : {"chief", "worker"}) {
    if (!cluster.contains(job)) continue;
    if (!cluster[job].is_array()) return {bad(fmt::format("cluster.{} must be a list of host:port", job))};
    int i = 0;
    for (const auto& hp : cluster[job]) {
      if (!hp.is_string()) return {bad(fmt::format("cluster.{}[{}] must be a string", job, i))};
      members.emplace_back(fmt::format("{}[{}]", job, i++), hp.get<std::string>());
    }
  }
  LaunchInfo info;
  info.launcher = "tf-config";
  if (members.empty()) return {bad("cluster has no chief or worker")};
  for (const auto& [name, hp] : members) {
    auto parsed = parse_host_port(hp, "TF_CONFIG cluster." + name);
    if (!parsed) return {parsed.error()};
    info.job_ports.push_back(JobPort{parsed->host, parsed->port, "TF_CONFIG " + name, false});
  }
  std::string type = task.value("type", "");
  if (!task.contains("index") || !task["index"].is_number_integer())
    return {bad("task.index missing or not an integer")};
  int index = task["index"].get<int>();
  bool has_chief = cluster.contains("chief");
  if (type == "chief") {
    if (index != 0) return {bad("task chief index must be 0")};
    info.rank = 0;
  } else if (type == "worker") {
    info.rank = index + (has_chief ? 1 : 0);
  } else {
    info.skip = true;
    info.skip_reason = fmt::format("task type '{}' takes no part in collectives", type);
  }
  if (index < 0) return {bad("task.index must be >= 0")};
  info.world = static_cast<int>(members.size());
  if (info.rank && *info.rank >= *info.world)
    return {bad(fmt::format("task {}[{}] is not in the cluster", type, index))};
  info.rendezvous_host = info.job_ports.front().host;
  info.rendezvous_port = k_default_rendezvous_port;
  info.notes.push_back(fmt::format("rank {} of {} from TF_CONFIG; meeting point the leader {}", info.rank.value_or(-1),
                                   *info.world, members.front().first));
  return {info};
}

}  // namespace dd::env::launchers
