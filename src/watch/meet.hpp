// Multi-node watch: at a node's first stall (or when watch ends, if it never stalled), it meets the
// others over preflight's rendezvous (cluster/rendezvous.hpp: authenticated join, then rank 0's
// verdict; no message of its own) and rank 0 merges every node's report into one verdict
// (merge.hpp). A node's report travels as the join's "report" object; rank 0 answers each node
// with a `verdict` carrying the merged findings. A hung job does not end by itself, so the merged
// verdict must not wait for watch to end: the meeting runs on a thread of its own
// (BackgroundMeeting) while watch goes on sampling and relaying the job's output.
#pragma once

#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "watch/merge.hpp"

namespace dd::watch {

struct MeetConfig {
  std::string rendezvous_host;
  int rendezvous_port = 0;
  int rank = 0;   // meeting rank of this node (0 merges)
  int world = 1;  // nodes
  std::string token;
  std::string host;  // this node's name
  // How long rank 0 waits for the others, and they for it: a node that joined waits for the
  // verdict this long from its join, plus 10 s for the sending (every node runs with the same value).
  std::chrono::milliseconds timeout{60000};
};

// Rank 0's merged verdict on the job, as every node gets it in the `verdict` message.
struct JobVerdict {
  std::string verdict;  // "STALLED" with an error finding, "FAILED" when the only errors are failed jobs, else "OK"
  std::string reason;   // the first finding's title, or how many nodes reported no stall
  int exit_code = 0;
  std::vector<core::Finding> findings;
  int nodes = 0;             // reports merged
  std::vector<int> missing;  // meeting ranks that sent none
};

struct MeetOutcome {
  bool ok = false;                // rank 0: merged; others: got rank 0's verdict
  std::string error;              // why not
  std::vector<int> missing;       // rank 0: nodes that sent nothing
  std::vector<NodeReport> nodes;  // rank 0: every report, its own first
  JobVerdict verdict;             // the merged verdict (rank 0's, or as received)
};

// The report a node sends, and back.
nlohmann::json to_json(const NodeReport& n);
std::optional<NodeReport> node_report_from_json(const nlohmann::json& j);
// One rank's shared job variables: {"rank" (null when unreadable), "pid", "host", "readable", "env"}.
nlohmann::json to_json(const RankEnv& e);
std::optional<RankEnv> rank_env_from_json(const nlohmann::json& j);
// The verdict message: {"verdict", "reason", "exit_code", "findings", "nodes", "missing"}; the
// decoder reads what rank 0 sent (nullopt on a wrong shape).
nlohmann::json to_json(const JobVerdict& v);
std::optional<JobVerdict> job_verdict_from_json(const nlohmann::json& j);

// What this node's job did after the stall it met at, while rank 0 still gathers (shared between
// the watch thread, which writes, and the meeting's thread, which reads as it merges): progress
// again (the stall ended), or a later stall, whose report replaces the first and whose hang stands.
class OwnNodeState {
 public:
  void resumed();
  void stalled_again(NodeReport latest);
  // The report to merge for this node: the latest stall's (else `first`), `resumed` when progress
  // came after it.
  NodeReport current(NodeReport first) const;

 private:
  mutable std::mutex m_;
  std::optional<NodeReport> latest_;
  bool resumed_ = false;
};

// `own` (rank 0): this node's job since `mine` was taken, read as the reports are merged.
MeetOutcome meet(const MeetConfig& c, const NodeReport& mine, const std::function<void(const std::string&)>& log,
                 const OwnNodeState* own = nullptr);

// One meeting per watch run, on its own thread.
class BackgroundMeeting {
 public:
  using Log = std::function<void(const std::string&)>;
  // The first call starts meet(c, mine, log) and, on the meeting's thread, `done` with its outcome;
  // later calls do nothing (a node meets once: at its first stall, or at the end).
  void start(const MeetConfig& c, NodeReport mine, Log log, std::function<void(const MeetOutcome&)> done);
  bool started() const { return run_.valid(); }
  // This node's job made progress again after the stall it met at, or stalled again (rank 0 merges
  // the latest in).
  void note_resumed() { own_->resumed(); }
  void note_stalled_again(NodeReport latest) { own_->stalled_again(std::move(latest)); }
  // The outcome; waits at most the meeting's own deadlines (join or gather timeout, then the verdict:
  // the timeout again from the join, plus 10 s).
  MeetOutcome wait();

 private:
  std::future<MeetOutcome> run_;
  std::shared_ptr<OwnNodeState> own_ = std::make_shared<OwnNodeState>();
};

}  // namespace dd::watch
