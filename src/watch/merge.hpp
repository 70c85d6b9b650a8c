// Merging the watch reports of several nodes (`watch --rendezvous`, rank 0 merges): every node's
// findings merged by id (ranks, hosts and evidence joined), plus what needs every rank's state at
// once: ranks that wait in a collective on some nodes while ranks on other nodes are idle
// elsewhere (collective-mismatch, naming the ranks that never arrived) or read their input
// (data-pipeline-stall), and ranks whose shared job variables differ across nodes
// (watch.env.differs-across-ranks over every node's rank_envs). A node's own verdict on those saw
// only its own ranks and is replaced. A node's watch.peer.silent whose peer ranks (its `ranks` after
// the waiting rank's) hold a rank another finding explains (stopped, sleeping or computing, reading
// input, alive after an uncaught exception, waiting for its own child) is that finding's evidence; the ranks an
// incomplete store misses are named where no node reported them. Which rank a silent peer is comes from the ranks'
// endpoints and waits_on: a waited-for address that is the local end of another rank's connection is that rank, and the
// silent peer names the peers that hold its rank up apart from those that wait in a collective too.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "watch/diagnose.hpp"
#include "watch/env_compare.hpp"

namespace dd::watch {

struct RankActivity {
  int rank = 0;
  Activity activity = Activity::elsewhere;
  int pid = 0;                  // the rank's process on its node (0: not sent)
  std::string detail = {};      // describe(): "rank 1 (pid 42): sleeping, main thread in clock_nanosleep, CPU 0%"
  std::string blocked_on = {};  // blocked_read(): the file its read blocks on; at_store: the store it polls
  std::vector<std::string> endpoints = {};          // rank_links(): local ends of its peer connections
  std::vector<std::string> waits_on = {};           // rank_links(): peer ends of its silent connections
  std::vector<PeerSend> sends = {};                 // rank_links(): its connections that carried data it sent
  std::vector<std::string> addresses = {};          // address_macs(): "ADDR DEV MAC" of its network namespace
  std::vector<std::string> static_neighbours = {};  // static_neighbours(): "ADDR DEV MAC", PERMANENT entries
  std::uint64_t read_bytes = 0;                     // reading input: bytes it read from files in the window
  std::string main_syscall = {};                    // its main thread's syscall ("connect", "running"; "": not sent)
};

struct NodeReport {
  int node = 0;  // its meeting rank
  std::string host;
  std::optional<int> exit_code;
  int stalls = 0;
  std::vector<core::Finding> findings;        // its own, merged over its stalls
  std::vector<RankActivity> ranks;            // what each of its ranks did at its last stall
  std::vector<RankEnv> rank_envs;             // its ranks' shared job variables (env_compare.hpp)
  std::string last_step_line = {};            // its job's last step-like line, empty if none
  std::vector<std::string> error_lines = {};  // its job output's last error lines (OutputTracker)
  bool resumed = false;                       // its job made progress again after the stall its report is from
};

// "waiting", "reading_input", "elsewhere", "computing", ... (activity_names.cpp: one row per Activity)
std::string_view activity_key(Activity a);
std::optional<Activity> activity_from_key(std::string_view key);

// One verdict for the job: `missing` are meeting ranks that sent no report.
std::vector<core::Finding> merge_reports(const std::vector<NodeReport>& nodes, const std::vector<int>& missing);

}  // namespace dd::watch
