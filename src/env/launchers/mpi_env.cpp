// Open MPI (OMPI_COMM_WORLD_*), MPICH / Hydra (PMI_RANK, PMI_SIZE, MPI_LOCALRANKID) and PMIx
// (PMIX_RANK). MPI names no meeting point: MASTER_ADDR or --rendezvous supplies it.
#include <fmt/format.h>

#include "env/launchers/env_int.hpp"
#include "env/launchers/launch_info.hpp"

namespace dd::env::launchers {

namespace {

struct MpiVars {
  const char* launcher;
  const char* rank;
  const char* size;
  const char* local_rank;
  const char* job;
};

constexpr MpiVars k_flavours[] = {
    {"openmpi", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK",
     "OMPI_MCA_ess_base_jobid"},
    {"mpich", "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID", "PMI_KVSNAME"},
    {"pmix", "PMIX_RANK", "PMIX_SIZE", "PMIX_LOCAL_RANK", "PMIX_NAMESPACE"},
};

}  // namespace

std::optional<core::Result<LaunchInfo>> from_mpi(const os::Environment& env) {
  for (const auto& f : k_flavours) {
    if (!env.has(f.rank)) continue;
    LaunchInfo info;
    info.launcher = f.launcher;
    auto rank = env_int(env, f.rank);
    auto size = env_int(env, f.size);
    auto local = env_int(env, f.local_rank);
    for (auto* r : {&rank, &size, &local})
      if (!*r) return {r->error()};
    info.rank = *rank;
    info.world = *size;
    info.notes.push_back(fmt::format("rank from {}, world from {} (one process per node expected)", f.rank, f.size));
    if (*local && **local > 0) {
      info.skip = true;
      info.skip_reason =
          fmt::format("{}={}: start one process per node (e.g. --map-by ppr:1:node)", f.local_rank, **local);
    }
    if (auto id = env.get(f.job); id && !id->empty()) info.job_id = *id;
    return {info};
  }
  return std::nullopt;
}

}  // namespace dd::env::launchers
