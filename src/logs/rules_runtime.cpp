// Runtime rules: what happened after init. Reasoning (torch ProcessGroupNCCL, NCCL 2.28.9): a
// watchdog timeout names the collective (SeqNum, OpType) each rank was stuck in; ranks stuck in
// different collectives, or ranks absent from the one the others wait in, are a program-level
// collective mismatch (NVIDIA/nccl#296). When every rank waits in the same collective after init
// succeeded across hosts, the small bootstrap messages passed but the bulk data path did not: the
// classic MTU black hole (or blocked data ports). A stall whose last activity is data loading,
// with no communication error, is the input pipeline.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "logs/rules.hpp"

namespace dd::logs {

namespace {

using core::Label;
using core::Severity;

bool has_comm_error(const std::vector<RankedFinding>& out) {
  for (const auto& r : out)
    if (r.finding.severity == Severity::error) return true;
  return false;
}

void explicit_mismatch_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& m = facts.signal(EventKind::collective_mismatch);
  const Signal& t = facts.signal(EventKind::message_truncated);
  if (m.count == 0 && t.count == 0) return;
  bool started = !facts.watchdogs.empty();
  for (const auto& p : facts.processes) started = started || p->init_complete;
  if (m.count == 0 && !started) {
    // Sizes disagree before any collective ran: the peers' NCCL builds or protocol settings differ
    // (NVIDIA/nccl#1328, #626: "a version or configuration mismatch between two ranks").
    rule::signal_rule(facts, "nccl.size-mismatch.setup", out);
    return;
  }
  auto r =
      rule::from_signal(m, "collective.mismatch", Label::collective_mismatch, Severity::error,
                        m.count > 0 ? "Ranks called different collectives (NCCL, torch or Gloo detected the mismatch)"
                                    : "A rank received more data than it expected: the ranks' collectives "
                                      "differ (sizes, order or dtypes)",
                        20);
  rule::add_evidence(r.finding, t);
  r.finding.fix.text =
      "Every rank must issue the same collectives in the same order with the same sizes: look for "
      "rank-dependent branches, uneven data (last batch), or unused parameters; "
      "TORCH_DISTRIBUTED_DEBUG=DETAIL checks each call, NCCL_DEBUG_SUBSYS=COLL logs the sequence";
  r.finding.fix.env["TORCH_DISTRIBUTED_DEBUG"] = "DETAIL";
  out.push_back(std::move(r));
}

// "host h pid 12 (rank 1)": a process as its lines name it.
std::string process_words(const ProcessState& p) {
  std::string s =
      (p.host.empty() ? std::string("a process") : "host " + p.host) + (p.pid.empty() ? "" : " pid " + p.pid);
  auto ranks = rule::ranks_of(p);
  if (!ranks.empty()) s += " (rank " + rule::rank_ranges(ranks) + ")";
  return s;
}

std::string hex(std::int64_t v) { return fmt::format("{:#x}", v); }

// NCCL_DEBUG_SUBSYS=COLL traces of two processes that differ at the same position of the same
// communicator (NVIDIA/nccl#296: the maintainers diffed the ranks' opCount sequences): a program-level
// collective mismatch, seen in both ranks' own lines. Positions: the n-th communicator each process
// used (with the same rank count), the opCount, the call's index under it.
void trace_mismatch_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (facts.coll_mismatches.empty()) return;
  const CollMismatch& m = facts.coll_mismatches.front();
  std::string where = "opCount " + hex(m.op_count) + " of communicator #" + std::to_string(m.ordinal + 1) +
                      (m.nranks > 0 ? " (" + std::to_string(m.nranks) + " ranks)" : "");
  auto r = rule::make("collective.trace-mismatch", Label::collective_mismatch, Severity::error,
                      "The ranks' NCCL traces differ at " + where + ": " + process_words(*m.first.process) +
                          " called " + m.first.call.describe() + ", " + process_words(*m.other.process) + " called " +
                          m.other.call.describe(),
                      17);
  std::set<int> ranks;
  for (const auto& mm : facts.coll_mismatches) {
    rule::add_evidence(r.finding, mm.first.evidence);
    rule::add_evidence(r.finding, mm.other.evidence);
    for (const auto* p : {mm.first.process, mm.other.process}) {
      auto rs = rule::ranks_of(*p);
      ranks.insert(rs.begin(), rs.end());
      if (!p->host.empty()) r.finding.hosts.push_back(p->host);
    }
  }
  std::sort(r.finding.hosts.begin(), r.finding.hosts.end());
  r.finding.hosts.erase(std::unique(r.finding.hosts.begin(), r.finding.hosts.end()), r.finding.hosts.end());
  rule::add_ranks(r.finding, ranks);
  if (facts.coll_mismatches.size() > 1)
    r.finding.evidence.push_back(std::to_string(facts.coll_mismatches.size()) + " positions differ (the first " +
                                 "4 are kept); the first is the one to look at");
  rule::emit(out, std::move(r),
             "Every rank must issue the same collectives in the same order with the same sizes: find the code that "
             "makes the call at this position on each rank (a rank-dependent branch, uneven data, a different model "
             "or parameter set); TORCH_DISTRIBUTED_DEBUG=DETAIL checks each call",
             {{"TORCH_DISTRIBUTED_DEBUG", "DETAIL"}});
}

