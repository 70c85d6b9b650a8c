// Addresses and interface names as they appear in log text: NCCL's `eth0:10.0.0.1<0>`,
// `Connect to 10.0.0.2<43619>`, Gloo's `[10.0.0.2]:3210`, c10d's `(10.0.0.2, 29500)` or
// `host:port`; plus the classification the rules need (loopback, Docker default bridge, IPv6
// link-local, virtual interface names; NCCL 2.28.9 naming as in nccl-facts.md §1.2 and §8).
#pragma once

#include <string_view>

namespace dd::logs {

struct AddressMention {
  std::string_view addr;
  int port = -1;
};

// NCCL's interface entry "[0]eth0:10.0.0.1<0>" or "eth0:10.0.0.1<0>" (IPv6 addresses contain
// ':' too; the interface name ends at the first ':'). Returns false when it does not look like one.
bool parse_iface_entry(std::string_view s, std::string_view& iface, std::string_view& addr);

// The first endpoint in free text: "A<P>", "[A]:P", "(A, P)", or a dotted IPv4 with ":P".
AddressMention find_endpoint(std::string_view s);

// Address tests delegate to core/address.hpp (inet_pton), names to core/link_names.hpp.
bool is_loopback_addr(std::string_view addr);        // 127.0.0.0/8, ::1
bool is_debian_host_alias(std::string_view addr);    // 127.0.1.1 (Debian/Ubuntu /etc/hosts)
bool is_docker_default_addr(std::string_view addr);  // 172.17.0.0/16, Docker's default bridge
bool is_link_local6(std::string_view addr);          // fe80::/10
bool is_loopback_iface(std::string_view iface);      // lo, lo*
// core::is_host_private_link_name: docker*, Docker bridges, veth*, VPN and virtual link names
bool is_virtual_iface(std::string_view iface);
// IPv4 "a.b.c.d" -> its first two octets as one number; -1 for anything else.
long ipv4_slash16(std::string_view addr);

}  // namespace dd::logs
