// The held-out clusters of 2026-12-05 (second run, tests/data/stranger/clusters-2026-12-05b/REPORT.md)
// reduced to the facts rank 0 had, each with the step short of its claim: p8 (a node's own outgoing
// rule drops MASTER_PORT: the finding is about that node), p7 (one pair cut, one NIC per node: the
// pair is named and no interface choice is blamed), p1 (a loss summary says what its lines say),
// p2 (a rendezvous by name: rank 0 lists its addresses for the node that never came). Then the
// third run (clusters-2026-12-05c): p1 (one node behind an MTU black hole), p3 (the named interface
// down on one node), p4 (MASTER_ADDR resolves to IPv6 only). Then the fourth run
// (clusters-2026-12-05d): p3 (a node's own output rule drops TCP to the ephemeral range: the finding
// is on that node, not on its peer, and not "no route"), p2 (a second node claiming rank 2: rank 0
// says what it rejected and which rank that node should take).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/analysis/firewall_facts.hpp"

namespace dd::cluster {
namespace {

using testing::eth0_node;
using testing::get;
using testing::has;
using testing::input_of;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::vector<std::string> all_lines(const Analysis& a) {
  std::vector<std::string> out;
  for (const auto& f : a.findings) {
    out.push_back(f.title);
    out.insert(out.end(), f.evidence.begin(), f.evidence.end());
  }
  return out;
}

void timed_out(ProbeResult& p) {
  p.ok = p.bulk_ok = false;
  p.stage = "connect";
  p.failure = "timeout";
  p.error = "connect: timeout";
}

firewall::Block drop_rule(const std::string& hook) {
  return firewall::Block{"inet", "prfw", hook, hook, hook, 2, "drop", "tcp dport 29400 drop"};
}

// p8: node1's MASTER_PORT probe to node0 timed out while every candidate echo passed; the rule
// that drops it is node1's own output rule (`sender`) or node0's input rule.
AnalysisInput master_port_dropped(bool sender_rule, bool target_rule) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true)};
  for (auto& n : nodes) n.firewall.read = true;
  if (sender_rule) nodes[1].firewall.blocks.push_back({29400, firewall::Direction::output, drop_rule("output")});
  if (target_rule) nodes[0].firewall.blocks.push_back({29400, firewall::Direction::input, drop_rule("input")});
  auto probes = testing::probe_matrix(nodes, [](ProbeResult&) {});
  ProbeResult job;
  job.from = 1;
  job.target = ProbeTarget{0, "node0", 29400, "", "MASTER_PORT", true};
  job.resolved = "198.18.1.1";
  timed_out(job);
  probes.push_back(job);
  return input_of(nodes, probes);
}

TEST(PreflightHeldOut, AnOutgoingRuleOfTheConnectingNodeIsPutOnThatNode) {
  auto a = analyze(master_port_dropped(true, false));
  ASSERT_FALSE(a.findings.empty());
  const auto& f = a.findings.front();
  EXPECT_EQ(f.id, "preflight.port.blocked");
  EXPECT_EQ(f.hosts, std::vector<std::string>{"node1"});
  EXPECT_EQ(f.title,
            "MASTER_PORT (node0:29400) on node0 is not reached from node1: node1's own nftables ruleset drops "
            "outgoing TCP to port 29400");
  ASSERT_FALSE(f.evidence.empty());
  EXPECT_EQ(f.evidence.front(),
            "node1 (outgoing): nftables table inet prfw chain output handle 2: tcp dport 29400 drop");
  EXPECT_TRUE(contains(f.fix.text, "on node1, remove the rule that drops TCP port 29400")) << f.fix.text;
  // one step short: no rule read on either end, or node0's own input rule as well: the port's
  // node stays in the title and hosts (a rule there may drop it too)
  for (auto [sender, target] : {std::pair{false, false}, std::pair{true, true}}) {
    auto b = analyze(master_port_dropped(sender, target));
    ASSERT_TRUE(has(b, "preflight.port.blocked"));
    const auto& g = get(b, "preflight.port.blocked");
    EXPECT_EQ(g.hosts, std::vector<std::string>{"node0"});
    EXPECT_TRUE(contains(g.title, "on node0 is blocked or closed")) << g.title;
    EXPECT_FALSE(contains(g.title, "own nftables ruleset")) << g.title;
  }
}

