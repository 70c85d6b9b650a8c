#include "watch/merge.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/finding_factory.hpp"
#include "core/push_unique.hpp"
#include "core/strings.hpp"
#include "watch/blocked_elsewhere.hpp"
#include "watch/diagnose_neighbour.hpp"
#include "watch/diagnose_peers.hpp"
#include "watch/merge_missing.hpp"
#include "watch/merge_order.hpp"
#include "watch/merge_outside.hpp"
#include "watch/own_waits.hpp"

namespace dd::watch {

namespace {

// What the merge treats apart in each watch finding id, one row per id (the ids of own_waits.hpp
// are own-process, explain a silence and name a cause, through is_own_wait):
//   local: a node computed it from its own ranks' states only; across nodes it may not hold
//   own: a rank held up by its own process (an uncaught exception, a child it waits for, a thread of
//        its own that died, a prompt on its standard input)
//   silence: says what a rank does (stopped, sleeping, computing, reading its input): evidence for
//        the watch.peer.silent of a node whose ranks wait for that rank (cause_of_silence), as an error
//   slow: a silence that is evidence also as a warning: the rank is slow, not stuck (input that still
//        arrives, input_moved(); a child that works, child_finding())
//   cause: names a cause although its label is `other` (names_a_cause)
struct IdTraits {
  std::string_view id;
  bool local = false, own = false, silence = false, cause = false, slow = false;
};
// clang-format off
constexpr IdTraits k_id_traits[] = {
    {.id = "watch.collective.mismatch", .local = true},
    {.id = "watch.rank.blocked-elsewhere", .local = true, .silence = true, .cause = true},
    {.id = "watch.input.slow", .local = true, .silence = true, .slow = true},
    {.id = "watch.stall.unexplained", .local = true},
    {.id = "watch.stall.all-computing", .local = true},
    {.id = "watch.peer.silent", .local = true},
    {.id = "watch.rank.not-in-collective", .local = true, .silence = true, .cause = true},
    {.id = "watch.rank.at-store", .local = true},
    {.id = "watch.store.skipped-call", .local = true, .silence = true, .cause = true},
    {.id = "watch.rank.stopped", .silence = true, .cause = true},
    {.id = "watch.rank.stdin-wait", .own = true, .silence = true, .cause = true},
    {.id = "watch.rank.cpu-throttled", .silence = true},
    {.id = "watch.rank.memory-wait", .silence = true},
    {.id = "watch.rank.storage-write", .silence = true, .cause = true},
    {.id = "watch.rank.frozen", .silence = true, .cause = true},
    {.id = "watch.rank.raised", .own = true, .silence = true, .cause = true},
    {.id = "watch.rank.waits-on-child", .own = true, .silence = true, .cause = true, .slow = true},
    {.id = "watch.rank.thread-died", .own = true, .silence = true},
    {.id = "watch.rank.exited", .cause = true},
    {.id = "watch.node.job-failed", .cause = true},
    {.id = "watch.store.closed", .cause = true},
    {.id = "watch.collective.odd-rank", .cause = true},
    {.id = "watch.connect.outside-job", .cause = true},
};
// clang-format on

IdTraits traits_of(std::string_view id) {
  for (const auto& t : k_id_traits) {
    if (t.id == id) return t;
  }
  if (is_own_wait(id)) return {.id = id, .own = true, .silence = true, .cause = true};
  return {.id = id};
}

// Findings a node computed from its own ranks' states only.
bool is_local_view(const core::Finding& f) { return traits_of(f.id).local; }

struct Placed {
  int rank;
  std::string host;
};

std::vector<Placed> with(const std::vector<NodeReport>& nodes, Activity a) {
  std::vector<Placed> out;
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) {
      if (r.activity == a) out.push_back({r.rank, n.host});
    }
  }
  return out;
}

std::string names(const std::vector<Placed>& ps) {
  std::vector<std::string> out;
  for (const auto& p : ps) out.push_back(fmt::format("rank {} ({})", p.rank, p.host));
  return core::join(out, ", ");
}

std::set<std::string> hosts_of(const std::vector<Placed>& ps) {
  std::set<std::string> out;
  for (const auto& p : ps) out.insert(p.host);
  return out;
}

}  // namespace

namespace {

// A node's line for one of its ranks: the node's own words where it sent them.
std::string rank_line(const NodeReport& n, const RankActivity& r) {
  return n.host + ": " + (r.detail.empty() ? fmt::format("rank {} {}", r.rank, to_string(r.activity)) : r.detail);
}

// The step number a step line names ("rank 2 step 3 loss ..." -> 3), when it names one.
std::optional<long> step_of(const std::string& line) {
  auto at = line.rfind("step ");
  if (at == std::string::npos) return std::nullopt;
  char* end = nullptr;
  long n = std::strtol(line.c_str() + at + 5, &end, 10);
  if (end == line.c_str() + at + 5) return std::nullopt;
  return n;
}

// Nodes whose last step line names an earlier step than the other nodes' (all must name one).
std::vector<const NodeReport*> behind(const std::vector<NodeReport>& nodes) {
  std::vector<std::pair<const NodeReport*, long>> steps;
  for (const auto& n : nodes) {
    auto st = step_of(n.last_step_line);
    if (!st) return {};
    steps.emplace_back(&n, *st);
  }
  if (steps.size() < 2) return {};
  long most = 0, least = steps.front().second;
  for (auto& [n, st] : steps) most = std::max(most, st), least = std::min(least, st);
  std::vector<const NodeReport*> out;
  if (least == most) return out;
  for (auto& [n, st] : steps) {
    if (st == least) out.push_back(n);
  }
  // Only a minority is singled out: "ran out of batches at step 3" after the others' "step 2" is
  // a line with a larger number from the rank that is short, not the others falling behind.
  if (out.size() * 2 >= steps.size()) out.clear();
  return out;
}

// What the nodes' watch.peer.silent say each rank waits on: "rank 0 (node0) waits on rank 1's
// connection", or "shows no wait on any peer" where no node named one.
std::vector<std::string> waits_on(const std::vector<NodeReport>& nodes) {
  std::vector<std::string> out;
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) {
      std::vector<std::string> peers;
      bool silent = false;
      for (const auto& g : n.findings) {
        if (g.id != "watch.peer.silent" || g.ranks.empty() || g.ranks.front() != r.rank) continue;
        silent = true;
        for (auto p = g.ranks.begin() + 1; p != g.ranks.end(); ++p) peers.push_back(fmt::format("rank {}", *p));
      }
      std::string who = fmt::format("rank {} ({})", r.rank, n.host);
      out.push_back(!silent         ? who + " shows no wait on any peer"
                    : peers.empty() ? who + " waits on a silent peer connection (its rank not known)"
                                    : fmt::format("{} waits on the connection of {}", who, core::join(peers, ", ")));
    }
  }
  return out;
}

