// torchrun / torch.distributed env:// (also Kubernetes PyTorchJob, which sets the same variables).
// torchrun starts one process per GPU; preflight wants one agent per node, so only LOCAL_RANK 0
// takes part, as node GROUP_RANK (or NODE_RANK) of WORLD_SIZE / LOCAL_WORLD_SIZE nodes.
// The meeting point is MASTER_ADDR:MASTER_PORT+1 so that MASTER_PORT itself can be probed; under
// torchrun its own store holds MASTER_PORT, so that port is only connect-tested.
#include <fmt/format.h>

#include "env/launchers/env_int.hpp"
#include "env/launchers/launch_info.hpp"

namespace dd::env::launchers {

std::optional<core::Result<LaunchInfo>> from_torch(const os::Environment& env) {
  bool torchrun = env.has("TORCHELASTIC_RUN_ID") || env.has("GROUP_RANK");
  if (!env.has("MASTER_ADDR") && !env.has("RANK") && !torchrun) return std::nullopt;
  LaunchInfo info;
  info.launcher = torchrun ? "torchrun" : "torch-env";
  const char* names[] = {"RANK",       "WORLD_SIZE",       "LOCAL_RANK", "LOCAL_WORLD_SIZE",
                         "GROUP_RANK", "GROUP_WORLD_SIZE", "NODE_RANK",  "MASTER_PORT"};
  std::optional<int> v[8];
  for (std::size_t i = 0; i < 8; ++i) {
    auto r = env_int(env, names[i]);
    if (!r) return {r.error()};
    v[i] = *r;
  }
  auto [rank, world, local_rank, local_world, group_rank, group_world, node_rank, master_port] = v;

  if (local_rank && *local_rank > 0) {
    info.skip = true;
    info.skip_reason = fmt::format("LOCAL_RANK={}: only local rank 0 of each node takes part", *local_rank);
  }
  std::optional<int> node = group_rank ? group_rank : node_rank;
  if (node && (local_world || group_world)) {
    info.rank = node;
    if (group_world)
      info.world = group_world;
    else if (world && local_world && *local_world > 0)
      info.world = *world / *local_world;
    info.notes.push_back(fmt::format("node rank {} from {}", *node, group_rank ? "GROUP_RANK" : "NODE_RANK"));
  } else {
    info.rank = rank;
    info.world = world;
    if (rank) info.notes.push_back("rank from RANK, world from WORLD_SIZE");
  }
  if (auto addr = env.get("MASTER_ADDR"); addr && !addr->empty()) {
    int port = master_port.value_or(29500);
    if (port >= 65535)
      return {core::make_error(core::ErrorKind::usage, fmt::format("MASTER_PORT={}: no room for MASTER_PORT+1", port))};
    info.rendezvous_host = *addr;
    info.rendezvous_port = port + 1;
    info.job_ports.push_back(JobPort{*addr, port, "MASTER_PORT", torchrun});
    info.notes.push_back(fmt::format("meeting point MASTER_ADDR:MASTER_PORT+1 = {}:{}", *addr, port + 1));
  }
  if (auto id = env.get("TORCHELASTIC_RUN_ID"); id && !id->empty()) info.job_id = *id;
  return {info};
}

}  // namespace dd::env::launchers
