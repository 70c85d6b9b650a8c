// The route a stuck connection takes (a gateway that never answers) and the torch store a rank
// polls (new_group's store barrier), over fixture /proc trees: what each rule needs to see, and
// one step short of it.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/strings.hpp"
#include "os/fake/memory_file_tree.hpp"
#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"
#include "watch/merge.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

// Rank 1 (pid 200) routes 198.18.1.1 by a host route through 198.18.1.99, besides eth0's
// connected 198.18.1.0/24; its ARP table holds the gateway with flags `arp_flags`.
void route_through_gateway(os::fake::MemoryFileTree& t, const std::string& arp_flags) {
  t.file("/proc/200/net/route",
         "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
         "eth0\t000112C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n"
         "eth0\t010112C6\t630112C6\t0007\t0\t0\t0\tFFFFFFFF\t0\t0\t0\n");
  t.file("/proc/200/net/arp",
         "IP address       HW type     Flags       HW address            Mask     Device\n"
         "198.18.1.99      0x1         " +
             arp_flags + "         00:00:00:00:00:00     *        eth0\n");
}

// Both ends of 198.18.1.1:40000 <-> 198.18.1.2:50000 hold unacknowledged data; small echoes are lost.
World stuck(const std::string& arp_flags) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}, "net:[4026532002]"};
  two_ranks(w, r0, r0, r1, r1);
  route_through_gateway(w.after_tree, arp_flags);
  for (auto* t : {&w.before_socks, &w.after_socks}) {
    for (auto& s : t->table) {
      s.send_queue = 1 << 20;
      s.path_mtu = 1500;
      s.total_retrans = t == &w.before_socks ? 3 : 5;
      s.retransmits = 2;
    }
  }
  w.take({100, 200});
  return w;
}

TEST(Route, GatewayRouteNamesTheConnectedNetworkItOverridesAndTheNeighbourState) {
  os::fake::MemoryFileTree t;
  route_through_gateway(t, "0x0");
  auto r = route_for(t, 200, "198.18.1.1");
  EXPECT_TRUE(r.found);
  EXPECT_FALSE(r.connected);
  EXPECT_EQ(r.destination, "198.18.1.1");
  EXPECT_EQ(r.prefix, 32);
  EXPECT_EQ(r.gateway, "198.18.1.99");
  EXPECT_EQ(r.connected_iface, "eth0");
  EXPECT_TRUE(neighbour_unresolved(t, 200, "198.18.1.99", "eth0"));
  EXPECT_FALSE(neighbour_unresolved(t, 200, "198.18.1.99", "eth1"));
  EXPECT_FALSE(neighbour_unresolved(t, 200, "198.18.1.7", "eth0"));  // absent: nothing claimed
  route_through_gateway(t, "0x2");
  EXPECT_FALSE(neighbour_unresolved(t, 200, "198.18.1.99", "eth0"));
}

TEST(DiagnosePath, AStuckConnectionRoutedThroughAGatewayThatNeverAnswersNamesThatRouteAndItsRemoval) {
  auto w = stuck("0x0");
  FakeProbe probe;
  probe.passes = 0;
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
  auto dead = std::find_if(f.begin(), f.end(), [](auto& g) { return g.id == "watch.tcp.dead-gateway"; });
  ASSERT_NE(dead, f.end());
  EXPECT_EQ(dead->label, core::Label::no_route);
  EXPECT_EQ(dead->ranks, std::vector<int>{1});
  EXPECT_EQ(dead->title,
            "rank 1 (pid 200) routes its packets to 198.18.1.1 through 198.18.1.99 on eth0, which does not answer (no "
            "link-layer address): they go nowhere");
  EXPECT_NE(dead->fix.text.find("\n  ip route del 198.18.1.1/32 via 198.18.1.99 dev eth0"), std::string::npos)
      << dead->fix.text;
  for (const auto& g : f) {
    EXPECT_NE(g.label, core::Label::mtu_mismatch) << g.id;
    EXPECT_EQ(g.fix.text.find("MTU black hole drops"), std::string::npos) << g.fix.text;
  }
}

TEST(DiagnosePathShort, AGatewayWhoseNeighbourEntryIsCompleteOrAbsentIsNotBlamed) {
  for (std::string flags : {"0x2", ""}) {
    auto w = stuck(flags.empty() ? "0x0" : flags);
    if (flags.empty()) w.after_tree.file("/proc/200/net/arp", "IP address HW type Flags HW address Mask Device\n");
    w.take({100, 200});
    FakeProbe probe;
    probe.passes = 0;
    auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
    EXPECT_TRUE(std::none_of(f.begin(), f.end(), [](auto& g) { return g.id == "watch.tcp.dead-gateway"; })) << flags;
  }
}