// The finding of all_waiting when one rank is out of order (merge_order.hpp): named, with the
// connections compared and the code fix; the ranks' states are its evidence too (the caller's).
core::Finding odd_rank_finding(const std::string& seen, const OddRank& odd, const std::vector<Placed>& ranks) {
  std::vector<Placed> others;
  for (const auto& p : ranks) {
    if (p.rank != odd.rank) others.push_back(p);
  }
  std::string me = fmt::format("rank {} ({})", odd.rank, odd.host);
  auto f = core::new_finding(
      "watch.collective.odd-rank", core::Label::other, core::Severity::error,
      seen + fmt::format("; {} is not in the collective {} wait in: each process group has connections of its "
                         "own, and {}'s last data to each of them went over a different connection than their last "
                         "data to it, while they last sent to each other over the same connection: {} entered a "
                         "collective of another process group (the groups' collectives called in another order), or "
                         "is held before theirs",
                         me, names(others), me, me));
  f.evidence = odd.evidence;
  std::string pid = odd.pid ? std::to_string(odd.pid) : fmt::format("PID-of-rank-{}", odd.rank);
  f.fix.text = fmt::format(
      "Every rank must call the collectives of its process groups in the same order: find where {} calls "
      "collectives over two groups (`dist.all_reduce(..., group=...)`, new_group's groups) in another order than {} "
      "(often inside `if rank == ...`) and make the order the same on every rank, then start the job again (a "
      "running job cannot be fixed). To see the line {} waits at: start the job with PYTHONFAULTHANDLER=1 and, when "
      "it hangs, `kill -ABRT {}` on {} prints every thread's Python stack (and ends that rank).",
      me, names(others), me, pid, odd.host);
  f.ranks = {odd.rank};
  f.hosts = {odd.host};
  return f;
}

// Every rank of every node waits for its peers and no node is missing. Their states (futex, quiet
// sockets) cannot tell ranks in different collectives from a rank blocked in its own code (a lock,
// I/O) while the others wait for it: both are named with the step that tells them apart. Only a
// rank whose node printed fewer steps points at the collectives (uneven data), and a rank whose
// last sends went on other connections than its peers' (merge_order.hpp) is the one out of order.
std::optional<core::Finding> all_waiting(const std::vector<NodeReport>& nodes, const std::vector<int>& missing) {
  if (!missing.empty() || nodes.size() < 2) return std::nullopt;
  std::vector<Placed> ranks;
  for (const auto& n : nodes) {
    if (n.ranks.empty()) return std::nullopt;
    for (const auto& r : n.ranks) {
      if (r.activity != Activity::in_collective) return std::nullopt;
      ranks.push_back({r.rank, n.host});
    }
  }
  if (auto outside = outside_wait_finding(nodes)) return outside;
  auto late = behind(nodes);
  std::vector<std::string> late_names;
  std::vector<int> late_ranks;
  for (const auto* n : late) {
    for (const auto& r : n->ranks) {
      late_names.push_back(fmt::format("rank {} ({})", r.rank, n->host));
      late_ranks.push_back(r.rank);
    }
  }
  std::string seen =
      fmt::format("every rank waits for its peers and none is elsewhere: {}", core::join(waits_on(nodes), "; "));
  auto odd = late_names.empty() ? odd_rank_out(nodes) : std::nullopt;
  std::string title =
      late_names.empty()
          ? seen +
                ": the ranks called different collectives, or a rank is blocked in its own code (a lock, I/O) "
                "while the others wait for it; their states do not tell which"
          : seen + fmt::format("; {} stopped at an earlier step: the ranks called different collectives",
                               core::join(late_names, ", "));
  // Without a rank behind, the candidates are named and neither is claimed: an id of its own.
  auto f = odd ? odd_rank_finding(seen, *odd, ranks)
           : late_names.empty()
               ? core::new_finding("watch.collective.all-waiting", core::Label::other, core::Severity::error, title)
               : core::new_finding("watch.collective.mismatch", core::Label::collective_mismatch, core::Severity::error,
                                   title);
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) f.evidence.push_back(rank_line(n, r));
    for (const auto& g : n.findings) {
      if (g.id == "watch.peer.silent") f.evidence.push_back(n.host + ": " + g.title);
    }
    if (!n.last_step_line.empty()) f.evidence.push_back(n.host + ": last step line: " + n.last_step_line);
  }
  if (odd) return f;
  std::string same_order =
      "Every rank must call the same collectives in the same order: look for a collective (or barrier) inside `if "
      "rank == ...`, an early return/continue on some ranks, or uneven data (a rank with fewer batches)";
  f.fix.text = late_names.empty()
                   ? "Look at each rank's Python stack: `py-spy dump --pid PID` on each rank's node (or "
                     "`faulthandler.dump_traceback_later(60)` in the job). A rank in a lock's acquire, a read or a "
                     "queue's get is blocked in its own code: that code is the cause. Ranks in different "
                     "collectives: " +
                         same_order + "."
                   : same_order + fmt::format(
                                      "; {} printed fewer steps: start there (its data may hold fewer "
                                      "batches: drop_last, DistributedSampler, or a join()).",
                                      core::join(late_names, ", "));
  for (const auto& p : ranks) f.ranks.push_back(p.rank);
  if (!late_ranks.empty()) f.ranks = late_ranks;
  for (const auto& h : hosts_of(ranks)) f.hosts.push_back(h);
  return f;
}

