#include "nccl/probe_unique_id.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>

#include <array>
#include <cstring>

namespace dd::nccl {
namespace {

using Id = std::array<std::uint8_t, k_unique_id_bytes>;

Id v4_id(const char* addr, int port, std::uint64_t magic, std::size_t at = 8) {
  Id id{};
  std::memcpy(id.data(), &magic, sizeof magic);
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_port = htons(static_cast<std::uint16_t>(port));
  ::inet_pton(AF_INET, addr, &sa.sin_addr);
  std::memcpy(id.data() + at, &sa, sizeof sa);
  return id;
}

Id v6_id(const char* addr, int port, std::uint32_t scope) {
  Id id{};
  std::uint64_t magic = 0x1122334455667788ULL;
  std::memcpy(id.data(), &magic, sizeof magic);
  sockaddr_in6 sa{};
  sa.sin6_family = AF_INET6;
  sa.sin6_port = htons(static_cast<std::uint16_t>(port));
  sa.sin6_scope_id = scope;
  ::inet_pton(AF_INET6, addr, &sa.sin6_addr);
  std::memcpy(id.data() + 8, &sa, sizeof sa);
  return id;
}

os::AddressEntry entry(const std::string& name, os::Family f, const std::string& addr, int prefix,
                       std::uint32_t scope = 0) {
  os::AddressEntry e;
  e.name = name;
  e.link = name.substr(0, name.find(':'));
  e.family = f;
  e.addr = addr;
  e.prefix = prefix;
  e.scope_id = scope;
  e.up = e.running = true;
  return e;
}

const std::vector<os::AddressEntry> k_host = {
    entry("lo", os::Family::inet, "127.0.0.1", 8),         entry("eth0", os::Family::inet, "198.18.0.1", 24),
    entry("eth0:1", os::Family::inet, "198.18.9.1", 24),   entry("eth1", os::Family::inet, "198.18.4.2", 24),
    entry("eth0", os::Family::inet6, "fe80::18:1", 64, 2), entry("eth1", os::Family::inet6, "fe80::18:1", 64, 3),
};

TEST(ProbeUniqueId, VersionStringBothCodeSchemes) {
  EXPECT_EQ(version_string(22809), "2.28.9");
  EXPECT_EQ(version_string(21903), "2.19.3");
  EXPECT_EQ(version_string(2708), "2.7.8");
  EXPECT_EQ(version_string(0), "");
}

TEST(ProbeUniqueId, DecodesIpv4AfterMagicFrom216) {
  auto d = decode_unique_id(v4_id("198.18.0.1", 40123, 0xdeadbeefcafef00dULL), 22809);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->family, os::Family::inet);
  EXPECT_EQ(d->addr, "198.18.0.1");
  EXPECT_EQ(d->port, 40123);
  EXPECT_FALSE(d->from_comm_id);
}

TEST(ProbeUniqueId, CommIdMagicIsRecognised) {
  auto d = decode_unique_id(v4_id("198.18.4.1", 29500, k_comm_id_magic), 22809);
  ASSERT_TRUE(d.has_value());
  EXPECT_TRUE(d->from_comm_id);
  EXPECT_EQ(d->port, 29500);
}

TEST(ProbeUniqueId, OldLayoutHasSockaddrAtByteZero) {
  auto id = v4_id("198.18.0.7", 5000, 0, 0);
  auto d = decode_unique_id(id, 21505);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->addr, "198.18.0.7");
  EXPECT_FALSE(d->from_comm_id);
  // The same bytes read with the 2.16+ layout find no address family at byte 8.
  EXPECT_FALSE(decode_unique_id(id, 22809).has_value());
}

TEST(ProbeUniqueId, DecodesIpv6WithScopeAndRejectsJunk) {
  auto d = decode_unique_id(v6_id("fe80::18:1", 1234, 3), 22809);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->family, os::Family::inet6);
  EXPECT_EQ(d->addr, "fe80::18:1");
  EXPECT_EQ(d->scope_id, 3u);
  Id zero{};
  EXPECT_FALSE(decode_unique_id(zero, 22809).has_value());
  EXPECT_FALSE(decode_unique_id(std::span<const std::uint8_t>(zero.data(), 64), 22809).has_value());
}

TEST(ProbeUniqueId, ObserveNamesOwnerIncludingAliasLabel) {
  auto o = observe(*decode_unique_id(v4_id("198.18.0.1", 1, 7), 22809), k_host);
  EXPECT_EQ(o.iface, "eth0");
  EXPECT_EQ(o.addr, "198.18.0.1");
  EXPECT_EQ(o.source, "unique-id");
  EXPECT_TRUE(o.note.empty());
  auto alias = observe(*decode_unique_id(v4_id("198.18.9.1", 1, 7), 22809), k_host);
  EXPECT_EQ(alias.iface, "eth0:1");
}

TEST(ProbeUniqueId, ObserveLinkLocalUsesScopeToPickInterface) {
  auto o = observe(*decode_unique_id(v6_id("fe80::18:1", 1, 3), 22809), k_host);
  EXPECT_EQ(o.iface, "eth1");
  EXPECT_EQ(o.addr, "fe80::18:1%eth1");
}

TEST(ProbeUniqueId, ObserveCommIdLocalAndRemote) {
  auto local = observe(*decode_unique_id(v4_id("198.18.4.2", 29500, k_comm_id_magic), 22809), k_host);
  EXPECT_EQ(local.iface, "eth1");
  EXPECT_EQ(local.source, "NCCL_COMM_ID");
  EXPECT_NE(local.note.find("198.18.4.2:29500"), std::string::npos);

  auto remote = observe(*decode_unique_id(v4_id("198.18.4.1", 29500, k_comm_id_magic), 22809), k_host);
  EXPECT_EQ(remote.iface, "eth1");  // first entry in 198.18.4.0/24
  EXPECT_EQ(remote.addr, "198.18.4.1");
  EXPECT_NE(remote.note.find("another host"), std::string::npos);

  auto nowhere = observe(*decode_unique_id(v4_id("203.0.113.5", 29500, k_comm_id_magic), 22809), k_host);
  EXPECT_EQ(nowhere.iface, "");
  EXPECT_NE(nowhere.note.find("no local interface"), std::string::npos);
}

TEST(ProbeUniqueId, ObserveUnknownAddressLeavesIfaceEmpty) {
  auto o = observe(*decode_unique_id(v4_id("10.9.9.9", 1, 7), 22809), k_host);
  EXPECT_EQ(o.iface, "");
  EXPECT_EQ(o.addr, "10.9.9.9");
}

}  // namespace
}  // namespace dd::nccl
