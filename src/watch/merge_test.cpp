// Merging per-node watch reports into one verdict (rank 0 of `watch --rendezvous`), and the
// report's JSON round trip over the rendezvous.
#include "watch/merge.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>

#include <fmt/format.h>

#include "core/strings.hpp"
#include "watch/diagnose_peers.hpp"
#include "watch/meet.hpp"
#include "watch/output_tracker.hpp"

namespace dd::watch {
namespace {

core::Finding finding(const std::string& id, core::Label label, std::vector<int> ranks) {
  auto f = core::new_finding(id, label, core::Severity::error, id + " title");
  f.evidence = {"seen here"};
  f.ranks = std::move(ranks);
  return f;
}

NodeReport node(int n, std::vector<RankActivity> ranks, std::vector<core::Finding> findings) {
  NodeReport r;
  r.node = n;
  r.host = "node" + std::to_string(n);
  r.stalls = 1;
  r.ranks = std::move(ranks);
  r.findings = std::move(findings);
  return r;
}

// clusters-2026-12-07k w4 (clean): rank 0 waits at the store for the key rank 1 sets once its cache
// is built; rank 1 computes. A warning that says both, not a STALLED error. One step short: rank 1
// waits too (not computing), or a node is missing: the store wait stays an error.
TEST(MergeReports, AStoreWaitBesideARankThatComputesIsAWarning) {
  auto n0 = node(0, {{0, Activity::store_wait}}, {finding("watch.rank.store-wait", core::Label::other, {0})});
  auto n1 = node(1, {{1, Activity::computing}},
                 {core::new_finding("watch.stall.all-computing", core::Label::other, core::Severity::info, "x")});
  auto f = merge_reports({n0, n1}, {});
  auto wait = std::find_if(f.begin(), f.end(), [](auto& g) { return g.id == "watch.rank.store-wait"; });
  ASSERT_NE(wait, f.end());
  EXPECT_EQ(wait->severity, core::Severity::warning);
  EXPECT_NE(wait->title.find("; rank 1 (node1) is computing meanwhile: if it sets the key when that step ends, this "
                             "is a long step, not a hang"),
            std::string::npos)
      << wait->title;
  EXPECT_FALSE(core::has_error(f));
  auto n1w = node(1, {{1, Activity::in_collective}}, {});
  auto g = merge_reports({n0, n1w}, {});
  EXPECT_TRUE(core::has_error(g));
  auto h = merge_reports({n0, n1}, {2});
  EXPECT_TRUE(core::has_error(h));
}

// clusters-2026-12-07m w1: rank 1 in rt_sigtimedwait (a SIGUSR1 no agent sent) was "a collective that
// rank 1 never joined" with the collective-order advice: now where it is blocked, through the wire.
TEST(Merge, RankWaitingOnOneNodeAndBlockedOnAnotherIsNamedWithItsSyscall) {
  // node 0 alone sees its rank wait while no byte moves; node 1 alone sees nothing it can explain
  auto n0 = node(0, {{0, Activity::in_collective}},
                 {finding("watch.collective.mismatch", core::Label::collective_mismatch, {0})});
  auto n1 = node(1, {{1, Activity::elsewhere}},
                 {core::new_finding("watch.stall.unexplained", core::Label::other, core::Severity::warning, "?")});
  n1.ranks[0].pid = 2906;
  n1.ranks[0].main_syscall = "rt_sigtimedwait";
  auto wired = node_report_from_json(to_json(n1));
  ASSERT_TRUE(wired);
  auto f = merge_reports({n0, *wired}, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.blocked-elsewhere");
  EXPECT_EQ(f[0].label, core::Label::other);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].hosts, std::vector<std::string>{"node1"});
  EXPECT_EQ(f[0].title,
            "rank 0 (node0) waits in a collective that rank 1 (node1) has not joined: it is outside the collectives, "
            "its main thread blocked in rt_sigtimedwait: a wait for a signal (signal.sigwait, signal.sigtimedwait)");
  EXPECT_NE(f[0].fix.text.find("`py-spy dump --pid 2906` on node1"), std::string::npos) << f[0].fix.text;
  // a name that is no syscall's from a peer is dropped, not quoted
  n1.ranks[0].main_syscall = "x; rm -rf /";
  auto odd = node_report_from_json(to_json(n1));
  ASSERT_TRUE(odd);
  EXPECT_EQ(odd->ranks[0].main_syscall, "");
}

// clusters-2026-12-07i w4: node 1's report comes from its stall (rank 1 waited on rank 0, evaluating
// alone); node 0 met as watch ended, its job done with exit code 0 and no stall. The wait ended: a
// note, not STALLED. One step short each: node 0 stalled too, a node's job failed, a node missing.
TEST(MergeReports, AStallReportThatNodeZerosCleanEndOutlivedIsANote) {
  auto n0 = node(0, {{0, Activity::computing}}, {});
  n0.stalls = 0;
  n0.exit_code = 0;
  n0.last_step_line = "eval batch 9 of 9";
  auto n1 = node(1, {{1, Activity::in_collective}}, {finding("watch.peer.silent", core::Label::other, {1})});
  auto f = merge_reports({n0, n1}, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.stall.ended");
  EXPECT_EQ(f[0].severity, core::Severity::info);
  EXPECT_EQ(f[0].title,
            "node1 reported a stall while node0's job ran on; node0's job then ended with exit code 0 and no stall of "
            "its own, so the wait it reported ended (a long step, not a hang); how its job ended is in its own watch "
            "output");
  EXPECT_NE(std::find(f[0].evidence.begin(), f[0].evidence.end(), "node1 at its stall: watch.peer.silent title"),
            f[0].evidence.end());
  auto stalled0 = n0;
  stalled0.stalls = 1;
  for (const auto& g : merge_reports({stalled0, n1}, {})) EXPECT_NE(g.id, "watch.stall.ended");
  auto failed1 = n1;
  failed1.exit_code = 1;
  for (const auto& g : merge_reports({n0, failed1}, {})) EXPECT_NE(g.id, "watch.stall.ended");
  for (const auto& g : merge_reports({n0, n1}, {2})) EXPECT_NE(g.id, "watch.stall.ended");
}

// clusters-2026-12-07j w4: both nodes stalled (rank 0 computing alone, rank 1 waiting on it); node 0's
// job made progress again while it waited for node 1's report: the stall ended, a note. One step
// short: no node resumed (the cross-node verdict stands), or a node's job failed.
TEST(MergeReports, ProgressAgainBeforeTheMergeIsANote) {
  auto n0 = node(0, {{0, Activity::computing}}, {});
  n0.resumed = true;
  auto n1 = node(1, {{1, Activity::in_collective}}, {finding("watch.peer.silent", core::Label::other, {1})});
  auto f = merge_reports({n0, n1}, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.stall.ended");
  EXPECT_EQ(f[0].severity, core::Severity::info);
  EXPECT_EQ(f[0].title,
            "node0's job made progress again after its stall, before this verdict: the stall ended (a long step on "
            "some rank, not a hang); what the nodes reported at their stalls is below");
  auto still = n0;
  still.resumed = false;
  for (const auto& g : merge_reports({still, n1}, {})) EXPECT_NE(g.id, "watch.stall.ended");
  auto failed1 = n1;
  failed1.exit_code = 1;
  for (const auto& g : merge_reports({n0, failed1}, {})) EXPECT_NE(g.id, "watch.stall.ended");
  // the flag travels in the report's JSON
  auto back = node_report_from_json(to_json(n0));
  ASSERT_TRUE(back);
  EXPECT_TRUE(back->resumed);
}

// The cross-node finding for a rank outside the collectives is watch.rank.blocked-elsewhere (before
// clusters-2026-12-07m: watch.collective.mismatch); a node's own mismatch is kept as it came.
TEST(MergeShort, ARankOutsideTheCollectivesAcrossNodesNeedsAnIdleRankOnAnotherNodeAndNoNetworkError) {
  auto unexplained = [] {
    return core::new_finding("watch.stall.unexplained", core::Label::other, core::Severity::warning, "?");
  };
  auto mismatch_of = [](const std::vector<core::Finding>& fs) -> const core::Finding* {
    for (const auto& f : fs)
      if (f.id == "watch.collective.mismatch" || f.id == "watch.rank.blocked-elsewhere") return &f;
    return nullptr;
  };
  // one step short: the rank on the other node is busy (a straggler still computing), not idle
  auto busy = merge_reports(
      {node(0, {{0, Activity::in_collective}}, {unexplained()}), node(1, {{1, Activity::computing}}, {unexplained()})},
      {});
  EXPECT_EQ(mismatch_of(busy), nullptr);
  // one step short: the idle rank is on the waiting rank's own node, the other node only computes;
  // node 0's own verdict stands as it saw it, with no rank of node 1 named
  auto local = merge_reports({node(0, {{0, Activity::in_collective}, {1, Activity::elsewhere}},
                                   {finding("watch.collective.mismatch", core::Label::collective_mismatch, {1})}),
                              node(1, {{2, Activity::computing}}, {unexplained()})},
                             {});
  const auto* kept = mismatch_of(local);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->title, "watch.collective.mismatch title");
  EXPECT_EQ(kept->ranks, std::vector<int>{1});
  // one step short: a node saw a network error of its own; the idle rank may be waiting on it
  auto network = merge_reports({node(0, {{0, Activity::in_collective}},
                                     {finding("watch.tcp.peer-silent", core::Label::firewall_or_port_blocked, {0})}),
                                node(1, {{1, Activity::elsewhere}}, {unexplained()})},
                               {});
  EXPECT_EQ(mismatch_of(network), nullptr);
  ASSERT_FALSE(network.empty());
  EXPECT_EQ(network[0].id, "watch.tcp.peer-silent");
  // the full evidence: waiting on node 0, idle on node 1, no network error: every rank's state is evidence
  auto full = merge_reports(
      {node(0, {{0, Activity::in_collective}}, {unexplained()}), node(1, {{1, Activity::elsewhere}}, {unexplained()})},
      {});
  const auto* f = mismatch_of(full);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->id, "watch.rank.blocked-elsewhere");
  EXPECT_EQ(f->ranks, std::vector<int>{1});
  EXPECT_EQ(f->evidence,
            (std::vector<std::string>{"node0: rank 0 waiting for its peers", "node1: rank 1 outside the collectives"}));
}

TEST(Merge, ReaderOnAnotherNodeIsDataPipelineStall) {
  auto n0 = node(0, {{0, Activity::in_collective}}, {});
  auto n1 =
      node(1, {{1, Activity::reading_input}}, {finding("watch.input.slow", core::Label::data_pipeline_stall, {1})});
  auto f = merge_reports({n0, n1}, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].label, core::Label::data_pipeline_stall);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  // the reports carry no socket byte counts: "not the network" is not claimed across nodes
  EXPECT_EQ(f[0].title,
            "rank 1 (node1) busy reading input while rank 0 (node0) waits for it: the input pipeline is "
            "the bottleneck");
}

