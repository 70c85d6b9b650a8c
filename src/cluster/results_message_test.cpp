// A node of a sparse plan summarises its clean light probes; rank 0 rebuilds them from the plan
// it sent. The analysis must reach the same verdict and findings as from every probe in full.
#include "cluster/results_message.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/analysis/peer_plan.hpp"
#include "cluster/analysis/probe_plan.hpp"
#include "core/json_limits.hpp"
#include "transport/wire.hpp"
#include "transport/wire_schema.hpp"

namespace dd::cluster {
namespace {

constexpr std::uint32_t k_full = 512 * 1024;

NodeFacts node_facts(int rank) { return testing::eth0_node(rank, 1500, false); }

// A measured probe: node 7 is cut off, node 12 sits behind an MTU black hole, 20 -> 21 is slow,
// 30's probes lose packets, everything else passes.
ProbeResult measured(int from, const ProbeTarget& t) {
  ProbeResult p;
  p.from = from;
  p.target = t;
  p.bulk_bytes = t.bulk_bytes ? t.bulk_bytes : k_full;
  p.ok = p.bulk_ok = true;
  p.rtt_us = 200 + (from * 37 + t.to * 11) % 300;
  p.echo_us = p.rtt_us + 50;
  p.connect_us = 90;
  p.bytes_acked = p.bulk_bytes;
  p.bulk_mbps = p.bulk_bytes == k_full ? 9000.0 + from : 0;
  if (from == 7 || t.to == 7) {
    p = ProbeResult{};
    p.from = from;
    p.target = t;
    p.stage = "connect", p.failure = "timeout", p.error = "connect: no answer";
  } else if (t.to == 12) {
    p.bulk_ok = false, p.bytes_acked = 2896, p.stage = "bulk", p.failure = "timeout", p.error = "bulk stalled";
  } else if (from == 20 && t.to == 21) {
    p.rtt_us = 180'000;
  } else if (from == 30) {
    p.retransmits = 40, p.snd_mss = 1448, p.bulk_mbps = 40;
  }
  return p;
}

struct Split {
  AnalysisInput full, rebuilt;
  std::size_t bytes_all = 0, bytes_failures = 0, summarised = 0;
};

Split run_world(int n) {
  std::vector<int> ranks(static_cast<std::size_t>(n));
  std::iota(ranks.begin(), ranks.end(), 0);
  PlanOptions o;
  o.full_mesh_max = 16;
  o.seed = 5;
  PeerPlan plan = make_peer_plan(ranks, o);
  std::map<int, NodeFacts> nodes;
  for (int r : ranks) nodes[r] = node_facts(r);
  Split s;
  for (AnalysisInput* in : {&s.full, &s.rebuilt}) {
    in->world = n;
    for (int r : ranks) in->probed.insert(r), in->nodes.push_back(nodes[r]);
    for (const auto& [from, peers] : plan.peers)
      for (int to : peers) in->planned.insert({from, to});
    in->rendezvous = "198.18.1.1:29401";
    in->rendezvous_port = 29401;
  }
  const std::uint32_t light = light_bulk_bytes(nodes, k_full);
  for (int from : ranks) {
    auto targets = plan_for(from, nodes, {}, plan, light);
    std::vector<ProbeResult> results;
    for (const auto& t : targets) results.push_back(measured(from, t));
    s.full.probes.insert(s.full.probes.end(), results.begin(), results.end());
    if (from == 0) {  // rank 0's own probes never cross the wire
      s.rebuilt.probes.insert(s.rebuilt.probes.end(), results.begin(), results.end());
      continue;
    }
    s.bytes_all += encode(Message{MsgType::results, results_body(from, results, k_detail_all, k_full)}).size();
    // Over the wire, as a member sends it: encoded, decoded and checked against the schema.
    auto bytes = encode(Message{MsgType::results, results_body(from, results, k_detail_failures, k_full)});
    s.bytes_failures += bytes.size();
    auto got = decode(bytes, k_max_payload);
    EXPECT_TRUE(static_cast<bool>(got));
    if (!got) continue;
    EXPECT_EQ(schema_problem(*got), "");
    s.summarised += got->body.value("passed", nlohmann::json::array()).size();
    for (auto& p : results_from_body(from, got->body, targets, k_full)) s.rebuilt.probes.push_back(std::move(p));
  }
  return s;
}

// A clean light probe from rank 1 to rank 3 (300 us, 16 KiB transfer done).
const ProbeTarget k_light{3, "198.18.1.4", 40000, "eth0", "candidate", true, 16384};
ProbeResult clean_light_probe() {
  ProbeResult p;
  p.from = 1;
  p.target = k_light;
  p.ok = p.bulk_ok = true;
  p.rtt_us = 300;
  return p;
}

std::vector<std::string> finding_lines(const Analysis& a) {
  std::vector<std::string> out;
  for (const auto& f : a.findings) {
    std::string line = f.id + " |";
    for (const auto& h : f.hosts) line += " " + h;
    line += " | ranks";
    for (int r : f.ranks) line += " " + std::to_string(r);
    out.push_back(line + " | " + f.title);
  }
  return out;
}

TEST(PreflightResultsMessage, SummarisedLightProbesGiveTheSameAnalysisAsEveryProbe) {
  Split s = run_world(40);
  ASSERT_EQ(s.full.probes.size(), s.rebuilt.probes.size());
  EXPECT_GT(s.summarised, s.full.probes.size() / 2);  // most probes of a healthy majority are light and clean
  Analysis full = analyze(s.full);
  Analysis rebuilt = analyze(s.rebuilt);
  EXPECT_EQ(to_string(full.verdict), to_string(rebuilt.verdict));
  EXPECT_EQ(to_string(full.verdict), "WILL HANG");
  EXPECT_EQ(finding_lines(full), finding_lines(rebuilt));
  EXPECT_EQ(full.good_addrs, rebuilt.good_addrs);
  EXPECT_EQ(full.recommendation.env, rebuilt.recommendation.env);
  // The printed summary counts every probe either way, with the same failures and round trips.
  auto a = probe_summary(s.full.probes, k_full), b = probe_summary(s.rebuilt.probes, k_full);
  for (const char* k :
       {"total", "ok", "bulk_ok", "failed", "full_transfers", "light_transfers", "lossy", "rtt_us", "bulk_mbps"})
    EXPECT_EQ(a[k], b[k]) << k;
  // What rank 0 reads shrinks (each node still lists its 3 full transfers and its failures).
  EXPECT_LT(s.bytes_failures * 2, s.bytes_all) << s.bytes_failures << " vs " << s.bytes_all;
}

TEST(PreflightResultsMessage, DetailAllListsEveryProbeInFull) {
  const ProbeTarget& t = k_light;
  ProbeResult p = clean_light_probe();
  p.bulk_bytes = 16384;
  ASSERT_TRUE(summarisable(p, k_full));
  auto body = results_body(1, {p, p}, k_detail_all, k_full);
  EXPECT_EQ(body["results"].size(), 2u);
  EXPECT_FALSE(body.contains("passed"));
  auto back = results_from_body(1, body, {t, t}, k_full);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].rtt_us, 300);
}