// A peer outside the tree stops acknowledging; the small echo is lost too; no ruleset read.
TEST(DiagnosePathShort, APeerThatStoppedAcknowledgingWithSmallEchoesLostNamesNoFirewallOrMtu) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  add(w.before_tree, r0);
  add(w.after_tree, r0);
  auto s = sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established);
  s.send_queue = 192;
  s.path_mtu = 1500;
  s.retransmits = 2;
  w.before_socks.table = {s};
  s.total_retrans = 4;
  w.after_socks.table = {s};
  w.take({100});
  FakeProbe probe;
  probe.passes = 0;
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.tcp.peer-silent");
  EXPECT_EQ(f[0].label, core::Label::other);
  EXPECT_NE(f[0].fix.text.find("not an MTU black hole"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("`ip route get 198.18.1.1`"), std::string::npos) << f[0].fix.text;
  EXPECT_EQ(f[0].fix.text.find("a firewall or an MTU black hole drops"), std::string::npos) << f[0].fix.text;
}

// A rank in new_group's store barrier: a short sleep, then store.add over its client connection to
// MASTER_PORT (13 kB in the window); its other connection quiet.
World polling_rank(std::uint64_t polled, const std::string& main = k_sleep) {
  World w;
  Proc p{100, 1, 0, 50, 1000, {31, 32}, {{100, 'S', main, "hrtimer_nanosleep"}}};
  p.env = {"WORLD_SIZE=3", "MASTER_ADDR=node0", "MASTER_PORT=29500"};
  add(w.before_tree, p);
  add(w.after_tree, p);
  auto client = sock(31, "198.18.1.1", 41000, "198.18.1.1", 29500, TcpState::established);
  auto data = sock(32, "198.18.1.1", 40000, "198.18.1.3", 50000, TcpState::established);
  w.before_socks.table = {client, data};
  client.bytes_received += polled;
  w.after_socks.table = {client, data};
  w.take({100});
  return w;
}

TEST(DiagnosePath, ARankPollingTheStoreIsAtTheStoreNotSleeping) {
  auto w = polling_rank(13000);
  auto states = rank_states(w.after_tree, w.before, w.after, 100);
  ASSERT_EQ(states.size(), 1u);
  EXPECT_EQ(states[0].activity, Activity::at_store);
  EXPECT_EQ(states[0].store, "node0:29500");
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.at-store");
  EXPECT_NE(f[0].title.find("rank 0 (pid 100) waits at the torch store (node0:29500) for a rank that has not arrived"),
            std::string::npos)
      << f[0].title;
  EXPECT_EQ(f[0].title.find("sleeping"), std::string::npos);
}

TEST(DiagnosePathShort, AStoreConnectionThatMovedUnderAKilobyteOrAMainThreadInFutexIsNotAtTheStore) {
  for (std::uint64_t polled : {0u, 900u}) {  // nothing, or a background thread's occasional check
    auto quiet = polling_rank(polled);
    EXPECT_EQ(rank_states(quiet.after_tree, quiet.before, quiet.after, 100)[0].activity, Activity::sleeping) << polled;
  }
  auto futex = polling_rank(13000, k_futex);
  EXPECT_NE(rank_states(futex.after_tree, futex.before, futex.after, 100)[0].activity, Activity::at_store);
}

NodeReport report(int n, RankActivity r) {
  NodeReport out;
  out.node = n;
  out.host = "node" + std::to_string(n);
  out.stalls = 1;
  out.ranks = {std::move(r)};
  return out;
}

TEST(MergePath, RanksAtTheStoreWhileAnotherWaitsInACollectiveNameTheRankThatSkippedTheCall) {
  RankActivity r0{0, Activity::at_store, 10, "rank 0 (pid 10): waiting at the torch store", "node0:29500"};
  RankActivity r1{1, Activity::at_store, 11, "rank 1 (pid 11): waiting at the torch store", "node0:29500"};
  RankActivity r2{2, Activity::in_collective, 12, "rank 2 (pid 12): waiting for its peers"};
  auto f = merge_reports({report(0, r0), report(1, r1), report(2, r2)}, {});
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.store.skipped-call");
  EXPECT_EQ(f[0].title,
            "rank 0 (node0), rank 1 (node1) wait at the torch store (node0:29500) for a rank that has not arrived; "
            "rank 2 (node2) waits in a collective: rank 2 (node2) skipped a call the others made (new_group, or "
            "another store barrier)");
  EXPECT_EQ(f[0].ranks, std::vector<int>{2});
  EXPECT_EQ(f[0].hosts, std::vector<std::string>{"node2"});
  EXPECT_NE(f[0].fix.text.find("Make rank 2 (node2) call it too"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("`py-spy dump --pid 10 11`"), std::string::npos) << f[0].fix.text;
  for (const auto& g : f) EXPECT_EQ(g.title.find("sleeping"), std::string::npos) << g.title;
}

TEST(MergePathShort, RanksAtTheStoreWithNoRankWaitingElsewhereNameNoSkippedCall) {
  RankActivity r0{0, Activity::at_store, 10, "rank 0 (pid 10): waiting at the torch store", "node0:29500"};
  RankActivity r1{1, Activity::at_store, 11, "rank 1 (pid 11): waiting at the torch store", "node0:29500"};
  auto f = merge_reports({report(0, r0), report(1, r1)}, {});
  EXPECT_TRUE(std::none_of(f.begin(), f.end(), [](auto& g) { return g.id == "watch.store.skipped-call"; }));
}

}  // namespace
}  // namespace dd::watch