TEST(Merge, NetworkFindingsWinAndMergeByIdAcrossNodes) {
  auto n0 = node(0, {{0, Activity::in_collective}},
                 {finding("watch.tcp.dropped", core::Label::firewall_or_port_blocked, {0, 1})});
  auto n1 = node(1, {{1, Activity::elsewhere}},
                 {finding("watch.tcp.dropped", core::Label::firewall_or_port_blocked, {1, 0}),
                  finding("watch.collective.mismatch", core::Label::collective_mismatch, {1})});
  auto f = merge_reports({n0, n1}, {2});
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0].id, "watch.tcp.dropped");
  EXPECT_EQ(f[0].ranks, (std::vector<int>{0, 1}));
  EXPECT_EQ(f[0].hosts, (std::vector<std::string>{"node0", "node1"}));
  EXPECT_EQ(f[0].evidence, (std::vector<std::string>{"node0: seen here", "node1: seen here"}));
  EXPECT_EQ(f[1].id, "watch.collective.mismatch");  // kept as node 1 saw it: no cross-node rule
  EXPECT_EQ(f[2].id, "watch.node.missing");
  EXPECT_NE(f[2].title.find("from node rank 2: "), std::string::npos) << f[2].title;
}

// clusters-2026-12-06e w2: node 1's watch ran but could not reach the rendezvous (its link was
// down). The verdict says only that no report arrived, names the node's rank where WORLD_SIZE=2
// leaves one unreported, and does not claim that watch was not run there.
TEST(MergeReports, AMissingNodeIsNamedByTheRankNoReportHoldsAndNotToldToRunWatch) {
  auto n0 = node(0, {{0, Activity::in_collective}}, {finding("watch.tcp.peer-silent", core::Label::other, {0})});
  n0.rank_envs = {RankEnv{0, 27262, "node0", true, {{"WORLD_SIZE", "2"}}}};
  auto f = merge_reports({n0}, {1});
  const core::Finding* m = nullptr;
  for (const auto& g : f)
    if (g.id == "watch.node.missing") m = &g;
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->title,
            "no watch report arrived from node rank 1, the node of rank 1 (the only rank of WORLD_SIZE=2 no report "
            "holds): this verdict sees only the others");
  EXPECT_EQ(m->ranks, std::vector<int>{1});
  EXPECT_EQ(m->fix.text.rfind("If `distdoctor watch` runs on that node, it could not reach this rendezvous: a link "
                              "down or a route missing on that node fits that too",
                              0),
            0u)
      << m->fix.text;
  // Two nodes missing: no rank is pinned to either.
  auto two = merge_reports({n0}, {1, 2});
  for (const auto& g : two) {
    if (g.id != "watch.node.missing") continue;
    EXPECT_EQ(g.title.rfind("no watch report arrived from node ranks 1, 2 (no report holds rank 1 of WORLD_SIZE=2)", 0),
              0u)
        << g.title;
    EXPECT_TRUE(g.ranks.empty());
  }
}

const core::Finding* by_id(const std::vector<core::Finding>& fs, std::string_view id) {
  for (const auto& f : fs)
    if (f.id == id) return &f;
  return nullptr;
}

// A node's watch.peer.silent as diagnose_peers words it (its fix sends the user to --rendezvous).
// `peer_ranks`: the ranks of the peers named, as diagnose_peers puts them after the waiting rank's.
core::Finding silent(int rank, const std::string& peers, const std::vector<int>& peer_ranks = {}) {
  auto f = core::new_finding("watch.peer.silent", core::Label::other, core::Severity::error,
                             fmt::format("rank {} (pid {}) waits on {}: each connection open, no retransmit in the "
                                         "window, nothing received for 15 s: those peers are stopped, busy, or in "
                                         "another collective",
                                         rank, 7150 + rank, peers));
  f.fix.text =
      "Look at what those peers do on their nodes: `distdoctor watch --pid PID` there (py-spy dump --pid PID "
      "shows its stack)" +
      std::string(k_rendezvous_advice) + ".";
  f.ranks = {rank};
  f.ranks.insert(f.ranks.end(), peer_ranks.begin(), peer_ranks.end());
  return f;
}

RankActivity waiting(int rank) {
  return {rank, Activity::in_collective, 7150 + rank,
          fmt::format("rank {} (pid {}): waiting for its peers, main thread in futex (futex_do_wait), CPU 1%", rank,
                      7150 + rank)};
}

