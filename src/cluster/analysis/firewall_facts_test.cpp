// A node's firewall facts and what rank 0 makes of them: each node judges its own ruleset (read
// through the FirewallSource seam; here the fake, with rulesets captured from real nft -j output
// in tests/data/nftables/), the facts cross the wire as JSON, and preflight.port.blocked /
// preflight.reach.ephemeral-ports-blocked name the rule with its handle and the command that
// removes it. Without a rule found the findings are exactly what they were.
#include "cluster/analysis/firewall_facts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/analysis/node_facts.hpp"
#include "os/fake/static_firewall_source.hpp"

namespace dd::cluster {
namespace {

std::string ruleset(const std::string& name) {
  std::ifstream in(std::string(DD_TEST_DATA_DIR) + "/nftables/" + name + ".json");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Listener listener(int port, const std::string& what) {
  Listener l;
  l.spec = ListenSpec{"::", port, 0, "", what};
  l.port = port;
  l.ok = true;
  return l;
}

const env::launchers::JobPort k_master{"198.18.1.1", 29500, "MASTER_PORT", false};

TEST(FirewallFacts, EachListenedPortIsJudgedInboundAndEachJobPortOutbound) {
  os::fake::StaticFirewallSource source(ruleset("drop-port"));
  auto f = judge_firewall(source.nft_ruleset_json(), {listener(29500, "MASTER_PORT"), listener(41234, "candidate")},
                          {k_master});
  EXPECT_EQ(source.reads, 1);
  ASSERT_TRUE(f.read);
  EXPECT_EQ(f.error, "");
  ASSERT_EQ(f.blocks.size(), 1u);  // the inbound drop of 29500; nothing outbound, nothing for 41234
  EXPECT_EQ(f.blocks[0].port, 29500);
  EXPECT_EQ(f.blocks[0].direction, firewall::Direction::input);
  EXPECT_EQ(f.blocks[0].block.handle, 3);
  EXPECT_EQ(blocks_for(f, 29500, firewall::Direction::input).size(), 1u);
  EXPECT_TRUE(blocks_for(f, 29500, firewall::Direction::output).empty());
}

// A probe port is a port of the node's ephemeral range: an output rule that drops TCP to that range
// drops what the node sends to such a port, new or of an open connection (its connections to the
// peers' listeners, its answers to theirs). One step short: a port outside the range (MASTER_PORT)
// is not judged blocked outbound, and the input hook holds nothing.
TEST(FirewallFacts, AnOutputRuleOverTheEphemeralRangeBlocksTheProbePortOutboundBothPackets) {
  os::fake::StaticFirewallSource source(ruleset("output-ephemeral"));
  auto f = judge_firewall(source.nft_ruleset_json(), {listener(29500, "MASTER_PORT"), listener(41234, "candidate")},
                          {k_master});
  ASSERT_TRUE(f.read);
  for (auto packet : {firewall::Packet::first, firewall::Packet::established}) {
    auto blocks = blocks_for(f, 41234, firewall::Direction::output, packet);
    ASSERT_EQ(blocks.size(), 1u);
    EXPECT_EQ(firewall::removal_command(blocks[0], 41234), "nft delete rule inet c5fw c5out handle 2");
  }
  EXPECT_TRUE(blocks_for(f, 29500, firewall::Direction::output).empty());
  EXPECT_TRUE(blocks_for(f, 41234, firewall::Direction::input).empty());
  EXPECT_TRUE(blocks_for(f, 41234, firewall::Direction::input, firewall::Packet::established).empty());
}

TEST(FirewallFacts, AnUnreadableRulesetNamesNoRuleAndSaysWhy) {
  auto f =
      judge_firewall(core::make_error(core::ErrorKind::not_found, "ruleset not readable: libnftables.so.1 not found"),
                     {listener(29500, "MASTER_PORT")}, {k_master});
  EXPECT_FALSE(f.read);
  EXPECT_EQ(f.error, "ruleset not readable: libnftables.so.1 not found");
  EXPECT_TRUE(f.blocks.empty());
  auto g = judge_firewall(std::string("not json"), {listener(29500, "MASTER_PORT")}, {});
  EXPECT_FALSE(g.read);
  EXPECT_EQ(g.error.rfind("ruleset not readable: ", 0), 0u) << g.error;
}

TEST(FirewallFacts, TheFactsCrossTheWireUnchanged) {
  NodeFacts n = testing::eth0_node(0, 1500, true);
  n.firewall = judge_firewall(ruleset("policy-drop"), {listener(29400, "MASTER_PORT"), listener(29500, "MASTER_PORT")},
                              {k_master});
  n.firewall.blocks.push_back(
      PortBlock{29500, firewall::Direction::output,
                firewall::Block{"ip", "t", "output", "output", "output", 2, "drop", "meta l4proto tcp drop"}});
  auto back = facts_from_json(to_json(n));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_TRUE(back->firewall.read);
  EXPECT_EQ(back->firewall.blocks, n.firewall.blocks);
  ASSERT_EQ(back->firewall.blocks.size(), 2u);
  EXPECT_FALSE(back->firewall.blocks[0].block.handle);  // the policy
  // An older node sends no "firewall": nothing was read. A wrong shape is an error naming it.
  auto j = to_json(n);
  j.erase("firewall");
  auto old = facts_from_json(j);
  ASSERT_TRUE(old.ok());
  EXPECT_FALSE(old->firewall.read);
  j = to_json(n);
  j["firewall"]["blocks"][0]["direction"] = "sideways";
  auto bad = facts_from_json(j);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("firewall"), std::string::npos) << bad.error().message;
}

// Two nodes; node1's probes of node0's MASTER_PORT time out while the candidate echoes pass.
AnalysisInput blocked_master_port(const FirewallFacts& node0_firewall) {
  std::vector<NodeFacts> nodes = {testing::eth0_node(0, 1500, true), testing::eth0_node(1, 1500, true)};
  nodes[0].firewall = node0_firewall;
  AnalysisInput in;
  in.world = 2;
  in.probed = {0, 1};
  in.probes = testing::probe_matrix(nodes, [](ProbeResult&) {});
  ProbeResult job;
  job.from = 1;
  job.target = ProbeTarget{0, "198.18.1.1", 29500, "", "MASTER_PORT", true};
  job.stage = "connect";
  job.error = "connect: timeout";
  in.probes.push_back(job);
  in.nodes = std::move(nodes);
  in.rendezvous = "198.18.1.1:29401";
  in.rendezvous_port = 29401;
  return in;
}

const core::Finding* find(const Analysis& a, const std::string& id) {
  for (const auto& f : a.findings)
    if (f.id == id) return &f;
  return nullptr;
}

TEST(FirewallFacts, ABlockedPortFindingNamesTheRuleAndTheCommandThatRemovesIt) {
  auto fw = judge_firewall(ruleset("drop-port"), {listener(29500, "MASTER_PORT")}, {});
  auto a = analyze(blocked_master_port(fw));
  const auto* f = find(a, "preflight.port.blocked");
  ASSERT_NE(f, nullptr);
  ASSERT_FALSE(f->evidence.empty());
  EXPECT_EQ(f->evidence.front(),
            "node0 (198.18.1.1): nftables table inet t chain input handle 3: tcp dport 29500 drop");
  EXPECT_EQ(f->fix.text,
            "on node0, remove the rule that drops TCP port 29500:\n"
            "  nft delete rule inet t input handle 3\n"
            "or accept the port ahead of it:\n"
            "  nft insert rule inet t input position 3 tcp dport 29500 accept");
}

TEST(FirewallFacts, WithoutARuleFoundTheFindingStaysAsItWas) {
  auto plain = analyze(blocked_master_port(FirewallFacts{}));
  // The node read its ruleset and found nothing for 29500 (an accept first): the same finding.
  auto accepted =
      analyze(blocked_master_port(judge_firewall(ruleset("accept-before-drop"), {listener(29500, "MASTER_PORT")}, {})));
  // ... or could not read it at all.
  auto unreadable = analyze(blocked_master_port(
      judge_firewall(core::make_error(core::ErrorKind::not_found, "ruleset not readable: libnftables.so.1 not found"),
                     {listener(29500, "MASTER_PORT")}, {})));
  const auto* f = find(plain, "preflight.port.blocked");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(
      f->fix.text,
      "open TCP port 29500 on node0 in its firewall (nft list ruleset / iptables -S), or choose a port that is open");
  for (const auto* other : {find(accepted, "preflight.port.blocked"), find(unreadable, "preflight.port.blocked")}) {
    ASSERT_NE(other, nullptr);
    EXPECT_EQ(other->title, f->title);
    EXPECT_EQ(other->evidence, f->evidence);
    EXPECT_EQ(other->fix.text, f->fix.text);
  }
}

TEST(FirewallFacts, EphemeralPortsBlockedNamesTheRuleThatDropsTheProbePorts) {
  std::vector<NodeFacts> nodes = {testing::eth0_node(0, 1500, true), testing::eth0_node(1, 1500, true)};
  // node0 drops every port but 22 and 29500 by policy; its candidate listener is on port 40000.
  nodes[0].firewall = judge_firewall(ruleset("policy-drop"), nodes[0].listeners, {});
  AnalysisInput in;
  in.world = 2;
  in.probed = {0, 1};
  in.probes = testing::probe_matrix(nodes, [](ProbeResult& p) {
    if (p.target.to == 0) p.ok = p.bulk_ok = false, p.stage = "connect", p.error = "connect: timeout";
  });
  ProbeResult job;
  job.from = 1;
  job.target = ProbeTarget{0, "198.18.1.1", 29500, "", "MASTER_PORT", true};
  job.ok = job.bulk_ok = true;
  in.probes.push_back(job);
  in.nodes = nodes;
  auto a = analyze(in);
  const auto* f = find(a, "preflight.reach.ephemeral-ports-blocked");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->evidence.front(),
            "node0 (198.18.1.1): nftables table inet filter chain input: policy drop, no rule accepts tcp dport 40000");
  // A policy has no one command for a range of ports: the fix stays the general one.
  EXPECT_EQ(f->fix.text,
            "allow inbound TCP between the nodes on the ephemeral range (sysctl net.ipv4.ip_local_port_range), "
            "not only MASTER_PORT");
  // A rule is named in the fix with the command that removes it.
  nodes = {testing::eth0_node(0, 1500, true), testing::eth0_node(1, 1500, true)};
  nodes[0].firewall.read = true;
  nodes[0].firewall.blocks.push_back(
      PortBlock{40000, firewall::Direction::input,
                firewall::Block{"inet", "t", "in", "input", "in", 5, "drop", "meta l4proto tcp drop"}});
  in.nodes = nodes;
  auto b = analyze(in);
  const auto* g = find(b, "preflight.reach.ephemeral-ports-blocked");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->evidence.front(), "node0 (198.18.1.1): nftables table inet t chain in handle 5: meta l4proto tcp drop");
  EXPECT_NE(g->fix.text.find("\non node0, the rule that drops them:\n  nft delete rule inet t in handle 5"),
            std::string::npos)
      << g->fix.text;
}

