// How many nodes the job spans, as the environment says it (NNODES, GROUP_WORLD_SIZE, Slurm's
// counts, WORLD_SIZE / LOCAL_WORLD_SIZE): the one reading env's rules and `env`'s interface
// judgement share (loopback is fine for a one-node job).
#pragma once

#include <optional>

#include "env/audit.hpp"

namespace dd::env {

// 1, a count > 1, or nullopt when the environment does not say.
std::optional<long long> node_count(const AuditInput& input);

}  // namespace dd::env