// COLL traces that end at different opCounts on the same communicator: what each process logged
// last. Only a hint of which rank to look at (a log cut earlier looks the same), so a warning only
// when a timeout says the job hung, else a note.
void trace_behind_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (!facts.coll_mismatches.empty()) return;
  std::map<int, std::vector<const ProcessState*>> by_nranks;  // first communicator of each process, by size
  for (const auto& p : facts.processes)
    if (!p->comms.empty() && p->comms[0].last_op >= 0) by_nranks[p->comms[0].nranks].push_back(p.get());
  for (const auto& [nranks, procs] : by_nranks) {
    if (procs.size() < 2) continue;
    std::int64_t top = -1;
    for (const auto* p : procs) top = std::max(top, p->comms[0].last_op);
    std::vector<const ProcessState*> behind;
    for (const auto* p : procs)
      if (p->comms[0].last_op < top) behind.push_back(p);
    if (behind.empty()) continue;
    bool hung = !facts.watchdogs.empty() || facts.signal(EventKind::opaque_error).count > 0;
    std::string who;
    std::set<int> ranks;
    for (std::size_t i = 0; i < behind.size() && i < 4; ++i) {
      who += (i ? "; " : "") + process_words(*behind[i]) + " at " + hex(behind[i]->comms[0].last_op);
      auto rs = rule::ranks_of(*behind[i]);
      ranks.insert(rs.begin(), rs.end());
    }
    if (behind.size() > 4) who += "; and " + std::to_string(behind.size() - 4) + " more";
    auto r =
        rule::make("collective.trace-behind", Label::collective_mismatch, hung ? Severity::warning : Severity::info,
                   "NCCL's COLL traces end at different opCounts on the first communicator (" + std::to_string(nranks) +
                       " ranks): " + who + ", while " + std::to_string(procs.size() - behind.size()) + " of the " +
                       std::to_string(procs.size()) + " traced processes reached " + hex(top),
                   hung ? 45 : 80);
    for (std::size_t i = 0; i < behind.size() && i < 4; ++i)
      rule::add_evidence(r.finding, behind[i]->comms[0].last_line);
    rule::add_ranks(r.finding, ranks);
    r.finding.evidence.push_back("a rank stuck before its next collective and a log cut earlier look the same here");
    rule::emit(out, std::move(r),
               "Look at what the processes that stopped earlier run after their last collective (their last lines, "
               "py-spy dump PID, distdoctor watch --pid PID); if their logs were simply collected earlier, gather all "
               "logs after the hang and run distdoctor logs again");
    return;
  }
}

using WatchdogKey = std::pair<std::int64_t, std::string>;

std::string describe_watchdog(const WatchdogKey& k, const std::set<int>& ranks) {
  std::string s = "SeqNum=" + std::to_string(k.first) + " " + (k.second.empty() ? "?" : k.second);
  std::set<int> pos;
  for (int r : ranks)
    if (r >= 0) pos.insert(r);
  if (!pos.empty()) s += " on rank(s) " + rule::rank_ranges(pos);
  return s;
}

