#include <gtest/gtest.h>

#include "bench/data_address.hpp"

namespace dd::bench {
namespace {

netif::Interface link(std::string name, int ifindex, netif::Kind kind, std::vector<netif::Address> addrs) {
  netif::Interface i;
  i.name = std::move(name);
  i.ifindex = ifindex;
  i.kind = kind;
  i.up = i.running = i.carrier = true;
  i.operstate = "up";
  i.addresses = std::move(addrs);
  return i;
}

netif::Inventory inventory() {
  netif::Inventory inv;
  inv.interfaces.push_back(
      link("lo", 1, netif::Kind::loopback, {{os::Family::inet, "127.0.0.1", 8, netif::Scope::host, ""}}));
  inv.interfaces.push_back(
      link("docker0", 2, netif::Kind::docker, {{os::Family::inet, "172.17.0.1", 16, netif::Scope::global, ""}}));
  inv.interfaces.push_back(link("eth0", 3, netif::Kind::physical,
                                {{os::Family::inet6, "fe80::1", 64, netif::Scope::link, ""},
                                 {os::Family::inet6, "fd00:18::5", 64, netif::Scope::global, ""},
                                 {os::Family::inet, "198.18.0.5", 24, netif::Scope::global, ""}}));
  for (const auto& i : inv.interfaces)  // the raw getifaddrs entries the policy reads
    for (const auto& a : i.addresses) {
      os::AddressEntry e;
      e.name = e.link = i.name;
      e.family = a.family;
      e.addr = a.addr;
      e.prefix = a.prefix;
      e.up = e.running = true;
      e.loopback = i.kind == netif::Kind::loopback;
      inv.entries.push_back(e);
    }
  return inv;
}

TEST(BenchDataAddress, TheJobsInterfaceAndItsIpv4Address) {
  auto d = choose_data_address(inventory(), std::nullopt);
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_EQ(d->iface, "eth0");
  EXPECT_EQ(d->addr, "198.18.0.5");
}

TEST(BenchDataAddress, IfnameWinsAndBadNamesAreUsageErrors) {
  auto d = choose_data_address(inventory(), std::string("docker0"));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->addr, "172.17.0.1");
  auto bad = choose_data_address(inventory(), std::string("eth9"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, core::ErrorKind::usage);
  EXPECT_NE(bad.error().message.find("--ifname eth9"), std::string::npos);
  auto lo = choose_data_address(inventory(), std::string("lo"));
  EXPECT_FALSE(lo);  // loopback has no global address
}

TEST(BenchDataAddress, NothingUsableIsNotFound) {
  netif::Inventory inv;
  inv.interfaces.push_back(
      link("lo", 1, netif::Kind::loopback, {{os::Family::inet, "127.0.0.1", 8, netif::Scope::host, ""}}));
  auto d = choose_data_address(inv, std::nullopt);
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error().kind, core::ErrorKind::not_found);
}

}  // namespace
}  // namespace dd::bench