TEST(FirewallFacts, APolicyDropOnTheNodeThatReachedItsPeerIsAPortFilterNotNoRoute) {
  // As on a real cluster: node1 (the greater address) drops every port but 22 and
  // 29500 by policy; no job port is on node1, but node1's own probe to node0 passed. The finding
  // says what was seen, names the chain's policy, and that Gloo's pair needs no connection into node1.
  std::vector<NodeFacts> nodes = {testing::eth0_node(0, 1500, true), testing::eth0_node(1, 1500, true)};
  nodes[1].firewall = judge_firewall(ruleset("policy-drop"), nodes[1].listeners, {});
  AnalysisInput in;
  in.world = 2;
  in.probed = {0, 1};
  in.probes = testing::probe_matrix(nodes, [](ProbeResult& p) {
    if (p.target.to == 1)
      p.ok = p.bulk_ok = false, p.stage = "connect", p.failure = "timeout", p.error = "connect: timeout";
  });
  in.nodes = nodes;
  auto a = analyze(in);
  EXPECT_EQ(find(a, "preflight.reach.no-route"), nullptr);
  const auto* f = find(a, "preflight.reach.ephemeral-ports-blocked");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->hosts, std::vector<std::string>{"node1"});
  EXPECT_EQ(
      f->title,
      "connections from rank(s) 0 to node1's probe port(s) 40000 get no answer: node1's own nftables ruleset drops "
      "them; NCCL's data connections into node1 (ephemeral ports) will hang");
  ASSERT_GE(f->evidence.size(), 4u);
  EXPECT_EQ(f->evidence[0],
            "node1 (198.18.1.2): nftables table inet filter chain input: policy drop, no rule accepts tcp dport 40000");
  EXPECT_EQ(f->evidence[1],
            "rank 1 (node1) -> node0 198.18.1.1:40000 [eth0]: echo passed (connections from node1 get through)");
  EXPECT_EQ(f->evidence[2],
            "Gloo opens each pair's connection from the greater address: node1 (198.18.1.2) connects out to rank(s) 0, "
            "so Gloo's pairs need no connection into it");
  EXPECT_NE(f->evidence[3].find("rank 0 (node0) -> node1 198.18.1.2:40000 [eth0]: connect: timeout"), std::string::npos)
      << f->evidence[3];
  EXPECT_EQ(a.findings.front().id, "preflight.reach.ephemeral-ports-blocked");

  // one step short: node1's ruleset was not read (or drops nothing): nothing names a filter, and
  // without a job port that answered it stays what the probes alone show
  nodes[1].firewall = FirewallFacts{};
  in.nodes = nodes;
  auto b = analyze(in);
  EXPECT_EQ(find(b, "preflight.reach.ephemeral-ports-blocked"), nullptr);
  EXPECT_NE(find(b, "preflight.reach.no-route"), nullptr);
}

}  // namespace
}  // namespace dd::cluster