// A finding resting on the ranks' watchdog timeout lines, about `about` (ranks).
RankedFinding watchdog_finding(const LogFacts& facts, std::string id, Label label, Severity sev, std::string title,
                               int priority, const std::set<int>& about) {
  auto r = rule::make(std::move(id), label, sev, std::move(title), priority);
  std::set<std::string> hosts;
  for (const auto& [rank, hit] : facts.watchdogs) {
    rule::add_evidence(r.finding, hit.evidence);
    if (!hit.host.empty() && hosts.size() < 64) hosts.insert(hit.host);
  }
  rule::add_hosts(r.finding, hosts);
  rule::add_ranks(r.finding, about);
  return r;
}

// The ranks the log shows: those with a watchdog line (`known`), its NCCL lines, an nccl-tests rank line.
// Only such a rank without a watchdog line is evidence of a rank that never joined; a rank absent from
// the log (one rank's log of a larger world) is a log not collected, not a rank elsewhere.
std::set<int> ranks_shown(const LogFacts& facts, std::set<int> shown) {
  for (const auto& p : facts.processes) {
    auto rs = rule::ranks_of(*p);
    shown.insert(rs.begin(), rs.end());
  }
  for (const auto& [r, t] : facts.tests_ranks) shown.insert(r);
  return shown;
}

// Every rank that timed out did so in one collective (`key`) and no rank is missing from it.
void watchdog_same_collective(const LogFacts& facts, const WatchdogKey& key, const std::set<int>& ranks,
                              const std::set<int>& known, std::size_t shown, int world,
                              std::vector<RankedFinding>& out) {
  bool complete = false;
  for (const auto& p : facts.processes) complete = complete || p->init_complete;
  bool unseen = world <= 0 || static_cast<int>(shown) < world;
  // "Every rank ... across hosts" needs every rank in the log and two hosts named there; a world
  // larger than one host's GPUs (rule::spans_hosts) is no such evidence.
  if (facts.hosts.size() > 1 && complete && !unseen) {
    auto r = watchdog_finding(facts, "net.data-path-stall", Label::mtu_mismatch, Severity::warning,
                              "Every rank timed out in the same collective (" + describe_watchdog(key, ranks) +
                                  ") after init succeeded across hosts: small messages pass, bulk data does not "
                                  "(MTU mismatch / black hole, or blocked data ports)",
                              42, known);
    rule::emit(out, std::move(r),
               "Check the MTU along the path (ping -M do -s <mtu-28> <peer> from every host; all hosts, switch ports "
               "and overlays must agree) and that all TCP ports are open between the nodes; `distdoctor preflight` and "
               "`distdoctor bench` test both");
    return;
  }
  auto r = watchdog_finding(
      facts, "collective.watchdog-timeout", Label::other, Severity::warning,
      "Collective timed out (" + describe_watchdog(key, ranks) + ") without a cause in these logs", 70, known);
  if (world > 0 && unseen)
    r.finding.evidence.push_back("the logs show " + std::to_string(shown) + " of the job's " + std::to_string(world) +
                                 " ranks; the others' logs say whether they reached it");
  rule::emit(out, std::move(r),
             "Collect the logs of every rank (all hosts) with NCCL_DEBUG=INFO and run `distdoctor logs` on them "
             "together",
             {{"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET"}});
}

