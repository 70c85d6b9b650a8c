#include "cluster/analysis/peer_plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

namespace dd::cluster {
namespace {

std::vector<int> ranks_upto(int n) {
  std::vector<int> r(static_cast<std::size_t>(n));
  std::iota(r.begin(), r.end(), 0);
  return r;
}

PlanOptions sparse_options(std::uint64_t seed, int k = 3) {
  PlanOptions o;
  o.seed = seed;
  o.random_peers = k;
  return o;
}

TEST(PeerPlan, FullMeshUpToTheThresholdAndWhenForced) {
  for (int n : {2, 3, 17, 64}) {
    auto plan = make_peer_plan(ranks_upto(n), PlanOptions{});
    EXPECT_FALSE(plan.sparse) << n;
    EXPECT_EQ(plan.ordered_pairs(), static_cast<std::size_t>(n * (n - 1))) << n;
  }
  PlanOptions forced;
  forced.full_mesh = true;
  auto big = make_peer_plan(ranks_upto(200), forced);
  EXPECT_FALSE(big.sparse);
  EXPECT_EQ(big.ordered_pairs(), 200u * 199u);
  EXPECT_TRUE(make_peer_plan(ranks_upto(65), PlanOptions{}).sparse);
}

// O(N*k): a node chooses at most 2 (star) + 2 (ring) + 2*3 (two trees: parent, two children) + k
// peers, and each choice is probed both ways: the total grows linearly, far below N*(N-1). Random
// peers chosen by others come on top of a node's own k, so only the mean is bounded per node.
TEST(PeerPlan, SparsePlanGrowsLinearly) {
  for (int k : {0, 3, 8}) {
    for (int n : {65, 128, 1024, 4096}) {
      if (n == 4096 && k != 3) continue;  // keeps the test quick under ASan
      auto plan = make_peer_plan(ranks_upto(n), sparse_options(7, k));
      ASSERT_TRUE(plan.sparse);
      const std::size_t nn = static_cast<std::size_t>(n), kk = static_cast<std::size_t>(k);
      EXPECT_LE(plan.ordered_pairs(), nn * (2 + 2 + 6 + 2 * kk)) << "n=" << n << " k=" << k;
      EXPECT_GE(plan.ordered_pairs(), nn * 4) << "n=" << n;  // at least the ring and the star
      std::size_t most = 0;
      for (const auto& [from, peers] : plan.peers)
        if (from != 0) most = std::max(most, peers.size());
      EXPECT_LE(most, 10 + 4 * kk) << "n=" << n << " k=" << k;  // random in-degree stays small
      EXPECT_EQ(plan.peers.at(0).size(), nn - 1);               // rank 0 talks to everyone
    }
  }
}

TEST(PeerPlan, CoversStarRingAndBothTreesBothWays) {
  for (int n : {65, 100, 127, 128, 1000}) {
    auto ranks = ranks_upto(n);
    auto plan = make_peer_plan(ranks, sparse_options(42));
    for (int i = 0; i < n; ++i) {
      if (i != 0) {
        EXPECT_TRUE(plan.probes(0, i) && plan.probes(i, 0)) << "star " << i;
      }
      int next = (i + 1) % n;
      EXPECT_TRUE(plan.probes(i, next) && plan.probes(next, i)) << "ring " << i;
      for (int parent : {btree_parent(i, n), dtree_parent(i, n)}) {
        if (parent < 0) continue;
        EXPECT_TRUE(plan.probes(i, parent) && plan.probes(parent, i)) << "tree " << i << "-" << parent;
      }
    }
  }
}

// Each tree of the double binary tree spans every position once: one root, n-1 parent edges,
// every position reaches the root, and no node has more than two children.
TEST(PeerPlan, DoubleBinaryTreeIsTwoSpanningBinaryTrees) {
  for (int n : {2, 3, 4, 5, 8, 65, 100, 128, 129}) {
    for (auto parent_of : {btree_parent, dtree_parent}) {
      int roots = 0;
      std::vector<int> children(static_cast<std::size_t>(n), 0);
      for (int i = 0; i < n; ++i) {
        int p = parent_of(i, n);
        if (p < 0) {
          ++roots;
          continue;
        }
        ASSERT_GE(p, 0);
        ASSERT_LT(p, n);
        ++children[static_cast<std::size_t>(p)];
        int hops = 0, at = i;
        while (parent_of(at, n) >= 0 && hops <= n) at = parent_of(at, n), ++hops;
        EXPECT_LE(hops, n) << "cycle at " << i << " n=" << n;
      }
      EXPECT_EQ(roots, 1) << n;
      for (int c : children) EXPECT_LE(c, 2) << n;
    }
  }
  // NCCL's layout for 8 positions: tree 1 is rooted at 0 with 4 below it; tree 2 mirrors it.
  EXPECT_EQ(btree_parent(0, 8), -1);
  EXPECT_EQ(btree_parent(4, 8), 0);
  EXPECT_EQ(btree_parent(2, 8), 4);
  EXPECT_EQ(btree_parent(6, 8), 4);
  EXPECT_EQ(btree_parent(1, 8), 2);
  EXPECT_EQ(dtree_parent(7, 8), -1);
  EXPECT_EQ(dtree_parent(3, 8), 7);
}

TEST(PeerPlan, SameSeedSamePlanOtherSeedOtherPeers) {
  auto a = make_peer_plan(ranks_upto(300), sparse_options(1234));
  auto b = make_peer_plan(ranks_upto(300), sparse_options(1234));
  auto c = make_peer_plan(ranks_upto(300), sparse_options(99));
  EXPECT_EQ(a.peers, b.peers);
  EXPECT_EQ(a.bulk, b.bulk);
  EXPECT_NE(a.peers, c.peers);
  EXPECT_EQ(a.seed, 1234u);
}

TEST(PeerPlan, EveryPairIsProbedBothWays) {
  for (bool sparse : {false, true}) {
    PlanOptions o = sparse_options(5);
    o.full_mesh_max = sparse ? 4 : 64;
    auto plan = make_peer_plan(ranks_upto(50), o);
    EXPECT_EQ(plan.sparse, sparse);
    for (const auto& [from, peers] : plan.peers)
      for (int to : peers) {
        EXPECT_NE(from, to);
        EXPECT_TRUE(plan.probes(to, from)) << from << "->" << to;
      }
  }
}

// Ranks need not be contiguous (a node that never came is left out): the plan is over the ranks
// present, in rank order, and names no absent rank.
TEST(PeerPlan, RanksWithGaps) {
  std::vector<int> ranks;
  for (int r = 0; r < 200; ++r)
    if (r % 7 != 3) ranks.push_back(r);
  auto plan = make_peer_plan(ranks, sparse_options(3));
  ASSERT_TRUE(plan.sparse);
  std::set<int> present(ranks.begin(), ranks.end());
  for (const auto& [from, peers] : plan.peers) {
    EXPECT_TRUE(present.count(from));
    for (int to : peers) EXPECT_TRUE(present.count(to)) << to;
  }
  EXPECT_TRUE(plan.probes(2, 4));  // ring neighbours across the absent rank 3
}

// The full transfer goes to a few peers per node (speed and loss), the ring successor first;
// small clusters keep it on every pair.
TEST(PeerPlan, BulkOnAFewPeersPerNode) {
  auto small = make_peer_plan(ranks_upto(4), PlanOptions{});
  EXPECT_EQ(small.bulk.size(), small.ordered_pairs());
  auto big = make_peer_plan(ranks_upto(128), sparse_options(9));
  EXPECT_EQ(big.bulk.size(), 128u * 3u);
  for (int i = 0; i < 128; ++i) EXPECT_TRUE(big.bulk.count({i, (i + 1) % 128})) << i;
  auto mesh = make_peer_plan(ranks_upto(32), PlanOptions{});
  EXPECT_EQ(mesh.bulk.size(), 32u * 3u);
}

}  // namespace
}  // namespace dd::cluster
