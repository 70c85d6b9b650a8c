// SysfsLink: what /sys/class/net/<if>/ says about one link, read through the FileTree seam so
// tests use fixture trees (tests/data/sysfs/<case>/sys/class/net/...). Every field is optional
// in spirit: a file that is missing or unreadable leaves its default, because the kernel itself
// refuses some reads (carrier and speed fail with EINVAL on a down link).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "os/file_tree.hpp"

namespace dd::netif {

struct SysfsLink {
  bool present = false;     // /sys/class/net/<if> exists
  std::optional<int> type;  // ARPHRD_* (1 ether, 32 InfiniBand, 772 loopback, ...)
  std::string operstate;    // "up", "down", "unknown", "dormant", "lowerlayerdown"
  bool carrier = false;     // `carrier` reads "1"; unreadable counts as no carrier
  std::optional<int> mtu;
  std::optional<std::int64_t> speed_mbps;  // > 0 only; -1 and unreadable are unknown
  std::string mac;                         // `address`; empty for links without one (tun)
  std::optional<unsigned> flags;           // IFF_* from `flags` (hex)
  std::string devtype;                     // DEVTYPE= from `uevent` ("bridge", "vlan", "bond", ...)
  std::optional<int> ifindex;
  std::optional<int> iflink;          // the lower/peer ifindex; == ifindex for most links
  bool has_device = false;            // `device` exists: a bus device backs the link
  std::string device_driver;          // basename of the `device/driver` link
  bool has_bridge = false;            // `bridge/` (the link is a bridge)
  bool has_bonding = false;           // `bonding/` (the link is a bond master)
  bool has_wireless = false;          // `wireless/` or `phy80211`
  std::optional<unsigned> tun_flags;  // `tun_flags`: IFF_TUN 0x1, IFF_TAP 0x2
  std::vector<std::string> lowers;    // names of `lower_<dev>` entries (vlan, macvlan, bond)
  std::string master;                 // basename of the `master` link (bridge or bond it is enslaved to)
};

// Reads /sys/class/net/<name>/... from `tree`. A name that cannot be a link name (empty, ".",
// "..", containing '/') is never looked up and gives present == false.
SysfsLink read_sysfs_link(const os::FileTree& tree, const std::string& name);

}  // namespace dd::netif
