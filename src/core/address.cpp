#include "core/address.hpp"

#include "core/strings.hpp"

#ifdef _WIN32
#include <ws2tcpip.h>  // inet_pton (the Windows build, windows/CMakeLists.txt)
#else
#include <arpa/inet.h>
#endif

#include <algorithm>
#include <string>

namespace dd::core {

namespace {

std::string_view bare(std::string_view text) {
  if (text.size() >= 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
  return text.substr(0, text.find('%'));
}

// The IPv4 address inside `ip` (plain, or IPv4-mapped IPv6); nullptr for other IPv6.
const std::uint8_t* v4_bytes(const IpAddress& ip) {
  if (!ip.v6) return ip.bytes.data();
  for (std::size_t i = 0; i < 10; ++i)
    if (ip.bytes[i] != 0) return nullptr;
  return ip.bytes[10] == 0xff && ip.bytes[11] == 0xff ? ip.bytes.data() + 12 : nullptr;
}

bool all_zero(const IpAddress& ip, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i)
    if (ip.bytes[i] != 0) return false;
  return true;
}

template <typename Pred4, typename Pred6>
bool test(std::string_view text, Pred4 p4, Pred6 p6) {
  auto ip = parse_ip_address(text);
  if (!ip) return false;
  if (const auto* b = v4_bytes(*ip)) return p4(b);
  return p6(*ip);
}

}  // namespace

std::optional<IpAddress> parse_numeric_ip(std::string_view text) {
  std::string s(text);
  IpAddress ip;
  if (inet_pton(AF_INET, s.c_str(), ip.bytes.data()) == 1) return ip;
  if (inet_pton(AF_INET6, s.c_str(), ip.bytes.data()) == 1) {
    ip.v6 = true;
    return ip;
  }
  return std::nullopt;
}

std::optional<IpAddress> parse_ip_address(std::string_view text) { return parse_numeric_ip(bare(text)); }

bool same_subnet(const IpAddress& a, const IpAddress& b, int prefix) {
  if (a.v6 != b.v6) return false;
  prefix = std::clamp(prefix, 0, a.v6 ? 128 : 32);
  auto full = static_cast<std::size_t>(prefix / 8);
  for (std::size_t i = 0; i < full; ++i)
    if (a.bytes[i] != b.bytes[i]) return false;
  int rest = prefix % 8;
  auto mask = static_cast<std::uint8_t>(0xFFu << (8 - rest));
  return rest == 0 || (a.bytes[full] & mask) == (b.bytes[full] & mask);
}

bool is_numeric_address(std::string_view text) { return parse_ip_address(text).has_value(); }

bool is_ipv6_address(std::string_view text) {
  auto ip = parse_ip_address(text);
  return ip && ip->v6;
}

bool is_loopback_address(std::string_view text) {
  return test(
      text, [](const std::uint8_t* b) { return b[0] == 127; },
      [](const IpAddress& ip) { return all_zero(ip, 0, 15) && ip.bytes[15] == 1; });
}

bool is_ipv6_link_local(std::string_view text) {
  auto ip = parse_ip_address(text);
  return ip && ip->v6 && ip->bytes[0] == 0xfe && (ip->bytes[1] & 0xc0) == 0x80;
}

bool is_link_local_address(std::string_view text) {
  return test(
      text, [](const std::uint8_t* b) { return b[0] == 169 && b[1] == 254; },
      [](const IpAddress& ip) { return ip.bytes[0] == 0xfe && (ip.bytes[1] & 0xc0) == 0x80; });
}

bool is_unspecified_address(std::string_view text) {
  return test(
      text, [](const std::uint8_t* b) { return b[0] == 0 && b[1] == 0 && b[2] == 0 && b[3] == 0; },
      [](const IpAddress& ip) { return all_zero(ip, 0, 16); });
}

bool names_this_machine(std::string_view host) {
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  std::string h = to_lower(host);
  for (std::string_view name : {"localhost", "localhost.localdomain", "localhost6", "ip6-localhost", "ip6-loopback"})
    if (h == name) return true;
  if (h.size() > 10 && h.ends_with(".localhost")) return true;  // RFC 6761: names under .localhost are loopback
  return is_loopback_address(h) || is_unspecified_address(h);
}

bool is_routable_address(std::string_view text) {
  if (!is_numeric_address(text) || is_loopback_address(text) || is_link_local_address(text) ||
      is_unspecified_address(text)) {
    return false;
  }
  return !test(
      text, [](const std::uint8_t* b) { return b[0] >= 224 && b[0] <= 239; },
      [](const IpAddress& ip) { return ip.bytes[0] == 0xff; });
}

std::string unmapped_address(std::string_view addr) {
  const std::string_view mapped = "::ffff:";
  if (starts_with(addr, mapped) && addr.find('.') != std::string_view::npos) addr.remove_prefix(mapped.size());
  return std::string(addr);
}

std::string endpoint_address(std::string_view endpoint) {
  if (!endpoint.empty() && endpoint.front() == '[') {
    auto close = endpoint.find(']');
    endpoint = endpoint.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1);
  } else if (std::count(endpoint.begin(), endpoint.end(), ':') == 1) {
    endpoint = endpoint.substr(0, endpoint.find(':'));
  }
  return unmapped_address(endpoint);
}

bool in_ipv4_subnet(std::string_view text, std::string_view net, int prefix) {
  auto a = parse_ip_address(text), n = parse_ip_address(net);
  return a && n && !a->v6 && !n->v6 && prefix >= 0 && prefix <= 32 && same_subnet(*a, *n, prefix);
}

std::string subnet_text(const IpAddress& a, int prefix) {
  const int bits = a.v6 ? 128 : 32;
  prefix = std::clamp(prefix, 0, bits);
  IpAddress m = a;
  for (int k = 0; k < bits / 8; ++k) {
    const int keep = std::clamp(prefix - k * 8, 0, 8);
    m.bytes[static_cast<std::size_t>(k)] &= static_cast<std::uint8_t>(0xFF00U >> keep);
  }
  char text[64] = {};
  if (inet_ntop(a.v6 ? AF_INET6 : AF_INET, m.bytes.data(), text, sizeof text) == nullptr) return "";
  return std::string(text) + "/" + std::to_string(prefix);
}

}  // namespace dd::core
