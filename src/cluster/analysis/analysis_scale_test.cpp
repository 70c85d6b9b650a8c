// The analysis under a sparse probe plan (peer_plan.hpp): only planned pairs are judged, and a
// failure is put on the node at fault (cut off, behind an MTU black hole), not on its peers.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/analysis/peer_plan.hpp"
#include "cluster/analysis/probe_plan.hpp"

namespace dd::cluster {
namespace {

NodeFacts flat_node(int rank) { return testing::eth0_node(rank, 9000, true); }

struct World {
  std::vector<NodeFacts> nodes;
  PeerPlan plan;
  AnalysisInput in;
};

// N nodes, a sparse plan, one passing probe per planned pair unless `shape` changes it.
World sparse_world(int n, const std::function<void(ProbeResult&)>& shape) {
  World w;
  std::vector<int> ranks(static_cast<std::size_t>(n));
  std::iota(ranks.begin(), ranks.end(), 0);
  PlanOptions o;
  o.full_mesh_max = 16;
  o.seed = 11;
  w.plan = make_peer_plan(ranks, o);
  std::map<int, NodeFacts> by_rank;
  for (int r : ranks) by_rank[r] = flat_node(r);
  for (const auto& [from, peers] : w.plan.peers) {
    for (const auto& t : plan_for(from, by_rank, {}, w.plan, 36000)) {
      ProbeResult p;
      p.from = from;
      p.target = t;
      p.ok = p.bulk_ok = true;
      p.rtt_us = 150;
      p.bulk_bytes = t.bulk_bytes ? t.bulk_bytes : 512 * 1024;
      p.bytes_acked = p.bulk_bytes;
      shape(p);
      w.in.probes.push_back(p);
    }
    for (int to : peers) w.in.planned.insert({from, to});
  }
  w.in.world = n;
  for (int r : ranks) w.in.probed.insert(r), w.in.nodes.push_back(by_rank[r]);
  w.in.rendezvous = "198.18.1.1:29401";
  w.in.rendezvous_port = 29401;
  return w;
}

std::vector<core::Finding> with_id(const Analysis& a, const std::string& id) {
  std::vector<core::Finding> out;
  for (const auto& f : a.findings)
    if (f.id == id) out.push_back(f);
  return out;
}

TEST(PreflightScale, ASparsePlanJudgesOnlyThePairsItProbed) {
  World w = sparse_world(100, [](ProbeResult&) {});
  ASSERT_TRUE(w.plan.sparse);
  ASSERT_LT(w.in.probes.size(), 100u * 99u / 4u);
  Analysis a = analyze(w.in);
  EXPECT_EQ(a.verdict, Verdict::ok) << a.reason;
  EXPECT_EQ(a.good_addrs.size(), 100u);
  for (const auto& [rank, addrs] : a.good_addrs) EXPECT_EQ(addrs.size(), 1u) << rank;
  // The same probes judged as a full mesh: every unprobed pair reads as unreachable.
  w.in.planned.clear();
  EXPECT_EQ(analyze(w.in).verdict, Verdict::hang);
}

TEST(PreflightScale, ACutOffNodeIsNamedAloneNotItsPeers) {
  const int cut = 29;
  World w = sparse_world(100, [&](ProbeResult& p) {
    if (p.from != cut && p.target.to != cut) return;
    p.ok = p.bulk_ok = false;
    p.stage = "connect";
    p.failure = p.from == cut ? "refused" : "timeout";
    p.error = "connect: failed";
    p.bytes_acked = 0;
  });
  Analysis a = analyze(w.in);
  EXPECT_EQ(a.verdict, Verdict::hang);
  auto routes = with_id(a, "preflight.reach.no-route");
  ASSERT_EQ(routes.size(), 1u);
  EXPECT_EQ(routes[0].hosts, std::vector<std::string>{"node29"});
  EXPECT_NE(std::find_if(routes[0].evidence.begin(), routes[0].evidence.end(),
                         [](const std::string& e) { return e.find("cut off") != std::string::npos; }),
            routes[0].evidence.end());
  EXPECT_TRUE(a.good_addrs[3].count("198.18.1.4"));
}

TEST(PreflightScale, AnMtuBlackHoleIsNamedOnTheNodeBehindIt) {
  const int hole = 61;
  World w = sparse_world(100, [&](ProbeResult& p) {
    if (p.from != hole && p.target.to != hole) return;
    p.bulk_ok = false;
    p.bytes_acked = 110;  // header and echo only
    p.stage = "bulk";
    p.error = "bulk: timeout";
  });
  Analysis a = analyze(w.in);
  EXPECT_EQ(a.verdict, Verdict::hang);
  auto holes = with_id(a, "preflight.mtu.black-hole");
  ASSERT_EQ(holes.size(), 1u);
  EXPECT_EQ(holes[0].hosts, std::vector<std::string>{"node61"});
}

// A light probe moves a few full-size segments: half of them acknowledged is progress (a slow
// or lossy path), a header and an echo only is a black hole.
TEST(PreflightScale, ProgressIsMeasuredAgainstTheTransferTheProbeMade) {
  ProbeResult light;
  light.ok = true;
  light.bulk_bytes = 36000;
  EXPECT_EQ(bulk_progress_acked(light), 18000u);
  ProbeResult full;
  full.bulk_bytes = 512 * 1024;
  EXPECT_EQ(bulk_progress_acked(full), k_bulk_progress_acked);
  ProbeResult old;  // a result without bulk_bytes (an older member): the full threshold
  EXPECT_EQ(bulk_progress_acked(old), k_bulk_progress_acked);
}

TEST(PreflightScale, PlanTargetsFollowThePairPlan) {
  std::map<int, NodeFacts> nodes;
  for (int r = 0; r < 80; ++r) nodes[r] = flat_node(r);
  EXPECT_EQ(light_bulk_bytes(nodes, 512 * 1024), 36000u);  // 4 x MTU 9000
  std::vector<int> ranks;
  for (const auto& [r, f] : nodes) ranks.push_back(r);
  PlanOptions o;
  o.seed = 5;
  auto plan = make_peer_plan(ranks, o);
  ASSERT_TRUE(plan.sparse);
  std::vector<env::launchers::JobPort> ports;
  for (int r = 0; r < 80; ++r)
    ports.push_back({"node" + std::to_string(r), 2222, "TF_CONFIG worker[" + std::to_string(r) + "]"});
  for (int from : {0, 7, 79}) {
    auto targets = plan_for(from, nodes, ports, plan, 36000);
    std::size_t job = 0, full = 0;
    for (const auto& t : targets) {
      EXPECT_TRUE(plan.probes(from, t.to)) << from << "->" << t.to;
      job += t.what != "candidate";
      full += t.bulk_bytes == 0;
      EXPECT_TRUE(t.bulk_bytes == 0 || t.bulk_bytes == 36000u);
    }
    EXPECT_EQ(job, plan.peers.at(from).size());  // each peer's own gRPC port, nobody else's
    EXPECT_EQ(full, 2u * 3u);                    // 3 bulk peers: candidate + job port each
  }
}

}  // namespace
}  // namespace dd::cluster
