// The held-out clusters of 2026-12-05 (tests/data/stranger/clusters-2026-12-05/REPORT.md), each
// reduced to the facts rank 0 had, with one step short of each claim: p3 (a node's own rule drops
// the answers to its connections), p2/p1 (NCCL's sentence names the role its prediction gives the
// interface; Gloo's verdict follows which side connects), p5 (a hostname that resolves to another
// node's address), and the wording of a setting set on some nodes only.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/analysis/firewall_facts.hpp"

namespace dd::cluster {
namespace {

using testing::eth0_node;
using testing::get;
using testing::has;
using testing::input_of;

std::string leftover_ruleset(const std::string& name) {
  std::ifstream in(std::string(DD_TEST_DATA_DIR) + "/nftables/" + name + ".json");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool leftover_contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Any text of any finding (titles and evidence, folded symptoms included) that says `part`.
bool anywhere(const Analysis& a, const std::string& part) {
  for (const auto& f : a.findings) {
    if (leftover_contains(f.title, part)) return true;
    for (const auto& e : f.evidence)
      if (leftover_contains(e, part)) return true;
  }
  return false;
}

void leftover_timed_out(ProbeResult& p) {
  p.ok = p.bulk_ok = false;
  p.stage = "connect";
  p.failure = "timeout";
  p.error = "connect: timeout";
}

// p3: node0 (MASTER_ADDR) runs `leftover_ruleset` on its input hook; every candidate probe in either
// direction timed out; node1's echo to node0's MASTER_PORT passed.
AnalysisInput own_rule_cluster(const std::string& rules) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true)};
  nodes[0].firewall = judge_firewall(leftover_ruleset(rules), nodes[0].listeners, {});
  for (auto& n : nodes) {
    n.env["MASTER_ADDR"] = "node0";
    n.master_addr_resolves = {"198.18.1.1"};
  }
  auto probes = testing::probe_matrix(nodes, leftover_timed_out);
  ProbeResult job;
  job.from = 1;
  job.target = ProbeTarget{0, "node0", 29500, "", "MASTER_PORT", true};
  job.ok = job.bulk_ok = true;
  job.resolved = "198.18.1.1";
  probes.push_back(job);
  return input_of(nodes, probes);
}

TEST(PreflightLeftovers, ANodesOwnRuleThatDropsTheAnswersToItsConnectionsComesFirst) {
  // established.json: `tcp dport 32768-60999 drop` with no ct state, on node0's input hook
  auto a = analyze(own_rule_cluster("established"));
  ASSERT_FALSE(a.findings.empty());
  const auto& first = a.findings.front();
  EXPECT_EQ(first.id, "preflight.reach.ephemeral-ports-blocked");
  EXPECT_EQ(first.hosts, std::vector<std::string>{"node0"});
  EXPECT_EQ(a.reason, first.title);
  EXPECT_TRUE(leftover_contains(first.title, "connections from node0 to rank(s) 1 get no answer either"))
      << first.title;
  EXPECT_TRUE(
      leftover_contains(first.title, "node0's own nftables ruleset drops packets arriving at its ephemeral ports"))
      << first.title;
  // node1 is not blamed: no no-route finding, and nothing calls rank 0's address unreachable
  // where node1's echo to it passed
  EXPECT_FALSE(has(a, "preflight.reach.no-route"));
  EXPECT_FALSE(anywhere(a, "cannot be reached"));
  EXPECT_FALSE(anywhere(a, "198.18.1.1, which the other nodes cannot reach"));
  EXPECT_FALSE(has(a, "preflight.master-addr.wrong"));
  // its evidence: the rule, the answers it drops, the echo that passed, both directions' probes
  bool rule = false, answers = false, echo = false, out = false;
  for (const auto& e : first.evidence) {
    rule = rule || leftover_contains(e, "nftables table inet t chain input handle 3: tcp dport 32768-60999 drop");
    answers = answers || leftover_contains(e, "the rule drops packets of connections already open there too");
    echo = echo || leftover_contains(e, "[MASTER_PORT]: echo passed");
    out = out || leftover_contains(e, "rank 0 (node0) -> node1 198.18.1.2:40000 [eth0]: connect: timeout");
  }
  EXPECT_TRUE(rule && answers && echo && out) << ::testing::PrintToString(first.evidence);
  // the fix removes the rule once
  EXPECT_EQ(first.fix.text.find("nft delete rule inet t input handle 3"),
            first.fix.text.rfind("nft delete rule inet t input handle 3"))
      << first.fix.text;
  EXPECT_TRUE(leftover_contains(first.fix.text, "nft delete rule inet t input handle 3")) << first.fix.text;
}

