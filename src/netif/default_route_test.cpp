#include "netif/default_route.hpp"

#include <gtest/gtest.h>

#include "os/fake/memory_file_tree.hpp"

namespace dd::netif {
namespace {

TEST(NetifDefaultRoute, Ipv4AndIpv6DefaultsSkippingRejectRoutes) {
  os::fake::MemoryFileTree t;
  t.file("/proc/net/route",
         "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
         "eth0\t00000000\t010212C6\t0003\t0\t0\t0\t00000000\t0\t0\t0\n"
         "eth0\t000212C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n"
         "eth1\t000312C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n"
         "eth2\t00000000\t00000000\t0000\t0\t0\t0\t00000000\t0\t0\t0\n");  // not RTF_UP
  t.file("/proc/net/ipv6_route",
         "00000000000000000000000000000000 00 00000000000000000000000000000000 00 "
         "fd000018000000000000000000000001 00000400 00000002 00000000 00000003     wg0\n"
         "fd000018000000000000000000000000 40 00000000000000000000000000000000 00 "
         "00000000000000000000000000000000 00000100 00000001 00000000 00000001     eth1\n"
         "00000000000000000000000000000000 00 00000000000000000000000000000000 00 "
         "00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo\n");
  EXPECT_EQ(default_route_links(t), (std::set<std::string>{"eth0", "wg0"}));
}

TEST(NetifDefaultRoute, NothingReadableIsEmpty) {
  os::fake::MemoryFileTree t;
  EXPECT_TRUE(default_route_links(t).empty());
  t.file("/proc/net/route", "garbage\nalso garbage here\n");
  EXPECT_TRUE(default_route_links(t).empty());
}

}  // namespace
}  // namespace dd::netif