// w4 of clusters-2026-12-05: three nodes, every rank in futex waiting on the other two; rank 2 ran
// out of batches. Each node alone names its quiet peers; the merge sees that every rank waits.
TEST(Merge, EveryRankOfEveryNodeWaitingIsCollectiveMismatchWithEachRanksWaitAndNoRendezvousAdvice) {
  std::vector<NodeReport> nodes;
  for (int i = 0; i < 3; ++i) {
    nodes.push_back(node(i, {waiting(i)}, {silent(i, fmt::format("198.18.50.{}:50684", 10 + (i + 1) % 3))}));
    nodes.back().last_step_line = fmt::format("rank {} step 3 loss 0.250", i);
  }
  nodes[2].last_step_line = "rank 2 step 2 loss 0.333";
  auto f = merge_reports(nodes, {});
  ASSERT_EQ(f.size(), 1u) << f[0].id;
  EXPECT_EQ(f[0].id, "watch.collective.mismatch");
  EXPECT_EQ(f[0].title,
            "every rank waits for its peers and none is elsewhere: rank 0 (node0) waits on a silent peer connection "
            "(its rank not known); rank 1 (node1) waits on a silent peer connection (its rank not known); rank 2 "
            "(node2) waits on a silent peer connection (its rank not known); rank 2 (node2) stopped at an earlier "
            "step: the ranks called different collectives");
  EXPECT_EQ(f[0].label, core::Label::collective_mismatch);
  EXPECT_EQ(f[0].ranks, std::vector<int>{2});
  std::string ev;
  for (const auto& e : f[0].evidence) ev += e + "\n";
  EXPECT_NE(ev.find("node1: rank 1 (pid 7151): waiting for its peers, main thread in futex"), std::string::npos) << ev;
  EXPECT_NE(ev.find("node0: rank 0 (pid 7150) waits on 198.18.50.11:50684"), std::string::npos) << ev;
  EXPECT_NE(ev.find("node2: last step line: rank 2 step 2 loss 0.333"), std::string::npos) << ev;
  EXPECT_EQ(f[0].fix.text.find("--rendezvous"), std::string::npos) << f[0].fix.text;

  // Step lines that do not show a rank behind (w4's real ones: rank 2 printed "ran out of
  // batches at step 3" after the others' "step 2"): no rank is singled out.
  nodes[2].last_step_line = "rank 2 ran out of batches at step 3";
  for (std::size_t i = 0; i < 2; ++i) nodes[i].last_step_line = fmt::format("rank {} step 2 loss 0.333", i);
  auto g = merge_reports(nodes, {});
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].title.find("earlier step"), std::string::npos) << g[0].title;
  EXPECT_EQ(g[0].ranks, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(g[0].label, core::Label::other);  // no rank behind: the candidates, not a mismatch
  EXPECT_EQ(g[0].id, "watch.collective.all-waiting");
}

// w3 of clusters-2026-12-05c: rank 1's main thread waits on a threading.Lock its own thread holds;
// rank 0 waits in all_reduce for it. Both in futex, each naming the other's silent connection:
// what was seen and both candidates, with the stack that tells them apart; no collective claimed.
TEST(Merge, EveryRankWaitingWithoutARankBehindNamesWhoWaitsOnWhomAndTheCandidatesNotAMismatch) {
  auto seen = [](int rank, int peer) {
    return core::new_finding(
        "watch.peer.silent", core::Label::other, core::Severity::error,
        fmt::format("rank {} (pid {}) waits on 198.18.90.{}:45328 (rank {}): connection open and healthy (all data "
                    "acked, no retransmit in the window), nothing received for 20 s: rank {} is stopped, busy, or in "
                    "another collective",
                    rank, 332 + rank, 10 + peer, peer, peer));
  };
  auto s0 = seen(0, 1), s1 = seen(1, 0);
  s0.ranks = {0, 1};
  s1.ranks = {1, 0};
  auto n0 = node(0, {waiting(0)}, {s0});
  auto n1 = node(1, {waiting(1)}, {s1});
  n0.host = "c4node0", n1.host = "c4node1";
  n0.last_step_line = "rank 0 step 3 loss 3.000", n1.last_step_line = "rank 1 step 3 loss 3.000";
  auto f = merge_reports({n0, n1}, {});
  ASSERT_EQ(f.size(), 1u) << f[1].title;
  EXPECT_EQ(f[0].severity, core::Severity::error);  // the job hangs: that much is seen
  EXPECT_EQ(f[0].id, "watch.collective.all-waiting");
  EXPECT_EQ(f[0].label, core::Label::other);
  EXPECT_EQ(f[0].title,
            "every rank waits for its peers and none is elsewhere: rank 0 (c4node0) waits on the connection of rank "
            "1; rank 1 (c4node1) waits on the connection of rank 0: the ranks called different collectives, or a "
            "rank is blocked in its own code (a lock, I/O) while the others wait for it; their states do not tell "
            "which");
  EXPECT_NE(f[0].fix.text.find("py-spy dump --pid PID"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("faulthandler"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("lock's acquire"), std::string::npos) << f[0].fix.text;
  EXPECT_EQ(f[0].ranks, (std::vector<int>{0, 1}));

  // One step short of naming each wait: node 1 names no silent peer.
  n1.findings.clear();
  auto g = merge_reports({n0, n1}, {});
  ASSERT_FALSE(g.empty());
  EXPECT_NE(g[0].title.find("rank 1 (c4node1) shows no wait on any peer"), std::string::npos) << g[0].title;
  EXPECT_EQ(g[0].id, "watch.collective.all-waiting");
  EXPECT_EQ(g[0].label, core::Label::other);
}

// One step short: a node sent no report. Its rank may be anywhere: no mismatch; the nodes' own
// findings stand, and their fix no longer sends the user to --rendezvous (that made this verdict).
TEST(MergeShort, EveryReportingRankWaitingWithANodeMissingClaimsNoMismatch) {
  auto f = merge_reports(
      {node(0, {waiting(0)}, {silent(0, "198.18.50.11:1")}), node(1, {waiting(1)}, {silent(1, "198.18.50.12:2")})},
      {2});
  EXPECT_EQ(by_id(f, "watch.collective.mismatch"), nullptr);
  EXPECT_EQ(by_id(f, "watch.collective.all-waiting"), nullptr);
  const auto* s = by_id(f, "watch.peer.silent");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->fix.text.find("--rendezvous"), std::string::npos) << s->fix.text;
  EXPECT_NE(s->fix.text.find("what those peers do on their nodes"), std::string::npos) << s->fix.text;
}

// w2: rank 1 sleeps on node 1; its node's own words (clock_nanosleep) reach the merged verdict.
TEST(Merge, RankSleepingOnAnotherNodeIsNamedWithItsNodesEvidenceNotACollectiveOrderBug) {
  RankActivity asleep{1, Activity::sleeping, 8112,
                      "rank 1 (pid 8112): sleeping, main thread in clock_nanosleep (hrtimer_nanosleep), CPU 0%"};
  auto f = merge_reports({node(0, {waiting(0)}, {silent(0, "198.18.50.11:1")}), node(1, {asleep}, {})}, {});
  const auto* m = by_id(f, "watch.rank.not-in-collective");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->title, "rank 0 (node0) waits for its peer while rank 1 (node1) is sleeping, not in a collective");
  EXPECT_EQ(m->hosts, std::vector<std::string>{"node1"});
  EXPECT_EQ(m->fix.text.find("Every rank must call the same collectives"), std::string::npos) << m->fix.text;
  EXPECT_NE(m->fix.text.find("`py-spy dump --pid 8112`"), std::string::npos) << m->fix.text;
  bool kept = false;
  for (const auto& e : m->evidence) kept = kept || e == "node1: " + asleep.detail;
  EXPECT_TRUE(kept);
  EXPECT_EQ(by_id(f, "watch.peer.silent"), nullptr);  // node 0's view, replaced
  EXPECT_EQ(by_id(f, "watch.collective.mismatch"), nullptr);
}

// w5b: node 0's job exited 1 (no stall), node 1's rank hangs: the merged verdict cannot be OK.
TEST(Merge, AJobThatExitedWithAnErrorOnANodeIsAnErrorFinding) {
  auto n0 = node(0, {}, {});
  n0.stalls = 0;
  n0.exit_code = 1;
  n0.rank_envs = {RankEnv{0, 27262, "node0", true, {}}};
  auto n1 = node(1, {}, {});
  n1.stalls = 0;
  n1.exit_code = 143;
  auto f = merge_reports({n0, n1}, {});
  const auto* j = by_id(f, "watch.node.job-failed");
  ASSERT_NE(j, nullptr);
  EXPECT_EQ(j->severity, core::Severity::error);
  EXPECT_EQ(j->title,
            "the job did not succeed everywhere: on node0 (rank 0) the job exited with code 1; on node1 the job ended "
            "by signal 15 (exit code 143)");
  EXPECT_EQ(j->hosts, (std::vector<std::string>{"node0", "node1"}));
  EXPECT_TRUE(core::has_error(f));
  // One step short: every node's job exited 0, or is still running (no exit code yet).
  n0.exit_code = 0;
  n1.exit_code.reset();
  EXPECT_EQ(by_id(merge_reports({n0, n1}, {}), "watch.node.job-failed"), nullptr);
}