// p7: three nodes with one NIC each; node1 <-> node2 is cut both ways, both reach node0.
TEST(PreflightHeldOut, OnePairCutNamesThePairAndBlamesNoInterfaceChoice) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true), eth0_node(2, 1500, true)};
  auto a = analyze(input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult& p) {
                              if ((p.from == 1 && p.target.to == 2) || (p.from == 2 && p.target.to == 1)) timed_out(p);
                            })));
  ASSERT_EQ(a.findings.size(), 2u);
  for (const auto& line : all_lines(a)) {
    EXPECT_FALSE(contains(line, "the other nodes cannot reach")) << line;
    EXPECT_FALSE(contains(line, "[interface-mismatch]")) << line;
  }
  for (auto [me, peer] : {std::pair{1, 2}, std::pair{2, 1}}) {
    const std::string host = "node" + std::to_string(me);
    auto f = std::find_if(a.findings.begin(), a.findings.end(),
                          [&](const core::Finding& x) { return x.hosts.front() == host; });
    ASSERT_NE(f, a.findings.end());
    EXPECT_EQ(f->id, "preflight.reach.no-route");
    int explained = 0;
    for (const auto& e : f->evidence) {
      if (!contains(e, "explains: ")) continue;
      ++explained;
      EXPECT_TRUE(contains(e, fmt::format("which rank {} (node{}) cannot reach (rank(s) 0 do)", peer, peer))) << e;
      EXPECT_TRUE(contains(e, "no address of " + host + " is reached by every peer, so no interface choice helps"))
          << e;
      EXPECT_TRUE(contains(e, "[no-route]")) << e;
    }
    EXPECT_EQ(explained, 2) << ::testing::PrintToString(f->evidence);  // Gloo's and NCCL's choice, this node's
  }
  // one step short: node1 has a second NIC every peer reaches: the choice of eth0 is the cause there
  auto with_eth1 = nodes;
  for (auto& n : with_eth1) {
    std::string addr = "198.18.70." + std::to_string(n.rank + 1);
    n.entries.push_back(os::AddressEntry{"eth1", "eth1", os::Family::inet, addr, 24, 0, true, true, false});
    n.ifaces["eth1"] = IfaceFacts{netif::Kind::physical, 1500, 10000, true, false, 3};
    Listener l;
    l.spec = ListenSpec{addr, 0, 0, "eth1", "candidate"};
    l.port = 40001;
    l.ok = true;
    n.listeners.push_back(l);
  }
  auto b = analyze(input_of(with_eth1, testing::probe_matrix(with_eth1, [](ProbeResult& p) {
                              if (p.target.iface == "eth0" &&
                                  ((p.from == 1 && p.target.to == 2) || (p.from == 2 && p.target.to == 1)))
                                timed_out(p);
                            })));
  ASSERT_TRUE(has(b, "preflight.nccl.unreachable-interface"));
  const auto& n = get(b, "preflight.nccl.unreachable-interface");
  EXPECT_EQ(n.label, core::Label::interface_mismatch);
  EXPECT_FALSE(contains(n.title, "no interface choice helps")) << n.title;
  EXPECT_TRUE(contains(n.title, "cannot reach (rank(s) 0 do)")) << n.title;
}

// p1: every probe the loss summary lists stalled (a black hole's lost full-size segments).
TEST(PreflightHeldOut, ALossSummarySaysWhatItsLinesSay) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true)};
  auto stalled = [](ProbeResult& p) {
    p.bulk_ok = false;
    p.retransmits = 4;
    p.snd_mss = 1448;
    p.bytes_acked = 109;
    p.error = "send: timeout - stalled after 15552 of 65536 bytes";
  };
  auto a = analyze(input_of(nodes, testing::probe_matrix(nodes, stalled)));
  ASSERT_FALSE(a.findings.empty());
  EXPECT_EQ(a.findings.front().id, "preflight.mtu.black-hole");
  bool summary = false;
  for (const auto& line : all_lines(a)) {
    if (!contains(line, "lost packets")) continue;
    summary = true;
    EXPECT_FALSE(contains(line, "a transfer that finished")) << line;
    EXPECT_TRUE(contains(line, "no transfer finished")) << line;
  }
  EXPECT_TRUE(summary);
  // one step short of "did not finish": the same resent segments on transfers that finished
  auto b = analyze(input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult& p) {
                              p.retransmits = 5, p.snd_mss = 8948, p.bulk_mbps = 2000;
                            })));
  ASSERT_TRUE(has(b, "preflight.reach.lossy"));
  const auto& f = get(b, "preflight.reach.lossy");
  EXPECT_TRUE(contains(f.title, "every transfer finished")) << f.title;
  EXPECT_FALSE(contains(f.title, "no transfer finished")) << f.title;
  // one of each: both counted
  auto c = analyze(input_of(nodes, testing::probe_matrix(nodes, [&](ProbeResult& p) {
                              if (p.from == 0)
                                p.retransmits = 5, p.snd_mss = 8948, p.bulk_mbps = 2000;
                              else
                                p.retransmits = 30, p.snd_mss = 1448, p.bulk_ok = false, p.bytes_acked = 300000;
                            })));
  ASSERT_TRUE(has(c, "preflight.reach.lossy")) << ::testing::PrintToString(all_lines(c));
  const auto& g = get(c, "preflight.reach.lossy");
  EXPECT_TRUE(contains(g.title, "1 transfer(s) finished, 1 did not")) << g.title;
}

