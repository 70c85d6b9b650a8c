#include "nccl/ip_address.hpp"

namespace dd::nccl {

bool is_loopback(const core::IpAddress& ip) { return ip.v6 ? is_ipv6_loopback(ip) : ip.bytes[0] == 127; }

bool is_ipv6_loopback(const core::IpAddress& ip) {
  if (!ip.v6) return false;
  for (std::size_t i = 0; i < 15; ++i) {
    if (ip.bytes[i] != 0) return false;
  }
  return ip.bytes[15] == 1;
}

bool is_link_local(const core::IpAddress& ip) {
  if (!ip.v6) return ip.bytes[0] == 169 && ip.bytes[1] == 254;
  return ip.bytes[0] == 0xfe && (ip.bytes[1] & 0xc0) == 0x80;
}

std::string nccl_address_text(const os::AddressEntry& entry) {
  if (entry.family == os::Family::inet6 && entry.scope_id != 0) {
    return entry.addr + "%" + (entry.link.empty() ? entry.name : entry.link);
  }
  return entry.addr;
}

}  // namespace dd::nccl
