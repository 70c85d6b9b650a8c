#include "core/address.hpp"

#include <gtest/gtest.h>

#include <utility>

#include "core/export_line.hpp"
#include "core/link_names.hpp"

namespace dd::core {
namespace {

TEST(Address, LinkLocalIsFe80Slash10AndIpv4_169_254) {
  EXPECT_TRUE(is_link_local_address("fe80::1"));
  EXPECT_TRUE(is_link_local_address("FE80::1"));
  EXPECT_TRUE(is_link_local_address("febf:ffff::1"));  // last of fe80::/10
  EXPECT_FALSE(is_link_local_address("fec0::1"));      // site-local, not link-local
  EXPECT_FALSE(is_link_local_address("fe8::1"));       // the old prefix check said yes
  EXPECT_TRUE(is_link_local_address("fe80::18:1%eth0"));
  EXPECT_TRUE(is_link_local_address("[fe80::18:1%eth0]"));
  EXPECT_TRUE(is_link_local_address("169.254.3.4"));
  EXPECT_TRUE(is_link_local_address("::ffff:169.254.3.4"));
  EXPECT_FALSE(is_link_local_address("169.253.3.4"));
  EXPECT_TRUE(is_ipv6_link_local("fe80::1%ib0"));
  EXPECT_FALSE(is_ipv6_link_local("169.254.3.4"));
  EXPECT_FALSE(is_link_local_address("fe80-host"));  // a name, not an address
}

TEST(Address, LoopbackUnspecifiedAndRoutable) {
  for (const char* a : {"127.0.0.1", "127.0.1.1", "::1", "::ffff:127.0.0.1"}) EXPECT_TRUE(is_loopback_address(a)) << a;
  for (const char* a : {"128.0.0.1", "::2", "localhost", ""}) EXPECT_FALSE(is_loopback_address(a)) << a;
  EXPECT_TRUE(is_unspecified_address("0.0.0.0"));
  EXPECT_TRUE(is_unspecified_address("::"));
  for (const char* a : {"198.18.0.2", "fd00:18::2", "2001:db8::1", "::ffff:198.18.0.9"})
    EXPECT_TRUE(is_routable_address(a)) << a;
  for (const char* a : {"127.0.0.1", "fe80::1", "169.254.0.1", "0.0.0.0", "::", "224.0.0.1", "ff02::1", "node1"})
    EXPECT_FALSE(is_routable_address(a)) << a;
  EXPECT_TRUE(is_ipv6_address("fd00:18::2"));
  EXPECT_FALSE(is_ipv6_address("198.18.0.2"));
}

// The one "this machine" list: every spelling lint and env matched with their own lists before
// (localhost, 127.*, ::1, [::1], Debian's /etc/hosts names, *.localhost, 0.0.0.0, ::) and no real host.
TEST(Address, NamesThisMachine) {
  for (const char* h :
       {"localhost", "LocalHost", "localhost.localdomain", "localhost6", "ip6-localhost", "ip6-loopback",
        "node1.localhost", "127.0.0.1", "127.0.1.1", "::1", "[::1]", "::ffff:127.0.0.1", "0.0.0.0", "::", "[::]"})
    EXPECT_TRUE(names_this_machine(h)) << h;
  for (const char* h : {"node1", "198.18.0.2", "fd00:18::2", "[fd00:18::2]", "localhost.example.com", ".localhost",
                        "mylocalhost", "", "[]", "128.0.0.1"})
    EXPECT_FALSE(names_this_machine(h)) << h;
}

// The one parser: exact numeric text for NCCL's model, brackets and zone accepted for text read from URLs and logs.
TEST(Address, NumericTextAndDecoratedText) {
  auto v4 = parse_numeric_ip("198.18.0.2");
  ASSERT_TRUE(v4);
  EXPECT_FALSE(v4->v6);
  EXPECT_EQ(v4->bytes[0], 198);
  EXPECT_EQ(v4->bytes[3], 2);
  auto v6 = parse_numeric_ip("fd00:18::2");
  ASSERT_TRUE(v6);
  EXPECT_TRUE(v6->v6);
  EXPECT_EQ(v6->bytes[0], 0xfd);
  EXPECT_EQ(v6->bytes[15], 2);
  auto mapped = parse_numeric_ip("::ffff:198.18.0.2");
  ASSERT_TRUE(mapped);
  EXPECT_TRUE(mapped->v6);  // kept as IPv6: NCCL compares it with IPv6 interfaces only
  for (const char* t : {"fe80::1%eth0", "[fd00::1]", "198.18.0.2%eth0", "node1", "", "198.18.0", "1.2.3.4:80"})
    EXPECT_FALSE(parse_numeric_ip(t)) << t;
  for (const char* t : {"fe80::1%eth0", "[fd00::1]", "[fe80::1%ib0]", "198.18.0.2"})
    EXPECT_TRUE(parse_ip_address(t)) << t;
  for (const char* t : {"node1", "[node1]", "", "[]"}) EXPECT_FALSE(parse_ip_address(t)) << t;
}

TEST(Address, SubnetTextClearsTheHostBits) {
  auto ip = [](const char* t) { return *parse_numeric_ip(t); };
  EXPECT_EQ(subnet_text(ip("198.18.1.77"), 24), "198.18.1.0/24");
  EXPECT_EQ(subnet_text(ip("198.19.105.12"), 22), "198.19.104.0/22");
  EXPECT_EQ(subnet_text(ip("198.18.1.77"), 32), "198.18.1.77/32");
  EXPECT_EQ(subnet_text(ip("198.18.1.77"), 0), "0.0.0.0/0");
  EXPECT_EQ(subnet_text(ip("fd00:18::7"), 64), "fd00:18::/64");
  EXPECT_EQ(subnet_text(ip("fd00:18:0:1:abcd::7"), 60), "fd00:18::/60");
}

// NCCL's matchSubnet: the same family and the first `prefix` bits, prefix clamped to the family's width.
TEST(Address, SameSubnet) {
  auto ip = [](const char* t) { return *parse_numeric_ip(t); };
  EXPECT_TRUE(same_subnet(ip("198.18.0.2"), ip("198.18.0.200"), 24));
  EXPECT_FALSE(same_subnet(ip("198.18.0.2"), ip("198.18.1.2"), 24));
  EXPECT_TRUE(same_subnet(ip("198.18.0.2"), ip("198.19.0.2"), 15));  // 198.18.0.0/15
  EXPECT_FALSE(same_subnet(ip("198.18.0.2"), ip("198.20.0.2"), 15));
  EXPECT_TRUE(same_subnet(ip("10.0.0.1"), ip("192.168.0.1"), 0));
  EXPECT_TRUE(same_subnet(ip("10.0.0.1"), ip("10.0.0.1"), 99));  // clamped to 32
  EXPECT_FALSE(same_subnet(ip("10.0.0.1"), ip("10.0.0.2"), 99));
  EXPECT_TRUE(same_subnet(ip("10.0.0.1"), ip("11.0.0.1"), -5));  // clamped to 0
  EXPECT_TRUE(same_subnet(ip("fd00:18::2"), ip("fd00:18::ffff"), 64));
  EXPECT_FALSE(same_subnet(ip("fd00:18::2"), ip("fd00:19::2"), 64));
  EXPECT_TRUE(same_subnet(ip("fd00:18::2"), ip("fd00:18::2"), 128));
  EXPECT_FALSE(same_subnet(ip("fd00:18::2"), ip("fd00:18::3"), 200));       // clamped to 128
  EXPECT_FALSE(same_subnet(ip("198.18.0.2"), ip("::ffff:198.18.0.2"), 0));  // families differ
  EXPECT_FALSE(same_subnet(ip("0.0.0.0"), ip("::"), 0));
}

TEST(Address, Ipv4Subnet) {
  EXPECT_TRUE(in_ipv4_subnet("172.17.0.1", "172.17.0.0", 16));
  EXPECT_TRUE(in_ipv4_subnet("172.17.255.254", "172.17.0.0", 16));
  EXPECT_FALSE(in_ipv4_subnet("172.170.0.1", "172.17.0.0", 16));  // the old "172.17." prefix check said yes
  EXPECT_FALSE(in_ipv4_subnet("172.18.0.1", "172.17.0.0", 16));
  EXPECT_FALSE(in_ipv4_subnet("fd00::1", "172.17.0.0", 16));
  EXPECT_TRUE(in_ipv4_subnet("10.1.2.3", "0.0.0.0", 0));
}

// The rendezvous peers (SockAddr::to_string) and the server's dropped-join lines; one reader of both.
TEST(EndpointAddress, HostOfHostPortWithIpv4MappedShownAsIpv4) {
  const std::pair<const char*, const char*> cases[] = {{"[::ffff:198.18.0.3]:41000", "198.18.0.3"},
                                                       {"198.18.0.3:41000", "198.18.0.3"},
                                                       {"198.18.0.3", "198.18.0.3"},
                                                       {"[fd00:18::2]:41000", "fd00:18::2"},
                                                       {"[fe80::1]", "fe80::1"},
                                                       {"fe80::1", "fe80::1"},
                                                       {"node1:29500", "node1"}};
  for (const auto& [endpoint, address] : cases) EXPECT_EQ(endpoint_address(endpoint), address) << endpoint;
  EXPECT_EQ(unmapped_address("::ffff:198.18.1.2"), "198.18.1.2");
  EXPECT_EQ(unmapped_address("::ffff:c612:102"), "::ffff:c612:102");  // hex form: not dotted, kept
  EXPECT_EQ(unmapped_address("fd00:18::1"), "fd00:18::1");
}

TEST(LinkNames, OneListForClassifierAndLogRules) {
  for (const char* n : {"docker0", "docker_gwbridge", "br-0123456789ab", "veth1a2b", "tailscale0", "wg0", "tun0",
                        "cni0", "flannel.1", "cali123", "kube-bridge", "virbr0", "vxlan.calico"})
    EXPECT_TRUE(is_host_private_link_name(n)) << n;
  for (const char* n : {"eth0", "ens1f0", "ib0", "bond0", "eno1", "br0", "lo"})
    EXPECT_FALSE(is_host_private_link_name(n)) << n;
  EXPECT_TRUE(is_docker_bridge_name("br-0123456789ab"));
  EXPECT_FALSE(is_docker_bridge_name("br-0123456789AB"));  // Docker writes lowercase hex
  EXPECT_FALSE(is_docker_bridge_name("br-lan"));
}

TEST(ExportLine, EmptyValueUnsets) {
  EXPECT_EQ(export_line("NCCL_SOCKET_IFNAME", "=eth0"), "export NCCL_SOCKET_IFNAME==eth0");
  EXPECT_EQ(export_line("NCCL_COMM_ID", ""), "unset NCCL_COMM_ID");
  EXPECT_EQ(export_line("GLOO_SOCKET_IFNAME", "eth0 eth1"), "export GLOO_SOCKET_IFNAME='eth0 eth1'");
}

}  // namespace
}  // namespace dd::core
