// Slurm (srun / sbatch): SLURM_PROCID of SLURM_NTASKS, or, with several tasks per node, node
// SLURM_NODEID of SLURM_NNODES with only SLURM_LOCALID 0 taking part. The meeting point is the
// first host of SLURM_JOB_NODELIST (hostlist ranges expanded); the token is SLURM_JOB_ID.
#include <fmt/format.h>

#include "env/launchers/env_int.hpp"
#include "env/launchers/launch_info.hpp"
#include "env/launchers/slurm_hostlist.hpp"

namespace dd::env::launchers {

std::optional<core::Result<LaunchInfo>> from_slurm(const os::Environment& env) {
  if (!env.has("SLURM_PROCID") && !env.has("SLURM_JOB_ID")) return std::nullopt;
  LaunchInfo info;
  info.launcher = "slurm";
  const char* names[] = {"SLURM_PROCID", "SLURM_NTASKS", "SLURM_NODEID", "SLURM_NNODES", "SLURM_LOCALID"};
  std::optional<int> v[5];
  for (std::size_t i = 0; i < 5; ++i) {
    auto r = env_int(env, names[i]);
    if (!r) return {r.error()};
    v[i] = *r;
  }
  auto [procid, ntasks, nodeid, nnodes, localid] = v;
  if (ntasks && nnodes && *ntasks > *nnodes && nodeid) {
    info.rank = nodeid;
    info.world = nnodes;
    info.notes.push_back("several tasks per node: node rank SLURM_NODEID of SLURM_NNODES");
    if (localid && *localid > 0) {
      info.skip = true;
      info.skip_reason = fmt::format("SLURM_LOCALID={}: only local task 0 of each node takes part", *localid);
    }
  } else {
    info.rank = procid;
    info.world = ntasks;
    info.notes.push_back("rank from SLURM_PROCID, world from SLURM_NTASKS");
  }
  auto list = env.get("SLURM_JOB_NODELIST");
  if (!list) list = env.get("SLURM_NODELIST");
  if (list && !list->empty()) {
    auto hosts = expand_hostlist(*list);
    if (!hosts) return {core::make_error(core::ErrorKind::usage, "SLURM_JOB_NODELIST: " + hosts.error().message)};
    info.rendezvous_host = hosts->front();
    info.rendezvous_port = k_default_rendezvous_port;
    info.notes.push_back(fmt::format("meeting point first node of SLURM_JOB_NODELIST = {}", hosts->front()));
  }
  if (auto id = env.get("SLURM_JOB_ID"); id && !id->empty()) info.job_id = *id;
  return {info};
}

}  // namespace dd::env::launchers
