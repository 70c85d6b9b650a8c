// watch.tcp.local-link-down: a stuck connection whose own interface is down on this node
// (clusters-2026-12-06e w2: node1's c6eth0 set down mid-job, its watch blamed the peer).
#include <gtest/gtest.h>

#include <algorithm>

#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

os::AddressEntry link_entry(const std::string& link, const std::string& addr, int prefix, bool up, bool running) {
  os::AddressEntry e;
  e.name = e.link = link;
  e.addr = addr;
  e.prefix = prefix;
  e.up = up;
  e.running = running;
  return e;
}

const std::string k_route_header =
    "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n";

// Rank 1 of WORLD_SIZE=2 at 198.18.1.2:50000 on eth0 has 192 bytes queued to 198.18.1.1:40000,
// none acked, no retransmit counted (nothing left the node); its namespace's routing table `route`.
World own_link_stuck(const std::string& route, std::uint8_t retransmits = 0) {
  World w;
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  r1.env = {"WORLD_SIZE=2", "MASTER_ADDR=198.18.1.1", "MASTER_PORT=29500"};
  add(w.before_tree, r1);
  add(w.after_tree, r1);
  w.after_tree.file("/proc/200/net/route", k_route_header + route);
  auto s = sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established);
  s.send_queue = 192;
  s.path_mtu = 1500;
  s.retransmits = retransmits;
  w.before_socks.table = {s};
  w.after_socks.table = {s};
  w.take({200});
  return w;
}

TEST(DiagnoseLocalLink, ItsOwnInterfaceDownWithNoRouteNamesThisNodeAndTheCommandNotThePeer) {
  auto w = own_link_stuck("");  // a link set down loses its routes: none to the peer is left
  FakeProbe probe;
  probe.passes = 0;
  probe.entries = {link_entry("eth0", "198.18.1.2", 24, false, false)};
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.tcp.local-link-down");
  EXPECT_EQ(f[0].label, core::Label::no_route);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].title,
            "rank 1 (pid 200)'s data to 198.18.1.1 (rank 0) cannot leave this node: its own interface eth0 (address "
            "198.18.1.2) is down, and no route to 198.18.1.1 is left; the fault is on this node");
  std::string ev;
  for (const auto& e : f[0].evidence) ev += e + "\n";
  EXPECT_NE(ev.find("eth0 holds 198.18.1.2/24 and is down (not UP"), std::string::npos) << ev;
  EXPECT_NE(ev.find("holds no route to 198.18.1.1"), std::string::npos) << ev;
  EXPECT_NE(ev.find("WORLD_SIZE=2: rank 0 is the only other rank"), std::string::npos) << ev;
  EXPECT_NE(f[0].fix.text.find("\n  ip link set dev eth0 up\n"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("covers 198.18.1.1"), std::string::npos) << f[0].fix.text;
  // No echo is sent over a link that is down, and nothing blames the peer's node.
  EXPECT_TRUE(probe.asked.empty());
  for (const auto& g : f) {
    EXPECT_NE(g.id, "watch.tcp.peer-silent") << g.title;
    EXPECT_EQ(g.fix.text.find("On 198.18.1.1's node"), std::string::npos) << g.fix.text;
  }
}

TEST(DiagnoseLocalLink, APeerOutsideItsPrefixGetsTheGatewayRouteStep) {
  auto w = own_link_stuck("");
  FakeProbe probe;
  probe.entries = {link_entry("eth0", "198.18.1.2", 31, false, false)};
  w.after.processes[0].world_size = 3;  // the peer's rank is not known
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.tcp.local-link-down");
  EXPECT_EQ(f[0].title.find("(rank 0)"), std::string::npos) << f[0].title;
  EXPECT_NE(f[0].fix.text.find("`ip route add 198.18.1.1/32 via GATEWAY dev eth0`"), std::string::npos)
      << f[0].fix.text;
}