TEST(PreflightResultsMessage, WhatIsNeverSummarised) {
  const ProbeResult ok = clean_light_probe();
  auto with = [&](auto change) {
    ProbeResult p = ok;
    change(p);
    return summarisable(p, k_full);
  };
  EXPECT_TRUE(with([](ProbeResult&) {}));
  EXPECT_FALSE(with([](ProbeResult& p) { p.target.bulk_bytes = 0; }));  // a full transfer: the speed measurement
  EXPECT_FALSE(with([](ProbeResult& p) { p.target.what = "MASTER_PORT"; }));
  EXPECT_FALSE(with([](ProbeResult& p) { p.ok = false; }));
  EXPECT_FALSE(with([](ProbeResult& p) { p.bulk_ok = false; }));
  EXPECT_FALSE(with([](ProbeResult& p) { p.rtt_us = k_slow_rtt_us + 1; }));
  EXPECT_FALSE(with([](ProbeResult& p) { p.retried = true; }));
  EXPECT_FALSE(with([](ProbeResult& p) { p.syn_retransmits = 1; }));  // shows loss
}

TEST(PreflightResultsMessage, IndicesOutsideThePlanOrRepeatedAreIgnored) {
  const ProbeTarget& t = k_light;
  nlohmann::json body = {
      {"rank", 1}, {"results", nlohmann::json::array()}, {"passed", {0, 0, 5}}, {"passed_rtt_us", {10, 20, 30}}};
  auto back = results_from_body(1, body, {t}, k_full);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].rtt_us, 10);
  EXPECT_TRUE(back[0].ok && back[0].bulk_ok);
  body["passed_rtt_us"] = {10};  // lengths differ: nothing is rebuilt
  EXPECT_TRUE(results_from_body(1, body, {t}, k_full).empty());
}

}  // namespace
}  // namespace dd::cluster