TEST(PreflightLeftovers, ARuleThatDropsNewConnectionsOnlyDoesNotExplainNode0sOwnFailures) {
  // one step short: policy-drop accepts `ct state established,related` first, so the answers to
  // node0's connections pass; node0's failed probes stay what they showed (no route to node1)
  auto a = analyze(own_rule_cluster("policy-drop"));
  ASSERT_TRUE(has(a, "preflight.reach.ephemeral-ports-blocked"));
  EXPECT_FALSE(
      leftover_contains(get(a, "preflight.reach.ephemeral-ports-blocked").title, "answers to its own connections"));
  EXPECT_TRUE(has(a, "preflight.reach.no-route"));
  // and rank 0's address is still not called unreachable: node1's echo to it passed
  EXPECT_FALSE(anywhere(a, "198.18.1.1, which the other nodes cannot reach"));
}

TEST(PreflightLeftovers, TheFirewallFactsJudgeTheAnswersAtACandidatePortAndCrossTheWire) {
  Listener l;
  l.spec = ListenSpec{"198.18.1.1", 0, 0, "eth0", "candidate"};
  l.port = 40000;
  l.ok = true;
  auto f = judge_firewall(leftover_ruleset("established"), {l}, {});
  auto established = blocks_for(f, 40000, firewall::Direction::input, firewall::Packet::established);
  ASSERT_EQ(established.size(), 1u);
  EXPECT_EQ(established[0].rule, "tcp dport 32768-60999 drop");
  NodeFacts n = eth0_node(0, 1500, true);
  n.firewall = f;
  auto back = facts_from_json(to_json(n));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->firewall.blocks, f.blocks);
  // an older node's block has no "packet": the first packet of a connection
  auto j = to_json(n);
  for (auto& b : j["firewall"]["blocks"]) b.erase("packet");
  auto old = facts_from_json(j);
  ASSERT_TRUE(old.ok());
  EXPECT_TRUE(blocks_for(old->firewall, 40000, firewall::Direction::input, firewall::Packet::established).empty());
  // policy-drop accepts established packets: no block for the answers
  auto p = judge_firewall(leftover_ruleset("policy-drop"), {l}, {});
  EXPECT_TRUE(blocks_for(p, 40000, firewall::Direction::input, firewall::Packet::established).empty());
  EXPECT_FALSE(blocks_for(p, 40000, firewall::Direction::input).empty());
}

// p2: the hostnames map to second NICs in unrouted subnets; NCCL's bootstrap is eth0 (reached),
// its NET/Socket devices include eth1 (not reached).
TEST(PreflightLeftovers, NcclsSentenceNamesTheRoleItsPredictionGivesTheInterface) {
  std::vector<NodeFacts> nodes;
  for (int r : {0, 1}) {
    auto n = testing::node(r,
                           {{"eth0", "198.18.1." + std::to_string(r + 1), "physical"},
                            {"eth1", "198.18." + std::to_string(54 + r) + ".1" + std::to_string(r), "veth"}},
                           "eth0", "eth1");
    n.nccl_socket.push_back(nccl::Endpoint{"eth1", n.entries.back().addr, "eth1"});
    nodes.push_back(n);
  }
  auto a = analyze(input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult& p) {
                              if (p.target.iface == "eth1") leftover_timed_out(p);
                            })));
  ASSERT_TRUE(has(a, "preflight.nccl.unreachable-interface"));
  const auto& f = get(a, "preflight.nccl.unreachable-interface");
  EXPECT_EQ(f.title,
            "NCCL's NET/Socket data devices include eth1 (veth), which the other nodes cannot reach (its bootstrap "
            "uses eth0)");
  EXPECT_FALSE(leftover_contains(f.title, "NCCL will use eth1")) << f.title;
  EXPECT_TRUE(
      leftover_contains(f.evidence.front(), "bootstrap eth0 198.18.1.1; NET/Socket eth0 198.18.1.1, eth1 198.18.54.10"))
      << f.evidence.front();
}

// p1: GLOO_SOCKET_IFNAME/NCCL_SOCKET_IFNAME=eth1 (isolated) on node1 only; node0 keeps eth0 for
// bootstrap and Gloo, and its NET/Socket devices are eth0 only.
std::vector<NodeFacts> one_node_on_isolated_nic(const std::string& node1_eth1) {
  std::vector<NodeFacts> nodes = {
      testing::node(0, {{"eth0", "198.18.50.10", "physical"}, {"eth1", "198.18.53.10", "veth"}}, "eth0", "eth0"),
      testing::node(1, {{"eth0", "198.18.50.11", "physical"}, {"eth1", node1_eth1, "veth"}}, "eth1", "eth1")};
  nodes[1].env["GLOO_SOCKET_IFNAME"] = "eth1";
  nodes[1].nccl_config["NCCL_SOCKET_IFNAME"] = "eth1";
  nodes[1].gloo_source = "GLOO_SOCKET_IFNAME";
  return nodes;
}

