#include "netif/sysfs_link.hpp"

#include <gtest/gtest.h>

#include "os/fake/memory_file_tree.hpp"

namespace dd::netif {
namespace {

TEST(NetifSysfsLink, ReadsEveryFact) {
  os::fake::MemoryFileTree t;
  const std::string d = "/sys/class/net/bond0.7";
  t.file(d + "/type", "1\n")
      .file(d + "/operstate", "up\n")
      .file(d + "/carrier", "1\n")
      .file(d + "/mtu", "9000\n")
      .file(d + "/speed", "25000\n")
      .file(d + "/address", "02:00:00:00:00:07\n")
      .file(d + "/flags", "0x1003\n")
      .file(d + "/ifindex", "9\n")
      .file(d + "/iflink", "8\n")
      .file(d + "/uevent", "DEVTYPE=vlan\nINTERFACE=bond0.7\nIFINDEX=9\n")
      .link(d + "/lower_bond0", "../bond0")
      .link(d + "/device/driver", "../../../bus/pci/drivers/mlx5_core");
  auto s = read_sysfs_link(t, "bond0.7");
  EXPECT_TRUE(s.present);
  EXPECT_EQ(s.type, 1);
  EXPECT_EQ(s.operstate, "up");
  EXPECT_TRUE(s.carrier);
  EXPECT_EQ(s.mtu, 9000);
  EXPECT_EQ(s.speed_mbps, 25000);
  EXPECT_EQ(s.mac, "02:00:00:00:00:07");
  EXPECT_EQ(s.flags, 0x1003u);
  EXPECT_EQ(s.ifindex, 9);
  EXPECT_EQ(s.iflink, 8);
  EXPECT_EQ(s.devtype, "vlan");
  EXPECT_EQ(s.lowers, std::vector<std::string>{"bond0"});
  EXPECT_TRUE(s.has_device);
  EXPECT_EQ(s.device_driver, "mlx5_core");
  EXPECT_FALSE(s.tun_flags.has_value());
}

TEST(NetifSysfsLink, UnreadableAndNegativeValuesAreUnknown) {
  os::fake::MemoryFileTree t;
  const std::string d = "/sys/class/net/veth0";
  t.file(d + "/speed", "-1\n").file(d + "/mtu", "garbage\n").file(d + "/flags", "0xZZ\n");
  auto s = read_sysfs_link(t, "veth0");
  EXPECT_TRUE(s.present);
  EXPECT_FALSE(s.carrier);  // no carrier file: the kernel answered EINVAL (link down)
  EXPECT_FALSE(s.speed_mbps.has_value());
  EXPECT_FALSE(s.mtu.has_value());
  EXPECT_FALSE(s.flags.has_value());
  EXPECT_FALSE(s.has_device);
  EXPECT_EQ(s.operstate, "");
}

TEST(NetifSysfsLink, TunFlagsAndWireless) {
  os::fake::MemoryFileTree t;
  t.file("/sys/class/net/tap0/tun_flags", "0x1002\n").dir("/sys/class/net/wl0/wireless");
  EXPECT_EQ(read_sysfs_link(t, "tap0").tun_flags, 0x1002u);
  EXPECT_TRUE(read_sysfs_link(t, "wl0").has_wireless);
  EXPECT_FALSE(read_sysfs_link(t, "wl0").tun_flags.has_value());
}

TEST(NetifSysfsLink, MissingOrInvalidNamesAreNotLookedUp) {
  os::fake::MemoryFileTree t;
  t.file("/sys/class/net/eth0/type", "1\n").file("/sys/class/type", "1\n");
  EXPECT_FALSE(read_sysfs_link(t, "eth1").present);
  EXPECT_FALSE(read_sysfs_link(t, "").present);
  EXPECT_FALSE(read_sysfs_link(t, "..").present);
  EXPECT_FALSE(read_sysfs_link(t, "../eth0").present);
  for (const auto& path : t.reads) EXPECT_EQ(path.find(".."), std::string::npos) << path;
}

}  // namespace
}  // namespace dd::netif
