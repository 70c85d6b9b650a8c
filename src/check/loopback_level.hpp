// The level of check's loopback findings follows the job's node count, as far as the environment
// says it (env::node_count: NNODES, GROUP_WORLD_SIZE, Slurm's counts, WORLD_SIZE / LOCAL_WORLD_SIZE).
// NCCL or Gloo on loopback (or a host name on 127.0.1.1) breaks only a job that spans hosts: ranks
// on one host reach each other over lo. Each finding says what was assumed.
#pragma once

#include <optional>
#include <vector>

#include "core/finding.hpp"

namespace dd::check {

// Whether `f` is one of the rules whose only harm is to a job that spans hosts:
// nccl.bootstrap.loopback, nccl.ifname.selects-loopback, nccl.ifname.exclusion-picks-loopback,
// gloo.ifname.loopback, gloo.hostname-loopback.
bool harms_only_multi_node(const core::Finding& f);

// For those findings: one node -> a note without a fix (loopback is fine there); several nodes ->
// an error that names the count; unknown -> an error that says it assumed a job across hosts and
// what would tell otherwise. Other findings are left as they are.
void follow_node_count(std::vector<core::Finding>& findings, std::optional<long long> nodes);

}  // namespace dd::check
