// The interface inventory's data model (DESIGN.md `nics --json` interfaces[]).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "os/interface_source.hpp"

namespace dd::netif {

enum class Kind { loopback, physical, bridge, docker, veth, virtual_, vpn, ib, bond, vlan, dummy };
std::string_view to_string(Kind kind);                        // "virtual" for virtual_
std::optional<Kind> kind_from_string(std::string_view name);  // inverse of to_string

enum class Scope { host, link, site, global };
std::string_view to_string(Scope scope);

struct Address {
  os::Family family = os::Family::inet;
  std::string addr;  // numeric
  int prefix = 0;
  Scope scope = Scope::global;
  std::string label;  // IPv4 alias label when it differs from the link name
};

struct Interface {
  std::string name;
  int ifindex = 0;
  Kind kind = Kind::physical;
  std::string kind_reason;  // why classified so ("sysfs type 772", "driver veth", ...)
  bool up = false;          // IFF_UP
  bool carrier = false;     // /sys/class/net/X/carrier == 1
  bool running = false;     // IFF_RUNNING (what NCCL 2.28.3+ tests)
  std::string operstate;    // "up", "down", "unknown", "dormant", ...
  int mtu = 0;
  std::optional<std::int64_t> speed_mbps;
  std::string driver;
  std::string mac;
  std::vector<Address> addresses;  // in getifaddrs order
  std::string master;              // bridge/bond this link is enslaved to ("" when none)
  bool default_route = false;      // a usable IPv4 or IPv6 default route leaves through it
};

struct Inventory {
  std::vector<Interface> interfaces;      // ifindex order
  std::vector<os::AddressEntry> entries;  // raw getifaddrs order, for the NCCL/Gloo models
  const Interface* find(std::string_view name) const;
};

// The reach of an address from its value (netif/scope.cpp): host 127/8 and ::1; link
// 169.254/16 and fe80::/10; site fec0::/10; global everything else, ULA fc00::/7 included (the
// kernel scopes ULA global). IPv4-mapped IPv6 follows its IPv4 part; a "%zone" is ignored.
Scope scope_of(os::Family family, std::string_view addr);

}  // namespace dd::netif