// Ranks that wait on some nodes while ranks on other nodes sleep or compute: named, with the step
// that tells a long task from a skipped collective (diagnose.hpp).
core::Finding busy_elsewhere(const std::vector<NodeReport>& nodes, const std::vector<Placed>& waiting) {
  std::vector<std::string> busy, pids;
  std::vector<int> ranks;
  std::set<std::string> hosts;
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) {
      if (r.activity != Activity::sleeping && r.activity != Activity::computing) continue;
      busy.push_back(fmt::format("rank {} ({}) is {}", r.rank, n.host, to_string(r.activity)));
      pids.push_back(r.pid ? std::to_string(r.pid) : fmt::format("PID-of-rank-{}", r.rank));
      ranks.push_back(r.rank);
      hosts.insert(n.host);
    }
  }
  auto f = core::new_finding(
      "watch.rank.not-in-collective", core::Label::other, core::Severity::error,
      fmt::format("{} {} for {} while {}, not in a collective", names(waiting), waiting.size() == 1 ? "waits" : "wait",
                  busy.size() == 1 ? "its peer" : "their peers", core::join(busy, "; ")));
  f.fix.text = not_in_collective_fix(pids) + " Run that on the node of each rank named.";
  f.ranks = ranks;
  f.hosts.assign(hosts.begin(), hosts.end());
  return f;
}

// The bytes the reading ranks read from files in their nodes' stall windows, when every one of them
// read some (k_input_arrives_bytes at least: input that still arrives); nullopt when a reader read
// less or no report says.
std::optional<std::uint64_t> input_moved(const std::vector<NodeReport>& nodes) {
  std::uint64_t sum = 0;
  bool any = false;
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) {
      if (r.activity != Activity::reading_input) continue;
      if (r.read_bytes < k_input_arrives_bytes) return std::nullopt;
      sum += r.read_bytes;
      any = true;
    }
  }
  return any ? std::optional<std::uint64_t>(sum) : std::nullopt;
}

// The cross-node verdict, when no node saw a network error of its own: ranks that wait in a
// collective on some nodes while ranks on other nodes read their input (data-pipeline-stall),
// sleep or compute (not in a collective) or are elsewhere (collective-mismatch); or every rank
// waits (collective-mismatch). Evidence: every node's ranks, added by the caller.
std::optional<core::Finding> cross_node_finding(const std::vector<NodeReport>& nodes, const std::vector<int>& missing) {
  auto waiting = with(nodes, Activity::in_collective);
  auto reading = with(nodes, Activity::reading_input);
  auto elsewhere = with(nodes, Activity::elsewhere);
  auto busy = with(nodes, Activity::sleeping);
  for (auto& p : with(nodes, Activity::computing)) busy.push_back(p);
  bool network = false;
  for (const auto& n : nodes) {
    for (const auto& f : n.findings) network = network || (!is_local_view(f) && f.severity == core::Severity::error);
  }
  if (network) return std::nullopt;
  // The cross-node rule applies when the waiting ranks and the others are on different nodes.
  auto apart = [&](const std::vector<Placed>& others) {
    if (waiting.empty() || others.empty()) return false;
    auto w = hosts_of(waiting), o = hosts_of(others);
    return std::any_of(o.begin(), o.end(), [&](auto& h) { return !w.count(h); }) ||
           std::any_of(w.begin(), w.end(), [&](auto& h) { return !o.count(h); });
  };
  std::optional<core::Finding> across;
  if (auto polling = with(nodes, Activity::at_store); apart(polling)) {
    // The store they poll travels as the rank's blocked_on (session.cpp).
    std::string store;
    std::vector<std::string> pids;
    for (const auto& n : nodes) {
      for (const auto& r : n.ranks) {
        if (r.activity != Activity::at_store) continue;
        if (store.empty()) store = r.blocked_on;
        pids.push_back(r.pid ? std::to_string(r.pid) : fmt::format("PID-of-rank-{}", r.rank));
      }
    }
    across = store_wait_finding(names(polling), store, names(waiting), pids);
    for (const auto& p : waiting) across->ranks.push_back(p.rank);
    for (const auto& h : hosts_of(waiting)) across->hosts.push_back(h);
  } else if (apart(reading)) {
    // A node's report carries its ranks' states, not the bytes its sockets moved: "not the
    // network" (which the one-node rule says only where no socket moved) is not claimed here.
    // Readers blocked in a read that delivers nothing (blocked_read()) are named with what they block on.
    std::vector<std::string> each;
    for (const auto& n : nodes) {
      for (const auto& r : n.ranks) {
        if (r.activity == Activity::reading_input) each.push_back(r.blocked_on);
      }
    }
    const auto blocked = blocked_readers(each);
    std::string waits = fmt::format("{} {} for {}", names(waiting), waiting.size() == 1 ? "waits" : "wait",
                                    reading.size() == 1 ? "it" : "them");
    const auto moved = input_moved(nodes);
    across = core::new_finding(
        "watch.input.slow", core::Label::data_pipeline_stall, moved ? core::Severity::warning : core::Severity::error,
        blocked.all ? fmt::format("{} blocked in a read of {} (nothing read) while {}", names(reading),
                                  core::join(blocked.sources, ", "), waits)
        : moved     ? input_arrives_title(names(reading) + " reading input", waits,
                                          fmt::format("{} bytes read in the stall's window", *moved))
                : fmt::format("{} busy reading input while {}: the input pipeline is the bottleneck", names(reading),
                              waits));
    for (const auto& p : reading) across->ranks.push_back(p.rank);
    for (const auto& h : hosts_of(reading)) across->hosts.push_back(h);
    across->fix.text = moved ? slow_input_fix() : blocked.fix();
  } else if (apart(elsewhere)) {
    // where each is blocked, from its node's report (clusters-2026-12-07m w1, w2): not a mismatch
    std::vector<OutsideRank> outside;
    for (const auto& n : nodes) {
      for (const auto& r : n.ranks) {
        if (r.activity == Activity::elsewhere)
          outside.push_back({fmt::format("rank {} ({})", r.rank, n.host), r.rank, r.pid, n.host, r.main_syscall});
      }
    }
    across = blocked_elsewhere_finding(names(waiting), waiting.size() > 1, outside);
  } else if (elsewhere.empty() && apart(busy)) {
    // Only where no rank idles elsewhere: one on a waiting rank's own node keeps that node's verdict.
    across = busy_elsewhere(nodes, waiting);
  } else {
    return all_waiting(nodes, missing);
  }
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) across->evidence.push_back(rank_line(n, r));
  }
  return across;
}