void watchdog_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (facts.watchdogs.empty()) return;
  std::map<WatchdogKey, std::set<int>> groups;
  std::set<int> known;
  for (const auto& [rank, hit] : facts.watchdogs) {
    groups[{hit.seq, hit.op}].insert(rank);
    if (rank >= 0) known.insert(rank);
  }
  if (groups.size() > 1) {
    std::string parts;
    for (const auto& [k, ranks] : groups) parts += (parts.empty() ? "" : "; ") + describe_watchdog(k, ranks);
    auto r = watchdog_finding(facts, "collective.watchdog-diverged", Label::collective_mismatch, Severity::error,
                              "Ranks timed out in different collectives: " + parts, 18, known);
    rule::emit(out, std::move(r),
               "The ranks' collective sequences diverged: find the rank-dependent code path (or uneven data) before "
               "the lowest SeqNum; TORCH_DISTRIBUTED_DEBUG=DETAIL reports the mismatch",
               {{"TORCH_DISTRIBUTED_DEBUG", "DETAIL"}});
    return;
  }
  const auto& [key, ranks] = *groups.begin();
  int world = rule::world_size(facts);
  std::set<int> shown = ranks_shown(facts, known);
  std::set<int> missing;
  if (!known.empty())
    for (int r : shown)
      if (r >= 0 && (world <= 0 || r < world) && known.count(r) == 0) missing.insert(r);
  if (!missing.empty() && !has_comm_error(out) && facts.signal(EventKind::data_stall).count == 0) {
    auto r =
        watchdog_finding(facts, "collective.rank-missing", Label::collective_mismatch, Severity::warning,
                         "Rank(s) " + rule::rank_ranges(missing) + " never joined " + describe_watchdog(key, ranks) +
                             ": they are elsewhere (another code path, an uneven last batch, or they crashed)",
                         40, missing);
    rule::emit(out, std::move(r),
               "Look at what the missing ranks were doing (their last lines, py-spy dump); make every rank run the "
               "same collectives (e.g. drop_last / equal batches per rank)");
    return;
  }
  if (has_comm_error(out) || facts.signal(EventKind::data_stall).count > 0) return;
  watchdog_same_collective(facts, key, ranks, known, shown.size(), world, out);
}

void init_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  std::set<std::string> stuck_hosts;
  std::set<int> stuck_ranks;
  std::vector<const ProcessState*> stuck;
  std::size_t complete = 0;
  for (const auto& p : facts.processes) {
    if (p->init_complete) {
      ++complete;
      continue;
    }
    stuck.push_back(p.get());
    stuck_hosts.insert(p->host);
    auto rs = rule::ranks_of(*p);
    stuck_ranks.insert(rs.begin(), rs.end());
  }
  if (complete == 0 || stuck.empty()) return;
  auto r = rule::make("nccl.init.incomplete", Label::other, Severity::warning,
                      std::to_string(stuck.size()) + " process(es) never reached Init COMPLETE while " +
                          std::to_string(complete) + " did",
                      65);
  for (const auto* p : stuck) {
    rule::add_evidence(r.finding, p->first_error.empty() ? p->last_activity : p->first_error);
    if (r.finding.evidence.size() >= 6) break;
  }
  rule::add_hosts(r.finding, stuck_hosts);
  rule::add_ranks(r.finding, stuck_ranks);
  rule::emit(out, std::move(r),
             "Read the last lines of these ranks: stuck in bootstrap means they cannot reach their peers (interface, "
             "firewall); stuck after 'Connected all rings' is usually a peer that died");
}

void data_stall_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (has_comm_error(out)) return;
  rule::signal_rule(facts, "data.pipeline-stall", out);
}

void unknown_warn_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& w = facts.signal(EventKind::nccl_warn);
  if (w.count == 0) return;
  for (const auto& r : out)
    if (r.finding.severity != Severity::info) return;
  // An NCCL error line as well ("unhandled cuda error", "NCCL error"): the call failed, which is an error
  // whatever the warning means (trtllm-4238: "0 errors" was untrue of it).
  const Signal& failed = facts.signal(EventKind::opaque_error);
  const bool call_failed = failed.count > 0;
  auto r = rule::make(
      "nccl.warn", Label::other, call_failed ? Severity::error : Severity::warning,
      call_failed
          ? "NCCL printed a warning distdoctor has no rule for, and an NCCL call failed (its error line is quoted)"
          : "NCCL printed a warning distdoctor has no rule for",
      75);
  rule::add_evidence(r.finding, w);
  if (call_failed) rule::add_evidence(r.finding, failed);
  rule::add_hosts(r.finding, w.hosts);
  rule::emit(out, std::move(r),
             "Read the WARN line(s); re-run with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET for context");
}

}  // namespace

void runtime_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  explicit_mismatch_rule(facts, out);
  trace_mismatch_rule(facts, out);
  trace_behind_rule(facts, out);
  data_stall_rule(facts, out);
  watchdog_rule(facts, out);
  init_rule(facts, out);
  unknown_warn_rule(facts, out);
}

}  // namespace dd::logs
