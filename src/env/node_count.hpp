// How many nodes the job spans, as the environment says it (NNODES, GROUP_WORLD_SIZE, Slurm's
// counts, WORLD_SIZE / LOCAL_WORLD_SIZE): the one reading env's rules and `env`'s interface
// judgement share (loopback is fine for a one-node job).
#pragma once

#include <optional>
#include <string>

#include "env/audit.hpp"

namespace dd::env {

// 1, a count > 1, or nullopt when the environment does not say.
std::optional<long long> node_count(const AuditInput& input);

// The nodes and the processes per node the environment gives (LOCAL_WORLD_SIZE, PET_NPROC_PER_NODE,
// NPROC_PER_NODE, or WORLD_SIZE divided by a known count), each with the variables it came from
// ("NNODES=2", "WORLD_SIZE=16 / LOCAL_WORLD_SIZE=8"); nullopt and "" where it does not say.
struct LaunchSize {
  std::optional<long long> nodes;
  std::string nodes_from;
  std::optional<long long> procs_per_node;
  std::string procs_from;
};
LaunchSize launch_size(const AuditInput& input);

}  // namespace dd::env