// Nodes whose job ended with an error: a verdict of OK would hide them.
std::optional<core::Finding> failed_jobs(const std::vector<NodeReport>& nodes) {
  std::vector<std::string> parts, evidence, full;
  std::vector<int> ranks;
  std::vector<std::string> hosts;
  for (const auto& n : nodes) {
    if (!n.exit_code || *n.exit_code == 0) continue;
    std::vector<std::string> rs;
    for (const auto& e : n.rank_envs) {
      if (e.rank) rs.push_back(std::to_string(*e.rank)), ranks.push_back(*e.rank);
    }
    int code = *n.exit_code;
    std::string how = code > 128 && code < 160 ? fmt::format("ended by signal {} (exit code {})", code - 128, code)
                                               : fmt::format("exited with code {}", code);
    parts.push_back(fmt::format(
        "on {}{} the job {}{}", n.host, rs.empty() ? "" : fmt::format(" (rank {})", core::join(rs, ", ")), how,
        n.error_lines.empty() ? "" : fmt::format(", its output's error: `{}`", core::trim(n.error_lines.front()))));
    evidence.push_back(
        fmt::format("{}: the command {}{}", n.host, how,
                    n.stalls > 0 ? fmt::format(" after {} stall report(s)", n.stalls) : ", with no stall before"));
    for (const auto& e : n.error_lines) {
      evidence.push_back(fmt::format("{}: the job printed `{}` (its last error lines)", n.host, core::trim(e)));
      if (e.find("[Errno 28]") != std::string::npos || e.find("No space left on device") != std::string::npos)
        full.push_back(n.host);
    }
    hosts.push_back(n.host);
  }
  if (parts.empty()) return std::nullopt;
  // ENOSPC quoted from the job itself: where to look, before the generic advice
  const std::string disk = full.empty()
                               ? std::string()
                               : fmt::format(
                                     "A file system the job writes to is full on {} (its own \"No space left on "
                                     "device\"): `df -h` there (and `df -h /dev/shm`) shows which; free space or write "
                                     "elsewhere, then start the job again. ",
                                     core::join(full, ", "));
  auto f = core::new_finding(
      "watch.node.job-failed", core::Label::other, core::Severity::error,
      fmt::format("the job did not succeed everywhere: {}", core::join(parts, "; ")), evidence,
      fmt::format("{}Read the job's own output on {} (the traceback or error before it ended) for why{}", disk,
                  core::join(hosts, ", "),
                  // only where some node's job has not ended: one that exited already waits for nothing
                  // (clusters-2026-12-07m w3: rank 0 had exited 1 within a second)
                  std::any_of(nodes.begin(), nodes.end(), [](const NodeReport& n) { return !n.exit_code; })
                      ? "; ranks on the other nodes wait for it until their timeout (init_process_group's timeout, "
                        "or TORCH_NCCL_ASYNC_ERROR_HANDLING=1 with NCCL, makes them fail instead of waiting)."
                      : "."));
  f.ranks = ranks;
  f.hosts = hosts;
  return f;
}

// A rank held up by its own process (diagnose.hpp): an uncaught exception, a child it waits for, a
// thread of its own that died, a prompt on its standard input.
bool is_own_process(const core::Finding& f) { return traits_of(f.id).own; }