// p2: the rendezvous is a name; rank 3 never joined: rank 0 says where it listens.
TEST(PreflightHeldOut, AMissingRankOfARendezvousByNameGetsRankZerosAddresses) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true)};
  auto in = input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult&) {}));
  in.world = 3;
  in.missing = {2};
  in.rendezvous = "node0:29401";
  auto a = analyze(in);
  ASSERT_TRUE(has(a, "preflight.node.missing"));
  const auto& f = get(a, "preflight.node.missing");
  EXPECT_NE(std::find(f.evidence.begin(), f.evidence.end(), "rank 0 (node0) addresses: 198.18.1.1"), f.evidence.end())
      << ::testing::PrintToString(f.evidence);
  EXPECT_TRUE(contains(f.fix.text, "node0 must resolve there to one of rank 0's addresses")) << f.fix.text;
  // one step short: a rendezvous given as an address names nothing to resolve
  in.rendezvous = "198.18.1.1:29401";
  auto b = analyze(in);
  const auto& g = get(b, "preflight.node.missing");
  EXPECT_EQ(g.evidence.size(), 1u) << ::testing::PrintToString(g.evidence);
  EXPECT_FALSE(contains(g.fix.text, "must resolve")) << g.fix.text;
}

// clusters-2026-12-05c p1: node2's switch port carries 1400 while every NIC says 1500; every pair
// with node2 loses the bulk both ways and node0 <-> node1 carries it. One finding about node2, first,
// whose ping runs from a peer to node2's address; the other nodes' addresses are not blamed.
std::vector<ProbeResult> one_node_hole(const std::vector<NodeFacts>& nodes, int at) {
  return testing::probe_matrix(nodes, [at](ProbeResult& p) {
    if (p.from != at && p.target.to != at) return;
    p.bulk_ok = false;
    p.retransmits = 10;
    p.snd_mss = 1448;
    p.bytes_acked = 109;
    p.error = "send: timeout - stalled after 15552 of 65536 bytes";
  });
}

TEST(PreflightHeldOut, ANodeEveryPairOfWhichLosesTheBulkIsOneFindingAboutIt) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true), eth0_node(2, 1500, true)};
  auto a = analyze(input_of(nodes, one_node_hole(nodes, 2)));
  ASSERT_FALSE(a.findings.empty());
  const auto& f = a.findings.front();
  EXPECT_EQ(f.id, "preflight.mtu.black-hole");
  EXPECT_EQ(f.hosts, std::vector<std::string>{"node2"});
  EXPECT_TRUE(contains(f.title, "MTU black hole at node2 eth0")) << f.title;
  EXPECT_TRUE(contains(f.title, "to and from it")) << f.title;
  EXPECT_EQ(std::count_if(a.findings.begin(), a.findings.end(),
                          [](const core::Finding& x) { return x.id == "preflight.mtu.black-hole"; }),
            1);
  EXPECT_NE(std::find(f.evidence.begin(), f.evidence.end(),
                      "pairs without node2 carried the bulk: rank 0 -> rank 1, rank 1 -> rank 0"),
            f.evidence.end())
      << ::testing::PrintToString(f.evidence);
  EXPECT_TRUE(contains(f.fix.text, "on node0: ping -M do -s 1472 198.18.1.3")) << f.fix.text;
  EXPECT_TRUE(contains(f.fix.text, "then give eth0 on node2 that MTU")) << f.fix.text;
  EXPECT_TRUE(contains(f.fix.text, "the same to eth0 on node0 and eth0 on node1")) << f.fix.text;
  for (const auto& line : all_lines(a)) {
    EXPECT_FALSE(contains(line, "198.18.1.1, which")) << line;  // node0's address is not blamed
    EXPECT_FALSE(contains(line, "198.18.1.2, which")) << line;
    EXPECT_FALSE(contains(line, "will be slow")) << line;  // no transfer finished: they stall
  }
  // one step short: only node0 <-> node2 loses the bulk; node2 reaches node1. Two nodes with one
  // bad pair each and nothing to tell them apart: the path is named, no node is blamed.
  auto b = analyze(input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult& p) {
                              if ((p.from == 0 && p.target.to == 2) || (p.from == 2 && p.target.to == 0))
                                p.bulk_ok = false, p.bytes_acked = 109;
                            })));
  ASSERT_FALSE(b.findings.empty());
  EXPECT_TRUE(contains(b.findings.front().title, "MTU black hole between node0 and node2")) << b.findings.front().title;
}