// w2 of clusters-2026-12-07l: rank 1's checkpoint write failed with ENOSPC, then torch aborted; the
// verdict said only "read the output". The node's first error lines travel in its report: the title
// quotes the first, the evidence both, and the fix starts at the full file system.
TEST(Merge, AFailedJobsFirstErrorLinesAreQuotedAndENOSPCNamesTheFullFileSystem) {
  auto n0 = node(0, {}, {});
  n0.exit_code = 1;
  n0.error_lines = {"RuntimeError: Connection closed by peer [198.19.124.11]:21012"};
  auto n1 = node(1, {}, {});
  n1.exit_code = 134;
  n1.error_lines = {"rank 1 checkpoint write failed: [Errno 28] No space left on device; retrying in 2 s",
                    "terminate called after throwing an instance of 'c10::Error'"};
  auto r1 = node_report_from_json(to_json(n1));  // through the wire
  ASSERT_TRUE(r1.has_value());
  EXPECT_EQ(r1->error_lines, n1.error_lines);
  const auto f = merge_reports({n0, *r1}, {});
  const auto* j = by_id(f, "watch.node.job-failed");
  ASSERT_NE(j, nullptr);
  EXPECT_EQ(j->title,
            "the job did not succeed everywhere: on node0 the job exited with code 1, its output's error: "
            "`RuntimeError: Connection closed by peer [198.19.124.11]:21012`; on node1 the job ended by signal 6 "
            "(exit code 134), its output's error: `rank 1 checkpoint write failed: [Errno 28] No space left on "
            "device; retrying in 2 s`");
  EXPECT_NE(
      std::find(j->evidence.begin(), j->evidence.end(),
                "node1: the job printed `terminate called after throwing an instance of 'c10::Error'` (its last error "
                "lines)"),
      j->evidence.end());
  EXPECT_EQ(j->fix.text.rfind("A file system the job writes to is full on node1 (its own \"No space left on device\"): "
                              "`df -h` there",
                              0),
            0u)
      << j->fix.text;
  // every node's job has ended: nobody waits "until their timeout" (clusters-2026-12-07m w3)
  EXPECT_EQ(j->fix.text.find("wait for it until their timeout"), std::string::npos) << j->fix.text;
  // One step short: no ENOSPC line: the generic advice alone
  n1.error_lines = {"ValueError: bad batch"};
  const auto g = merge_reports({n0, n1}, {});
  EXPECT_EQ(by_id(g, "watch.node.job-failed")->fix.text.rfind("Read the job's own output on node0, node1", 0), 0u);
  auto running = node(2, {}, {});  // a node whose job still runs: its ranks wait
  running.host = "node2";
  const auto r = merge_reports({n0, n1, running}, {});
  EXPECT_NE(by_id(r, "watch.node.job-failed")->fix.text.find("wait for it until their timeout"), std::string::npos);
  // a peer's lines are bounded as the sender bounds them
  auto big = to_json(n1);
  big["error_lines"] = std::vector<std::string>(50, std::string(5000, 'x'));
  auto back = node_report_from_json(big);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->error_lines.size(), OutputTracker::k_error_lines);
  EXPECT_EQ(back->error_lines.front().size(), OutputTracker::k_max_step_line);
}

// w1 of clusters-2026-12-05b: rank 1 is SIGSTOPped on node 1; node 0 names rank 1 as the silent
// peer its rank 0 waits on. The cause comes first and node 0's view is its evidence.
core::Finding stopped_rank1() {
  auto f = core::new_finding("watch.rank.stopped", core::Label::other, core::Severity::error,
                             "rank 1 (pid 8112) is stopped (process state T or t in both snapshots): it cannot run "
                             "until it is continued");
  f.evidence = {"rank 1 (pid 8112): stopped"};
  f.fix.text = "`kill -CONT 8112` resumes it";
  f.ranks = {1};
  return f;
}

TEST(Merge, AStoppedRankAbsorbsTheSilentPeerThatNamesItAndComesFirst) {
  RankActivity stopped{1, Activity::stopped, 8112, "rank 1 (pid 8112): stopped"};
  auto f = merge_reports(
      {node(0, {waiting(0)}, {silent(0, "198.18.69.11:59016 (rank 1)", {1})}), node(1, {stopped}, {stopped_rank1()})},
      {});
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.rank.stopped");
  EXPECT_EQ(f[0].hosts, std::vector<std::string>{"node1"});
  EXPECT_EQ(by_id(f, "watch.peer.silent"), nullptr);
  EXPECT_EQ(f[0].evidence.back(), "node0: " + silent(0, "198.18.69.11:59016 (rank 1)", {1}).title);
  for (const auto& g : f) EXPECT_EQ(g.fix.text.find("--rendezvous"), std::string::npos) << g.id << ": " << g.fix.text;
}

TEST(MergeShort, ASilentPeerThatNamesNoStoppedRankOrBesideAFailedJobStaysAfterTheCause) {
  RankActivity stopped{1, Activity::stopped, 8112, "rank 1 (pid 8112): stopped"};
  // one step short: node 0's rank waits on rank 2, not on the stopped rank 1
  auto other = merge_reports(
      {node(0, {waiting(0)}, {silent(0, "198.18.69.12:59016 (rank 2)", {2})}), node(1, {stopped}, {stopped_rank1()})},
      {});
  ASSERT_EQ(other.size(), 2u);
  EXPECT_EQ(other[0].id, "watch.rank.stopped");
  EXPECT_EQ(other[0].evidence.size(), 1u);
  EXPECT_EQ(other[1].id, "watch.peer.silent");
  // a failed job on node 1 is no cause of an open, healthy connection's silence: kept, after it
  auto n1 = node(1, {}, {});
  n1.stalls = 0;
  n1.exit_code = 1;
  n1.rank_envs = {RankEnv{1, 8112, "node1", true, {}}};
  auto failed = merge_reports({node(0, {waiting(0)}, {silent(0, "198.18.69.11:59016 (rank 1)", {1})}), n1}, {});
  ASSERT_EQ(failed.size(), 2u);
  EXPECT_EQ(failed[0].id, "watch.node.job-failed");
  EXPECT_EQ(failed[1].id, "watch.peer.silent");
}

// The peer a silent finding names is read from its ranks, not from its wording.
TEST(Merge, ASilentPeerWhoseTitleIsWordedOtherwiseIsStillAbsorbedByItsPeersCause) {
  RankActivity stopped{1, Activity::stopped, 8112, "rank 1 (pid 8112): stopped"};
  auto reworded = silent(0, "198.18.69.11:59016", {1});
  reworded.title = "rank 0 (pid 7150) gets nothing from the peer at 198.18.69.11:59016, which is rank #1";
  auto f = merge_reports({node(0, {waiting(0)}, {reworded}), node(1, {stopped}, {stopped_rank1()})}, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.stopped");
  EXPECT_EQ(f[0].evidence.back(), "node0: " + reworded.title);
}

TEST(MergeShort, ASilentPeerWhoseRanksNameNoPeerIsNotAbsorbedWhateverItsTitleSays) {
  RankActivity stopped{1, Activity::stopped, 8112, "rank 1 (pid 8112): stopped"};
  // one step short: "(rank 1)" in the words only, its ranks hold just the waiting rank
  auto f = merge_reports(
      {node(0, {waiting(0)}, {silent(0, "198.18.69.11:59016 (rank 1)")}), node(1, {stopped}, {stopped_rank1()})}, {});
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].id, "watch.rank.stopped");
  EXPECT_EQ(f[0].evidence.size(), 1u);
  EXPECT_EQ(f[1].id, "watch.peer.silent");
}

