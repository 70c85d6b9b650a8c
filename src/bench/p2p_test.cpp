// The --p2p schedule, its run over socketpair meshes, and the verdict on synthetic matrices.
#include "bench/p2p.hpp"

#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <thread>

#include "bench/socketpair_world.hpp"

namespace dd::bench {
namespace {

TEST(BenchP2P, EveryPairMeetsOnceAndNoRankIsInTwoPairsOfARound) {
  for (int world = 1; world <= 9; ++world) {
    auto rounds = p2p_rounds(world);
    std::set<std::pair<int, int>> seen;
    for (const auto& round : rounds) {
      std::set<int> busy;
      for (auto [a, b] : round) {
        EXPECT_LT(a, b);
        EXPECT_TRUE(busy.insert(a).second && busy.insert(b).second) << "world " << world;
        EXPECT_TRUE(seen.insert({a, b}).second) << "pair met twice, world " << world;
      }
    }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(world * (world - 1) / 2)) << "world " << world;
    EXPECT_EQ(rounds.size(), world < 2 ? 0u : static_cast<std::size_t>(world % 2 ? world : world - 1));
  }
}

TEST(BenchP2P, EachRankMeasuresEveryPeerOverARealMesh) {
  const int world = 5;  // odd: one rank rests each round
  auto meshes = socketpair_world(world, 2, MeshOptions{4096, std::chrono::milliseconds(20000)});
  std::vector<std::vector<PairSample>> per_rank(world);
  std::vector<std::thread> threads;
  std::mutex mu;
  std::vector<std::string> errors;
  for (int r = 0; r < world; ++r)
    threads.emplace_back([&, r] {
      auto s = run_p2p(meshes[static_cast<std::size_t>(r)], 10000, 2);
      std::lock_guard<std::mutex> lock(mu);
      if (s)
        per_rank[static_cast<std::size_t>(r)] = *s;
      else
        errors.push_back(s.error().describe());
    });
  for (auto& t : threads) t.join();
  ASSERT_TRUE(errors.empty()) << errors.front();
  for (int r = 0; r < world; ++r) {
    std::set<int> peers;
    for (const auto& s : per_rank[static_cast<std::size_t>(r)]) {
      EXPECT_EQ(s.bytes, 10000u);
      EXPECT_GT(s.time_us, 0);
      peers.insert(s.peer);
    }
    EXPECT_EQ(peers.size(), static_cast<std::size_t>(world - 1)) << "rank " << r;
    EXPECT_EQ(peers.count(r), 0u);
  }
  P2PMatrix m = combine_p2p(per_rank, world);
  for (int a = 0; a < world; ++a)
    for (int b = 0; b < world; ++b) {
      if (a == b)
        EXPECT_LT(m.at(a, b), 0);
      else
        EXPECT_GT(m.at(a, b), 0) << a << "," << b;
      EXPECT_EQ(m.at(a, b), m.at(b, a));
    }
}

// A matrix from pair figures (GB/s); the pairs not listed are `fast`.
P2PMatrix matrix(int world, double fast, std::vector<std::tuple<int, int, double>> pairs) {
  std::vector<std::vector<PairSample>> per_rank(static_cast<std::size_t>(world));
  const std::size_t bytes = 1 << 20;
  auto time_for = [&](double gbps) { return static_cast<double>(bytes) / (gbps * 1e3); };
  for (int a = 0; a < world; ++a)
    for (int b = 0; b < world; ++b)
      if (a != b) {
        double g = fast;
        for (auto [x, y, v] : pairs)
          if ((x == a && y == b) || (x == b && y == a)) g = v;
        per_rank[static_cast<std::size_t>(a)].push_back(PairSample{b, bytes, time_for(g)});
      }
  return combine_p2p(per_rank, world);
}

TEST(BenchP2P, ANodeSlowWithEveryPeerIsNamedAsTheNodeNotAsItsLinks) {
  auto m = matrix(4, 1.2, {{3, 0, 0.05}, {3, 1, 0.06}, {3, 2, 0.05}});
  auto v = judge_p2p(m);
  EXPECT_NEAR(v.reference_gbps, 1.2, 1e-9);
  EXPECT_EQ(v.slow_nodes, std::vector<int>{3});
  EXPECT_TRUE(v.slow_links.empty());
  auto f = p2p_findings(m, v, {"n0", "n1", "n2", "n3"});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "bench.p2p.slow-node");
  EXPECT_EQ(f[0].label, core::Label::performance);
  EXPECT_EQ(f[0].severity, core::Severity::warning);
  EXPECT_EQ(f[0].hosts, std::vector<std::string>{"n3"});
  EXPECT_NE(f[0].title.find("rank 3 (n3)"), std::string::npos) << f[0].title;
  EXPECT_NE(f[0].fix.text.find("n3"), std::string::npos);
}

