// A stuck connection whose next hop the node's own neighbour table pins by hand
// (diagnose_neighbour.hpp), from w2 of tests/data/stranger/clusters-2026-12-06g: node1 holds
// `198.19.104.10 lladdr 02:00:5e:00:00:99 PERMANENT` on c8eth0; both ranks' data go unacknowledged.
#include <gtest/gtest.h>

#include <algorithm>

#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"
#include "watch/diagnose_neighbour.hpp"
#include "watch/merge.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

bool says(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// Rank 1 (pid 200) alone in the tree, its connection 198.18.1.2:50000 -> 198.18.1.1:40000 (the
// only other rank, WORLD_SIZE=2) holding unacknowledged data with retransmits.
World lone_stuck() {
  World w;
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  r1.env = {"WORLD_SIZE=2", "MASTER_ADDR=198.18.1.1", "MASTER_PORT=29500"};
  add(w.before_tree, r1);
  add(w.after_tree, r1);
  for (auto* t : {&w.before_socks, &w.after_socks}) {
    auto s = sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established);
    s.send_queue = 1 << 20;
    s.path_mtu = 1500;
    s.total_retrans = t == &w.before_socks ? 3 : 5;
    s.retransmits = 2;
    t->table = {s};
  }
  w.take({200});
  return w;
}

os::NeighbourEntry entry(bool permanent) { return {"198.18.1.1", "02:00:5e:00:00:99", "eth0", permanent}; }

std::vector<core::Finding> with_table(const std::vector<os::NeighbourEntry>& table, int passes = 0) {
  auto w = lone_stuck();
  FakeProbe probe;
  probe.passes = passes;
  probe.neighbour_entries = table;
  return diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
}

const core::Finding* find(const std::vector<core::Finding>& f, std::string_view id) {
  auto it = std::find_if(f.begin(), f.end(), [&](auto& g) { return g.id == id; });
  return it == f.end() ? nullptr : &*it;
}

TEST(StaticNeighbour, APermanentEntryForTheSilentPeerIsNamedAsSeenWithTheCheckAndItsRemoval) {
  auto f = with_table({entry(true)});
  const auto* n = find(f, "watch.tcp.static-neighbour");
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(find(f, "watch.tcp.peer-silent"), nullptr);
  EXPECT_EQ(n->label, core::Label::other);  // a candidate: the peer's MAC is not seen from here
  EXPECT_TRUE(says(n->title,
                   "this node has a static neighbour entry 198.18.1.1 lladdr 02:00:5e:00:00:99 PERMANENT "
                   "on eth0; frames to 198.18.1.1 go to that MAC"))
      << n->title;
  EXPECT_FALSE(says(n->title, "wrong")) << n->title;
  EXPECT_TRUE(says(n->fix.text, "`ip link show` there")) << n->fix.text;
  EXPECT_TRUE(says(n->fix.text, "\n  ip neigh del 198.18.1.1 dev eth0\n")) << n->fix.text;
  EXPECT_FALSE(says(n->fix.text, "firewall")) << n->fix.text;
}

// One step short: the entry is not PERMANENT (ARP learnt it: re-resolved), or an echo of the
// connection's size is answered (frames reach the peer): no entry named, the peer rule stands.
TEST(StaticNeighbourShort, AnEntryNotPermanentOrAnAnsweredEchoNamesNoEntry) {
  for (const auto& f : {with_table({entry(false)}), with_table({entry(true)}, 1500), with_table({})}) {
    EXPECT_EQ(find(f, "watch.tcp.static-neighbour"), nullptr);
    EXPECT_NE(find(f, "watch.tcp.peer-silent"), nullptr);
  }
}

// The merge: node1's finding, node1's rank's entry, and node0's rank holding 198.18.1.1 with `mac`
// ("" for a report without addresses).
std::vector<core::Finding> merged(const std::string& mac, bool another_peer = false) {
  auto own = *find(with_table({entry(true)}), "watch.tcp.static-neighbour");
  auto theirs = core::new_finding("watch.tcp.peer-silent", core::Label::other, core::Severity::error,
                                  "198.18.1.2 (rank 1) stopped acknowledging data from 198.18.1.1");
  theirs.ranks = {0};
  // node0's finding about a third node's peer: not this entry's path, it stays
  auto third = core::new_finding("watch.tcp.peer-silent", core::Label::other, core::Severity::error,
                                 "198.18.1.22 (rank 2) stopped acknowledging data from 198.18.1.1");
  third.ranks = {0};
  NodeReport n0, n1;
  n0.host = "node0";
  n0.stalls = 1;
  n0.findings = {theirs};
  if (another_peer) n0.findings.push_back(third);
  n0.ranks = {RankActivity{0, Activity::in_collective, 7, "rank 0: waiting"}};
  if (!mac.empty()) n0.ranks[0].addresses = {"198.18.1.1 eth0 " + mac};
  n1.node = 1;
  n1.host = "node1";
  n1.stalls = 1;
  n1.findings = {own};
  n1.ranks = {RankActivity{1, Activity::in_collective, 200, "rank 1: waiting"}};
  n1.ranks[0].static_neighbours = {"198.18.1.1 eth0 02:00:5e:00:00:99"};
  n1.ranks[0].addresses = {"198.18.1.2 eth0 02:00:5e:00:00:0b"};
  return merge_reports({n0, n1}, {});
}