// w4 of clusters-2026-12-05b: rank 1's loader workers spin while its main thread polls them; node 0
// names rank 1 as the peer its rank 0 waits on. The input pipeline is the cause, node 0's view its evidence.
TEST(Merge, ALoaderBoundRankOnAnotherNodeAbsorbsTheSilentPeerThatNamesIt) {
  RankActivity loader{1, Activity::reading_input, 4717,
                      "rank 1 (pid 4717): reading input, main thread in poll, CPU 27%, its worker processes (pid "
                      "4773, 4775) burn CPU 27% together"};
  auto mine =
      core::new_finding("watch.input.slow", core::Label::data_pipeline_stall, core::Severity::warning,
                        "rank 1 (pid 4717) is busy reading input and no rank on this node waits in a collective");
  mine.ranks = {1};
  auto f = merge_reports(
      {node(0, {waiting(0)}, {silent(0, "198.18.70.11:45695 (rank 1)", {1})}), node(1, {loader}, {mine})}, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.input.slow");
  EXPECT_EQ(f[0].severity, core::Severity::error);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].title,
            "rank 1 (node1) busy reading input while rank 0 (node0) waits for it: the input pipeline is the "
            "bottleneck");
  EXPECT_EQ(f[0].evidence.back(), "node0: " + silent(0, "198.18.70.11:45695 (rank 1)", {1}).title);
  EXPECT_NE(std::find(f[0].evidence.begin(), f[0].evidence.end(), "node1: " + loader.detail), f[0].evidence.end());
}