TEST(DiagnoseLocalLink, NoCarrierNamesTheLinksOtherEndAndPrintsNoCommand) {
  // With carrier lost the kernel keeps the route (linkdown): it leaves through the same interface.
  auto w = own_link_stuck("eth0\t000112C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n", 3);
  FakeProbe probe;
  probe.entries = {link_entry("eth0", "198.18.1.2", 24, true, false)};
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.tcp.local-link-down");
  EXPECT_NE(f[0].title.find("eth0 (address 198.18.1.2) is up without carrier; the fault"), std::string::npos)
      << f[0].title;
  EXPECT_EQ(f[0].fix.text.find("ip link set"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("NO-CARRIER"), std::string::npos) << f[0].fix.text;
}

TEST(DiagnoseLocalLink, AnInterfaceUpOrARouteThroughAnotherInterfaceLeavesThePeerRule) {
  const std::string via_eth1 = "eth1\t000112C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n";
  for (bool up : {true, false}) {
    auto w = own_link_stuck(up ? "" : via_eth1, 2);
    FakeProbe probe;
    probe.passes = 0;
    probe.entries = {link_entry("eth0", "198.18.1.2", 24, up, up)};
    auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
    ASSERT_FALSE(f.empty()) << up;
    EXPECT_EQ(f[0].id, "watch.tcp.peer-silent") << up;
    EXPECT_TRUE(std::none_of(f.begin(), f.end(), [](auto& g) { return g.id == "watch.tcp.local-link-down"; }));
  }
}

TEST(DiagnoseLocalLink, ThePeerSilentTitleNamesTheOnlyOtherRank) {
  auto w = own_link_stuck("", 2);
  FakeProbe probe;
  probe.passes = 0;  // no address listed: the link state is not known
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.tcp.peer-silent");
  EXPECT_EQ(f[0].title.rfind("198.18.1.1 (rank 0) stopped acknowledging data from 198.18.1.2", 0), 0u) << f[0].title;
  EXPECT_TRUE(std::any_of(f[0].evidence.begin(), f[0].evidence.end(),
                          [](auto& e) { return e.find("rank 0 is the only other rank") != std::string::npos; }));
}

// clusters-2026-12-06f w2: node1's address removed mid-job (`ip addr del`), the link up: the
// connection's local address is on no interface of its namespace and no route to the peer is left.
TEST(DiagnoseLocalLink, ItsOwnAddressRemovedIsNamedOnThisNodeWithTheAddCommand) {
  auto w = own_link_stuck("");
  FakeProbe probe;
  probe.passes = 0;
  auto lo = link_entry("lo", "127.0.0.1", 8, true, true);
  lo.loopback = true;
  probe.entries = {lo, link_entry("eth0", "fe80::1", 64, true, true)};
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.tcp.local-address-lost");
  EXPECT_EQ(f[0].label, core::Label::no_route);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].title,
            "198.18.1.2, the local address of rank 1 (pid 200)'s connection to 198.18.1.1 (rank 0), is no longer on "
            "any interface here; the fault is on this node");
  EXPECT_NE(f[0].fix.text.find("ip addr add 198.18.1.2/PREFIX dev eth0"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("the old prefix length, which is not seen here"), std::string::npos) << f[0].fix.text;
  for (const auto& g : f) EXPECT_NE(g.id, "watch.tcp.peer-silent");
}

// One step short: the namespace's addresses not read (no entry at all), or the address still held
// by its (up, running) interface: no lost address claimed.
TEST(DiagnoseLocalLinkShort, AddressesUnreadOrTheAddressStillHeldClaimNoLostAddress) {
  for (bool held : {false, true}) {
    auto w = own_link_stuck("", 2);
    FakeProbe probe;
    probe.passes = 0;
    if (held) probe.entries = {link_entry("eth0", "198.18.1.2", 24, true, true)};
    auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
    for (const auto& g : f) EXPECT_NE(g.id, "watch.tcp.local-address-lost") << held;
    ASSERT_FALSE(f.empty());
    EXPECT_NE(f[0].title.find("is no longer on an interface of the peer's node"), std::string::npos) << f[0].title;
  }
}

}  // namespace
}  // namespace dd::watch
