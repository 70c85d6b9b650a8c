#include "netif/inventory.hpp"

#include <gtest/gtest.h>

#include <map>

#include "os/fake/memory_file_tree.hpp"
#include "os/fake/static_interface_source.hpp"
#include "os/fake/static_link_driver_source.hpp"

namespace dd::netif {
namespace {

using os::Family;

os::DiskFileTree fixture(const std::string& name) {
  return os::DiskFileTree(std::string(DD_TEST_DATA_DIR) + "/sysfs/" + name);
}

// The links of tests/data/sysfs/host-mixed, as getifaddrs would list them there.
os::fake::StaticInterfaceSource host_mixed_source() {
  os::fake::StaticInterfaceSource src;
  const std::vector<std::pair<std::string, bool>> running = {
      {"lo", true},        {"eno1", true},        {"ens1f0", false},
      {"ens1f1", false},   {"ib0", true},         {"bond0", true},
      {"bond0.100", true}, {"docker0", false},    {"br-0123456789ab", true},
      {"virbr0", false},   {"vethab12cd3", true}, {"dummy0", true},
      {"tun0", true},      {"tailscale0", true},  {"wg0", true},
      {"flannel.1", true}, {"wlp2s0", false},     {"macvlan0", true},
      {"cni0", true},      {"zt5u4yabcd", true},  {"vnet0", true},
      {"br0", true}};
  int index = 0;
  for (const auto& [name, run] : running) src.link(name, ++index, name != "ens1f0", run);
  src.address("lo", Family::inet, "127.0.0.1", 8)
      .address("eno1", Family::inet, "198.18.1.10", 24)
      .address("eno1:1", Family::inet, "198.18.1.11", 24)
      .address("ib0", Family::inet, "198.18.2.10", 24)
      .address("bond0.100", Family::inet, "198.18.3.10", 24)
      .address("docker0", Family::inet, "172.17.0.1", 16)
      .address("lo", Family::inet6, "::1", 128)
      .address("eno1", Family::inet6, "fe80::3efd:feff:fe00:2", 64, 2)
      .address("ib0", Family::inet6, "fe80::bace:f603:0:5", 64, 5)
      .address("wg0", Family::inet6, "fd00:18::5", 64);
  return src;
}

TEST(NetifInventory, HostMixedCoversEveryKind) {
  auto src = host_mixed_source();
  auto tree = fixture("host-mixed");
  auto inv = read_inventory(src, tree);
  ASSERT_EQ(inv.interfaces.size(), 22u);
  const std::map<std::string, Kind> expected = {
      {"lo", Kind::loopback},        {"eno1", Kind::physical},    {"ens1f0", Kind::physical},
      {"ens1f1", Kind::physical},    {"ib0", Kind::ib},           {"bond0", Kind::bond},
      {"bond0.100", Kind::vlan},     {"docker0", Kind::docker},   {"br-0123456789ab", Kind::docker},
      {"virbr0", Kind::virtual_},    {"vethab12cd3", Kind::veth}, {"dummy0", Kind::dummy},
      {"tun0", Kind::vpn},           {"tailscale0", Kind::vpn},   {"wg0", Kind::vpn},
      {"flannel.1", Kind::virtual_}, {"wlp2s0", Kind::physical},  {"macvlan0", Kind::virtual_},
      {"cni0", Kind::virtual_},      {"zt5u4yabcd", Kind::vpn},   {"vnet0", Kind::virtual_},
      {"br0", Kind::bridge}};
  int last = 0;
  for (const auto& i : inv.interfaces) {
    ASSERT_TRUE(expected.count(i.name)) << i.name;
    EXPECT_EQ(to_string(i.kind), to_string(expected.at(i.name))) << i.name << ": " << i.kind_reason;
    EXPECT_FALSE(i.kind_reason.empty()) << i.name;
    EXPECT_GT(i.ifindex, last) << "ifindex order";
    last = i.ifindex;
  }
  EXPECT_EQ(inv.entries.size(), 10u);
  for (const auto& i : inv.interfaces) {
    EXPECT_EQ(i.default_route, i.name == "eno1" || i.name == "wg0") << i.name;
  }
  EXPECT_EQ(inv.entries[2].name, "eno1:1");
}

// The link facts read from sysfs for `name`: its driver, why it was classified, MTU and speed.
void expect_link(const Inventory& inv, const std::string& name, const std::string& driver, const std::string& reason,
                 int mtu, int speed_mbps) {
  const auto* i = inv.find(name);
  ASSERT_NE(i, nullptr) << name;
  EXPECT_EQ(i->driver, driver) << name;
  EXPECT_EQ(i->kind_reason, reason) << name;
  EXPECT_EQ(i->mtu, mtu) << name;
  EXPECT_EQ(i->speed_mbps, speed_mbps) << name;
}

TEST(NetifInventory, PhysicalFactsAndDrivers) {
  auto src = host_mixed_source();
  auto tree = fixture("host-mixed");
  auto inv = read_inventory(src, tree);
  expect_link(inv, "eno1", "ixgbe", "sysfs device link (driver ixgbe)", 1500, 10000);
  const auto* eno1 = inv.find("eno1");
  ASSERT_NE(eno1, nullptr);
  EXPECT_EQ(eno1->mac, "3c:fd:fe:00:00:02");
  EXPECT_TRUE(eno1->up && eno1->running && eno1->carrier);
  EXPECT_EQ(eno1->operstate, "up");
  expect_link(inv, "ib0", "mlx5_core", "sysfs type 32 (InfiniBand)", 2044, 200000);

  EXPECT_EQ(inv.find("bond0")->driver, "bonding");
  EXPECT_EQ(inv.find("bond0")->mtu, 9000);
  EXPECT_EQ(inv.find("bond0.100")->driver, "8021q");
  EXPECT_EQ(inv.find("docker0")->driver, "bridge");
  EXPECT_EQ(inv.find("wlp2s0")->driver, "iwlwifi");
  EXPECT_EQ(inv.find("tun0")->mac, "");
  EXPECT_EQ(inv.find("lo")->mtu, 65536);
  EXPECT_FALSE(inv.find("lo")->speed_mbps.has_value());  // speed read fails on lo
}

TEST(NetifInventory, DownNoCarrierAndUnknownSpeed) {
  auto src = host_mixed_source();
  auto tree = fixture("host-mixed");
  auto inv = read_inventory(src, tree);
  const auto* down = inv.find("ens1f0");  // admin down: carrier and speed reads fail
  EXPECT_FALSE(down->up);
  EXPECT_FALSE(down->running);
  EXPECT_FALSE(down->carrier);
  EXPECT_FALSE(down->speed_mbps.has_value());
  EXPECT_EQ(down->operstate, "down");
  const auto* nocarrier = inv.find("ens1f1");  // up, cable out: carrier 0, speed -1
  EXPECT_TRUE(nocarrier->up);
  EXPECT_FALSE(nocarrier->running);
  EXPECT_FALSE(nocarrier->carrier);
  EXPECT_FALSE(nocarrier->speed_mbps.has_value());
  const auto* docker0 = inv.find("docker0");  // docker0 without containers: NO-CARRIER
  EXPECT_TRUE(docker0->up);
  EXPECT_FALSE(docker0->carrier);
  EXPECT_EQ(inv.find("wlp2s0")->operstate, "dormant");
  EXPECT_TRUE(inv.find("wlp2s0")->carrier);
}

TEST(NetifInventory, AddressesKeepOrderLabelsAndScope) {
  auto src = host_mixed_source();
  auto tree = fixture("host-mixed");
  auto inv = read_inventory(src, tree);
  const auto& eno1 = inv.find("eno1")->addresses;
  ASSERT_EQ(eno1.size(), 3u);
  EXPECT_EQ(eno1[0].addr, "198.18.1.10");
  EXPECT_EQ(eno1[0].label, "");
  EXPECT_EQ(eno1[1].addr, "198.18.1.11");
  EXPECT_EQ(eno1[1].label, "eno1:1");
  EXPECT_EQ(eno1[2].family, Family::inet6);
  EXPECT_EQ(eno1[2].scope, Scope::link);
  EXPECT_EQ(eno1[2].prefix, 64);
  const auto& lo = inv.find("lo")->addresses;
  ASSERT_EQ(lo.size(), 2u);
  EXPECT_EQ(lo[0].scope, Scope::host);
  EXPECT_EQ(lo[1].scope, Scope::host);
  EXPECT_EQ(inv.find("wg0")->addresses.at(0).scope, Scope::global);
  EXPECT_TRUE(inv.find("ens1f0")->addresses.empty());
}

TEST(NetifInventory, RenamedVethLinksAreVeth) {
  os::fake::StaticInterfaceSource src;
  src.link("lo", 1)
      .link("eth0", 2)
      .link("eno1", 4)
      .link("ens1f0", 6, true, false)
      .link("bond0", 8)
      .link("ib0", 10, false, false)
      .link("docker0", 12);
  src.address("lo", Family::inet, "127.0.0.1", 8).address("eth0", Family::inet, "198.18.0.2", 24);
  auto tree = fixture("renamed-veth");
  auto inv = read_inventory(src, tree);
  ASSERT_EQ(inv.interfaces.size(), 7u);
  for (const std::string name : {"eth0", "eno1", "ens1f0", "bond0", "ib0"}) {
    ASSERT_NE(inv.find(name), nullptr) << name;
    EXPECT_EQ(inv.find(name)->kind, Kind::veth) << name << ": " << inv.find(name)->kind_reason;
    EXPECT_EQ(inv.find(name)->driver, "veth");
  }
  EXPECT_EQ(inv.find("docker0")->kind, Kind::docker);
  EXPECT_EQ(inv.find("lo")->kind, Kind::loopback);
  EXPECT_EQ(inv.find("ens1f0")->operstate, "lowerlayerdown");
  EXPECT_EQ(inv.find("eth0")->speed_mbps, 10000);
}

TEST(NetifInventory, EthtoolDriverIsAskedAndWins) {
  os::fake::StaticInterfaceSource src;
  src.link("lo", 1).link("eth0", 2).link("eno1", 4);
  os::fake::StaticLinkDriverSource drivers({{"eth0", "macvlan"}, {"eno1", "veth"}});
  auto tree = fixture("renamed-veth");
  auto inv = read_inventory(src, tree, &drivers);
  EXPECT_EQ(drivers.asked, (std::vector<std::string>{"lo", "eth0", "eno1"}));
  EXPECT_EQ(inv.find("eth0")->kind, Kind::virtual_);
  EXPECT_EQ(inv.find("eth0")->kind_reason, "driver macvlan (software link)");
  EXPECT_EQ(inv.find("eno1")->kind, Kind::veth);
  EXPECT_EQ(inv.find("eno1")->kind_reason, "driver veth");
}

TEST(NetifInventory, SysfsOfAnotherNamespaceIsIgnored) {
  // /sys still shows the host while getifaddrs runs in a namespace (nsenter --net without a
  // fresh sysfs mount): eth0 has ifindex 7 here but 2 in /sys.
  os::fake::StaticInterfaceSource src;
  src.link("eth0", 7);
  auto tree = fixture("renamed-veth");
  auto inv = read_inventory(src, tree);
  ASSERT_EQ(inv.interfaces.size(), 1u);
  const auto& eth0 = inv.interfaces[0];
  EXPECT_EQ(eth0.kind, Kind::physical);
  EXPECT_NE(eth0.kind_reason.find("sysfs ifindex 2 != 7"), std::string::npos) << eth0.kind_reason;
  EXPECT_EQ(eth0.mtu, 0);
  EXPECT_TRUE(eth0.carrier);  // falls back to IFF_RUNNING
}

TEST(NetifInventory, LinksOnlyNamedByAddressesAndOrdering) {
  // No AF_PACKET entries (a source that only lists addresses) and no sysfs: every link still
  // appears once, ifindex from sysfs when it has one, unknown ones last by name.
  os::fake::StaticInterfaceSource src;
  src.address("zeta", Family::inet, "198.18.9.1", 24)
      .address("alpha:1", Family::inet, "198.18.9.2", 24)
      .address("alpha", Family::inet6, "fd00:18::9", 64)
      .address("lo", Family::inet, "127.0.0.1", 8);
  os::fake::MemoryFileTree tree;
  tree.file("/sys/class/net/lo/ifindex", "1\n").file("/sys/class/net/lo/type", "772\n");
  auto inv = read_inventory(src, tree);
  ASSERT_EQ(inv.interfaces.size(), 3u);
  EXPECT_EQ(inv.interfaces[0].name, "lo");
  EXPECT_EQ(inv.interfaces[0].ifindex, 1);
  EXPECT_EQ(inv.interfaces[1].name, "alpha");
  EXPECT_EQ(inv.interfaces[2].name, "zeta");
  ASSERT_EQ(inv.interfaces[1].addresses.size(), 2u);
  EXPECT_EQ(inv.interfaces[1].addresses[0].label, "alpha:1");
  EXPECT_EQ(inv.interfaces[1].addresses[1].label, "");
  EXPECT_EQ(src.links_calls, 1);
  EXPECT_EQ(src.addresses_calls, 1);
}

}  // namespace
}  // namespace dd::netif
