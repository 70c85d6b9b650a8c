#include "netif/classify.hpp"

#include <gtest/gtest.h>

#include "core/link_names.hpp"

namespace dd::netif {
namespace {

SysfsLink software(int ifindex, int iflink) {
  SysfsLink s;
  s.present = true;
  s.type = 1;
  s.ifindex = ifindex;
  s.iflink = iflink;
  return s;
}

SysfsLink hardware(const std::string& driver) {
  SysfsLink s = software(2, 2);
  s.has_device = true;
  s.device_driver = driver;
  return s;
}

struct DriverCase {
  std::string name;
  std::string driver;
  Kind kind;
  std::string reported_driver;
};

class NetifClassifyByDriver : public ::testing::TestWithParam<DriverCase> {};

// The ethtool driver is the kernel's own word; it decides even against the link's name.
TEST_P(NetifClassifyByDriver, DriverDecides) {
  const auto& p = GetParam();
  auto c = classify(p.name, software(5, 5), p.driver, false);
  EXPECT_EQ(c.kind, p.kind) << p.name << " / " << p.driver << ": " << c.reason;
  EXPECT_EQ(c.driver, p.reported_driver);
  EXPECT_NE(c.reason.find("driver " + p.driver), std::string::npos) << c.reason;
}

INSTANTIATE_TEST_SUITE_P(Table, NetifClassifyByDriver,
                         ::testing::Values(DriverCase{"eth0", "veth", Kind::veth, "veth"},
                                           DriverCase{"ib0", "veth", Kind::veth, "veth"},
                                           DriverCase{"bond0", "veth", Kind::veth, "veth"},
                                           DriverCase{"br0", "bridge", Kind::bridge, "bridge"},
                                           DriverCase{"docker0", "bridge", Kind::docker, "bridge"},
                                           DriverCase{"docker_gwbridge", "bridge", Kind::docker, "bridge"},
                                           DriverCase{"br-0123456789ab", "bridge", Kind::docker, "bridge"},
                                           DriverCase{"virbr0", "bridge", Kind::virtual_, "bridge"},
                                           DriverCase{"cni0", "bridge", Kind::virtual_, "bridge"},
                                           DriverCase{"team0", "bonding", Kind::bond, "bonding"},
                                           DriverCase{"eth0.5", "802.1Q VLAN Support", Kind::vlan, "8021q"},
                                           DriverCase{"eth9", "dummy", Kind::dummy, "dummy"},
                                           DriverCase{"tun0", "tun", Kind::vpn, "tun"},
                                           DriverCase{"vnet3", "tun", Kind::virtual_, "tun"},
                                           DriverCase{"wg0", "wireguard", Kind::vpn, "wireguard"},
                                           DriverCase{"eth1", "macvlan", Kind::virtual_, "macvlan"},
                                           DriverCase{"eth2", "ipvlan", Kind::virtual_, "ipvlan"},
                                           DriverCase{"flannel.1", "vxlan", Kind::virtual_, "vxlan"}));

TEST(NetifClassify, LoopbackAndInfinibandComeFromTheType) {
  SysfsLink lo = software(1, 1);
  lo.type = 772;
  EXPECT_EQ(classify("lo", lo, std::nullopt, true).kind, Kind::loopback);
  EXPECT_EQ(classify("lo", lo, std::nullopt, true).reason, "sysfs type 772 (loopback)");
  EXPECT_EQ(classify("weird", SysfsLink{}, std::nullopt, true).kind, Kind::loopback);

  SysfsLink ib = hardware("mlx5_core");
  ib.type = 32;
  auto c = classify("ibp12s0", ib, std::string("ib_ipoib"), false);
  EXPECT_EQ(c.kind, Kind::ib);
  EXPECT_EQ(c.reason, "sysfs type 32 (InfiniBand)");
  EXPECT_EQ(c.driver, "mlx5_core");
  // A link merely named ib0 is no InfiniBand port.
  EXPECT_EQ(classify("ib0", hardware("e1000e"), std::nullopt, false).kind, Kind::physical);
}

TEST(NetifClassify, UnknownDriverWithDeviceIsPhysical) {
  auto c = classify("enp1s0", hardware("virtio_net"), std::string("virtio_net"), false);
  EXPECT_EQ(c.kind, Kind::physical);
  EXPECT_EQ(c.driver, "virtio_net");
  // Without ethtool the sysfs device link says the same.
  c = classify("enp1s0", hardware("igb"), std::nullopt, false);
  EXPECT_EQ(c.kind, Kind::physical);
  EXPECT_EQ(c.reason, "sysfs device link (driver igb)");
  EXPECT_EQ(c.driver, "igb");
}

TEST(NetifClassify, SysfsStructureWithoutEthtool) {
  SysfsLink br = software(4, 4);
  br.has_bridge = true;
  br.devtype = "bridge";
  EXPECT_EQ(classify("docker0", br, std::nullopt, false).kind, Kind::docker);
  EXPECT_EQ(classify("br0", br, std::nullopt, false).kind, Kind::bridge);
  EXPECT_EQ(classify("br-0123456789AB", br, std::nullopt, false).kind, Kind::bridge);  // not hex
  EXPECT_EQ(classify("br-0123456789a", br, std::nullopt, false).kind, Kind::bridge);   // 11 chars

  SysfsLink bond = software(6, 6);
  bond.devtype = "bond";
  EXPECT_EQ(classify("bond0", bond, std::nullopt, false).kind, Kind::bond);

  SysfsLink vlan = software(7, 6);
  vlan.devtype = "vlan";
  vlan.lowers = {"bond0"};
  EXPECT_EQ(classify("bond0.100", vlan, std::nullopt, false).kind, Kind::vlan);

  SysfsLink tap = software(8, 8);
  tap.tun_flags = 0x1002;
  auto c = classify("zt0", tap, std::nullopt, false);
  EXPECT_EQ(c.kind, Kind::vpn);
  EXPECT_EQ(c.reason, "sysfs tun_flags (tap)");
  EXPECT_EQ(classify("vnet0", tap, std::nullopt, false).kind, Kind::virtual_);

  SysfsLink wg = software(9, 9);
  wg.type = 65534;
  wg.devtype = "wireguard";
  EXPECT_EQ(classify("wg0", wg, std::nullopt, false).kind, Kind::vpn);

  SysfsLink vx = software(10, 10);
  vx.devtype = "vxlan";
  EXPECT_EQ(classify("flannel.1", vx, std::nullopt, false).kind, Kind::virtual_);

  SysfsLink wifi = hardware("iwlwifi");
  wifi.devtype = "wlan";
  c = classify("wlp2s0", wifi, std::nullopt, false);
  EXPECT_EQ(c.kind, Kind::physical);
  EXPECT_EQ(c.driver, "iwlwifi");
}

// What the namespace system tests build: veth links renamed like NICs. Sysfs says veth (iflink
// points at the peer, no lower link), so the name does not count.
TEST(NetifClassify, RenamedVethFromIflink) {
  for (const std::string name : {"eth0", "eno1", "ens1f0", "bond0", "ib0", "tailscale0"}) {
    auto c = classify(name, software(2, 3), std::nullopt, false);
    EXPECT_EQ(c.kind, Kind::veth) << name;
    EXPECT_EQ(c.reason, "sysfs iflink 3 != ifindex 2 with no lower link: veth peer");
    EXPECT_EQ(c.driver, "veth");
  }
  SysfsLink mv = software(18, 2);
  mv.lowers = {"eno1"};
  EXPECT_EQ(classify("mv0", mv, std::nullopt, false).kind, Kind::virtual_);
  // The ethtool driver beats the iflink guess.
  EXPECT_EQ(classify("eth0", software(2, 3), std::string("macvlan"), false).kind, Kind::virtual_);
}

TEST(NetifClassify, NameHintsOnlyWhereSysfsIsSilent) {
  auto silent = software(12, 12);
  EXPECT_EQ(classify("dummy0", silent, std::nullopt, false).kind, Kind::dummy);
  EXPECT_EQ(classify("tailscale0", silent, std::nullopt, false).kind, Kind::vpn);
  EXPECT_EQ(classify("cilium_host", silent, std::nullopt, false).kind, Kind::virtual_);
  auto c = classify("eth0", silent, std::nullopt, false);
  EXPECT_EQ(c.kind, Kind::virtual_);
  EXPECT_EQ(c.reason, "software link (no device in sysfs)");

  const SysfsLink none;  // no sysfs at all
  EXPECT_EQ(classify("lo", none, std::nullopt, false).kind, Kind::loopback);
  EXPECT_EQ(classify("ib0", none, std::nullopt, false).kind, Kind::ib);
  EXPECT_EQ(classify("docker0", none, std::nullopt, false).kind, Kind::docker);
  EXPECT_EQ(classify("veth1234", none, std::nullopt, false).kind, Kind::veth);
  EXPECT_EQ(classify("bond1", none, std::nullopt, false).kind, Kind::bond);
  EXPECT_EQ(classify("eth0.42", none, std::nullopt, false).kind, Kind::vlan);
  EXPECT_EQ(classify("br0", none, std::nullopt, false).kind, Kind::bridge);
  c = classify("eth0", none, std::nullopt, false);
  EXPECT_EQ(c.kind, Kind::physical);
  EXPECT_EQ(c.reason, "no sysfs entry; assumed physical");
}

TEST(NetifClassify, DockerBridgeNames) {
  EXPECT_TRUE(core::is_docker_bridge_name("docker0"));
  EXPECT_TRUE(core::is_docker_bridge_name("docker_gwbridge"));
  EXPECT_TRUE(core::is_docker_bridge_name("br-5f2c0a1b9e3d"));
  EXPECT_FALSE(core::is_docker_bridge_name("docker1"));
  EXPECT_FALSE(core::is_docker_bridge_name("br-5f2c0a1b9e3"));
  EXPECT_FALSE(core::is_docker_bridge_name("br-5f2c0a1b9e3g"));
  EXPECT_FALSE(core::is_docker_bridge_name("br0"));
}

}  // namespace
}  // namespace dd::netif
