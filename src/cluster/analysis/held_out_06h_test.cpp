// The held-out clusters of 2026-12-06 (tests/data/stranger/clusters-2026-12-06h/REPORT.md) reduced to
// the facts rank 0 had, each with the step short of its claim: p4 (every node holds one /32 on a
// node-local interface listed first, as a node-local DNS cache does: a note, not a duplicate address,
// and no probe of it crosses nodes).
#include <gtest/gtest.h>

#include <algorithm>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/analysis/probe_plan.hpp"

namespace dd::cluster {
namespace {

using testing::get;
using testing::has;
using testing::input_of;

struct P4 {
  int prefix = 32;            // the node-local address's prefix length
  int holders = 3;            // nodes that hold it (node0 first)
  std::string nccl = "eth0";  // the interface NCCL uses
};

// p4: nodeN has nodelocaldns 198.18.9.10/PREFIX (a veth, listed first) and eth0 198.18.8.1N/24; the
// probes are the plan's (none to an address the prober holds itself).
AnalysisInput node_local_input(const P4& o) {
  std::vector<NodeFacts> nodes;
  for (int r : {0, 1, 2}) {
    const std::string own = "198.18.8.1" + std::to_string(r);
    auto n = r < o.holders ? testing::node(r, {{"nodelocaldns", "198.18.9.10", "veth"}, {"eth0", own, "physical"}},
                                           o.nccl, "eth0")
                           : testing::node(r, {{"eth0", own, "physical"}}, "eth0", "eth0");
    for (auto& e : n.entries)
      if (e.addr == "198.18.9.10") e.prefix = o.prefix;
    n.host_resolves = {own};
    nodes.push_back(std::move(n));
  }
  std::map<int, NodeFacts> by_rank;
  for (const auto& n : nodes) by_rank[n.rank] = n;
  std::vector<ProbeResult> ps;
  for (const auto& p : testing::probe_matrix(nodes, [](ProbeResult&) {})) {
    auto plan = plan_for(p.from, by_rank, {});
    if (std::any_of(plan.begin(), plan.end(), [&](const ProbeTarget& t) { return t.addr == p.target.addr; }))
      ps.push_back(p);
  }
  return input_of(nodes, ps);
}

TEST(PreflightHeldOut06h, ANodeLocalHostAddressOnEveryNodeIsANoteNotADuplicate) {
  auto in = node_local_input({});
  std::map<int, NodeFacts> by_rank;
  for (const auto& n : in.nodes) by_rank[n.rank] = n;
  for (int from : {0, 1, 2})
    for (const auto& t : plan_for(from, by_rank, {}))
      EXPECT_NE(t.addr, "198.18.9.10") << "rank " << from << " probes an address it holds itself";
  auto a = analyze(in);
  EXPECT_EQ(a.verdict, Verdict::ok) << a.reason;
  EXPECT_FALSE(has(a, "preflight.address.duplicate"));
  ASSERT_TRUE(has(a, "preflight.address.node-local"));
  const auto& f = get(a, "preflight.address.node-local");
  EXPECT_EQ(f.severity, core::Severity::info);
  EXPECT_EQ(f.title,
            "every node holds 198.18.9.10/32 on nodelocaldns, not on the interface the job uses (eth0): a node-local "
            "address (a connection to it stays on the node that makes it), not a duplicate");
  EXPECT_TRUE(f.fix.text.empty());
  EXPECT_TRUE(std::none_of(a.findings.begin(), a.findings.end(),
                           [](const core::Finding& x) { return x.severity != core::Severity::info; }));
}

// One step short each: a /24 (a network, not a host address), two of three nodes, or the job's own
// interface: the duplicate-address finding stands.
TEST(PreflightHeldOut06h, ANodeLocalNoteNeedsAHostAddressOnEveryNodeOffTheJobsInterface) {
  for (const P4& o : {P4{24, 3, "eth0"}, P4{32, 2, "eth0"}, P4{32, 3, "nodelocaldns"}}) {
    auto a = analyze(node_local_input(o));
    EXPECT_FALSE(has(a, "preflight.address.node-local")) << o.prefix << " " << o.holders << " " << o.nccl;
    EXPECT_TRUE(has(a, "preflight.address.duplicate")) << o.prefix << " " << o.holders << " " << o.nccl;
  }
}

// p1: node0 198.18.8.10/24, node1 198.18.8.11/MASK1, node2 198.18.8.40/MASK2; node1's probes of
// node2 fail with ENETUNREACH, node2's of node1 time out where node1's /28 leaves node2 off-link.
AnalysisInput netmask_input(int mask1, int mask2) {
  std::vector<NodeFacts> nodes;
  const char* addrs[] = {"198.18.8.10", "198.18.8.11", "198.18.8.40"};
  const int masks[] = {24, mask1, mask2};
  for (int r : {0, 1, 2}) {
    auto n = testing::node(r, {{"eth0", addrs[r], "physical"}}, "eth0", "eth0");
    for (auto& e : n.entries)
      if (e.link == "eth0") e.prefix = masks[r];
    nodes.push_back(std::move(n));
  }
  const bool off = mask1 == 28;
  auto ps = testing::probe_matrix(nodes, [&](ProbeResult& p) {
    if (!off || !((p.from == 1 && p.target.to == 2) || (p.from == 2 && p.target.to == 1))) return;
    p.ok = p.bulk_ok = false;
    p.stage = "connect";
    p.failure = p.from == 1 ? "no-route" : "timeout";
    p.error = "connect " + p.target.addr + ":" + std::to_string(p.target.port) +
              (p.from == 1 ? ": Network is unreachable (ENETUNREACH)" : ": timeout - no answer before the deadline");
  });
  return input_of(nodes, ps);
}

TEST(PreflightHeldOut06h, ANetmaskThatPutsAPeerOffLinkComesFirstWithTheNodesFix) {
  auto a = analyze(netmask_input(28, 24));
  ASSERT_FALSE(a.findings.empty());
  const auto& f = a.findings.front();
  EXPECT_EQ(f.id, "preflight.address.netmask-mismatch") << a.reason;
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_EQ(f.title,
            "node1's netmask differs: 198.18.8.11/28 on eth0, while node0, node2 have /24 on the same network "
            "198.18.8.0/24; node2 (198.18.8.40) lies outside node1's /28, so node1 has no route to it (its probe "
            "got ENETUNREACH)");
  EXPECT_EQ(a.reason, f.title);
  EXPECT_EQ(f.fix.text,
            "on node1, give eth0 the network's prefix /24: `ip addr del 198.18.8.11/28 dev eth0 && ip addr add "
            "198.18.8.11/24 dev eth0`");
  EXPECT_TRUE(std::any_of(f.evidence.begin(), f.evidence.end(), [](const std::string& e) {
    return e.find("node1 -> node2: connect 198.18.8.40:") == 0 && e.find("ENETUNREACH") != std::string::npos;
  })) << ::testing::PrintToString(f.evidence);
  for (const auto& x : a.findings)  // no firewall or link candidate stands beside it
    EXPECT_EQ(x.title.find("firewall drop"), std::string::npos) << x.title;
}

// Without a probe of node1's that failed with "no route" (a gateway may carry its traffic), the title
// says what the prefix implies, not "no route".
TEST(PreflightHeldOut06h, ANetmaskWithoutANoRouteProbeDoesNotClaimNoRoute) {
  auto in = netmask_input(28, 24);
  for (auto& p : in.probes)
    if (p.failure == "no-route") p.failure = "timeout";
  auto a = analyze(in);
  ASSERT_TRUE(has(a, "preflight.address.netmask-mismatch")) << a.reason;
  const auto& f = get(a, "preflight.address.netmask-mismatch");
  EXPECT_EQ(f.title.find("no route"), std::string::npos) << f.title;
  EXPECT_NE(f.title.find("so node1 does not count it on its link: it sends to it through a gateway if it has one"),
            std::string::npos)
      << f.title;
}

// A node-local-looking /32 that MASTER_ADDR resolves to is where the job connects: every node
// answering it itself is no harmless note.
TEST(PreflightHeldOut06h, AHostAddressMasterAddrResolvesToIsNoNodeLocalNote) {
  auto in = node_local_input({});
  for (auto& n : in.nodes) n.master_addr_resolves = {"198.18.9.10"};
  EXPECT_FALSE(has(analyze(in), "preflight.address.node-local"));
}

// One step short each: the others disagree among themselves (no one network), or node1's /25 holds
// every peer (nobody off-link): no netmask claim.
TEST(PreflightHeldOut06h, ANetmaskNeedsTheOthersToAgreeAndAPeerOffLink) {
  EXPECT_FALSE(has(analyze(netmask_input(28, 16)), "preflight.address.netmask-mismatch"));
  EXPECT_FALSE(has(analyze(netmask_input(25, 24)), "preflight.address.netmask-mismatch"));
  EXPECT_FALSE(has(analyze(netmask_input(24, 24)), "preflight.address.netmask-mismatch"));
}

TEST(NodeFactsCarriageReturn, ValuesEndingInACarriageReturnAreNamedEscaped) {
  auto f = carriage_return_finding({{"MASTER_ADDR", "node0\r"},
                                    {"MASTER_PORT", "29400\r"},
                                    {"RANK", "1\r"},
                                    {"WORLD_SIZE", "3\r"},
                                    {"HOME", "/r\r"}});
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->id, "preflight.env.carriage-return");
  EXPECT_EQ(f->label, core::Label::config_typo);
  EXPECT_EQ(f->severity, core::Severity::error);  // MASTER_ADDR is a name: the \r is part of it
  EXPECT_EQ(f->title,
            "MASTER_ADDR=node0\\r, MASTER_PORT=29400\\r, RANK=1\\r, WORLD_SIZE=3\\r end in a carriage return (the "
            "file that set them has Windows line ends)");
  EXPECT_EQ(f->title.find('\r'), std::string::npos);
  EXPECT_NE(f->fix.text.find("`export MASTER_ADDR=node0 MASTER_PORT=29400 RANK=1 WORLD_SIZE=3`"), std::string::npos)
      << f->fix.text;
  EXPECT_NE(f->fix.text.find("sed -i 's/\\r$//' FILE"), std::string::npos) << f->fix.text;
  // numbers only: torch's int() reads them, so a warning
  auto n = carriage_return_finding({{"MASTER_PORT", "29400\r"}, {"MASTER_ADDR", "198.18.8.10"}});
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->severity, core::Severity::warning);
  // one step short: no value ends in \r (one in the middle, or an unrelated variable): none
  EXPECT_FALSE(carriage_return_finding({{"MASTER_ADDR", "no\rde0"}, {"HOME", "/root\r"}}).has_value());
}

}  // namespace
}  // namespace dd::cluster
