// BackgroundMeeting: the multi-node watch meeting on a thread of its own, over the real rendezvous
// on loopback (rank 0 merges, rank 1 gets the verdict), started once per run.
#include "watch/meet.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "transport/rendezvous.hpp"

namespace dd::watch {
namespace {

NodeReport report(int node, Activity a) {
  NodeReport r;
  r.node = node;
  r.host = "node" + std::to_string(node);
  r.stalls = 1;
  r.ranks = {{node, a}};
  if (node == 0) {
    auto f =
        core::new_finding("watch.collective.mismatch", core::Label::collective_mismatch, core::Severity::error, "t");
    f.ranks = {0};
    r.findings = {f};
  }
  return r;
}

int free_port() {
  auto s = cluster::RendezvousServer::open(0);
  return s ? s->port() : 0;
}

TEST(BackgroundMeeting, TwoNodesMeetOnTheirOwnThreadsAndBothGetTheMergedVerdict) {
  int port = free_port();
  ASSERT_GT(port, 0);
  MeetConfig c{"127.0.0.1", port, 0, 2, "tok", "node0", std::chrono::milliseconds(20000)};
  MeetConfig c1 = c;
  c1.rank = 1;
  c1.host = "node1";
  std::atomic<int> done{0};
  BackgroundMeeting m0, m1;
  auto quiet = [](const std::string&) {};
  m0.start(c, report(0, Activity::in_collective), quiet, [&](const MeetOutcome&) { ++done; });
  m0.start(c, report(0, Activity::computing), quiet, [&](const MeetOutcome&) { done += 100; });  // ignored
  m1.start(c1, report(1, Activity::elsewhere), quiet, [&](const MeetOutcome&) { ++done; });
  EXPECT_TRUE(m0.started());
  auto o0 = m0.wait();
  auto o1 = m1.wait();
  ASSERT_TRUE(o0.ok) << o0.error;
  ASSERT_TRUE(o1.ok) << o1.error;
  EXPECT_EQ(done.load(), 2);
  EXPECT_EQ(o0.nodes.size(), 2u);
  EXPECT_EQ(o1.verdict.verdict, "STALLED");
  ASSERT_FALSE(o1.verdict.findings.empty());
  const auto& f = o1.verdict.findings.front();
  EXPECT_EQ(f.id, "watch.rank.blocked-elsewhere");
  EXPECT_EQ(f.ranks, std::vector<int>{1});  // the rank on node 1 never arrived
  // Node 1 decoded the message rank 0 sent: the same verdict rank 0 holds.
  EXPECT_EQ(to_json(o1.verdict), to_json(o0.verdict));
}

// w3 of clusters-2026-12-05b: node 1 stalls first and dials rank 0 before rank 0 listens; rank 0
// then waits its whole --meet-timeout for node 2, which never comes. Node 1 still gets the verdict:
// its wait for it runs from its join, not from its own start.
TEST(BackgroundMeeting, ANodeThatJoinedBeforeRankZeroGathersGetsTheVerdictWhenANodeNeverComes) {
  int port = free_port();
  ASSERT_GT(port, 0);
  MeetConfig c{"127.0.0.1", port, 0, 3, "tok", "node0", std::chrono::milliseconds(3000)};
  MeetConfig c1 = c;
  c1.rank = 1;
  c1.host = "node1";
  auto quiet = [](const std::string&) {};
  BackgroundMeeting m0, m1;
  m1.start(c1, report(1, Activity::in_collective), quiet, nullptr);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  m0.start(c, report(0, Activity::in_collective), quiet, nullptr);
  auto o0 = m0.wait();
  auto o1 = m1.wait();
  ASSERT_TRUE(o0.ok) << o0.error;
  EXPECT_EQ(o0.missing, std::vector<int>{2});
  ASSERT_TRUE(o1.ok) << o1.error;
  EXPECT_EQ(o1.verdict.missing, std::vector<int>{2});
  EXPECT_EQ(to_json(o1.verdict), to_json(o0.verdict));
}

// merged-store-missing in CI (stop 53): node 0 stalled during a slow start, met, moved on, then hung
// for good while rank 0 still gathered; the verdict said "the stall ended". A later stall's report
// replaces the first and its hang stands; progress after the last stall still ends it.
MeetOutcome rank_zero_after(void (*then)(BackgroundMeeting&)) {
  int port = free_port();
  MeetConfig c{"127.0.0.1", port, 0, 3, "tok", "node0", std::chrono::milliseconds(2500)};
  MeetConfig c1 = c;
  c1.rank = 1;
  c1.host = "node1";
  auto quiet = [](const std::string&) {};
  BackgroundMeeting m0, m1;
  m0.start(c, report(0, Activity::computing), quiet, nullptr);
  m1.start(c1, report(1, Activity::in_collective), quiet, nullptr);
  then(m0);
  m1.wait();
  return m0.wait();
}

TEST(BackgroundMeeting, AStallAfterProgressReplacesTheFirstReportAndItsHangStands) {
  auto o = rank_zero_after([](BackgroundMeeting& m) {
    m.note_resumed();
    auto again = report(0, Activity::in_collective);
    again.stalls = 2;
    m.note_stalled_again(again);
  });
  ASSERT_TRUE(o.ok) << o.error;
  EXPECT_EQ(o.verdict.verdict, "STALLED");
  ASSERT_FALSE(o.nodes.empty());
  EXPECT_FALSE(o.nodes.front().resumed);
  EXPECT_EQ(o.nodes.front().stalls, 2);
  EXPECT_EQ(o.nodes.front().host, "node0");
  ASSERT_FALSE(o.verdict.findings.empty());
  EXPECT_NE(o.verdict.findings.front().id, "watch.stall.ended");
}

TEST(BackgroundMeeting, ProgressAfterTheLastStallEndsIt) {
  auto o = rank_zero_after([](BackgroundMeeting& m) {
    m.note_stalled_again(report(0, Activity::in_collective));
    m.note_resumed();
  });
  ASSERT_TRUE(o.ok) << o.error;
  EXPECT_TRUE(o.nodes.front().resumed);
  ASSERT_FALSE(o.verdict.findings.empty());
  EXPECT_EQ(o.verdict.findings.front().id, "watch.stall.ended");
}

TEST(JobVerdict, TheMessageDecodesToTheVerdictItCarriesAndAWrongShapeIsRefused) {
  JobVerdict v;
  v.verdict = "STALLED";
  v.reason = "t";
  v.exit_code = 1;
  v.findings = report(0, Activity::in_collective).findings;
  v.nodes = 2;
  v.missing = {3};
  auto back = job_verdict_from_json(to_json(v));
  ASSERT_TRUE(back);
  EXPECT_EQ(to_json(*back), to_json(v));
  EXPECT_EQ(back->findings.at(0).id, "watch.collective.mismatch");
  EXPECT_EQ(back->missing, std::vector<int>{3});
  EXPECT_FALSE(job_verdict_from_json(nlohmann::json::array()));
  EXPECT_FALSE(job_verdict_from_json({{"reason", "no verdict key"}}));
  nlohmann::json bad_finding = {{"verdict", "OK"}, {"findings", nlohmann::json::array({nlohmann::json{{"id", 1}}})}};
  EXPECT_FALSE(job_verdict_from_json(bad_finding));
}

TEST(BackgroundMeeting, WaitWithoutStartSaysSoInsteadOfBlocking) {
  BackgroundMeeting m;
  EXPECT_FALSE(m.started());
  auto o = m.wait();
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.error, "the meeting never started");
}

}  // namespace
}  // namespace dd::watch
