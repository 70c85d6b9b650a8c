// The merged verdict where one rank waits on an address no rank of the job holds
// (merge_outside.hpp), from w3 of tests/data/stranger/clusters-2026-12-06g: rank 1 waits in recv()
// on a config service 198.18.1.50:8080 outside the job; rank 0 waits on rank 1 in all_reduce.
#include <gtest/gtest.h>

#include <algorithm>

#include "watch/merge.hpp"

namespace dd::watch {
namespace {

core::Finding silent(int rank, std::vector<int> peers, const std::string& title) {
  auto f = core::new_finding("watch.peer.silent", core::Label::other, core::Severity::error, title);
  f.ranks = {rank};
  f.ranks.insert(f.ranks.end(), peers.begin(), peers.end());
  f.fix.text = "Look at the service at 198.18.1.50:8080";
  return f;
}

// `rank0_endpoints`: false for a report of an older watch (no endpoints for rank 0).
std::vector<core::Finding> merged(bool rank0_endpoints) {
  NodeReport n0, n1;
  n0.host = "node0";
  n0.stalls = 1;
  n0.findings = {silent(0, {}, "rank 0 (pid 7) waits on 198.18.1.2:50000")};
  n0.ranks = {RankActivity{0, Activity::in_collective, 7, "rank 0 (pid 7): waiting for its peers"}};
  if (rank0_endpoints) n0.ranks[0].endpoints = {"198.18.1.1:40000"};
  n0.ranks[0].waits_on = {"198.18.1.2:50000"};
  n1.node = 1;
  n1.host = "node1";
  n1.stalls = 1;
  n1.findings = {silent(1, {},
                        "rank 1 (pid 8) waits on 198.18.1.50:8080, an address no connection of the job seen "
                        "here holds")};
  n1.ranks = {RankActivity{1, Activity::in_collective, 8, "rank 1 (pid 8): waiting for its peers"}};
  n1.ranks[0].endpoints = {"198.18.1.2:50000", "198.18.1.2:41000"};
  n1.ranks[0].waits_on = {"198.18.1.50:8080"};
  return merge_reports({n0, n1}, {});
}

TEST(MergeOutside, ARankWaitingOnAnAddressNoRankHoldsIsNamedNotACollective) {
  auto f = merged(true);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.rank.waits-outside-job");
  EXPECT_EQ(f[0].title,
            "rank 1 (node1) waits on 198.18.1.50:8080, which no rank of the job holds (every node reported its "
            "ranks' connections): something outside the job holds it up, not a peer rank and not a collective; rank "
            "0 (node0) waits on it");
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  // its own fix, not the node's "may still be a rank" (every node's connections are in hand)
  EXPECT_EQ(f[0].fix.text.rfind("Look at what 198.18.1.50:8080 is", 0), 0u) << f[0].fix.text;
  EXPECT_EQ(f[0].fix.text.find("may still be a rank"), std::string::npos) << f[0].fix.text;
  for (const auto& g : f) EXPECT_NE(g.label, core::Label::collective_mismatch) << g.id;
}

// One step short: a rank without endpoints (an older watch's report): the rank table is not whole,
// the address may be that rank's: the candidates of every rank waiting stay.
TEST(MergeOutsideShort, ARankTableWithoutEveryRanksEndpointsNamesNothingOutside) {
  auto f = merged(false);
  EXPECT_TRUE(std::none_of(f.begin(), f.end(), [](auto& g) { return g.id == "watch.rank.waits-outside-job"; }));
  EXPECT_TRUE(std::any_of(f.begin(), f.end(), [](auto& g) { return g.id == "watch.collective.all-waiting"; }));
}

}  // namespace
}  // namespace dd::watch
