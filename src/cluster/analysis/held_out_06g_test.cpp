// The held-out clusters of 2026-12-06 (tests/data/stranger/clusters-2026-12-06g/REPORT.md) reduced to
// the facts rank 0 had, each with the step short of its claim: p3 (node2 behind a router whose
// forward chain passes TCP 29400-29401 only: it joined the rendezvous and reached MASTER_PORT across
// the router, so every failed probe port is a port filter, not a missing route) and p2 (the hostname
// did not resolve at all: said as a failed lookup, not as "no address of this node").
#include <gtest/gtest.h>

#include <algorithm>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"

namespace dd::cluster {
namespace {

using testing::get;
using testing::has;
using testing::input_of;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Every label and "explains:" line of every finding, for "no no-route anywhere".
bool says_no_route(const Analysis& a) {
  return std::any_of(a.findings.begin(), a.findings.end(), [](const core::Finding& f) {
    return f.label == core::Label::no_route || contains(f.title, "cut off") ||
           std::any_of(f.evidence.begin(), f.evidence.end(),
                       [](const std::string& e) { return contains(e, "[no-route]") || contains(e, "cut off"); });
  });
}

struct P3 {
  bool joined = true;  // rank 0 recorded node1's and node2's rendezvous addresses
  std::string node2_joined_from = "198.18.5.12";
  bool master_port_ok = true;  // node2's MASTER_PORT probe of node0 answered
  bool node2_rules_read = true;
};

// p3: node0 198.18.4.10 and node1 198.18.4.11 on 198.18.4.0/24, node2 198.18.5.12 on 198.18.5.0/24;
// every probe port between node2 and the others times out; MASTER_PORT 29400 on node0.
AnalysisInput router_filter_input(const P3& o) {
  std::vector<NodeFacts> nodes;
  const char* addrs[] = {"198.18.4.10", "198.18.4.11", "198.18.5.12"};
  for (int r : {0, 1, 2}) {
    auto n = testing::node(r, {{"eth0", addrs[r], "physical"}}, "eth0", "eth0");
    n.firewall.read = r != 2 || o.node2_rules_read;
    nodes.push_back(std::move(n));
  }
  auto ps = testing::probe_matrix(nodes, [](ProbeResult& p) {
    if (p.from != 2 && p.target.to != 2) return;
    p.ok = p.bulk_ok = false;
    p.stage = "connect", p.failure = "timeout";
    p.error = "connect " + p.target.addr + ":" + std::to_string(p.target.port) + ": timeout";
  });
  for (int from : {1, 2}) {
    ProbeResult job;
    job.from = from;
    job.target = ProbeTarget{0, "198.18.4.10", 29400, "", "MASTER_PORT", true};
    job.ok = job.bulk_ok = from == 1 || o.master_port_ok;
    if (!job.ok) job.stage = "connect", job.failure = "timeout", job.error = "connect 198.18.4.10:29400: timeout";
    job.rtt_us = 200;
    ps.push_back(job);
  }
  auto in = input_of(nodes, ps);
  in.rendezvous = "node0:29401";
  if (o.joined) in.joined_from = {{1, "198.18.4.11"}, {2, o.node2_joined_from}};
  return in;
}

TEST(PreflightHeldOut06g, FixedPortsPassedSoTheFirstFindingIsThePortFilterNotNoRoute) {
  auto a = analyze(router_filter_input({}));
  ASSERT_FALSE(a.findings.empty());
  const auto& f = a.findings.front();
  EXPECT_EQ(f.id, "preflight.reach.ephemeral-ports-blocked");
  EXPECT_EQ(f.label, core::Label::firewall_or_port_blocked);
  EXPECT_EQ(f.title,
            "node2 joined the rendezvous node0:29401 from 198.18.5.12 and node2 -> node0 198.18.4.10:29400 "
            "(MASTER_PORT) answered, but no probe port answers between node2 and rank(s) 0,1 (0->2, 1->2, 2->0, "
            "2->1): a filter on the path or on node2 passes the job's fixed ports, not the ephemeral ports Gloo's and "
            "NCCL's pair connections use");
  EXPECT_EQ(a.verdict, Verdict::hang);
  // one drop, one label: nothing calls it no route or a node cut off, folded evidence included
  EXPECT_FALSE(says_no_route(a)) << ::testing::PrintToString(a.findings.front().evidence);
  EXPECT_FALSE(has(a, "preflight.reach.no-route"));
  EXPECT_EQ(std::count_if(a.findings.begin(), a.findings.end(),
                          [](const core::Finding& x) { return x.severity == core::Severity::error; }),
            1);
  EXPECT_TRUE(std::find(f.evidence.begin(), f.evidence.end(),
                        "no nftables rule on node2, node0, node1 drops the probe ports (each read its own ruleset)") !=
              f.evidence.end())
      << ::testing::PrintToString(f.evidence);
  EXPECT_TRUE(contains(f.fix.text, "no nftables rule on any node drops them")) << f.fix.text;
  EXPECT_TRUE(contains(f.fix.text,
                       "the router or security group between 198.18.5.0/24 and 198.18.4.0/24, allow TCP "
                       "32768-60999 both ways"))
      << f.fix.text;
  EXPECT_FALSE(contains(f.fix.text, "common network")) << f.fix.text;
}

TEST(PreflightHeldOut06g, TheRendezvousAloneIsEnoughAndAnUnreadRulesetIsTheStepBetween) {
  P3 o;
  o.master_port_ok = false;
  o.node2_rules_read = false;
  auto a = analyze(router_filter_input(o));
  ASSERT_FALSE(a.findings.empty());
  const auto& f = a.findings.front();
  EXPECT_EQ(f.id, "preflight.reach.ephemeral-ports-blocked");
  EXPECT_TRUE(contains(f.title, "node2 joined the rendezvous node0:29401 from 198.18.5.12, but no probe port"))
      << f.title;
  EXPECT_FALSE(says_no_route(a));
  EXPECT_TRUE(contains(f.fix.text, "tell the two apart on node2: `nft list ruleset`")) << f.fix.text;
  EXPECT_TRUE(contains(f.fix.text, "between 198.18.5.0/24 and 198.18.4.0/24")) << f.fix.text;
}

TEST(PreflightHeldOut06g, NothingPassedAtAllStaysNoRoute) {
  // one step short: no fixed port passed (no join address recorded, MASTER_PORT timed out too)
  P3 o;
  o.joined = false;
  o.master_port_ok = false;
  auto a = analyze(router_filter_input(o));
  ASSERT_TRUE(has(a, "preflight.reach.no-route"));
  const auto& f = get(a, "preflight.reach.no-route");
  EXPECT_EQ(f.label, core::Label::no_route);
  EXPECT_EQ(f.title, "node2 cannot be reached on any of its addresses from rank(s) 0,1");
  EXPECT_FALSE(has(a, "preflight.reach.ephemeral-ports-blocked"));
}

TEST(PreflightHeldOut06g, AJoinFromAnotherAddressDoesNotCrossTheFailedPath) {
  // one step short: node2 joined from an address no failed probe tried (another network)
  P3 o;
  o.node2_joined_from = "198.19.9.12";
  o.master_port_ok = false;
  auto a = analyze(router_filter_input(o));
  EXPECT_TRUE(has(a, "preflight.reach.no-route"));
  EXPECT_FALSE(has(a, "preflight.reach.ephemeral-ports-blocked"));
}

// p2: node2's hostname lookup, as its facts say it (GLOO_SOCKET_IFNAME unset, Gloo on loopback).
AnalysisInput own_name_input(const std::vector<std::string>& resolved, const std::string& error) {
  std::vector<NodeFacts> nodes;
  for (int r : {0, 1, 2}) nodes.push_back(testing::eth0_node(r, 1500, true));
  auto& n2 = nodes[2];
  n2.gloo = nccl::Endpoint{"lo", "127.0.0.1", "lo"};
  n2.gloo_loopback = true;
  n2.gloo_source = "loopback-fallback";
  n2.gloo_hostname = "node2";
  n2.gloo_resolved = resolved;
  n2.gloo_resolve_error = error;
  auto ps = testing::probe_matrix(nodes, [](ProbeResult&) {});
  return input_of(nodes, ps);
}

TEST(PreflightHeldOut06g, AHostnameThatDoesNotResolveIsSaidAsAFailedLookup) {
  auto a = analyze(own_name_input({}, "cannot resolve 'node2': Name or service not known"));
  ASSERT_TRUE(has(a, "preflight.gloo.hostname-loopback"));
  EXPECT_EQ(get(a, "preflight.gloo.hostname-loopback").title,
            "the hostname node2 does not resolve (getaddrinfo: Name or service not known): Gloo falls back to the "
            "loopback address and peers cannot connect");
}

TEST(PreflightHeldOut06g, AHostnameThatResolvesElsewhereNamesTheAddress) {
  // one step short of "does not resolve": it resolved, to an address this node does not hold
  auto a = analyze(own_name_input({"198.18.1.99"}, ""));
  ASSERT_TRUE(has(a, "preflight.gloo.hostname-loopback"));
  const auto& title = get(a, "preflight.gloo.hostname-loopback").title;
  EXPECT_TRUE(contains(title, "the hostname node2 resolves to 198.18.1.99, which is not an address of this node"))
      << title;
  EXPECT_FALSE(contains(title, "does not resolve")) << title;
}

}  // namespace
}  // namespace dd::cluster
