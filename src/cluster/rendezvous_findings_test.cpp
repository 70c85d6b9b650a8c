// Issue 28, the rule audit (docs/rules.md, preflight.rendezvous.* and preflight.token.guessable):
// each finding of a node that could not take part is fed the evidence one step short of its cause
// and must not claim it; its twin with the full evidence shows the same code does.
#include "cluster/rendezvous_findings.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>

#include "transport/socket.hpp"

namespace dd::cluster {
namespace {

JoinFailure failed_join(int attempts = 12) {
  JoinFailure f;
  f.address = "node0:29401";
  f.attempts = attempts;
  return f;
}

bool rdv_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(RendezvousShort, NoRouteIsClaimedOnlyWhereTheKernelHadNoRoute) {
  // EHOSTUNREACH: a neighbour that never answered, a router's or a firewall's ICMP; not a missing route
  auto host =
      join_failure_finding(failed_join(), errno_error("connect", EHOSTUNREACH, "198.18.0.1:29401"), "node0", 29401);
  EXPECT_EQ(host.id, "preflight.rendezvous.no-route");
  EXPECT_FALSE(rdv_has(host.title, "no route")) << host.title;
  EXPECT_FALSE(rdv_has(host.fix.text, "has no route")) << host.fix.text;
  EXPECT_TRUE(rdv_has(host.fix.text, "ICMP")) << host.fix.text;
  EXPECT_TRUE(rdv_has(host.evidence.at(0), "EHOSTUNREACH")) << host.evidence.at(0);
  // ENETUNREACH: this node's routing table has none
  auto net =
      join_failure_finding(failed_join(), errno_error("connect", ENETUNREACH, "198.18.0.1:29401"), "node0", 29401);
  EXPECT_EQ(net.id, "preflight.rendezvous.no-route");
  EXPECT_TRUE(rdv_has(net.title, "no route to the rendezvous node0:29401")) << net.title;
}

// clusters-2026-12-05c p4: node0 resolves to an IPv6 address only and this node has IPv4 only: the
// family is named with the fix that reaches rank 0 over IPv4. One step short: the node has an IPv6
// address of its own, so the missing route is not a missing family.
TEST(RendezvousShort, NoRouteToTheOtherFamilyNamesTheFamilyOnlyWhenThisNodeLacksIt) {
  auto err = errno_error("connect", ENETUNREACH, "[fd00:18:84::10]:29401");
  PathEvidence v4_only;
  v4_only.addr = "fd00:18:84::10";
  v4_only.other_family = {"198.18.84.11"};
  auto f = join_failure_finding(failed_join(), err, "node0", 29401, v4_only);
  EXPECT_EQ(f.id, "preflight.rendezvous.no-route");
  EXPECT_TRUE(rdv_has(f.title, "node0 resolves here to the IPv6 address fd00:18:84::10, and this node has IPv4 only"))
      << f.title;
  EXPECT_TRUE(rdv_has(f.fix.text, "set MASTER_ADDR (or --rendezvous) to rank 0's IPv4 address")) << f.fix.text;
  EXPECT_TRUE(rdv_has(f.fix.text, "map node0 to that address in /etc/hosts")) << f.fix.text;
  EXPECT_EQ(f.evidence.at(1), "this node has no routable IPv6 address; its addresses: 198.18.84.11");
  PathEvidence has_v6;
  has_v6.addr = "fd00:18:84::10";
  auto g = join_failure_finding(failed_join(), err, "node0", 29401, has_v6);
  EXPECT_FALSE(rdv_has(g.title, "IPv4")) << g.title;
  EXPECT_TRUE(rdv_has(g.title, "no route to the rendezvous node0:29401")) << g.title;
}

TEST(RendezvousShort, TurnedAwayNeedsRankZerosOwnReject) {
  // a refusal until the deadline is no reject: nothing says rank 0 was there to turn anyone away
  auto refused =
      join_failure_finding(failed_join(), errno_error("connect", ECONNREFUSED, "198.18.0.1:29401"), "node0", 29401);
  EXPECT_EQ(refused.id, "preflight.rendezvous.refused");
  EXPECT_FALSE(rdv_has(refused.title, "turned")) << refused.title;
  EXPECT_TRUE(rdv_has(refused.fix.text, "start preflight on rank 0")) << refused.fix.text;
  auto late = failed_join(1);
  late.rejected = "too late: rank 0 stopped taking joins 40 ms ago with 2 of 2 ranks";
  auto turned =
      join_failure_finding(late, NetError{NetFailure::protocol, "recv", 0, "198.18.0.1:29401", "x"}, "node0", 29401);
  EXPECT_EQ(turned.id, "preflight.rendezvous.rejected");
  EXPECT_EQ(turned.evidence, std::vector<std::string>{late.rejected});
}

// clusters-2026-12-06e p1, node1: MASTER_ADDR=c6node1 names this node; its connects to its own
// address were refused by itself: MASTER_ADDR is the cause, not a firewall or a missing rank 0.
TEST(RendezvousShort, ARefusedPortDerivedFromThisNodesMasterPortSaysSoAndClaimsNoFirewall) {
  // clusters-2026-12-06f p2: node2 had MASTER_PORT=29410 (rank 0 29400): it dialled 29411, which
  // nobody served; rank 0 was running and served 29401
  auto jf = failed_join(91);
  jf.address = "c7node0:29411";
  const auto e = errno_error("connect", ECONNREFUSED, "198.19.100.10:29411");
  PathEvidence path;
  path.addr = "198.19.100.10";
  path.port_from = "this node's MASTER_PORT=29410, plus 1";
  auto f = join_failure_finding(jf, e, "c7node0", 29411, path);
  EXPECT_EQ(f.id, "preflight.rendezvous.refused");
  EXPECT_EQ(f.label, core::Label::other);
  EXPECT_EQ(f.title,
            "rendezvous c7node0:29411 refused the connection; port 29411 is this node's MASTER_PORT=29410, plus 1");
  EXPECT_TRUE(rdv_has(f.fix.text,
                      "when rank 0's MASTER_PORT differs from 29410, set this node's MASTER_PORT to "
                      "rank 0's value"))
      << f.fix.text;
  EXPECT_FALSE(rdv_has(f.fix.text, "(it serves")) << f.fix.text;
  // one step short: the port came from --rendezvous: nothing is said about MASTER_PORT
  path.port_from.clear();
  auto g = join_failure_finding(jf, e, "c7node0", 29411, path);
  EXPECT_EQ(g.label, core::Label::firewall_or_port_blocked);
  EXPECT_FALSE(rdv_has(g.title + g.fix.text, "MASTER_PORT")) << g.title << g.fix.text;
}

// clusters-2026-12-07l p3: node2 holds rank 0's address 198.19.124.10/32 on lo (an old VIP); the
// refusal came from node2 itself. The finding names the address on the loopback and removes it; it
// never says MASTER_ADDR names this node (the name was right). One step short: the same address on an
// ordinary interface keeps the MASTER_ADDR wording.
TEST(RendezvousShort, RanksZeroAddressHeldOnThisNodesLoopbackIsNamedWithItsRemoval) {
  auto jf = failed_join(92);
  jf.address = "c13node0:29401";
  const auto e = errno_error("connect", ECONNREFUSED, "198.19.124.10:29401");
  PathEvidence own;
  own.addr = "198.19.124.10";
  own.own_link = "lo";
  own.own_prefix = 32;
  own.own_on_loopback = true;
  auto f = join_failure_finding(jf, e, "c13node0", 29401, own);
  EXPECT_EQ(f.id, "preflight.rendezvous.own-address");
  EXPECT_TRUE(rdv_has(f.title, "is 198.19.124.10, an address this node holds itself on its loopback interface lo"))
      << f.title;
  EXPECT_FALSE(rdv_has(f.title, "names this node")) << f.title;
  EXPECT_TRUE(rdv_has(f.fix.text, "`ip addr del 198.19.124.10/32 dev lo`")) << f.fix.text;
  // the evidence line that says where the address is held carries its prefix, not the attempts line
  ASSERT_GE(f.evidence.size(), 2u);
  EXPECT_EQ(f.evidence[0], "c13node0 resolves here to 198.19.124.10");
  EXPECT_EQ(f.evidence[1],
            "198.19.124.10 is this node's own address (on lo) as 198.19.124.10/32: an address not of the loopback "
            "range, held on the loopback interface");
  EXPECT_FALSE(rdv_has(f.evidence.back(), "/32")) << f.evidence.back();
  own.own_on_loopback = false;
  own.own_link = "eth0";
  auto g = join_failure_finding(jf, e, "c13node0", 29401, own);
  EXPECT_TRUE(rdv_has(g.title, "names this node instead of rank 0's host")) << g.title;
}

TEST(RendezvousShort, ARefusalFromThisNodesOwnAddressNamesTheRendezvousSetting) {
  auto jf = failed_join(92);
  jf.address = "c6node1:29401";
  const auto e = errno_error("connect", ECONNREFUSED, "198.18.216.11:29401");
  PathEvidence own;
  own.addr = "198.18.216.11";
  own.own_link = "c6eth0";
  auto f = join_failure_finding(jf, e, "c6node1", 29401, own);
  EXPECT_EQ(f.id, "preflight.rendezvous.own-address");
  EXPECT_EQ(f.label, core::Label::hostname_resolution);
  EXPECT_TRUE(rdv_has(f.title, "the rendezvous c6node1:29401 is this node's own address 198.18.216.11")) << f.title;
  EXPECT_TRUE(rdv_has(f.title, "MASTER_ADDR (or --rendezvous) names this node instead of rank 0's host")) << f.title;
  EXPECT_EQ(f.evidence.front(), "c6node1 resolves here to 198.18.216.11");
  EXPECT_EQ(f.evidence.at(1), "198.18.216.11 is this node's own address (on c6eth0)");
  EXPECT_TRUE(rdv_has(f.fix.text, "set MASTER_ADDR (or --rendezvous) on every node to rank 0's address")) << f.fix.text;
  EXPECT_FALSE(rdv_has(f.fix.text, "firewall rejects")) << f.fix.text;
  EXPECT_FALSE(rdv_has(f.fix.text, "start preflight on rank 0 (it serves")) << f.fix.text;
  // one step short: the refused address is not this node's: rank 0's host refused, as before
  PathEvidence other;
  other.addr = "198.18.216.11";
  auto g = join_failure_finding(jf, e, "c6node1", 29401, other);
  EXPECT_EQ(g.id, "preflight.rendezvous.refused");
  EXPECT_TRUE(rdv_has(g.fix.text, "start preflight on rank 0")) << g.fix.text;
}

TEST(RendezvousShort, AnAnswerThatIsNoChallengeBlamesNoToken) {
  // a reset or words that are not a challenge: something answers there, not known to be rank 0;
  // a wrong token would have got rank 0's reject (rendezvous.dropped), so no token is named
  auto reset = join_failure_finding(failed_join(), errno_error("recv", ECONNRESET, "198.18.0.1:29401"), "node0", 29401);
  EXPECT_EQ(reset.id, "preflight.rendezvous.failed");
  EXPECT_FALSE(rdv_has(reset.fix.text, "token")) << reset.fix.text;
  EXPECT_TRUE(rdv_has(reset.fix.text, "another program may hold port 29401")) << reset.fix.text;
}

TEST(RendezvousShort, NoAnswerBlamesAFirewallOnlyWhereTheConnectItselfTimedOut) {
  using namespace std::chrono_literals;
  // one step short: a real listener that completes the handshake and never speaks. The join
  // times out waiting for the challenge, not for the SYN-ACK: the port is open to this node.
  auto addr = numeric_addr("127.0.0.1", 0);
  ASSERT_TRUE(addr.ok()) << addr.error().describe();
  auto silent = listen_on(*addr);
  ASSERT_TRUE(silent.ok()) << silent.error().describe();
  auto bound = local_addr(silent->get());
  ASSERT_TRUE(bound.ok());
  JoinFailure jf;
  nlohmann::json join = {{"rank", 1}, {"world", 2}};
  auto conn = join_rendezvous("127.0.0.1", bound->port(), join, "t", core::Deadline(400ms), {}, &jf);
  ASSERT_FALSE(conn.ok());
  EXPECT_EQ(conn.error().failure, NetFailure::timeout) << conn.error().describe();
  EXPECT_NE(conn.error().syscall, "connect") << conn.error().describe();
  auto accepted = join_failure_finding(jf, conn.error(), "127.0.0.1", bound->port());
  EXPECT_EQ(accepted.id, "preflight.rendezvous.no-answer");
  EXPECT_NE(accepted.label, core::Label::firewall_or_port_blocked);
  EXPECT_TRUE(rdv_has(accepted.title, "accepted the connection")) << accepted.title;
  EXPECT_FALSE(rdv_has(accepted.fix.text, "a firewall drops")) << accepted.fix.text;
  EXPECT_TRUE(rdv_has(accepted.fix.text, "another program holds that port")) << accepted.fix.text;
  // the connect itself got no answer until the deadline, and nothing else is known: candidates,
  // no one cause, and the step that tells them apart
  const NetError syn_timeout{NetFailure::timeout, "connect", 0, "198.18.0.1:29401", "no answer before the deadline"};
  auto syn = join_failure_finding(failed_join(), syn_timeout, "node0", 29401);
  EXPECT_EQ(syn.id, "preflight.rendezvous.no-answer");
  EXPECT_EQ(syn.label, core::Label::other);
  EXPECT_TRUE(rdv_has(syn.title, "did not answer")) << syn.title;
  EXPECT_TRUE(rdv_has(syn.fix.text, "a filter drops TCP port 29401")) << syn.fix.text;
  EXPECT_TRUE(rdv_has(syn.fix.text, "no host answers")) << syn.fix.text;
  EXPECT_TRUE(rdv_has(syn.fix.text, "the path is broken")) << syn.fix.text;
  EXPECT_TRUE(rdv_has(syn.fix.text, "`ping 198.18.0.1`")) << syn.fix.text;
}

TEST(RendezvousShort, AConnectWithNoAnswerSaysWhatTheEchoAndTheOwnRulesetShowed) {
  const NetError syn_timeout{NetFailure::timeout, "connect", 0, "198.18.0.1:29401", "no answer before the deadline"};
  // p4/p6: neither TCP nor ICMP answered, and this node's ruleset drops nothing: the path, never a firewall
  PathEvidence lost{"198.18.0.1", false, true, {}, {}, "", {}, "", "", "", {}};  // off this node's subnets
  auto path = join_failure_finding(failed_join(), syn_timeout, "node0", 29401, lost);
  EXPECT_EQ(path.label, core::Label::no_route);
  EXPECT_TRUE(rdv_has(path.title, "neither this node's TCP connects nor an ICMP echo to 198.18.0.1 got an answer"))
      << path.title;
  EXPECT_FALSE(rdv_has(path.title + path.fix.text, "firewall drops")) << path.fix.text;
  EXPECT_TRUE(rdv_has(path.fix.text, "a route back from rank 0's host that does not lead here")) << path.fix.text;
  EXPECT_TRUE(rdv_has(path.fix.text, "a link or switch port down")) << path.fix.text;
  EXPECT_TRUE(rdv_has(path.fix.text, "tcpdump -ni any tcp port 29401")) << path.fix.text;
  bool said = false;
  for (const auto& e : path.evidence)
    said = said || e == "this node's own nftables ruleset drops nothing to TCP port 29401";
  EXPECT_TRUE(said);
  // the host answers ICMP but TCP to the port gets nothing: a filter of that port
  PathEvidence answered{"198.18.0.1", true, true, {}, {}, "", {}, "", "", "", {}};
  auto filtered = join_failure_finding(failed_join(), syn_timeout, "node0", 29401, answered);
  EXPECT_EQ(filtered.label, core::Label::firewall_or_port_blocked);
  EXPECT_TRUE(rdv_has(filtered.title, "while an ICMP echo to 198.18.0.1 was answered")) << filtered.title;
  // this node's own rule drops the port: named, with the command that removes it
  PathEvidence own{"198.18.0.1",
                   std::nullopt,
                   true,
                   {"table inet t chain output handle 4: tcp dport 29401 drop"},
                   {"nft delete rule inet t output handle 4"},
                   "",
                   {},
                   "",
                   "",
                   "",
                   {}};
  auto ruled = join_failure_finding(failed_join(), syn_timeout, "node0", 29401, own);
  EXPECT_EQ(ruled.label, core::Label::firewall_or_port_blocked);
  EXPECT_TRUE(rdv_has(ruled.title, "this node's own nftables ruleset drops TCP to port 29401")) << ruled.title;
  EXPECT_TRUE(rdv_has(ruled.fix.text, "nft delete rule inet t output handle 4")) << ruled.fix.text;
}

TEST(RendezvousShort, TwoInterfacesOnTheRendezvousSubnetNameTheOneTheRouteTakes) {
  // held-out 06h p2: node1's second NIC eth1 on the same subnet, on a switch no one else is on,
  // holds the route to rank 0: that is said, with the command that takes its address off
  const NetError syn_timeout{NetFailure::timeout, "connect", 0, "198.18.62.10:29401", "no answer before the deadline"};
  PathEvidence twins{"198.18.62.10",          false, true, {}, {},
                     "eth1 198.18.62.21/24",  {},    "",   "", "eth1 198.18.62.21/24",
                     {"eth0 198.18.62.11/24"}};
  auto f = join_failure_finding(failed_join(), syn_timeout, "node0", 29401, twins);
  EXPECT_EQ(f.id, "preflight.rendezvous.no-answer");
  EXPECT_EQ(f.label, core::Label::no_route);
  EXPECT_EQ(f.title,
            "this node has two interfaces on the subnet of the rendezvous 198.18.62.10 (eth1 198.18.62.21/24; eth0 "
            "198.18.62.11/24), and its route to 198.18.62.10 leaves by eth1, where 198.18.62.10 did not answer");
  EXPECT_TRUE(rdv_has(f.fix.text,
                      "on this node: `ip addr del 198.18.62.21/24 dev eth1` (connections to that subnet "
                      "then leave by eth0)"))
      << f.fix.text;
  EXPECT_FALSE(rdv_has(f.title + f.fix.text, "host is down")) << f.fix.text;
  // the kernel's neighbour lookup failed (EHOSTUNREACH) on that NIC: the same cause
  auto arp = join_failure_finding(failed_join(), errno_error("connect", EHOSTUNREACH, "198.18.62.10:29401"), "node0",
                                  29401, twins);
  EXPECT_EQ(arp.title, f.title);
  // one step short: one interface on the subnet (no twin), or the route not known: not claimed
  PathEvidence single = twins;
  single.subnet_twins.clear();
  EXPECT_FALSE(
      rdv_has(join_failure_finding(failed_join(), syn_timeout, "node0", 29401, single).title, "two interfaces"));
  PathEvidence unknown = twins;
  unknown.route_link.clear();
  EXPECT_FALSE(
      rdv_has(join_failure_finding(failed_join(), syn_timeout, "node0", 29401, unknown).title, "two interfaces"));
  // an echo that was answered: the host is there, a filter of the port, not the NIC
  PathEvidence answered = twins;
  answered.icmp_answered = true;
  EXPECT_EQ(join_failure_finding(failed_join(), syn_timeout, "node0", 29401, answered).label,
            core::Label::firewall_or_port_blocked);
}

TEST(RendezvousShort, ANameThatLeadsToASilentAddressOnThisNodesOwnLinkIsTheCause) {
  // held-out p2: node3's /etc/hosts maps node0 to 198.18.62.99, on node3's own subnet, where no
  // host answers TCP or ICMP: the name and where it leads come first, the connects are evidence
  const NetError syn_timeout{NetFailure::timeout, "connect", 0, "198.18.62.99:29401", "no answer before the deadline"};
  PathEvidence silent{"198.18.62.99", false, true, {}, {}, "eth0 198.18.62.13/24", {}, "", "", "", {}};
  auto f = join_failure_finding(failed_join(), syn_timeout, "node0", 29401, silent);
  EXPECT_EQ(f.id, "preflight.rendezvous.no-answer");
  EXPECT_EQ(f.label, core::Label::hostname_resolution);
  EXPECT_EQ(f.title,
            "the rendezvous name node0 resolves on this node to 198.18.62.99, where no host answers on this node's "
            "own link");
  ASSERT_GE(f.evidence.size(), 4u);
  EXPECT_EQ(f.evidence[0], "node0 resolves here to 198.18.62.99");
  EXPECT_TRUE(rdv_has(f.evidence[1], "connect 198.18.62.99:29401")) << f.evidence[1];
  bool echo = false, link = false;
  for (const auto& e : f.evidence) {
    echo = echo || e == "ICMP echo to 198.18.62.99: no answer";
    link = link || e == "198.18.62.99 is on this node's own subnet (eth0 198.18.62.13/24): no router in between";
  }
  EXPECT_TRUE(echo && link) << ::testing::PrintToString(f.evidence);
  EXPECT_TRUE(rdv_has(f.fix.text, "getent hosts node0")) << f.fix.text;
  EXPECT_FALSE(rdv_has(f.title + f.fix.text, "firewall drops")) << f.fix.text;
  // the kernel's neighbour lookup failed (EHOSTUNREACH) on the same link: the same cause
  auto arp = join_failure_finding(
      failed_join(), errno_error("connect", EHOSTUNREACH, "198.18.62.99:29401"), "node0", 29401,
      PathEvidence{"198.18.62.99", std::nullopt, false, {}, {}, "eth0 198.18.62.13/24", {}, "", "", "", {}});
  EXPECT_EQ(arp.label, core::Label::hostname_resolution);
  EXPECT_EQ(arp.title, f.title);
  // one step short: an address given as such (no name to blame), an address off this node's link
  // (a router in between: the path), an echo that was answered (a filter), or no echo sent
  auto literal = join_failure_finding(failed_join(), syn_timeout, "198.18.62.99", 29401, silent);
  EXPECT_EQ(literal.label, core::Label::no_route);
  PathEvidence routed = silent;
  routed.on_link.clear();
  EXPECT_EQ(join_failure_finding(failed_join(), syn_timeout, "node0", 29401, routed).label, core::Label::no_route);
  PathEvidence answered = silent;
  answered.icmp_answered = true;
  EXPECT_EQ(join_failure_finding(failed_join(), syn_timeout, "node0", 29401, answered).label,
            core::Label::firewall_or_port_blocked);
  PathEvidence unsent = silent;
  unsent.icmp_answered = std::nullopt;
  EXPECT_EQ(join_failure_finding(failed_join(), syn_timeout, "node0", 29401, unsent).label, core::Label::other);
  auto no_link =
      join_failure_finding(failed_join(), errno_error("connect", EHOSTUNREACH, "198.18.62.99:29401"), "node0", 29401);
  EXPECT_EQ(no_link.label, core::Label::no_route);
}

// held-out 07j p3: node1's own interface has ARP off (NOARP): the name resolves right, nothing on the
// subnet answers; the cause is this node's interface, named with the command that turns ARP on, not
// "rank 0's host is down". One step short: the same silence on an interface with ARP on, or an echo
// that was answered (then frames do reach the host): no NOARP claim.
TEST(RendezvousShort, ArpOffOnThisNodesOwnInterfaceIsTheCause) {
  const NetError syn_timeout{NetFailure::timeout, "connect", 0, "198.18.62.10:29401", "no answer before the deadline"};
  PathEvidence noarp{"198.18.62.10", false, true, {}, {}, "eth0 198.18.62.11/24", {}, "", "", "", {}};
  noarp.on_link_noarp = true;
  auto f = join_failure_finding(failed_join(), syn_timeout, "node0", 29401, noarp);
  EXPECT_EQ(f.id, "preflight.rendezvous.no-answer");
  EXPECT_EQ(f.label, core::Label::no_route);
  EXPECT_EQ(f.title,
            "rendezvous node0:29401 did not answer: this node's interface eth0 has ARP off (NOARP), so this node "
            "cannot find 198.18.62.10 on its own subnet");
  EXPECT_TRUE(rdv_has(f.fix.text, "`ip link set dev eth0 arp on`")) << f.fix.text;
  EXPECT_FALSE(rdv_has(f.title + f.fix.text, "host is down")) << f.fix.text;
  ASSERT_FALSE(f.evidence.empty());
  EXPECT_EQ(f.evidence[0], "node0 resolves here to 198.18.62.10");
  // a numeric rendezvous on the same interface: the same cause, no name line
  auto literal = join_failure_finding(failed_join(), syn_timeout, "198.18.62.10", 29401, noarp);
  EXPECT_TRUE(rdv_has(literal.title, "has ARP off (NOARP)")) << literal.title;
  PathEvidence arp_on = noarp;
  arp_on.on_link_noarp = false;
  EXPECT_FALSE(rdv_has(join_failure_finding(failed_join(), syn_timeout, "node0", 29401, arp_on).title, "NOARP"));
  PathEvidence answered = noarp;
  answered.icmp_answered = true;
  EXPECT_FALSE(rdv_has(join_failure_finding(failed_join(), syn_timeout, "node0", 29401, answered).title, "NOARP"));
}

TEST(RendezvousShort, UnresolvedNamesTheHostAsGiven) {
  auto f = join_failure_finding(failed_join(), NetError{NetFailure::unresolved, "getaddrinfo", 0, "node0", "no"},
                                "node0", 29401);
  EXPECT_EQ(f.id, "preflight.rendezvous.unresolved");
  EXPECT_TRUE(rdv_has(f.title, "'node0' does not resolve here")) << f.title;
}

TEST(RendezvousShort, CannotListenNamesAnotherProcessOnlyForAPortInUse) {
  // a real port in use: the second listener gets EADDRINUSE
  auto first = RendezvousServer::open(0);
  ASSERT_TRUE(first.ok()) << first.error().describe();
  auto second = RendezvousServer::open(first->port());
  ASSERT_FALSE(second.ok());
  auto in_use = cannot_listen_finding(first->port(), second.error());
  EXPECT_EQ(in_use.id, "preflight.rendezvous.cannot-listen");
  EXPECT_TRUE(rdv_has(in_use.fix.text, "another process holds the port")) << in_use.evidence.at(0);
  // one step short: the bind failed for another reason (a privileged port, an address not here)
  for (int err : {EACCES, EADDRNOTAVAIL}) {
    auto f = cannot_listen_finding(80, errno_error("bind", err, "0.0.0.0:80"));
    EXPECT_EQ(f.id, "preflight.rendezvous.cannot-listen");
    EXPECT_FALSE(rdv_has(f.fix.text, "another process")) << f.fix.text;
    EXPECT_EQ(f.label, core::Label::other);
  }
}

TEST(RendezvousShort, DroppedSaysRankZeroOnlyWhenNoForeignPlanCame) {
  auto foreign = no_plan_finding("node0:29401", "the plan's proof does not match this job's token", true);
  EXPECT_EQ(foreign.id, "preflight.rendezvous.dropped");
  EXPECT_FALSE(rdv_has(foreign.title, "rank 0")) << foreign.title;
  EXPECT_TRUE(rdv_has(foreign.title, "node0:29401")) << foreign.title;
  auto rejected = no_plan_finding("node0:29401", "rank 0 rejected this node: wrong job token", false);
  EXPECT_TRUE(rdv_has(rejected.title, "rank 0 accepted the connection")) << rejected.title;
  EXPECT_TRUE(rdv_has(rejected.fix.text, "same job token and world size")) << rejected.fix.text;
}

TEST(RendezvousShort, NoMessageAtAllClaimsNoTokenOrWorldSize) {
  // clusters-2026-12-06f p4: node2 (cloned with node1's address) got nothing back before its
  // deadline; a token or world size rank 0 turns away comes with its reason, so neither is claimed
  auto silent = no_plan_finding("c7node0:29401",
                                "recv c7node0:29401: timeout - no complete message before the deadline", false, false);
  EXPECT_EQ(silent.title, "rank 0 accepted the connection, but no probe plan arrived from it");
  EXPECT_FALSE(rdv_has(silent.fix.text, "job token and world size on every node")) << silent.fix.text;
  EXPECT_TRUE(rdv_has(silent.fix.text, "`ip -br addr` on each node")) << silent.fix.text;
  EXPECT_TRUE(rdv_has(silent.fix.text, "read rank 0's output")) << silent.fix.text;
}

TEST(RendezvousShort, TokenIsGuessableOnlyWithoutATokenAndARealJobId) {
  auto slurm = token_source("", "slurm:4242");
  EXPECT_FALSE(slurm.guessable);
  EXPECT_EQ(slurm.source, "slurm job id");
  EXPECT_FALSE(token_source("s3cret", "").guessable);
  EXPECT_EQ(token_source("s3cret", "torchrun:none").source, "--token");
  // torchrun's default run id is the token then: the evidence says so, not "default"
  auto none = token_source("", "torchrun:none");
  EXPECT_TRUE(none.guessable);
  EXPECT_TRUE(rdv_has(none.source, "'none'")) << none.source;
  auto plain = token_source("", "");
  EXPECT_TRUE(plain.guessable);
  auto f = guessable_token_finding(none);
  EXPECT_EQ(f.id, "preflight.token.guessable");
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_EQ(f.evidence, std::vector<std::string>{"token source: " + none.source});
}

}  // namespace
}  // namespace dd::cluster