TEST(StaticNeighbour, TheMergeNamesTheEntryWrongWhereThePeersReportCarriesAnotherMac) {
  auto f = merged("02:00:5e:00:00:0a");
  const auto* n = find(f, "watch.tcp.static-neighbour");
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->label, core::Label::no_route);
  EXPECT_TRUE(says(n->title,
                   "node1's static neighbour entry 198.18.1.1 lladdr 02:00:5e:00:00:99 PERMANENT on eth0 "
                   "is wrong: node0's interface eth0 holds 198.18.1.1 with MAC 02:00:5e:00:00:0a"))
      << n->title;
  EXPECT_TRUE(says(n->fix.text,
                   "On node1 (in the rank's network namespace), remove the wrong entry:\n  ip neigh del "
                   "198.18.1.1 dev eth0\n"))
      << n->fix.text;
  // node0's side of this path is its evidence, not a finding that sends the user to node0's routes
  EXPECT_EQ(find(f, "watch.tcp.peer-silent"), nullptr);
  EXPECT_TRUE(std::any_of(n->evidence.begin(), n->evidence.end(), [](auto& e) {
    return says(e, "node0, reports: 198.18.1.2 (rank 1) stopped acknowledging");
  }));
  EXPECT_EQ(f.front().id, "watch.tcp.static-neighbour");
}

// Only node0's findings about node1's addresses become the entry's evidence: one about another peer
// (198.18.1.22, not node1's) is node0's own story and stays (review of 2026-12-06).
TEST(StaticNeighbour, ThePeersFindingAboutAnotherPeerStays) {
  auto f = merged("02:00:5e:00:00:0a", true);
  ASSERT_NE(find(f, "watch.tcp.static-neighbour"), nullptr);
  EXPECT_TRUE(std::none_of(f.begin(), f.end(), [](auto& g) {
    return g.id == "watch.tcp.peer-silent" && says(g.title, "198.18.1.2 (rank 1)");
  }));
  EXPECT_TRUE(std::any_of(f.begin(), f.end(), [](auto& g) {
    return g.id == "watch.tcp.peer-silent" && says(g.title, "198.18.1.22 (rank 2)");
  }));
}

// One step short: no report carries the peer's MAC (a candidate, not "wrong"), or it carries the
// entry's own MAC (the entry is not the cause).
TEST(StaticNeighbourShort, NoPeerMacOrTheSameMacIsNotAWrongEntry) {
  for (const std::string& mac : {std::string(), std::string("02:00:5e:00:00:99")}) {
    auto f = merged(mac);
    const auto* n = find(f, "watch.tcp.static-neighbour");
    ASSERT_NE(n, nullptr);
    EXPECT_FALSE(says(n->title, "wrong")) << n->title;
    EXPECT_EQ(n->label, core::Label::other);
    EXPECT_NE(find(f, "watch.tcp.peer-silent"), nullptr) << mac;
  }
  auto same = merged("02:00:5e:00:00:99");
  const auto* n = find(same, "watch.tcp.static-neighbour");
  EXPECT_TRUE(std::any_of(n->evidence.begin(), n->evidence.end(),
                          [](auto& e) { return says(e, "which is therefore not the cause"); }));
}

// What a node report carries: each non-loopback address with its link's MAC (LinkEntry::mac);
// loopback, a link without a MAC (a layer-3 tun) and an address whose link is not listed carry none.
TEST(StaticNeighbour, AddressMacsPairEachAddressWithItsLinksMac) {
  FakeProbe probe;
  auto link = [](std::string name, std::string mac) {
    os::LinkEntry l;
    l.name = std::move(name);
    l.mac = std::move(mac);
    return l;
  };
  probe.link_entries = {link("lo", ""), link("eth0", "02:00:5e:00:00:0a"), link("tun0", "")};
  auto address = [](std::string addr, std::string dev, bool loopback) {
    os::AddressEntry a;
    a.addr = std::move(addr);
    a.link = dev;
    a.name = std::move(dev);
    a.loopback = loopback;
    return a;
  };
  probe.entries = {address("127.0.0.1", "lo", true), address("198.18.1.2", "eth0", false),
                   address("198.18.9.1", "tun0", false), address("198.18.7.1", "gone0", false)};
  EXPECT_EQ(address_macs(&probe, 200), std::vector<std::string>{"198.18.1.2 eth0 02:00:5e:00:00:0a"});
  EXPECT_TRUE(address_macs(nullptr, 200).empty());
}

}  // namespace
}  // namespace dd::watch
