// route_for(): the routing decision of a process's own network namespace, read from
// /proc/PID/net/route (IPv4) and /proc/PID/net/if_inet6 (IPv6 local addresses); neighbour_unresolved():
// its ARP table, /proc/PID/net/arp.
#include <arpa/inet.h>

#include <bit>
#include <cstdlib>

#include "core/address.hpp"
#include "core/strings.hpp"
#include "watch/diagnose.hpp"

namespace dd::watch {

namespace {

std::string ipv6_hex(const std::string& addr) {
  in6_addr a{};
  if (::inet_pton(AF_INET6, addr.c_str(), &a) != 1) return "";
  static const char* digits = "0123456789abcdef";
  std::string hex;
  for (unsigned char b : a.s6_addr) {
    hex += digits[b >> 4];
    hex += digits[b & 15];
  }
  return hex;
}

// An address as /proc/net/route and /proc/net/arp hold it (network byte order read as a number).
std::string ipv4_text(std::uint32_t raw) {
  in_addr a{};
  a.s_addr = raw;
  char buf[INET_ADDRSTRLEN] = {};
  return ::inet_ntop(AF_INET, &a, buf, sizeof buf) ? buf : "";
}

}  // namespace

bool neighbour_unresolved(const os::FileTree& tree, int pid, const std::string& addr, const std::string& iface) {
  auto table = tree.read("/proc/" + std::to_string(pid) + "/net/arp").value_or("");
  for (const auto& line : core::split(table, '\n')) {
    std::vector<std::string> f;
    for (const auto& x : core::split(line, ' ')) {
      if (!core::trim(x).empty()) f.emplace_back(core::trim(x));
    }
    // IP address, HW type, Flags, HW address, Mask, Device
    if (f.size() < 6 || f[0] != addr || f[5] != iface) continue;
    return (std::strtoul(f[2].c_str(), nullptr, 16) & 0x2) == 0;  // ATF_COM unset
  }
  return false;
}

RouteChoice route_for(const os::FileTree& tree, int pid, const std::string& address) {
  RouteChoice best;
  std::string addr = core::unmapped_address(address);
  std::string base = "/proc/" + std::to_string(pid) + "/net/";
  in_addr a4{};
  if (::inet_pton(AF_INET, addr.c_str(), &a4) == 1) {
    int best_len = -1, connected_len = -1;
    auto table = tree.read(base + "route").value_or("");
    for (const auto& line : core::split(table, '\n')) {
      auto f = core::split(line, '\t');
      if (f.size() < 8 || f[0] == "Iface") continue;
      for (auto& x : f) x = std::string(core::trim(x));
      auto dest = static_cast<std::uint32_t>(std::strtoul(f[1].c_str(), nullptr, 16));
      auto gw = static_cast<std::uint32_t>(std::strtoul(f[2].c_str(), nullptr, 16));
      auto mask = static_cast<std::uint32_t>(std::strtoul(f[7].c_str(), nullptr, 16));
      if ((a4.s_addr & mask) != dest) continue;
      int len = std::popcount(mask);
      if (gw == 0 && len > 0 && len > connected_len) {
        connected_len = len;
        best.connected_iface = f[0];
      }
      if (len <= best_len) continue;
      best_len = len;
      best.iface = f[0];
      best.connected = gw == 0 && len > 0;
      best.found = true;
      best.destination = ipv4_text(dest);
      best.prefix = len;
      best.gateway = gw == 0 ? "" : ipv4_text(gw);
    }
    if (best.connected) best.connected_iface = best.iface;
    return best;
  }
  std::string hex = ipv6_hex(addr);
  if (hex.empty()) return best;
  auto table = tree.read(base + "if_inet6").value_or("");
  for (const auto& line : core::split(table, '\n')) {
    auto f = core::split(line, ' ');
    if (f.size() >= 6 && f[0] == hex) {
      best.iface = f.back();
      best.connected = best.found = true;
      return best;
    }
  }
  return best;
}

}  // namespace dd::watch
