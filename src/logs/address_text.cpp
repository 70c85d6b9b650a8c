#include "logs/address_text.hpp"
#include "logs/text_scan.hpp"

#include "core/address.hpp"
#include "core/link_names.hpp"

namespace dd::logs {

namespace {

bool is_addr_char(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == '.' || c == ':' || c == '%' ||
         (c >= 'g' && c <= 'z') || (c >= 'G' && c <= 'Z') || c == '-' || c == '_';
}

int read_port(std::string_view s, std::size_t pos, std::size_t& end) {
  int v = 0;
  std::size_t i = pos;
  while (i < s.size() && is_digit(s[i]) && i - pos < 6) v = v * 10 + (s[i++] - '0');
  end = i;
  return i == pos ? -1 : v;
}

}  // namespace

bool parse_iface_entry(std::string_view s, std::string_view& iface, std::string_view& addr) {
  if (starts(s, "[")) {
    std::size_t close = s.find(']');
    if (close == std::string_view::npos || close > 4) return false;
    s.remove_prefix(close + 1);
  }
  std::size_t colon = s.find(':');
  if (colon == 0 || colon == std::string_view::npos) return false;
  iface = s.substr(0, colon);
  std::string_view rest = s.substr(colon + 1);
  std::size_t lt = rest.find('<');
  addr = rest.substr(0, lt);
  while (!addr.empty() && (addr.back() == ' ' || addr.back() == ';' || addr.back() == ',')) addr.remove_suffix(1);
  return !addr.empty() && iface.size() < 64;
}

AddressMention find_endpoint(std::string_view s) {
  AddressMention ep;
  // NCCL: A<P>
  for (std::size_t lt = s.find('<'); lt != std::string_view::npos; lt = s.find('<', lt + 1)) {
    std::size_t end = 0;
    int port = read_port(s, lt + 1, end);
    if (port < 0 || end >= s.size() || s[end] != '>') continue;
    std::size_t b = lt;
    while (b > 0 && is_addr_char(s[b - 1])) --b;
    if (b == lt) continue;
    ep.addr = s.substr(b, lt - b);
    ep.port = port;
    return ep;
  }
  // Gloo / c10d: [A]:P
  for (std::size_t lb = s.find('['); lb != std::string_view::npos; lb = s.find('[', lb + 1)) {
    std::size_t rb = s.find(']', lb);
    if (rb == std::string_view::npos || rb - lb > 80) break;
    if (rb + 2 < s.size() && s[rb + 1] == ':' && is_digit(s[rb + 2])) {
      std::size_t end = 0;
      ep.addr = s.substr(lb + 1, rb - lb - 1);
      ep.port = read_port(s, rb + 2, end);
      return ep;
    }
  }
  // c10d: (A, P)
  for (std::size_t lp = s.find('('); lp != std::string_view::npos; lp = s.find('(', lp + 1)) {
    std::size_t comma = s.find(", ", lp);
    std::size_t rp = s.find(')', lp);
    if (comma == std::string_view::npos || rp == std::string_view::npos || comma > rp || rp - lp > 80) continue;
    std::size_t end = 0;
    int port = read_port(s, comma + 2, end);
    if (port < 0 || end != rp) continue;
    ep.addr = s.substr(lp + 1, comma - lp - 1);
    ep.port = port;
    return ep;
  }
  // Dotted IPv4, optional :port.
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!is_digit(s[i]) || (i > 0 && (is_digit(s[i - 1]) || s[i - 1] == '.'))) continue;
    std::size_t j = i;
    int dots = 0;
    while (j < s.size() && (is_digit(s[j]) || s[j] == '.') && j - i < 16) dots += s[j++] == '.';
    while (j > i && s[j - 1] == '.') --j, --dots;
    if (dots != 3) continue;
    ep.addr = s.substr(i, j - i);
    if (j + 1 < s.size() && s[j] == ':' && is_digit(s[j + 1])) {
      std::size_t end = 0;
      ep.port = read_port(s, j + 1, end);
    }
    return ep;
  }
  return ep;
}

bool is_loopback_addr(std::string_view addr) { return core::is_loopback_address(addr); }
bool is_debian_host_alias(std::string_view addr) { return addr == "127.0.1.1"; }
bool is_docker_default_addr(std::string_view addr) { return core::in_ipv4_subnet(addr, "172.17.0.0", 16); }
bool is_link_local6(std::string_view addr) { return core::is_ipv6_link_local(addr); }
bool is_loopback_iface(std::string_view iface) { return starts(iface, "lo"); }

bool is_virtual_iface(std::string_view iface) { return core::is_host_private_link_name(iface); }

long ipv4_slash16(std::string_view addr) {
  long a = -1, b = -1, cur = 0;
  int part = 0, digits = 0;
  for (char c : addr) {
    if (is_digit(c)) {
      cur = cur * 10 + (c - '0');
      if (++digits > 3) return -1;
    } else if (c == '.') {
      if (digits == 0 || cur > 255) return -1;
      if (part == 0) a = cur;
      if (part == 1) b = cur;
      ++part, cur = 0, digits = 0;
    } else {
      return -1;
    }
  }
  if (part != 3 || digits == 0 || cur > 255) return -1;
  return a * 256 + b;
}

}  // namespace dd::logs