TEST(BenchP2P, OneSlowPairBetweenFastNodesIsALink) {
  auto m = matrix(4, 1.0, {{0, 2, 0.2}});
  auto v = judge_p2p(m);
  EXPECT_TRUE(v.slow_nodes.empty());
  ASSERT_EQ(v.slow_links.size(), 1u);
  EXPECT_EQ(v.slow_links[0], std::make_pair(0, 2));
  auto f = p2p_findings(m, v, {"n0", "n1", "n2", "n3"});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "bench.p2p.slow-link");
  EXPECT_EQ(f[0].ranks, (std::vector<int>{0, 2}));
}

TEST(BenchP2P, EvenPairsAndSmallSpreadAreNotSlow) {
  auto m = matrix(5, 1.0, {{0, 1, 0.7}, {2, 3, 0.4}});  // within 3x of the reference
  auto v = judge_p2p(m);
  EXPECT_TRUE(v.slow_nodes.empty());
  EXPECT_TRUE(v.slow_links.empty());
  EXPECT_TRUE(p2p_findings(m, v, {}).empty());
  EXPECT_NE(render_p2p(m, v, {}).find("no slow node or link"), std::string::npos);
}

TEST(BenchP2P, CpuNoiseAmongFastPairsIsNotASlowLinkButATenfoldDropIs) {
  // The fast pairs of a loaded machine spread over 3.5x in steps below 4x; nothing is slow.
  std::vector<std::tuple<int, int, double>> noisy = {{0, 1, 0.5}, {0, 2, 1.75}, {1, 2, 0.9}, {1, 3, 0.6}, {2, 3, 1.2}};
  auto healthy = judge_p2p(matrix(4, 0.8, noisy));
  EXPECT_TRUE(healthy.slow_nodes.empty());
  EXPECT_TRUE(healthy.slow_links.empty());
  noisy[0] = {0, 1, 0.005};
  auto v = judge_p2p(matrix(4, 0.8, noisy));
  ASSERT_EQ(v.slow_links.size(), 1u);
  EXPECT_EQ(v.slow_links[0], std::make_pair(0, 1));
  EXPECT_GT(v.slow_below_gbps, 0.005);
  EXPECT_LT(v.slow_below_gbps, 0.6);
}

TEST(BenchP2P, TwoRanksCannotTellANodeFromALink) {
  // One pair: no second peer to compare with, so a slow pair is judged against itself (never slow).
  auto m = matrix(2, 0.01, {});
  auto v = judge_p2p(m);
  EXPECT_TRUE(v.slow_nodes.empty());
  EXPECT_TRUE(v.slow_links.empty());
}

TEST(BenchP2P, TheMatrixPrintsEveryPairAndSamplesSurviveTheWire) {
  auto m = matrix(3, 1.5, {{1, 2, 0.25}});
  auto v = judge_p2p(m);
  std::string text = render_p2p(m, v, {"a", "b", "c"});
  EXPECT_NE(text.find("rank 1 (b)"), std::string::npos) << text;
  EXPECT_NE(text.find("0.250"), std::string::npos) << text;
  EXPECT_NE(text.find("1.500"), std::string::npos) << text;
  auto j = p2p_json(m, v, {"a", "b", "c"});
  EXPECT_EQ(j["pairs"].size(), 3u);
  EXPECT_EQ(j["bytes"], 1u << 20);
  PairSample s{2, 4096, 12.5};
  auto back = pair_sample_from_json(to_json(s));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->peer, 2);
  EXPECT_EQ(back->bytes, 4096u);
  EXPECT_FALSE(pair_sample_from_json(nlohmann::json{{"peer", 1}, {"bytes", -3}, {"time_us", 1}}));
  EXPECT_FALSE(pair_sample_from_json(nlohmann::json{{"peer", 1}, {"bytes", 3}, {"time_us", 0}}));
}

}  // namespace
}  // namespace dd::bench
