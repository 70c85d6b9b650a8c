// Merging per-node watch reports into one verdict (rank 0 of `watch --rendezvous`), and the
// report's JSON round trip over the rendezvous.
#include "watch/merge.hpp"

#include <gtest/gtest.h>

#include "watch/meet.hpp"

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

TEST(Merge, RankWaitingOnOneNodeAndIdleOnAnotherIsCollectiveMismatchNamingTheAbsentRank) {
  // node 0 alone sees its rank wait while no byte moves; node 1 alone sees nothing it can explain
  auto n0 = node(0, {{0, Activity::in_collective}},
                 {finding("watch.collective.mismatch", core::Label::collective_mismatch, {0})});
  auto n1 = node(1, {{1, Activity::elsewhere}},
                 {core::new_finding("watch.stall.unexplained", core::Label::other, core::Severity::warning, "?")});
  auto f = merge_reports({n0, n1}, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.collective.mismatch");
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].hosts, std::vector<std::string>{"node1"});
  EXPECT_EQ(f[0].title, "rank 0 (node0) waits in a collective that rank 1 (node1) never joined");
}

TEST(MergeShort, CollectiveMismatchAcrossNodesNeedsAnIdleRankOnAnotherNodeAndNoNetworkError) {
  auto unexplained = [] {
    return core::new_finding("watch.stall.unexplained", core::Label::other, core::Severity::warning, "?");
  };
  auto mismatch_of = [](const std::vector<core::Finding>& fs) -> const core::Finding* {
    for (const auto& f : fs)
      if (f.id == "watch.collective.mismatch") return &f;
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
  EXPECT_EQ(f->ranks, std::vector<int>{1});
  EXPECT_EQ(f->evidence, (std::vector<std::string>{"node0: rank 0 waiting for its peers",
                                                   "node1: rank 1 idle outside communication"}));
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
  EXPECT_NE(f[2].title.find("rank(s) 2"), std::string::npos);
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
  ASSERT_EQ(back->findings.size(), 1u);
  EXPECT_EQ(back->findings[0].label, core::Label::data_pipeline_stall);
  EXPECT_EQ(back->findings[0].ranks, std::vector<int>{6});
  auto bad = to_json(n);
  bad["ranks"][0]["activity"] = "dancing";
  EXPECT_FALSE(node_report_from_json(bad));
  EXPECT_FALSE(node_report_from_json(nlohmann::json::array()));
  EXPECT_FALSE(node_report_from_json({{"node", "x"}, {"host", "h"}}));
}

}  // namespace
}  // namespace dd::watch
