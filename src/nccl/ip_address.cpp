#include "nccl/ip_address.hpp"

#ifdef _WIN32
#include <ws2tcpip.h>  // inet_pton (the Windows build, windows/CMakeLists.txt)
#else
#include <arpa/inet.h>
#endif

namespace dd::nccl {

std::optional<IpBytes> parse_ip(os::Family family, std::string_view text) {
  std::string s(text);
  IpBytes ip;
  ip.family = family;
  int af = family == os::Family::inet ? AF_INET : AF_INET6;
  if (inet_pton(af, s.c_str(), ip.bytes.data()) != 1) return std::nullopt;
  return ip;
}

std::optional<IpBytes> parse_any_ip(std::string_view text) {
  if (auto v4 = parse_ip(os::Family::inet, text)) return v4;
  return parse_ip(os::Family::inet6, text);
}

bool same_subnet(const IpBytes& a, const IpBytes& b, int prefix) {
  if (a.family != b.family) return false;
  int bits = a.family == os::Family::inet ? 32 : 128;
  if (prefix < 0) prefix = 0;
  if (prefix > bits) prefix = bits;
  std::size_t full = static_cast<std::size_t>(prefix / 8);
  for (std::size_t i = 0; i < full; ++i) {
    if (a.bytes[i] != b.bytes[i]) return false;
  }
  int rest = prefix % 8;
  if (rest == 0) return true;
  auto mask = static_cast<std::uint8_t>(0xFFu << (8 - rest));
  return (a.bytes[full] & mask) == (b.bytes[full] & mask);
}

bool is_loopback(const IpBytes& ip) {
  if (ip.family == os::Family::inet) return ip.bytes[0] == 127;
  return is_ipv6_loopback(ip);
}

bool is_ipv6_loopback(const IpBytes& ip) {
  if (ip.family != os::Family::inet6) return false;
  for (std::size_t i = 0; i < 15; ++i) {
    if (ip.bytes[i] != 0) return false;
  }
  return ip.bytes[15] == 1;
}

bool is_link_local(const IpBytes& ip) {
  if (ip.family == os::Family::inet) return ip.bytes[0] == 169 && ip.bytes[1] == 254;
  return ip.bytes[0] == 0xfe && (ip.bytes[1] & 0xc0) == 0x80;
}

std::string nccl_address_text(const os::AddressEntry& entry) {
  if (entry.family == os::Family::inet6 && entry.scope_id != 0) {
    return entry.addr + "%" + (entry.link.empty() ? entry.name : entry.link);
  }
  return entry.addr;
}

}  // namespace dd::nccl