// w2 of clusters-2026-12-05c: rank 1's main thread blocks in read() of a FIFO nobody writes, CPU 0%;
// rank 0 waits in all_reduce for it. Blocked, not busy: what it blocks on is named, no bottleneck and
// no "more workers".
TEST(Merge, ARankBlockedReadingAFifoOnAnotherNodeIsNamedBlockedNotABusyPipeline) {
  RankActivity fifo{1, Activity::reading_input, 31491,
                    "rank 1 (pid 31491): reading input, main thread in read (anon_pipe_read), CPU 0%, reading "
                    "/tmp/c4run.WUbkQ4/shard.fifo",
                    "/tmp/c4run.WUbkQ4/shard.fifo"};
  auto mine = core::new_finding("watch.input.slow", core::Label::data_pipeline_stall, core::Severity::warning,
                                "rank 1 (pid 31491) is blocked in a read of /tmp/c4run.WUbkQ4/shard.fifo (CPU 0%, "
                                "nothing read in 3 s) and no rank on this node waits in a collective");
  mine.ranks = {1};
  auto n0 = node(0, {waiting(0)}, {silent(0, "198.18.89.11:54392 (rank 1)", {1})});
  auto n1 = node(1, {fifo}, {mine});
  // through the wire, as the rendezvous carries it
  auto r1 = node_report_from_json(to_json(n1));
  ASSERT_TRUE(r1.has_value());
  EXPECT_EQ(r1->ranks.at(0).blocked_on, "/tmp/c4run.WUbkQ4/shard.fifo");
  auto f = merge_reports({n0, *r1}, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.input.slow");
  EXPECT_EQ(f[0].title,
            "rank 1 (node1) blocked in a read of /tmp/c4run.WUbkQ4/shard.fifo (nothing read) while rank 0 "
            "(node0) waits for it");
  EXPECT_EQ(f[0].fix.text.find("num_workers"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("/tmp/c4run.WUbkQ4/shard.fifo delivers nothing"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("More DataLoader workers do not help"), std::string::npos) << f[0].fix.text;

  // One step short: the reader is not blocked (its node sent no blocked_on): the pipeline wording stays.
  n1.ranks[0].blocked_on.clear();
  auto g = merge_reports({n0, n1}, {});
  ASSERT_EQ(g.size(), 1u);
  EXPECT_NE(g[0].title.find("busy reading input"), std::string::npos) << g[0].title;
  EXPECT_EQ(g[0].severity, core::Severity::error);

  // clusters-2026-12-07l w4: the reader read 8192 bytes in its window (a FIFO fed 4 KiB every 2 s):
  // its input still arrives, a slow job: a warning (the merged verdict is not STALLED), through the wire
  n1.ranks[0].read_bytes = 8192;
  auto r2 = node_report_from_json(to_json(n1));
  ASSERT_TRUE(r2.has_value());
  EXPECT_EQ(r2->ranks.at(0).read_bytes, 8192u);
  auto h = merge_reports({n0, *r2}, {});
  ASSERT_EQ(h.size(), 1u);  // node 0's silent peer (rank 1) is its evidence, not an error beside it
  EXPECT_EQ(h[0].severity, core::Severity::warning);
  EXPECT_EQ(h[0].title,
            "rank 1 (node1) reading input while rank 0 (node0) waits for it: its input still arrives (8192 bytes read "
            "in the stall's window), so most likely a slow input pipeline setting the pace rather than a hang (a stall "
            "if the reading stops)");
  EXPECT_NE(h[0].fix.text.find("nothing is stuck"), std::string::npos) << h[0].fix.text;
  n1.ranks[0].read_bytes = 512;  // less than 1 KiB: not said to arrive
  EXPECT_EQ(merge_reports({n0, n1}, {}).at(0).severity, core::Severity::error);
}

// w4 of clusters-2026-12-05c, from the nodes' real reports: rank 2 is stopped mid all_reduce; rank 0
// waits on ranks 1 and 2, rank 1 on ranks 2 and 0. The ranks' endpoints and waits_on are what watch
// sends for the same sockets, read here from the socket lines of those reports.
std::vector<NodeReport> sigstop_nodes(bool with_links) {
  std::ifstream in(std::string(DD_TEST_DATA_DIR) +
                   "/stranger/clusters-2026-12-05c/w4-sigstop-mid-allreduce-3nodes/out/watch.rank0.json");
  auto j = nlohmann::json::parse(in);
  std::vector<NodeReport> nodes;
  static const std::regex silent(R"(^rank \d+ \(pid \d+\): (\S+) -> (\S+) ESTABLISHED)");
  static const std::regex unread(R"(received and unread on (\S+) -> )");
  for (const auto& n : j.at("meeting").at("nodes")) {
    auto r = node_report_from_json(n);
    EXPECT_TRUE(r.has_value());
    if (!r) return {};
    EXPECT_EQ(r->ranks.size(), 1u);
    for (const auto& f : r->findings) {
      for (const auto& e : f.evidence) {
        std::smatch m;
        if (!with_links) break;
        if (std::regex_search(e, m, silent)) {
          r->ranks[0].endpoints.push_back(m[1]);
          r->ranks[0].waits_on.push_back(m[2]);
        } else if (std::regex_search(e, m, unread)) {
          r->ranks[0].endpoints.push_back(m[1]);
        }
      }
    }
    nodes.push_back(std::move(*r));
  }
  return nodes;
}

TEST(Merge, AStoppedRankOfThreeIsTheOnlyPeerBlamedTheWaitingPeersAreToldApart) {
  auto nodes = sigstop_nodes(true);
  ASSERT_EQ(nodes.size(), 3u);
  ASSERT_EQ(nodes[2].ranks[0].endpoints.size(), 2u);
  auto f = merge_reports(nodes, {});
  ASSERT_EQ(f.size(), 1u) << f[1].id << ": " << f[1].title;
  EXPECT_EQ(f[0].id, "watch.rank.stopped");
  EXPECT_EQ(f[0].ranks, std::vector<int>{2});
  EXPECT_NE(std::find(f[0].evidence.begin(), f[0].evidence.end(),
                      "c4node0: rank 0 (pid 980) on c4node0 waits on rank 2 (c4node2, 198.18.91.12:55830), which is "
                      "stopped: nothing arrives from it; rank 1 (c4node1, 198.18.91.11:36794), the other peer it "
                      "waits on, waits for its own peers too"),
            f[0].evidence.end())
      << core::join(f[0].evidence, "\n");
  EXPECT_NE(std::find(f[0].evidence.begin(), f[0].evidence.end(),
                      "c4node1: rank 1 (pid 981) on c4node1 waits on rank 2 (c4node2, 198.18.91.12:49952), which is "
                      "stopped: nothing arrives from it; rank 0 (c4node0, 198.18.91.10:46465), the other peer it "
                      "waits on, waits for its own peers too"),
            f[0].evidence.end())
      << core::join(f[0].evidence, "\n");
  for (const auto& e : f[0].evidence) EXPECT_EQ(e.find("those peers are"), std::string::npos) << e;
}

TEST(MergeShort, APeerAddressNoReportHoldsIsNotBlamedOnTheStoppedRank) {
  // one step short: node 2 sent no endpoints (an older watch): rank 2 is not known to be at
  // 198.18.91.12:55830, so rank 0's wait is not the stopped rank's evidence; rank 1 is still told apart
  auto nodes = sigstop_nodes(true);
  ASSERT_EQ(nodes.size(), 3u);
  nodes[2].ranks[0].endpoints.clear();
  auto f = merge_reports(nodes, {});
  ASSERT_EQ(f.size(), 2u);  // both nodes' watch.peer.silent, merged by id
  EXPECT_EQ(f[0].id, "watch.rank.stopped");
  EXPECT_EQ(f[0].evidence.size(), 3u);
  EXPECT_EQ(f[1].id, "watch.peer.silent");
  EXPECT_EQ(f[1].ranks, (std::vector<int>{0, 1}));
  EXPECT_EQ(f[1].title,
            "rank 0 (pid 980) on c4node0 waits on 198.18.91.12:55830, which no node's report holds: nothing arrives "
            "from it; a peer no report holds is stopped, busy, in another collective, or its node can no longer send "
            "here; rank 1 (c4node1, "
            "198.18.91.11:36794), the other peer it waits on, waits for its own peers too");
  // and without any endpoints (every node an older watch) the nodes' own words stand
  auto old = merge_reports(sigstop_nodes(false), {});
  ASSERT_EQ(old.size(), 2u);
  EXPECT_EQ(old[1].title, sigstop_nodes(false)[0].findings[0].title);
}

// w1 of clusters-2026-12-05c: rank 2 dials MASTER_PORT=29402, the others wait at the store on 29400.
// The verdict names that cause; "no known cause" from the other nodes would contradict it.
TEST(Merge, NoKnownCauseIsDroppedWhereTheVerdictNamesACause) {
  auto store =
      core::new_finding("watch.store.incomplete", core::Label::other, core::Severity::error,
                        "1 of 4 ranks never joined the store at c4node0:29400: rank 0 (pid 30504) waits for it");
  store.ranks = {0};
  auto unknown = core::new_finding("watch.stall.unexplained", core::Label::other, core::Severity::warning,
                                   "the job made no progress and no known cause was found");
  std::vector<NodeReport> nodes;
  RankActivity dials{2, Activity::sleeping, 30503, "rank 2 (pid 30503): sleeping, main thread in clock_nanosleep"};
  for (int i = 0; i < 4; ++i) {
    nodes.push_back(node(i, {i == 2 ? dials : waiting(i)}, {i == 0 ? store : unknown}));
    std::map<std::string, std::string> env = {{"WORLD_SIZE", "4"}, {"MASTER_PORT", i == 2 ? "29402" : "29400"}};
    nodes.back().rank_envs = {RankEnv{i, 30500 + i, nodes.back().host, true, env}};
  }
  auto f = merge_reports(nodes, {});
  EXPECT_EQ(by_id(f, "watch.stall.unexplained"), nullptr);
  ASSERT_NE(by_id(f, "watch.store.incomplete"), nullptr);
  EXPECT_EQ(by_id(f, "watch.store.incomplete")->label, core::Label::config_typo);
  EXPECT_EQ(by_id(f, "watch.env.differs-across-ranks"), nullptr);  // said by the store's finding

  // One step short: no node names a cause; "no known cause" stands.
  for (auto& n : nodes) n.findings = {unknown}, n.rank_envs.clear(), n.ranks.clear();
  auto g = merge_reports(nodes, {});
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].id, "watch.stall.unexplained");
}

// w1 of clusters-2026-12-05c, from the nodes' real reports: rank 2 runs with MASTER_PORT=29402 while
// rank 0 serves the store on 29400; ranks 1 and 3 wait at the store, rank 2 sleeps between dials.
std::vector<NodeReport> wrong_port_nodes() {
  std::ifstream in(std::string(DD_TEST_DATA_DIR) +
                   "/stranger/clusters-2026-12-05c/w1-store-missing-wrong-port-4nodes/out/watch.rank0.json");
  const auto j = nlohmann::json::parse(in);
  std::vector<NodeReport> nodes;
  for (const auto& n : j.at("meeting").at("nodes")) {
    auto r = node_report_from_json(n);
    EXPECT_TRUE(r.has_value());
    if (r) nodes.push_back(std::move(*r));
  }
  return nodes;
}

TEST(Merge, ARankOnAnotherPortIsNamedByTheIncompleteStoreWithTheStoresPortAsItsFix) {
  auto nodes = wrong_port_nodes();
  ASSERT_EQ(nodes.size(), 4u);
  auto f = merge_reports(nodes, {});
  ASSERT_EQ(f.size(), 1u) << f[1].id << ": " << f[1].title;
  EXPECT_EQ(f[0].id, "watch.store.incomplete");
  EXPECT_EQ(f[0].label, core::Label::config_typo);
  EXPECT_EQ(f[0].title,
            "1 of 4 ranks never joined the store at c4node0:29400: rank 0 (pid 30504) waits for it; rank 2 (c4node2) "
            "runs with MASTER_PORT=29402, not the store's 29400: it dials another port");
  EXPECT_EQ(f[0].ranks, (std::vector<int>{0, 2}));
  EXPECT_EQ(f[0].hosts, (std::vector<std::string>{"c4node0", "c4node2"}));
  using PerHost = std::map<std::string, std::map<std::string, std::string>>;
  EXPECT_EQ(f[0].fix.per_host, (PerHost{{"c4node2", {{"MASTER_PORT", "29400"}}}}));
  EXPECT_EQ(f[0].fix.text,
            "Give rank 2 the store's port: `export MASTER_PORT=29400` where rank 2 is launched (on c4node2), then "
            "start it again; the other ranks wait for it at the store.");
  EXPECT_NE(
      std::find(f[0].evidence.begin(), f[0].evidence.end(), "rank 2 (pid 30503, host c4node2): MASTER_PORT=29402"),
      f[0].evidence.end());
}

TEST(MergeShort, AnIncompleteStoreWhoseRanksShareItsPortNamesNoPortAndKeepsTheEnvironmentsApart) {
  // one step short: rank 2's MASTER_PORT is the store's; it differs in NCCL_DEBUG only
  auto nodes = wrong_port_nodes();
  ASSERT_EQ(nodes.size(), 4u);
  nodes[2].rank_envs.at(0).env["MASTER_PORT"] = "29400";
  nodes[2].rank_envs.at(0).env["NCCL_DEBUG"] = "INFO";
  auto f = merge_reports(nodes, {});
  const auto* store = by_id(f, "watch.store.incomplete");
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->label, core::Label::other);
  EXPECT_EQ(store->title, "1 of 4 ranks never joined the store at c4node0:29400: rank 0 (pid 30504) waits for it");
  EXPECT_TRUE(store->fix.per_host.empty());
  const auto* env = by_id(f, "watch.env.differs-across-ranks");
  ASSERT_NE(env, nullptr);
  EXPECT_EQ(env->title.find("MASTER_PORT"), std::string::npos) << env->title;
  // and a rank on another port beside no incomplete store is the environments' difference only
  auto plain = wrong_port_nodes();
  plain[0].findings.clear();
  auto g = merge_reports(plain, {});
  ASSERT_NE(by_id(g, "watch.env.differs-across-ranks"), nullptr);
  EXPECT_NE(by_id(g, "watch.env.differs-across-ranks")->title.find("MASTER_PORT"), std::string::npos);
}

// Rank 2's MASTER_PORT=29402 is said once: by the incomplete store's finding where it is in the
// verdict, else by the environments' comparison.
int findings_saying(const std::vector<core::Finding>& fs, const std::string& text) {
  return static_cast<int>(std::count_if(fs.begin(), fs.end(), [&](const core::Finding& f) {
    return std::any_of(f.evidence.begin(), f.evidence.end(),
                       [&](auto& e) { return e.find(text) != std::string::npos; });
  }));
}

