// Numeric IP addresses as bytes, for NCCL's subnet test (matchSubnet in NCCL 2.28.9
// src/misc/socket.cc) and for printing addresses the way NCCL logs them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "os/interface_source.hpp"

namespace dd::nccl {

struct IpBytes {
  os::Family family = os::Family::inet;
  std::array<std::uint8_t, 16> bytes{};  // 4 used for IPv4
};

// Numeric text ("198.18.0.2", "fe80::1") in `family`; nullopt when not a valid address.
std::optional<IpBytes> parse_ip(os::Family family, std::string_view text);
// Either family: IPv4 first, then IPv6.
std::optional<IpBytes> parse_any_ip(std::string_view text);

// True when `a` and `b` have the same family and agree on the first `prefix` bits.
bool same_subnet(const IpBytes& a, const IpBytes& b, int prefix);

bool is_loopback(const IpBytes& ip);       // 127.0.0.0/8 or ::1
bool is_ipv6_loopback(const IpBytes& ip);  // ::1 only (the one address NCCL skips)
bool is_link_local(const IpBytes& ip);     // 169.254.0.0/16 or fe80::/10

// An entry's address as NCCL prints it: numeric, IPv6 with "%<link>" when it carries a scope id
// (link-local), without port.
std::string nccl_address_text(const os::AddressEntry& entry);

}  // namespace dd::nccl
