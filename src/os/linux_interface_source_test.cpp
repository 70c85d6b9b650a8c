// Runs the real getifaddrs() source and the real ethtool source on this machine. Only facts
// true on every Linux host are asserted: lo exists, is ifindex 1 in a fresh namespace or at
// least up, loopback and running, and carries 127.0.0.1/8.
#include "os/linux_interface_source.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "os/linux_link_driver_source.hpp"

namespace dd::os {
namespace {

TEST(LinuxInterfaceSource, FindsLoopbackWith127001) {
  LinuxInterfaceSource src;
  auto entries = src.addresses();
  auto it = std::find_if(entries.begin(), entries.end(),
                         [](const AddressEntry& e) { return e.family == Family::inet && e.addr == "127.0.0.1"; });
  ASSERT_NE(it, entries.end()) << "no 127.0.0.1 entry from getifaddrs";
  EXPECT_EQ(it->name, "lo");
  EXPECT_EQ(it->link, "lo");
  EXPECT_EQ(it->prefix, 8);
  EXPECT_TRUE(it->up);
  EXPECT_TRUE(it->loopback);
  EXPECT_EQ(it->scope_id, 0u);

  auto links = src.links();
  auto lo = std::find_if(links.begin(), links.end(), [](const LinkEntry& l) { return l.name == "lo"; });
  ASSERT_NE(lo, links.end());
  EXPECT_GT(lo->ifindex, 0);
  EXPECT_TRUE(lo->loopback);
  EXPECT_EQ(lo->mac, "");  // loopback's hardware address is all zeros
  EXPECT_TRUE(std::is_sorted(links.begin(), links.end(),
                             [](const LinkEntry& a, const LinkEntry& b) { return a.ifindex < b.ifindex; }));
}

TEST(LinuxInterfaceSource, Ipv4EntriesPrecedeIpv6AndLinksNameEveryAddress) {
  LinuxInterfaceSource src;
  auto entries = src.addresses();
  auto first_v6 =
      std::find_if(entries.begin(), entries.end(), [](const AddressEntry& e) { return e.family == Family::inet6; });
  EXPECT_TRUE(std::none_of(first_v6, entries.end(), [](const AddressEntry& e) { return e.family == Family::inet; }))
      << "glibc lists all IPv4 entries before IPv6 ones (nccl-facts §1.2)";
  auto links = src.links();
  for (const auto& e : entries) {
    EXPECT_TRUE(std::any_of(links.begin(), links.end(), [&](const LinkEntry& l) { return l.name == e.link; }))
        << e.name;
    if (e.family == Family::inet6 && e.addr.rfind("fe80:", 0) == 0) {
      EXPECT_GT(e.scope_id, 0u);
    }
  }
}

TEST(LinuxInterfaceSource, PrefixLength) {
  const std::array<unsigned char, 4> m24 = {255, 255, 255, 0};
  const std::array<unsigned char, 4> m32 = {255, 255, 255, 255};
  const std::array<unsigned char, 4> m0 = {0, 0, 0, 0};
  const std::array<unsigned char, 4> m17 = {255, 255, 128, 0};
  const std::array<unsigned char, 4> holes = {255, 0, 255, 0};
  EXPECT_EQ(prefix_length(m24.data(), m24.size()), 24);
  EXPECT_EQ(prefix_length(m32.data(), m32.size()), 32);
  EXPECT_EQ(prefix_length(m0.data(), m0.size()), 0);
  EXPECT_EQ(prefix_length(m17.data(), m17.size()), 17);
  EXPECT_EQ(prefix_length(holes.data(), holes.size()), 8);
  std::array<unsigned char, 16> m64{};
  std::fill_n(m64.begin(), 8, 0xff);
  EXPECT_EQ(prefix_length(m64.data(), m64.size()), 64);
}

TEST(LinuxLinkDriverSource, AnswersOnlyForRealDrivers) {
  LinuxLinkDriverSource drivers;
  EXPECT_FALSE(drivers.driver("lo").has_value()) << "loopback has no ethtool driver info";
  EXPECT_FALSE(drivers.driver("ddN-absent0").has_value());
  EXPECT_FALSE(drivers.driver("a-name-longer-than-ifnamsiz").has_value());
  EXPECT_FALSE(drivers.driver("").has_value());
}

TEST(LinuxInterfaceSource, MacTextIsColonHexAndEmptyForNoneOrZeros) {
  const unsigned char mac[6] = {0x02, 0x00, 0x5e, 0x00, 0x00, 0x0a};
  EXPECT_EQ(mac_text(mac, 6), "02:00:5e:00:00:0a");
  const unsigned char zeros[6] = {};
  EXPECT_EQ(mac_text(zeros, 6), "");
  EXPECT_EQ(mac_text(mac, 0), "");
}

}  // namespace
}  // namespace dd::os