TEST(Merge, AnotherPortIsLeftOutOfTheEnvironmentsOnlyWhereTheIncompleteStoreSaysIt) {
  auto nodes = wrong_port_nodes();
  ASSERT_EQ(nodes.size(), 4u);
  nodes[2].rank_envs.at(0).env["NCCL_DEBUG"] = "INFO";  // the comparison has something else to say
  auto said = merge_reports(nodes, {});
  ASSERT_NE(by_id(said, "watch.store.incomplete"), nullptr);
  ASSERT_NE(by_id(said, "watch.env.differs-across-ranks"), nullptr);
  EXPECT_EQ(by_id(said, "watch.env.differs-across-ranks")->title.find("MASTER_PORT"), std::string::npos);
  EXPECT_EQ(findings_saying(said, "MASTER_PORT=29402"), 1);
  // no node reports the incomplete store: the environments' comparison says the port
  for (auto& n : nodes) {
    n.findings.erase(
        std::remove_if(n.findings.begin(), n.findings.end(), [](auto& g) { return g.id == "watch.store.incomplete"; }),
        n.findings.end());
  }
  auto unsaid = merge_reports(nodes, {});
  EXPECT_EQ(by_id(unsaid, "watch.store.incomplete"), nullptr);
  const auto* env = by_id(unsaid, "watch.env.differs-across-ranks");
  ASSERT_NE(env, nullptr);
  EXPECT_NE(env->title.find("MASTER_PORT"), std::string::npos) << env->title;
  EXPECT_EQ(findings_saying(unsaid, "MASTER_PORT=29402"), 1);
}

TEST(MergeShort, NoKnownCauseStaysBesideFindingsThatNameNoCause) {
  auto unknown = core::new_finding("watch.stall.unexplained", core::Label::other, core::Severity::warning,
                                   "the job made no progress and no known cause was found");
  auto warning = core::new_finding("watch.input.slow", core::Label::data_pipeline_stall, core::Severity::warning,
                                   "rank 1 (pid 4717) is busy reading input and no rank on this node waits");
  auto store = core::new_finding("watch.store.incomplete", core::Label::other, core::Severity::error,
                                 "1 of 2 ranks never joined the store at 198.18.1.1:29500: rank 0 (pid 7150) waits");
  store.ranks = {0};
  // a warning with a cause label, a silent peer, an incomplete store naming no rank: none names a cause
  for (const auto& beside : {warning, silent(0, "198.18.69.11:59016"), store}) {
    auto f = merge_reports({node(0, {waiting(0)}, {beside}), node(1, {waiting(1)}, {unknown})}, {2});
    EXPECT_NE(by_id(f, "watch.stall.unexplained"), nullptr) << beside.id;
  }
  // a stopped rank names one, though its label is other
  RankActivity stopped{1, Activity::stopped, 8112, "rank 1 (pid 8112): stopped"};
  auto g = merge_reports({node(0, {waiting(0)}, {unknown}), node(1, {stopped}, {stopped_rank1()})}, {});
  EXPECT_EQ(by_id(g, "watch.stall.unexplained"), nullptr);
}

// w3 of clusters-2026-12-05b: rank 2 never started on node 2. Node 0 counts the store's clients; the
// merge names the rank no node reported and the node that sent nothing.
core::Finding incomplete() {
  auto f = core::new_finding("watch.store.incomplete", core::Label::other, core::Severity::error,
                             "1 of 3 ranks never joined the store at 198.18.1.1:29500: rank 0 (pid 7150) waits for it");
  f.ranks = {0};
  return f;
}

std::vector<NodeReport> store_nodes(int world) {
  auto n0 = node(0, {{0, Activity::sleeping, 7150, "rank 0 (pid 7150): sleeping"}}, {incomplete()});
  auto n1 = node(1, {waiting(1)}, {});
  std::map<std::string, std::string> env = {{"WORLD_SIZE", std::to_string(world)}};
  n0.rank_envs = {RankEnv{0, 7150, "node0", true, env}};
  n1.rank_envs = {RankEnv{1, 7151, "node1", true, env}};
  return {n0, n1};
}

TEST(Merge, AnIncompleteStoreNamesTheRankNoNodeReportedAndTheSilentNode) {
  auto f = merge_reports(store_nodes(3), {2});
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.store.incomplete");
  EXPECT_EQ(f[0].title,
            "1 of 3 ranks never joined the store at 198.18.1.1:29500: rank 0 (pid 7150) waits for it; no node "
            "reported rank 2 and node rank(s) 2 sent no watch report");
  EXPECT_EQ(f[0].ranks, (std::vector<int>{0, 2}));
  EXPECT_EQ(f[0].evidence.back(), "the nodes' reports hold rank 0 (node0), rank 1 (node1) of WORLD_SIZE=3");
  EXPECT_EQ(by_id(f, "watch.collective.mismatch"), nullptr);
}

TEST(MergeShort, AnIncompleteStoreWhoseRanksEveryNodeReportedNamesNoRank) {
  // one step short: WORLD_SIZE=2, both ranks reported (the store's count is node 0's alone)
  auto f = merge_reports(store_nodes(2), {});
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.store.incomplete");
  EXPECT_EQ(f[0].title, incomplete().title);
  EXPECT_EQ(f[0].ranks, std::vector<int>{0});
}

TEST(Merge, NodeReportSurvivesTheWireAndBadOnesAreRefused) {
  auto n = node(3, {{6, Activity::reading_input}, {7, Activity::in_collective}},
                {finding("watch.input.slow", core::Label::data_pipeline_stall, {6})});
  n.exit_code = 143;
  auto back = node_report_from_json(to_json(n));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->node, 3);
  EXPECT_EQ(back->host, "node3");
  EXPECT_EQ(back->exit_code, 143);
  ASSERT_EQ(back->ranks.size(), 2u);
  EXPECT_EQ(back->ranks[0].activity, Activity::reading_input);
  EXPECT_TRUE(back->ranks[0].endpoints.empty());
  n.ranks[1].endpoints = {"198.18.1.4:40000", "[fd00:18::4]:40001"};
  n.ranks[1].waits_on = {"198.18.1.2:50000"};
  auto linked = node_report_from_json(to_json(n));
  ASSERT_TRUE(linked);
  EXPECT_EQ(linked->ranks[1].endpoints, n.ranks[1].endpoints);
  EXPECT_EQ(linked->ranks[1].waits_on, n.ranks[1].waits_on);
  ASSERT_EQ(back->findings.size(), 1u);
  EXPECT_EQ(back->findings[0].label, core::Label::data_pipeline_stall);
  EXPECT_EQ(back->findings[0].ranks, std::vector<int>{6});
  auto bad = to_json(n);
  bad["ranks"][0]["activity"] = "dancing";
  EXPECT_FALSE(node_report_from_json(bad));
  EXPECT_FALSE(node_report_from_json(nlohmann::json::array()));
  EXPECT_FALSE(node_report_from_json({{"node", "x"}, {"host", "h"}}));
}