// p3: GLOO/NCCL_SOCKET_IFNAME=eth1 everywhere, node1's eth1 administratively down: node1's
// connects over eth1 fail with "Network is unreachable". The finding is about node1's interface,
// first; node0's and node2's eth1 (which node2 reaches) are not blamed. One step short: eth1 up on
// node1 and its probes still failing says nothing about an interface being down.
AnalysisInput ifname_down_on_node1(bool down) {
  std::vector<NodeFacts> nodes;
  for (int r = 0; r < 3; ++r) {
    nodes.push_back(testing::node(
        r,
        {{"eth0", fmt::format("198.18.97.1{}", r), "physical"}, {"eth1", fmt::format("198.18.98.1{}", r), "physical"}},
        "eth1", "eth1"));
    nodes.back().env["GLOO_SOCKET_IFNAME"] = "eth1";
    nodes.back().nccl_config["NCCL_SOCKET_IFNAME"] = "eth1";
  }
  for (auto& e : nodes[1].entries)
    if (e.link == "eth1") e.up = e.running = !down;
  nodes[1].ifaces["eth1"].running = !down;
  auto probes = testing::probe_matrix(nodes, [](ProbeResult& p) {
    if (p.from != 1 || p.target.iface != "eth1") return;
    p.ok = p.bulk_ok = false;
    p.stage = "connect";
    p.failure = "no-route";
    p.error = fmt::format("connect {}:{}: Network is unreachable (ENETUNREACH)", p.target.addr, p.target.port);
  });
  // node1's eth1 listener did not open: nobody probed it
  std::erase_if(probes, [](const ProbeResult& p) { return p.target.to == 1 && p.target.iface == "eth1"; });
  return input_of(nodes, probes);
}

TEST(PreflightHeldOut, AnInterfaceDownOnOneNodeIsTheFindingAboutThatNode) {
  auto a = analyze(ifname_down_on_node1(true));
  ASSERT_FALSE(a.findings.empty());
  const auto& f = a.findings.front();
  EXPECT_EQ(f.id, "preflight.interface.down");
  EXPECT_EQ(f.hosts, std::vector<std::string>{"node1"});
  EXPECT_TRUE(contains(f.title, "eth1 on node1 is down")) << f.title;
  EXPECT_TRUE(contains(f.fix.text, "on node1, bring eth1 up:\n  ip link set dev eth1 up")) << f.fix.text;
  EXPECT_NE(std::find(f.evidence.begin(), f.evidence.end(),
                      "node1: eth1 198.18.98.11/24: administratively down (IFF_UP off), not running"),
            f.evidence.end())
      << ::testing::PrintToString(f.evidence);
  for (const auto& x : a.findings) {
    EXPECT_EQ(std::find(x.hosts.begin(), x.hosts.end(), "node0"), x.hosts.end()) << x.id << ": " << x.title;
    EXPECT_EQ(std::find(x.hosts.begin(), x.hosts.end(), "node2"), x.hosts.end()) << x.id << ": " << x.title;
  }
  auto b = analyze(ifname_down_on_node1(false));
  EXPECT_FALSE(has(b, "preflight.interface.down"));
  for (const auto& line : all_lines(b)) EXPECT_FALSE(contains(line, " is down")) << line;
}

