#include "netif/sysfs_link.hpp"

#include <charconv>
#include <cstdlib>

#include "core/strings.hpp"

namespace dd::netif {
namespace {

std::optional<std::int64_t> read_int(const os::FileTree& tree, const std::string& path) {
  auto line = os::read_line(tree, path);
  if (!line) return std::nullopt;
  return core::parse_int(*line);
}

std::optional<int> read_small_int(const os::FileTree& tree, const std::string& path) {
  auto v = read_int(tree, path);
  if (!v || *v < -2147483647 || *v > 2147483647) return std::nullopt;
  return static_cast<int>(*v);
}

// "0x1003" (sysfs prints flags in hex).
std::optional<unsigned> read_hex(const os::FileTree& tree, const std::string& path) {
  auto line = os::read_line(tree, path);
  if (!line) return std::nullopt;
  std::string_view s = *line;
  if (core::starts_with(s, "0x") || core::starts_with(s, "0X")) s.remove_prefix(2);
  unsigned value = 0;
  auto [at, ec] = std::from_chars(s.data(), s.data() + s.size(), value, 16);
  if (s.empty() || s.size() > 8 || ec != std::errc() || at != s.data() + s.size()) return std::nullopt;
  return value;
}

std::string basename_of(const std::string& path) {
  auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool valid_link_name(const std::string& name) {
  return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos;
}

}  // namespace

SysfsLink read_sysfs_link(const os::FileTree& tree, const std::string& name) {
  SysfsLink s;
  if (!valid_link_name(name)) return s;
  const std::string dir = "/sys/class/net/" + name;
  s.present = tree.exists(dir);
  if (!s.present) return s;

  s.type = read_small_int(tree, dir + "/type");
  s.operstate = os::read_line(tree, dir + "/operstate").value_or("");
  s.carrier = os::read_line(tree, dir + "/carrier").value_or("") == "1";
  s.mtu = read_small_int(tree, dir + "/mtu");
  if (auto speed = read_int(tree, dir + "/speed"); speed && *speed > 0) s.speed_mbps = *speed;
  s.mac = os::read_line(tree, dir + "/address").value_or("");
  s.flags = read_hex(tree, dir + "/flags");
  s.ifindex = read_small_int(tree, dir + "/ifindex");
  s.iflink = read_small_int(tree, dir + "/iflink");
  if (auto uevent = tree.read(dir + "/uevent")) {
    for (const auto& line : core::split(*uevent, '\n')) {
      if (core::starts_with(line, "DEVTYPE=")) s.devtype = std::string(core::trim(line.substr(8)));
    }
  }
  s.has_device = tree.exists(dir + "/device");
  if (auto target = tree.read_link(dir + "/device/driver")) s.device_driver = basename_of(*target);
  if (auto target = tree.read_link(dir + "/master")) s.master = basename_of(*target);
  s.has_bridge = tree.exists(dir + "/bridge");
  s.has_bonding = tree.exists(dir + "/bonding");
  s.has_wireless = tree.exists(dir + "/wireless") || tree.exists(dir + "/phy80211");
  if (tree.exists(dir + "/tun_flags")) s.tun_flags = read_hex(tree, dir + "/tun_flags").value_or(0);
  for (const auto& entry : tree.list(dir)) {
    if (core::starts_with(entry, "lower_")) s.lowers.push_back(entry.substr(6));
  }
  return s;
}

}  // namespace dd::netif
