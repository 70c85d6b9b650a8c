#include "netif/default_route.hpp"

#include <charconv>
#include <sstream>
#include <vector>

#include "core/strings.hpp"

namespace dd::netif {
namespace {

constexpr unsigned k_rtf_up = 0x1;
constexpr unsigned k_rtf_reject = 0x200;

std::vector<std::string> fields(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

bool usable(const std::string& flags_hex) {
  unsigned flags = 0;
  const char* end = flags_hex.data() + flags_hex.size();
  auto [at, ec] = std::from_chars(flags_hex.data(), end, flags, 16);
  if (flags_hex.empty() || flags_hex.size() > 8 || ec != std::errc() || at != end) return false;
  return (flags & k_rtf_up) != 0 && (flags & k_rtf_reject) == 0;
}

}  // namespace

std::set<std::string> default_route_links(const os::FileTree& tree) {
  std::set<std::string> out;
  // Iface Destination Gateway Flags RefCnt Use Metric Mask ... (header line first)
  if (auto v4 = tree.read("/proc/net/route")) {
    bool header = true;
    for (const auto& line : core::split(*v4, '\n')) {
      if (header) {
        header = false;
        continue;
      }
      auto f = fields(line);
      if (f.size() >= 8 && f[1] == "00000000" && f[7] == "00000000" && usable(f[3])) out.insert(f[0]);
    }
  }
  // dest plen src plen nexthop metric refcnt use flags iface (no header)
  if (auto v6 = tree.read("/proc/net/ipv6_route")) {
    for (const auto& line : core::split(*v6, '\n')) {
      auto f = fields(line);
      if (f.size() >= 10 && f[0] == std::string(32, '0') && f[1] == "00" && usable(f[8])) {
        out.insert(f[9]);
      }
    }
  }
  return out;
}

}  // namespace dd::netif