// p4: MASTER_ADDR=node0 resolves on rank 0 to an IPv6 address only, rank 0 also has IPv4; ranks 1
// and 2 never joined. Rank 0 names the family and the IPv4 address as the fix, and does not claim
// the workers have no route (their own output says so). One step short: the name resolves to IPv4
// too, so the family says nothing.
TEST(PreflightHeldOut, AMissingRankOfAnIpv6OnlyMasterAddrGetsRankZerosIpv4) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true)};
  nodes[0].entries.push_back(
      os::AddressEntry{"eth0", "eth0", os::Family::inet6, "fd00:18:84::10", 64, 0, true, true, false});
  nodes[0].env["MASTER_ADDR"] = "node0";
  nodes[0].master_addr_resolves = {"fd00:18:84::10"};
  auto in = input_of(nodes, {});
  in.world = 3;
  in.missing = {1, 2};
  in.rendezvous = "node0:29401";
  auto a = analyze(in);
  ASSERT_FALSE(a.findings.empty());
  const auto& f = a.findings.front();
  EXPECT_EQ(f.id, "preflight.node.missing");
  EXPECT_TRUE(contains(f.title, "which resolves on rank 0 to the IPv6 address fd00:18:84::10 only")) << f.title;
  EXPECT_TRUE(contains(f.fix.text, "map node0 to 198.18.1.1 (rank 0's IPv4 address) in /etc/hosts")) << f.fix.text;
  EXPECT_TRUE(contains(f.fix.text, "or set MASTER_ADDR=198.18.1.1 on every node")) << f.fix.text;
  EXPECT_FALSE(contains(f.title, "no route")) << f.title;
  nodes[0].master_addr_resolves = {"fd00:18:84::10", "198.18.1.1"};
  in = input_of(nodes, {});
  in.world = 3;
  in.missing = {1, 2};
  in.rendezvous = "node0:29401";
  auto b = analyze(in);
  ASSERT_FALSE(b.findings.empty());
  const auto& g = b.findings.front();
  EXPECT_FALSE(contains(g.title, "IPv6")) << g.title;
  EXPECT_FALSE(contains(g.fix.text, "MASTER_ADDR=198.18.1.1")) << g.fix.text;
}

// clusters-2026-12-06e p1: both peers never joined, so no probe ran: rank 0 says no "checked: ...
// reached by every peer" and recommends nothing (it would hold of no peer at all).
TEST(PreflightHeldOut, NoProbeMeansNoAddressWasReachedAndNothingIsRecommended) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true)};
  nodes[0].env["MASTER_ADDR"] = "198.18.1.1";
  nodes[0].master_addr_resolves = {"198.18.1.1"};
  auto in = input_of(nodes, {});
  in.world = 3;
  in.missing = {1, 2};
  in.rendezvous = "198.18.1.1:29401";
  auto a = analyze(in);
  EXPECT_TRUE(a.recommendation.checks.empty()) << a.recommendation.checks.front();
  EXPECT_TRUE(a.recommendation.env.empty());
  EXPECT_TRUE(a.recommendation.per_host.empty());
}

// clusters-2026-12-05d p3: node1's output chain drops TCP to 32768-60999. node0's probes into node1
// time out (node1's SYN-ACKs go to node0's ephemeral source port), node1's probes to node0's probe
// port time out (dport ephemeral), node1's MASTER_PORT probe to node0 passes. `own_rule`: node1 read
// the rule (output, new and established packets, on its probe port 40000); node0 read no rule.
AnalysisInput outbound_ephemeral(bool own_rule) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true)};
  for (auto& n : nodes) n.firewall.read = true;
  if (own_rule) {
    firewall::Block b{"inet", "c5fw", "c5out", "output", "c5out", 2, "drop", "tcp dport 32768-60999 drop"};
    nodes[1].firewall.blocks.push_back({40000, firewall::Direction::output, b, firewall::Packet::first});
    nodes[1].firewall.blocks.push_back({40000, firewall::Direction::output, b, firewall::Packet::established});
  }
  auto probes = testing::probe_matrix(nodes, [](ProbeResult& p) { timed_out(p); });
  ProbeResult job;
  job.from = 1;
  job.target = ProbeTarget{0, "node0", 29400, "", "MASTER_PORT", true};
  job.resolved = "198.18.1.1";
  job.ok = job.bulk_ok = true;
  probes.push_back(job);
  return input_of(nodes, probes);
}

