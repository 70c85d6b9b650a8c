// NCCL's tests on numeric addresses (core::parse_numeric_ip parses them) and the address text NCCL logs.
#pragma once

#include <string>

#include "core/address.hpp"
#include "os/interface_source.hpp"

namespace dd::nccl {

bool is_loopback(const core::IpAddress& ip);       // 127.0.0.0/8 or ::1
bool is_ipv6_loopback(const core::IpAddress& ip);  // ::1 only (the one address NCCL skips)
bool is_link_local(const core::IpAddress& ip);     // 169.254.0.0/16 or fe80::/10

// An entry's address as NCCL prints it: numeric, IPv6 with "%<link>" when it carries a scope id
// (link-local), without port.
std::string nccl_address_text(const os::AddressEntry& entry);

}  // namespace dd::nccl