TEST(PreflightLeftovers, GloosVerdictFollowsWhichSideConnects) {
  // node1's isolated address 198.18.53.11 is greater than node0's 198.18.50.10: node1 connects
  // out to node0 (reached), nobody connects into node1's unreachable address
  auto nodes = one_node_on_isolated_nic("198.18.53.11");
  auto a = analyze(input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult& p) {
                              if (p.target.iface == "eth1") leftover_timed_out(p);
                            })));
  ASSERT_TRUE(has(a, "preflight.gloo.unreachable-interface"));
  const auto& g = get(a, "preflight.gloo.unreachable-interface");
  EXPECT_EQ(g.severity, core::Severity::warning);
  EXPECT_TRUE(leftover_contains(g.title, "no Gloo pair connects into it")) << g.title;
  EXPECT_EQ(g.hosts, std::vector<std::string>{"node1"});
  // NCCL still hangs (bootstrap connections go both ways), and names only node1, whose NCCL uses eth1
  ASSERT_TRUE(has(a, "preflight.nccl.unreachable-interface"));
  const auto& n = get(a, "preflight.nccl.unreachable-interface");
  EXPECT_EQ(n.severity, core::Severity::error);
  EXPECT_EQ(n.hosts, std::vector<std::string>{"node1"});
  EXPECT_EQ(a.findings.front().id, "preflight.nccl.unreachable-interface");
  // the setting found on one node only: plain words
  ASSERT_TRUE(has(a, "preflight.setting.partial"));
  for (const auto& f : a.findings)
    if (f.id == "preflight.setting.partial") {
      EXPECT_FALSE(leftover_contains(f.title, "across nodes")) << f.title;
      EXPECT_TRUE(leftover_contains(f.title, "is set on some nodes only")) << f.title;
    }
}

TEST(PreflightLeftovers, AnUnreachableGlooAddressThatIsTheSmallerOneHangs) {
  // one step short: node1's isolated address 198.18.49.11 is smaller: node0 connects into it
  auto nodes = one_node_on_isolated_nic("198.18.49.11");
  auto a = analyze(input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult& p) {
                              if (p.target.iface == "eth1") leftover_timed_out(p);
                            })));
  ASSERT_TRUE(has(a, "preflight.gloo.unreachable-interface"));
  const auto& g = get(a, "preflight.gloo.unreachable-interface");
  EXPECT_EQ(g.severity, core::Severity::error);
  EXPECT_FALSE(leftover_contains(g.title, "no Gloo pair connects into it")) << g.title;
  bool direction = false;
  for (const auto& e : g.evidence)
    direction = direction || leftover_contains(e, "rank(s) 0 connect into node1 (198.18.49.11)");
  EXPECT_TRUE(direction) << ::testing::PrintToString(g.evidence);
}

// p5: node2's /etc/hosts maps its hostname to node1's address: not local, so Gloo falls back to loopback.
TEST(PreflightLeftovers, AHostnameThatResolvesToAnotherNodesAddressIsSaidAsSuch) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true), eth0_node(2, 1500, true)};
  nodes[2].gloo = nccl::Endpoint{"lo", "127.0.0.1", "lo"};
  nodes[2].gloo_loopback = true;
  nodes[2].gloo_source = "loopback-fallback";
  nodes[2].gloo_hostname = "node2";
  nodes[2].gloo_resolved = {"198.18.1.2"};
  auto a = analyze(input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult&) {})));
  ASSERT_TRUE(has(a, "preflight.gloo.hostname-loopback"));
  const auto& f = get(a, "preflight.gloo.hostname-loopback");
  EXPECT_EQ(f.title,
            "the hostname node2 resolves to 198.18.1.2 (node1's address), which is not an address of this node: Gloo "
            "falls back to the loopback address and peers cannot connect");
  EXPECT_FALSE(leftover_contains(f.title, "resolves to a loopback address")) << f.title;
  // one step short of "another node's address": an address no node owns is only "not local"
  nodes[2].gloo_resolved = {"198.18.9.9"};
  auto b = analyze(input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult&) {})));
  EXPECT_EQ(get(b, "preflight.gloo.hostname-loopback").title,
            "the hostname node2 resolves to 198.18.9.9, which is not an address of this node: Gloo falls back to the "
            "loopback address and peers cannot connect");
  // a hostname that does resolve to loopback (127.0.1.1) is said so, with the address
  nodes[2].gloo = nccl::Endpoint{"lo", "127.0.1.1", "lo"};
  nodes[2].gloo_source = "hostname";
  nodes[2].gloo_resolved = {"127.0.1.1"};
  auto c = analyze(input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult&) {})));
  EXPECT_EQ(get(c, "preflight.gloo.hostname-loopback").title,
            "the hostname node2 resolves to the loopback address 127.0.1.1: Gloo binds it and peers cannot connect");
}

}  // namespace
}  // namespace dd::cluster