TEST(PreflightHeldOut, AnOutputRuleDroppingTheEphemeralRangeIsPutOnItsOwnNode) {
  auto a = analyze(outbound_ephemeral(true));
  ASSERT_FALSE(a.findings.empty());
  const auto& f = a.findings.front();
  EXPECT_EQ(f.id, "preflight.reach.ephemeral-ports-blocked");
  EXPECT_EQ(f.hosts, std::vector<std::string>{"node1"});
  EXPECT_TRUE(contains(f.title,
                       "node1's own nftables ruleset drops TCP packets it sends to ports of the ephemeral "
                       "range"))
      << f.title;
  EXPECT_TRUE(contains(f.title, "connections from rank(s) 0 to node1's probe port(s) 40000 get no answer")) << f.title;
  EXPECT_NE(std::find(f.evidence.begin(), f.evidence.end(),
                      "node1 (what it sends to the ephemeral range): nftables table inet c5fw chain c5out handle 2: "
                      "tcp dport 32768-60999 drop"),
            f.evidence.end())
      << ::testing::PrintToString(f.evidence);
  EXPECT_TRUE(contains(f.fix.text, "on node1, the rule that drops them:\n  nft delete rule inet c5fw c5out handle 2"))
      << f.fix.text;
  for (const auto& line : all_lines(a)) {
    EXPECT_FALSE(contains(line, "accepts only the job's own ports")) << line;
    EXPECT_FALSE(contains(line, "cannot be reached")) << line;
  }
  EXPECT_FALSE(has(a, "preflight.reach.no-route"));
  // one step short: node1 read no such rule. Nothing then says which node drops: node0 (whose
  // ruleset names no rule) is not said to accept only the job's ports, and the timed-out connects
  // on a shared subnet are not called a missing route
  auto b = analyze(outbound_ephemeral(false));
  for (const auto& line : all_lines(b)) {
    EXPECT_FALSE(contains(line, "accepts only the job's own ports")) << line;
    EXPECT_FALSE(contains(line, "cannot be reached")) << line;
    EXPECT_FALSE(contains(line, "own nftables ruleset drops")) << line;
  }
  for (const auto& g : b.findings) {
    EXPECT_NE(g.label, core::Label::no_route) << g.id << ": " << g.title;
    if (g.id == "preflight.reach.ephemeral-ports-blocked") {
      EXPECT_TRUE(contains(g.title, "node0's own nftables ruleset names no rule that drops them")) << g.title;
    }
  }
  ASSERT_TRUE(has(b, "preflight.reach.no-route"));
  const auto& t = get(b, "preflight.reach.no-route");
  EXPECT_TRUE(contains(t.title, "connections from rank(s) 0 to node1 time out on every address")) << t.title;
  EXPECT_TRUE(contains(t.fix.text, "tcpdump")) << t.fix.text;
}

// clusters-2026-12-05d p2: world 4, a second node claimed rank 2 and rank 0 rejected it; rank 3 never
// joined. Rank 0 says both, and the node it rejected is the one to start as rank 3.
TEST(PreflightHeldOut, ASecondNodeClaimingARankIsNamedAndGetsTheMissingRank) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true), eth0_node(2, 1500, true)};
  auto in = input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult&) {}));
  in.world = 4;
  in.missing = {3};
  in.rendezvous = "198.18.1.1:29401";
  in.rendezvous_drops = {
      "rendezvous: dropped [::ffff:198.18.1.4]:41234: rank 2 already joined from "
      "[::ffff:198.18.1.3]:40222"};
  auto a = analyze(in);
  ASSERT_TRUE(has(a, "preflight.node.missing"));
  const auto& f = get(a, "preflight.node.missing");
  EXPECT_EQ(f.title,
            "rank 3 never joined the rendezvous at 198.18.1.1:29401; two nodes claimed rank 2: node2 "
            "(198.18.1.3) joined first, the node at 198.18.1.4 was rejected");
  EXPECT_TRUE(contains(f.fix.text, "start the node at 198.18.1.4 as rank 3 (`--rank 3`")) << f.fix.text;
  EXPECT_FALSE(contains(f.fix.text, "start distdoctor preflight on rank 3")) << f.fix.text;
  // one step short: no join was rejected: rank 0 saw only the missing rank, and says only that
  in.rendezvous_drops = {
      "rendezvous: dropped [::ffff:198.18.1.4]:41234: wrong job token (its proof does not match "
      "this job's token)"};
  auto b = analyze(in);
  const auto& g = get(b, "preflight.node.missing");
  EXPECT_EQ(g.title, "rank 3 never joined the rendezvous at 198.18.1.1:29401");
  EXPECT_FALSE(contains(g.fix.text, "198.18.1.4")) << g.fix.text;
}

}  // namespace
}  // namespace dd::cluster