// Findings that say what a rank does (stopped, sleeping or computing, reading its input): a node's
// watch.peer.silent whose ranks (after the waiting rank's) hold one of theirs is their evidence. A
// failed job (watch.node.job-failed) absorbs none: its ranks exited and their connections closed,
// while a silent peer's connection is open and healthy, so its process is alive and doing
// something else.
core::Finding* cause_of_silence(std::vector<core::Finding>& out, const core::Finding& silent) {
  if (silent.ranks.size() < 2) return nullptr;  // the waiting rank, then the peers' (diagnose_peers.hpp)
  std::vector<int> peers(silent.ranks.begin() + 1, silent.ranks.end());
  for (auto& f : out) {
    const IdTraits t = traits_of(f.id);
    if (!t.silence || (f.severity != core::Severity::error && !t.slow)) continue;
    for (int p : peers) {
      if (std::find(f.ranks.begin(), f.ranks.end(), p) != f.ranks.end()) return &f;
    }
  }
  return nullptr;
}

// watch.store.incomplete seen from every node: the ranks below WORLD_SIZE that no node reported
// (in its ranks' states or environments) are named, with the nodes that sent no report.
void name_missing_ranks(const std::vector<NodeReport>& nodes, const std::vector<int>& missing,
                        std::vector<core::Finding>& out) {
  auto f = std::find_if(out.begin(), out.end(), [](auto& g) { return g.id == "watch.store.incomplete"; });
  if (f == out.end()) return;
  int world = 0;
  std::set<int> seen;
  std::vector<std::string> where;
  for (const auto& n : nodes) {
    for (const auto& e : n.rank_envs) {
      if (auto w = e.env.find("WORLD_SIZE"); w != e.env.end()) world = std::max(world, std::atoi(w->second.c_str()));
      if (e.rank && seen.insert(*e.rank).second) where.push_back(fmt::format("rank {} ({})", *e.rank, n.host));
    }
    for (const auto& r : n.ranks) {
      if (seen.insert(r.rank).second) where.push_back(fmt::format("rank {} ({})", r.rank, n.host));
    }
  }
  std::vector<std::string> absent;
  for (int r = 0; r < world; ++r) {
    if (!seen.count(r)) absent.push_back(std::to_string(r)), f->ranks.push_back(r);
  }
  if (absent.empty()) return;
  std::vector<std::string> ms;
  for (int m : missing) ms.push_back(std::to_string(m));
  f->title +=
      fmt::format("; no node reported rank {}{}", core::join(absent, ", "),
                  ms.empty() ? "" : fmt::format(" and node rank(s) {} sent no watch report", core::join(ms, ", ")));
  f->evidence.push_back(fmt::format("the nodes' reports hold {} of WORLD_SIZE={}", core::join(where, ", "), world));
}

// The rank whose connection has a peer address as its local end, on its node.
struct Owner {
  const NodeReport* node = nullptr;
  const RankActivity* rank = nullptr;
};

std::map<std::string, Owner> owners(const std::vector<NodeReport>& nodes) {
  std::map<std::string, Owner> out;
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) {
      for (const auto& ep : r.endpoints) out.emplace(ep, Owner{&n, &r});
    }
  }
  return out;
}

// A rank's state in a silent peer's title; outside the collectives, what its main thread does, as
// its node's detail says it ("main thread in connect"), so a rank in connect is not called idle.
std::string state_of(const RankActivity& r) {
  if (r.activity == Activity::stopped) return "stopped";
  std::string s(to_string(r.activity));
  auto at = r.detail.find("main thread in ");
  if (r.activity != Activity::elsewhere || at == std::string::npos) return s;
  auto end = r.detail.find(", CPU", at);
  return s + " (" + r.detail.substr(at, end == std::string::npos ? std::string::npos : end - at) + ")";
}

// The peers one rank waits on, told apart with every node's report: those that wait for their own
// peers too (not what holds it up), those another node reports doing something else, and those no
// report holds.
struct Told {
  std::vector<std::string> held, waiting;
  const Owner* only = nullptr;  // the one peer that holds it up, where the reports name it
  bool unknown = false;
};

Told tell(const RankActivity& me, const std::map<std::string, Owner>& where, std::vector<int>& ranks) {
  Told t;
  std::vector<const Owner*> known;
  for (const auto& ep : me.waits_on) {
    auto o = where.find(ep);
    if (o == where.end()) {
      t.held.push_back(ep + ", which no node's report holds");
      t.unknown = true;
      continue;
    }
    const RankActivity& peer = *o->second.rank;
    core::push_unique(ranks, peer.rank);
    std::string named = fmt::format("rank {} ({}, {})", peer.rank, o->second.node->host, ep);
    if (peer.activity == Activity::in_collective) {
      t.waiting.push_back(named);
    } else {
      t.held.push_back(fmt::format("{}, which is {}", named, state_of(peer)));
      known.push_back(&o->second);
    }
  }
  if (!t.unknown && known.size() == 1) t.only = known.front();
  return t;
}

std::string told_title(const std::string& who, const Told& t) {
  std::size_t w = t.waiting.size();
  if (t.held.empty())
    return fmt::format("{} waits on {}, {} for {} own peers too", who, core::join(t.waiting, ", "),
                       w == 1 ? "which waits" : "each waiting", w == 1 ? "its" : "their");
  std::string title = fmt::format("{} waits on {}: nothing arrives from {}", who, core::join(t.held, " and "),
                                  t.held.size() == 1 ? "it" : "them");
  if (t.unknown)
    title += "; a peer no report holds is stopped, busy, in another collective, or its node can no longer send here";
  if (w > 0)
    title += fmt::format("; {}, the other {} it waits on, {} for {} own peers too", core::join(t.waiting, ", "),
                         w == 1 ? "peer" : "peers", w == 1 ? "waits" : "wait", w == 1 ? "its" : "their");
  return title;
}

