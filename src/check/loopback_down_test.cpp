#include "check/loopback_down.hpp"

#include <gtest/gtest.h>

namespace dd::check {
namespace {

netif::Interface iface(const std::string& name, netif::Kind kind, bool up) {
  netif::Interface i;
  i.name = name;
  i.kind = kind;
  i.up = up;
  return i;
}

// clusters-2026-12-07k p2: node0's lo down; preflight said OK on every node and the job failed at
// once. One step short: lo up (a cluster NIC down is another rule's), or no loopback listed.
TEST(LoopbackDown, ALoopbackInterfaceThatIsDownIsAnError) {
  netif::Inventory inv;
  inv.interfaces = {iface("lo", netif::Kind::loopback, false), iface("eth0", netif::Kind::physical, true)};
  auto f = loopback_down_finding(inv);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->id, "host.loopback-down");
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_NE(f->title.find("this machine's loopback interface lo is down"), std::string::npos) << f->title;
  EXPECT_NE(f->fix.text.find("`ip link set dev lo up`"), std::string::npos) << f->fix.text;
  inv.interfaces = {iface("lo", netif::Kind::loopback, true), iface("eth0", netif::Kind::physical, false)};
  EXPECT_FALSE(loopback_down_finding(inv));
  inv.interfaces = {iface("eth0", netif::Kind::physical, true)};
  EXPECT_FALSE(loopback_down_finding(inv));
}

}  // namespace
}  // namespace dd::check
