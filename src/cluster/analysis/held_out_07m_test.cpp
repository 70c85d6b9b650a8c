// The held-out cluster p1 of 2026-12-07 (tests/data/stranger/clusters-2026-12-07m/REPORT.md) reduced to
// the facts rank 0 had: node2 sits behind a masquerading router and reaches node0's MASTER_PORT, while
// node0 and node1 have no route to node2's subnet: their probes end in ENETUNREACH at once. That is a
// one-way route, not "a filter passing the job's fixed ports" (what preflight said, and whose fix,
// allowing the ephemeral range on the router, changed nothing).
#include <gtest/gtest.h>

#include <algorithm>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"

namespace dd::cluster {
namespace {

using testing::has;
using testing::input_of;

bool says(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// node0 198.18.4.10, node1 198.18.4.11 (198.18.4.0/24), node2 198.18.5.12 (198.18.5.0/24); the probes
// into node2 fail with `error` (ENETUNREACH: no route; one step short: a timeout); node2's probes out
// and its MASTER_PORT probe of node0 answer.
AnalysisInput one_way_input(const std::string& failure, const std::string& error) {
  std::vector<NodeFacts> nodes;
  const char* addrs[] = {"198.18.4.10", "198.18.4.11", "198.18.5.12"};
  for (int r : {0, 1, 2}) nodes.push_back(testing::node(r, {{"eth0", addrs[r], "physical"}}, "eth0", "eth0"));
  auto ps = testing::probe_matrix(nodes, [&](ProbeResult& p) {
    if (p.target.to != 2) return;
    p.ok = p.bulk_ok = false;
    p.stage = "connect", p.failure = failure;
    p.error = "connect " + p.target.addr + ":" + std::to_string(p.target.port) + ": " + error;
  });
  ProbeResult job;
  job.from = 2;
  job.target = ProbeTarget{0, "198.18.4.10", 29400, "", "MASTER_PORT", true};
  job.ok = job.bulk_ok = true;
  job.rtt_us = 200;
  ps.push_back(job);
  return input_of(nodes, ps);
}

TEST(PreflightHeldOut07m, ProbesEndingInEnetunreachAreAOneWayRouteNotAPortFilter) {
  auto a = analyze(one_way_input("no_route", "Network is unreachable (ENETUNREACH)"));
  ASSERT_FALSE(a.findings.empty());
  const auto& f = a.findings.front();
  EXPECT_EQ(f.id, "preflight.reach.one-way-route");
  EXPECT_EQ(f.label, core::Label::no_route);
  EXPECT_EQ(
      f.title,
      "node0, node1 find no route to node2 (198.18.5.12): their probes ended in ENETUNREACH (Network is "
      "unreachable: no route on the way, in their own table or at a router), while node2 -> node0 "
      "198.18.4.10:29400 (MASTER_PORT) answered: the path works one way only, and the ranks' connections to node2 "
      "fail");
  EXPECT_FALSE(has(a, "preflight.reach.ephemeral-ports-blocked"));
  EXPECT_TRUE(says(f.fix.text, "`ip route get 198.18.5.12` on node0 shows whether its own table has a route"))
      << f.fix.text;
  EXPECT_TRUE(says(f.fix.text, "`ip route add 198.18.5.0/24 via GATEWAY`")) << f.fix.text;
  EXPECT_TRUE(says(f.fix.text, "behind NAT (masquerade)")) << f.fix.text;
  EXPECT_FALSE(says(f.fix.text, "32768-60999")) << f.fix.text;
  EXPECT_EQ(a.verdict, Verdict::hang);
}

TEST(PreflightHeldOut07m, TimeoutsBesideAPassingFixedPortStayAPortFilter) {
  // one step short: the probes into node2 time out (dropped): the filter reading stands
  auto a = analyze(one_way_input("timeout", "timeout"));
  ASSERT_FALSE(a.findings.empty());
  EXPECT_EQ(a.findings.front().id, "preflight.reach.ephemeral-ports-blocked");
  EXPECT_FALSE(has(a, "preflight.reach.one-way-route"));
  // EHOSTUNREACH may be a filter's reject (icmp-host-prohibited): no route claim either
  auto b = analyze(one_way_input("no_route", "No route to host (EHOSTUNREACH)"));
  EXPECT_FALSE(has(b, "preflight.reach.one-way-route"));
}

}  // namespace
}  // namespace dd::cluster