// Each node's watch.peer.silent told with every node's report (the ranks' endpoints and waits_on):
// its ranks become the waiting rank, then every peer rank found; its title names the peers that
// hold the rank up apart from those that wait in a collective themselves. Nothing changes where no
// peer address is another rank's.
std::vector<NodeReport> tell_silent_peers(std::vector<NodeReport> nodes) {
  auto where = owners(nodes);
  for (auto& n : nodes) {
    for (auto& g : n.findings) {
      if (g.id != "watch.peer.silent" || g.ranks.empty()) continue;
      auto me = std::find_if(n.ranks.begin(), n.ranks.end(), [&](auto& r) { return r.rank == g.ranks.front(); });
      if (me == n.ranks.end()) continue;
      std::vector<int> ranks = {me->rank};
      Told t = tell(*me, where, ranks);
      if (ranks.size() < 2) continue;
      for (int r : g.ranks) {
        core::push_unique(ranks, r);
      }
      g.ranks = ranks;
      g.title = told_title(me->pid ? fmt::format("rank {} (pid {}) on {}", me->rank, me->pid, n.host)
                                   : fmt::format("rank {} on {}", me->rank, n.host),
                           t);
      if (t.only)
        g.fix.text = fmt::format(
            "Look at what rank {} does on {}: `distdoctor watch --pid {}` there (`py-spy dump --pid {}` shows its "
            "stack).",
            t.only->rank->rank, t.only->node->host, t.only->rank->pid, t.only->rank->pid);
    }
  }
  return nodes;
}

// The ranks whose MASTER_PORT is not that of the rank serving an incomplete store (the first rank of
// a node's watch.store.incomplete): they dial another port, so they never join it.
struct OffPort {
  std::string port;  // the store's
  std::vector<RankEnv> ranks;
};

std::optional<OffPort> off_store_port(const std::vector<NodeReport>& nodes, const std::vector<RankEnv>& envs) {
  std::optional<int> server;
  for (const auto& n : nodes) {
    for (const auto& g : n.findings) {
      if (g.id == "watch.store.incomplete" && !g.ranks.empty()) server = g.ranks.front();
    }
  }
  auto port_of = [](const RankEnv& e) {
    auto p = e.env.find("MASTER_PORT");
    return p == e.env.end() ? std::string() : p->second;
  };
  auto store = std::find_if(envs.begin(), envs.end(), [&](auto& e) { return server && e.rank == server; });
  if (store == envs.end() || port_of(*store).empty()) return std::nullopt;
  OffPort out{port_of(*store), {}};
  for (const auto& e : envs) {
    if (e.rank && e.readable && !port_of(e).empty() && port_of(e) != out.port) out.ranks.push_back(e);
  }
  if (out.ranks.empty()) return std::nullopt;
  return out;
}

// watch.store.incomplete names the ranks that dial another port, with the one step that lets them
// join: the store's port where they are launched. Their MASTER_PORT is said here, not again as a
// difference between the ranks' environments.
// Returns whether it did: only then is MASTER_PORT left out of the environments' comparison.
bool name_off_port_ranks(const OffPort& off, std::vector<core::Finding>& out) {
  auto f = std::find_if(out.begin(), out.end(), [](auto& g) { return g.id == "watch.store.incomplete"; });
  if (f == out.end()) return false;
  std::vector<std::string> runs, who, hosts;
  f->evidence.push_back(fmt::format("rank {} serves the store with MASTER_PORT={}", f->ranks.front(), off.port));
  for (const auto& e : off.ranks) {
    const auto& port = e.env.at("MASTER_PORT");
    runs.push_back(fmt::format("rank {} ({}) runs with MASTER_PORT={}", *e.rank, e.host, port));
    who.push_back(fmt::format("rank {}", *e.rank));
    core::push_unique(hosts, e.host);
    f->evidence.push_back(fmt::format("rank {} (pid {}, host {}): MASTER_PORT={}", *e.rank, e.pid, e.host, port));
    core::push_unique(f->ranks, *e.rank);
    core::push_unique(f->hosts, e.host);
    f->fix.per_host[e.host]["MASTER_PORT"] = off.port;
  }
  bool one = off.ranks.size() == 1;
  f->label = core::Label::config_typo;
  f->title += fmt::format("; {}, not the store's {}: {} another port", core::join(runs, "; "), off.port,
                          one ? "it dials" : "they dial");
  f->fix.text = fmt::format(
      "Give {} the store's port: `export MASTER_PORT={}` where {} {} launched (on {}), then start {} again; the "
      "other ranks wait for {} at the store.",
      core::join(who, ", "), off.port, core::join(who, ", "), one ? "is" : "are", core::join(hosts, ", "),
      one ? "it" : "them", one ? "it" : "them");
  return true;
}

// The ranks' environments compared across every node (watch.env.differs-across-ranks) at `slot` of
// `out`; MASTER_PORT only where no finding says it already (`port_said`). A node's own
// env-differs, from a report without rank_envs, is folded into it.
void add_env_comparison(std::vector<RankEnv> envs, const std::vector<core::Finding>& seen, bool port_said,
                        std::size_t slot, std::vector<core::Finding>& out) {
  if (port_said) {
    for (auto& e : envs) e.env.erase("MASTER_PORT");
  }
  auto env = compare_rank_envs(envs, seen);
  if (!env) return;
  auto own = std::find_if(out.begin(), out.end(), [](auto& g) { return g.id == k_env_differs_id; });
  if (own != out.end()) {
    env->evidence.insert(env->evidence.end(), own->evidence.begin(), own->evidence.end());
    for (int r : own->ranks) {
      core::push_unique(env->ranks, r);
    }
    for (const auto& h : own->hosts) core::push_unique(env->hosts, h);
    out.erase(own);
  }
  out.insert(out.begin() + static_cast<std::ptrdiff_t>(std::min(slot, out.size())), std::move(*env));
}

