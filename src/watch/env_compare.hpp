// Do the job's variables reach every rank alike? watch reads each rank's /proc/PID/environ (through
// os::FileTree, process_info.hpp) and keeps the variables that every rank of one job must share:
// NCCL_*, GLOO_*, TORCH_NCCL_*, TP_SOCKET_IFNAME, TORCH_DISTRIBUTED_DEBUG, MASTER_ADDR, MASTER_PORT,
// WORLD_SIZE and TF_CONFIG (compared without its "task" object: the index differs by design). Never
// RANK or anything ending in _RANK (LOCAL_RANK, NODE_RANK, GROUP_RANK, ...), nor NCCL_HOSTID: those
// differ by design. Two ranks differ in a variable when one has it set and another has it unset or
// set to another value; a rank whose environment could not be read is named as such and compared
// with nothing. The finding states what each rank has, not why: a launch script that exports a
// variable on one node only and a per-host interface name look alike from here.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "watch/process_info.hpp"

namespace dd::watch {

// What one rank's environment held, as far as the comparison goes.
struct RankEnv {
  std::optional<int> rank;  // RANK=; none when the environment was not readable
  int pid = 0;
  std::string host;                        // the host watch ran on
  bool readable = true;                    // /proc/PID/environ could be read
  std::map<std::string, std::string> env;  // the compared variables only (is_compared_variable)
};

// Adds what one sample shows to `envs`: each rank's environment from the first process that shows
// the rank (RANK=), re-read while that process lives (a wrapper that sets RANK and then execs the
// rank, `env -u VAR`, keeps the pid and changes the environment); a process whose environment
// cannot be read is kept by pid, with no rank, unless its parent, unreadable too, stands for it.
// Zombies are skipped. `host` is the host watch runs on.
void keep_rank_envs(std::vector<RankEnv>& envs, const std::vector<ProcessInfo>& processes, const std::string& host);

// Whether `name` is one every rank of a job must share.
bool is_compared_variable(std::string_view name);

// The value compared for `name`: TF_CONFIG without its "task" object (re-serialised, keys sorted),
// any other value as it is.
std::string comparable_value(std::string_view name, std::string_view value);

// `watch.env.differs-across-ranks` (warning; interface-mismatch when a *_SOCKET_IFNAME differs, else
// config-typo) when two readable ranks differ in a compared variable; none otherwise, and none from
// unreadable ranks alone. One entry per rank: the caller keeps one process per rank.
// `seen`: the other findings of the same report. A differing *_SOCKET_IFNAME is fixed with the value
// one of them exports for it (watch.listen.unreached, watch.connect.off-network: the interface the
// ranks' working connections use); without one, the ranks' values are listed, not offered as
// equal choices, with the step that finds the shared network's interface.
std::optional<core::Finding> compare_rank_envs(const std::vector<RankEnv>& ranks,
                                               const std::vector<core::Finding>& seen = {});

inline constexpr std::string_view k_env_differs_id = "watch.env.differs-across-ranks";

}  // namespace dd::watch