// w1 of clusters-2026-12-05d: rank 1 raised and lives on; rank 0's node names it as the silent
// peer. The merged verdict is rank 1's exception, with rank 0 waiting on it; no "every rank waits".
TEST(Merge, ARankAliveAfterAnUncaughtExceptionAbsorbsTheSilentPeerThatNamesIt) {
  auto raised = core::new_finding("watch.rank.raised", core::Label::other, core::Severity::error,
                                  "rank 1 (pid 8112)'s output ends in a Python traceback, `RuntimeError: bad "
                                  "batch`, and its process lives on (6 threads): if its main thread raised it, rank 1 "
                                  "will never join its peers' collectives");
  raised.ranks = {1};
  RankActivity r1{1, Activity::raised, 8112, "rank 1 (pid 8112): alive after an uncaught exception"};
  auto f = merge_reports(
      {node(0, {waiting(0)}, {silent(0, "198.18.69.11:59016 (rank 1)", {1})}), node(1, {r1}, {raised})}, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.raised");
  EXPECT_EQ(f[0].hosts, std::vector<std::string>{"node1"});
  EXPECT_TRUE(f[0].title.ends_with("; rank 0 (node0) waits on it")) << f[0].title;
  EXPECT_NE(f[0].title.find("`RuntimeError: bad batch`"), std::string::npos) << f[0].title;
  EXPECT_EQ(activity_from_key(activity_key(Activity::raised)), Activity::raised);
  EXPECT_EQ(activity_from_key(activity_key(Activity::waiting_child)), Activity::waiting_child);
}

// One step short: a silent peer on rank 2, not on the rank that raised, is not absorbed by it.
TEST(MergeShort, ASilentPeerOnAnotherRankIsNotTheRaisedRanksEvidence) {
  auto raised = core::new_finding("watch.rank.raised", core::Label::other, core::Severity::error, "rank 1 raised");
  raised.ranks = {1};
  RankActivity r1{1, Activity::raised, 8112, "rank 1 (pid 8112): alive after an uncaught exception"};
  auto f = merge_reports(
      {node(0, {waiting(0)}, {silent(0, "198.18.69.12:59016 (rank 2)", {2})}), node(1, {r1}, {raised})}, {});
  ASSERT_NE(by_id(f, "watch.rank.raised"), nullptr);
  EXPECT_EQ(by_id(f, "watch.rank.raised")->title, "rank 1 raised");
  EXPECT_NE(by_id(f, "watch.peer.silent"), nullptr);
}

// w4 of clusters-2026-12-06e (group-order-swapped): two process groups g_a, g_b of every rank; ranks
// 0, 1 all_reduce over g_a then g_b, rank 2 over g_b then g_a. The connections and the ms since each
// rank last sent on them, as `ss -tinp` showed them in the real hang (three namespace nodes, torch
// 1.13 Gloo): each pair of ranks has three connections (default group, g_a, g_b); at the hang rank 0
// sent on g_a to ranks 1 and 2, rank 1 on g_a to ranks 0 and 2, rank 2 on g_b to ranks 0 and 1.
std::vector<NodeReport> group_order_nodes() {
  auto ep = [](int node, int port) { return fmt::format("198.18.241.{}:{}", node + 1, port); };
  auto send = [&](int node, int local, int peer_node, int peer, std::uint32_t ago) {
    return PeerSend{ep(node, local), ep(peer_node, peer), ago};
  };
  std::vector<NodeReport> nodes;
  for (int i = 0; i < 3; ++i) nodes.push_back(node(i, {waiting(i)}, {}));
  nodes[0].ranks[0].endpoints = {ep(0, 35943), ep(0, 42341), ep(0, 45173), ep(0, 37685), ep(0, 38189), ep(0, 35747)};
  nodes[0].ranks[0].sends = {send(0, 35943, 2, 47264, 29012), send(0, 42341, 2, 34878, 28812),
                             send(0, 45173, 1, 38504, 29010), send(0, 37685, 1, 58738, 28813)};
  nodes[1].ranks[0].endpoints = {ep(1, 38504), ep(1, 33837), ep(1, 33565), ep(1, 34185), ep(1, 48158), ep(1, 58738)};
  nodes[1].ranks[0].sends = {send(1, 38504, 0, 45173, 30411), send(1, 33837, 2, 57268, 30209),
                             send(1, 34185, 2, 34114, 30415), send(1, 58738, 0, 37685, 30205)};
  nodes[2].ranks[0].endpoints = {ep(2, 57268), ep(2, 34878), ep(2, 46420), ep(2, 47264), ep(2, 38426), ep(2, 34114)};
  nodes[2].ranks[0].sends = {send(2, 46420, 1, 33565, 32132), send(2, 47264, 0, 35943, 32240),
                             send(2, 38426, 0, 38189, 32132), send(2, 34114, 1, 34185, 32236)};
  for (int i = 0; i < 3; ++i) nodes[static_cast<std::size_t>(i)].last_step_line = fmt::format("rank {} step 2", i);
  return nodes;
}

TEST(Merge, EveryRankWaitingWithOneRankSendingOnOtherConnectionsNamesThatRankOutOfOrder) {
  auto nodes = group_order_nodes();
  auto f = merge_reports(nodes, {});
  ASSERT_EQ(f.size(), 1u) << f[1].id;
  EXPECT_EQ(f[0].id, "watch.collective.odd-rank");
  EXPECT_EQ(f[0].severity, core::Severity::error);
  EXPECT_EQ(f[0].label, core::Label::other);  // another group's collective, or held before theirs
  EXPECT_EQ(f[0].ranks, std::vector<int>{2});
  EXPECT_EQ(f[0].hosts, std::vector<std::string>{"node2"});
  EXPECT_NE(f[0].title.find("; rank 2 (node2) is not in the collective rank 0 (node0), rank 1 (node1) wait in: each "
                            "process group has connections of its own, and rank 2 (node2)'s last data to each of "
                            "them went over a different connection than their last data to it"),
            std::string::npos)
      << f[0].title;
  EXPECT_NE(f[0].title.find("entered a collective of another process group (the groups' collectives called in "
                            "another order), or is held before theirs"),
            std::string::npos)
      << f[0].title;
  std::string ev = core::join(f[0].evidence, "\n");
  EXPECT_NE(ev.find("rank 0 (node0) and rank 1 (node1) last sent to each other on one connection (198.18.241.1:37685 "
                    "<-> 198.18.241.2:58738)"),
            std::string::npos)
      << ev;
  EXPECT_NE(ev.find("rank 0 (node0) last sent to rank 2 (node2) on 198.18.241.1:42341 -> 198.18.241.3:34878 (28812 ms "
                    "before its inspection), rank 2 (node2) to rank 0 (node0) on 198.18.241.3:38426 -> "
                    "198.18.241.1:38189"),
            std::string::npos)
      << ev;
  EXPECT_NE(f[0].fix.text.find("collectives of its process groups in the same order"), std::string::npos);
  EXPECT_NE(f[0].fix.text.find("`kill -ABRT 7152` on node2"), std::string::npos) << f[0].fix.text;
  EXPECT_EQ(f[0].fix.text.find("--rendezvous"), std::string::npos) << f[0].fix.text;
  // the same through the rendezvous' JSON (the ranks' sends travel with their reports)
  std::vector<NodeReport> back;
  for (const auto& n : nodes) back.push_back(*node_report_from_json(to_json(n)));
  EXPECT_EQ(back[2].ranks[0].sends, nodes[2].ranks[0].sends);
  EXPECT_EQ(merge_reports(back, {})[0].id, "watch.collective.odd-rank");
}

// One step short of singling a rank out: the candidates stay, no rank is named.
TEST(MergeShort, NoRankIsOutOfOrderUnlessItAloneSentOnOtherConnectionsThanEveryPeer) {
  auto none_named = [](const std::vector<NodeReport>& nodes) {
    auto f = merge_reports(nodes, {});
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].id, "watch.collective.all-waiting") << f[0].title;
    std::vector<int> all;
    for (const auto& n : nodes) all.push_back(n.ranks[0].rank);
    EXPECT_EQ(f[0].ranks, all);
    EXPECT_EQ(f[0].title.find("is not in the collective"), std::string::npos) << f[0].title;
  };
  // rank 1's data to rank 0 on g_a not seen: ranks 0 and 1 apart too, every rank equally odd
  auto nodes = group_order_nodes();
  nodes[1].ranks[0].sends.pop_back();
  none_named(nodes);
  // rank 2 sent nothing that was seen: its pairs cannot be compared
  nodes = group_order_nodes();
  nodes[2].ranks[0].sends.clear();
  none_named(nodes);
  // two ranks apart from each other (world 2): each is as odd as the other
  nodes = group_order_nodes();
  nodes.pop_back();
  none_named(nodes);
  // every pair on one connection (the same collective, e.g. a rank blocked in its own code after
  // the previous collective of the same group): nothing tells a rank apart
  nodes = group_order_nodes();
  nodes[2].ranks[0].sends = {PeerSend{"198.18.241.3:38426", "198.18.241.1:42341", 10},
                             PeerSend{"198.18.241.3:46420", "198.18.241.2:33837", 10}};
  nodes[0].ranks[0].endpoints[1] = "198.18.241.1:42341";
  nodes[2].ranks[0].endpoints = {"198.18.241.3:38426", "198.18.241.3:46420"};
  nodes[0].ranks[0].sends[1] = PeerSend{"198.18.241.1:42341", "198.18.241.3:38426", 5};
  nodes[1].ranks[0].sends[1] = PeerSend{"198.18.241.2:33837", "198.18.241.3:46420", 5};
  none_named(nodes);
}

}  // namespace
}  // namespace dd::watch