// Whether a merged finding names a cause: an error whose label is a cause family, or one that says
// what a rank did (stopped, exited, its job ended, its store closed, busy outside the collectives),
// or an incomplete store that names the ranks it misses. A silent peer (whom a rank waits for, not
// why), the candidates of "every rank waits" (label other) and every warning name none.
bool names_a_cause(const core::Finding& f) {
  if (f.severity != core::Severity::error) return false;
  if (f.label != core::Label::other) return true;
  if (f.id == "watch.store.incomplete") return f.ranks.size() > 1;
  return traits_of(f.id).cause;
}

// A node's "no known cause" (watch.stall.unexplained) or "every rank computes"
// (watch.stall.all-computing) stands unless the verdict names a cause.
void drop_unexplained_beside_a_cause(std::vector<core::Finding>& out) {
  if (std::any_of(out.begin(), out.end(), names_a_cause))
    out.erase(std::remove_if(
                  out.begin(), out.end(),
                  [](auto& f) { return f.id == "watch.stall.unexplained" || f.id == "watch.stall.all-computing"; }),
              out.end());
}

// Node 0 met as its watch ended, its job done with exit code 0 and no stall of its own, while other
// nodes' reports come from their stalls, earlier (clusters-2026-12-07i w4: rank 0 evaluated alone for
// 45 s, node 1 reported rank 1 waiting on it, then rank 0 finished and both jobs exited 0; the stale
// stall report made the verdict STALLED). What those nodes saw ended: the rank they waited on
// finished. A note, with what each reported; how a stalled node's job ended is in its own output.
std::optional<core::Finding> stall_ended(const std::vector<NodeReport>& nodes, const std::vector<int>& missing) {
  auto node0 = std::find_if(nodes.begin(), nodes.end(), [](const NodeReport& n) { return n.node == 0; });
  if (node0 == nodes.end() || !missing.empty() || node0->stalls != 0 || node0->exit_code != 0) return std::nullopt;
  std::vector<const NodeReport*> stalled;
  for (const auto& n : nodes) {
    if (n.node == 0) continue;
    if (n.exit_code && *n.exit_code != 0) return std::nullopt;  // a failed job: the failure is the verdict
    if (n.stalls > 0 && !n.exit_code) stalled.push_back(&n);
  }
  if (stalled.empty()) return std::nullopt;
  std::vector<std::string> who;
  for (const auto* n : stalled) who.push_back(n->host);
  auto f = core::new_finding(
      "watch.stall.ended", core::Label::other, core::Severity::info,
      fmt::format("{} reported a stall while {}'s job ran on; {}'s job then ended with exit code 0 and no stall of its "
                  "own, so the wait {} reported ended (a long step, not a hang); how {} job ended is in {} own watch "
                  "output",
                  core::join(who, ", "), node0->host, node0->host, stalled.size() == 1 ? "it" : "they",
                  stalled.size() == 1 ? "its" : "their", stalled.size() == 1 ? "its" : "their"));
  for (const auto* n : stalled) {
    f.hosts.push_back(n->host);
    for (const auto& g : n->findings) f.evidence.push_back(n->host + " at its stall: " + g.title);
  }
  f.evidence.push_back(node0->host + ": the job ended with exit code 0, no stall");
  if (!node0->last_step_line.empty()) f.evidence.push_back(node0->host + "'s last step line: " + node0->last_step_line);
  f.fix.text =
      "Nothing to fix: the stall ended. If such pauses are long, the step the waited-on rank runs alone "
      "(an evaluation, a checkpoint on rank 0) is where the time goes; a --stall above its length stops "
      "these reports.";
  return f;
}

// A node whose job made progress again after the stall its report is from, before the reports were
// merged (clusters-2026-12-07j w4: rank 0 computed alone for 24 s, both nodes reported the stall, then
// rank 0's step finished while node 0 waited for node 1's report; the stale reports made the verdict
// STALLED). Every rank of a job that syncs each step took part in the collective that let it go on:
// the waits the nodes reported ended. A note with what each reported; a failed job is its own verdict.
std::optional<core::Finding> progress_again(const std::vector<NodeReport>& nodes) {
  std::vector<std::string> resumed;
  for (const auto& n : nodes) {
    if (n.exit_code && *n.exit_code != 0) return std::nullopt;
    if (n.resumed) resumed.push_back(n.host);
  }
  if (resumed.empty()) return std::nullopt;
  bool one = resumed.size() == 1;
  auto f = core::new_finding(
      "watch.stall.ended", core::Label::other, core::Severity::info,
      fmt::format("{}'s job made progress again after {} stall, before this verdict: the stall ended (a long step on "
                  "some rank, not a hang); what the nodes reported at their stalls is below",
                  core::join(resumed, ", "), one ? "its" : "their"));
  for (const auto& n : nodes) {
    f.hosts.push_back(n.host);
    for (const auto& g : n.findings) f.evidence.push_back(n.host + " at its stall: " + g.title);
  }
  for (const auto& h : resumed) f.evidence.push_back(h + ": progress again (a new step line, output or traffic)");
  f.fix.text =
      "Nothing to fix: the stall ended. If such pauses are long, the step one rank runs alone (an evaluation, a "
      "checkpoint) is where the time goes; a --stall above its length stops these reports.";
  return f;
}

}  // namespace

