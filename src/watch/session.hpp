// run_watch(): the `watch` driver. Runs the command (or attaches to running processes), relays
// and tees its output, samples the process tree once a second, and on a stall inspects it for a
// few seconds and reports the cause (stall_detector.hpp, diagnose.hpp).
#pragma once

#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "core/result.hpp"
#include "os/file_tree.hpp"
#include "os/firewall_source.hpp"
#include "os/process_runner.hpp"
#include "watch/env_compare.hpp"
#include "watch/gpu_util.hpp"
#include "watch/merge.hpp"
#include "watch/path_probe.hpp"
#include "watch/socket_source.hpp"

namespace dd::watch {

enum class OnStall { report, kill, dump };

struct WatchOptions {
  std::vector<std::string> argv;  // run mode
  std::vector<int> pids;          // attach mode
  std::string match;              // attach mode: cmdline substring
  double stall_s = 300;
  OnStall on_stall = OnStall::report;
  std::string log_file;
  bool nccl_debug = false;
  bool json = false;     // job output to stderr; the caller prints the JSON
  bool use_pty = false;  // decided by the caller (stdout is a terminal, not --json)
  double inspect_s = 3;  // the inspection window after a stall
  double sample_s = 1;
};

struct StallRecord {
  double at_s = 0;
  double idle_s = 0;
  std::vector<core::Finding> findings;
  std::vector<std::string> processes;  // one line per process / socket seen at the stall
  std::vector<std::string> notes;      // GPU utilisation (NVML) and Python stacks (py-spy), or why none
  std::vector<RankActivity> ranks;     // what each rank did in the inspection window
};

struct WatchResult {
  std::vector<std::string> command;
  std::optional<int> exit_code;  // run mode: the command's; attach mode: none
  std::vector<int> attached;     // attach mode: the root pids
  std::vector<StallRecord> stalls;
  std::vector<core::Finding> findings;  // every stall's, merged by id, most important first
  double duration_s = 0;
  int orphans_reaped = 0;
  // Each rank's shared job variables (env_compare.hpp), one entry per rank as first seen, and the
  // topmost processes whose environment could not be read.
  std::vector<RankEnv> rank_envs;
  std::string last_step_line = {};            // the job's last step-like line (OutputTracker), empty if none
  std::vector<std::string> error_lines = {};  // its output's last error lines (OutputTracker::error_lines)
};

struct WatchIo {
  const os::FileTree& proc;  // "/" in production
  SocketSource& sockets;
  int out_fd = 1;  // where the job's stdout goes (stderr under --json)
  int err_fd = 2;
  std::FILE* report = stderr;  // stall reports (text)
  bool color = false;
  long ticks_per_s = 100;
  std::string host = {};                      // this host's name, for the ranks' evidence
  const os::ProcessRunner* runner = nullptr;  // py-spy; none: no Python stacks
  std::string nvml_library = k_nvml_library;
  PathProbe* probe = nullptr;                    // echoes that tell an MTU black hole from a firewall (none: not told)
  const os::FirewallSource* firewall = nullptr;  // each namespace's nftables ruleset (none: no rule named)
  // Called on the watch thread after each stall report is out, with the result so far (findings
  // merged over the stalls until now); multi-node watch meets the other nodes from it.
  std::function<void(const WatchResult&)> on_stall_reported = nullptr;
  // Called on the watch thread when progress comes back after a stall ("progress again").
  std::function<void()> on_progress_again = nullptr;
};

// Error (usage / not_found / unreadable) for bad options, a command that cannot start, a pid that
// does not exist or a log file that cannot be written.
core::Result<WatchResult> run_watch(const WatchOptions& opt, WatchIo& io);

}  // namespace dd::watch