namespace {

// A rank that waits at the store for a key (watch.rank.store-wait) while every other reported rank
// computes (clusters-2026-12-07k w4, a clean job: rank 0 waited for the key rank 1 sets once its
// cache is built, rank 1 at 84% CPU): the key may come when that step ends, so the wait is said as a
// warning with what the others do, not a stall. Only where that is the one error and no rank is
// missing.
void store_wait_beside_computing(const std::vector<NodeReport>& nodes, const std::vector<int>& missing,
                                 std::vector<core::Finding>& out) {
  if (!missing.empty()) return;
  auto wait = std::find_if(out.begin(), out.end(), [](auto& f) { return f.id == "watch.rank.store-wait"; });
  if (wait == out.end() || wait->severity != core::Severity::error) return;
  if (std::count_if(out.begin(), out.end(), [](auto& f) { return f.severity == core::Severity::error; }) != 1) return;
  std::vector<std::string> computing;
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) {
      if (std::find(wait->ranks.begin(), wait->ranks.end(), r.rank) != wait->ranks.end()) continue;
      if (r.activity != Activity::computing) return;  // another rank waits or is held: not this case
      computing.push_back(fmt::format("rank {} ({})", r.rank, n.host));
    }
  }
  if (computing.empty()) return;
  wait->severity = core::Severity::warning;
  wait->title += fmt::format(
      "; {} {} computing meanwhile: if {} the key when that step ends, this is a long step, "
      "not a hang",
      core::join(computing, ", "), computing.size() == 1 ? "is" : "are",
      computing.size() == 1 ? "it sets" : "they set");
  wait->fix.text =
      "Wait for the computing rank's step to end (watch says \"progress again\" when it does). If the "
      "key never comes: " +
      wait->fix.text;
}

}  // namespace

std::vector<core::Finding> merge_reports(const std::vector<NodeReport>& reports, const std::vector<int>& missing) {
  if (auto ended = stall_ended(reports, missing)) return {std::move(*ended)};
  if (auto again = progress_again(reports)) return {std::move(*again)};
  const std::vector<NodeReport> nodes = tell_silent_peers(judge_static_neighbours(reports));
  std::optional<core::Finding> across = cross_node_finding(nodes, missing);
  std::vector<core::Finding> out;
  if (auto failed = failed_jobs(nodes)) out.push_back(std::move(*failed));
  // The ranks' environments compared across every node that sent them (older reports did not).
  std::vector<RankEnv> envs;
  for (const auto& n : nodes) {
    for (auto e : n.rank_envs) {
      if (e.host.empty()) e.host = n.host;
      envs.push_back(std::move(e));
    }
  }
  std::vector<core::Finding> seen;  // every node's findings: the interface their fixes export
  for (const auto& n : nodes) seen.insert(seen.end(), n.findings.begin(), n.findings.end());
  const std::size_t env_slot = out.size();  // the comparison goes here once the store's finding is told
  if (across) out.push_back(std::move(*across));
  auto merge_in = [&](const NodeReport& n, const core::Finding& f) {
    auto same = std::find_if(out.begin(), out.end(), [&](auto& m) { return m.id == f.id; });
    if (same == out.end()) {
      out.push_back(f);
      same = out.end() - 1;
      same->evidence.clear();
      // The merged verdict is what that advice asks for.
      if (auto at = same->fix.text.find(k_rendezvous_advice); at != std::string::npos)
        same->fix.text.erase(at, k_rendezvous_advice.size());
    }
    for (const auto& e : f.evidence) same->evidence.push_back(n.host + ": " + e);
    for (int r : f.ranks) {
      core::push_unique(same->ranks, r);
    }
    core::push_unique(same->hosts, n.host);
  };
  std::vector<std::pair<const NodeReport*, const core::Finding*>> silent;  // the nodes' watch.peer.silent
  for (const auto& n : nodes) {
    for (const auto& f : n.findings) {
      if (f.id == "watch.peer.silent") {
        silent.emplace_back(&n, &f);
        continue;
      }
      if (across && is_local_view(f)) continue;
      if (f.id == k_env_differs_id && !n.rank_envs.empty()) continue;  // compared above, over every node
      merge_in(n, f);
    }
  }
  for (const auto& [n, f] : silent) {
    if (auto* cause = cause_of_silence(out, *f)) {
      cause->evidence.push_back(n->host + ": " + f->title);  // its hosts stay where the cause is
      // A rank held up by its own process: the ranks on other nodes that wait on it are said.
      if (is_own_process(*cause)) cause->title += fmt::format("; rank {} ({}) waits on it", f->ranks.front(), n->host);
    } else if (!across) {
      merge_in(*n, *f);
    }
  }
  // A silent peer names whom a rank waits for, not why: every finding that says why comes first.
  std::stable_partition(out.begin(), out.end(), [](const core::Finding& f) { return f.id != "watch.peer.silent"; });
  name_missing_ranks(nodes, missing, out);
  auto off_port = off_store_port(nodes, envs);
  const bool port_said = off_port && name_off_port_ranks(*off_port, out);
  add_env_comparison(std::move(envs), seen, port_said, env_slot, out);
  drop_unexplained_beside_a_cause(out);
  store_wait_beside_computing(nodes, missing, out);
  if (!missing.empty()) out.push_back(missing_nodes_finding(nodes, missing));
  core::sort_findings(out);
  return out;
}

}  // namespace dd::watch
