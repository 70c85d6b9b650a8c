// Test-only: an Inventory built from a scenario spec, with kinds guessed from names (tests of the
// judge construct Inventory values directly instead of reading sysfs).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "core/strings.hpp"
#include "nccl/test_scenarios.hpp"
#include "netif/interface.hpp"

namespace dd::nccl::testing {

inline netif::Kind kind_from_name(const std::string& n) {
  using netif::Kind;
  if (n == "lo") return Kind::loopback;
  if (core::starts_with(n, "docker") || core::starts_with(n, "br-")) return Kind::docker;
  if (core::starts_with(n, "veth")) return Kind::veth;
  if (core::starts_with(n, "virbr")) return Kind::bridge;
  if (core::starts_with(n, "ib")) return Kind::ib;
  if (core::starts_with(n, "tun") || core::starts_with(n, "wg")) return Kind::vpn;
  if (n.find('.') != std::string::npos) return Kind::vlan;
  if (core::starts_with(n, "bond")) return Kind::bond;
  if (core::starts_with(n, "lonet")) return Kind::dummy;
  return Kind::physical;
}

inline netif::Inventory make_inventory(const std::string& spec,
                                       const std::map<std::string, std::int64_t>& speeds = {}) {
  netif::Inventory inv;
  inv.entries = build_entries(spec);
  for (const auto& l : build_links(spec)) {
    netif::Interface i;
    i.name = l.name;
    i.ifindex = l.ifindex;
    i.kind = kind_from_name(l.name);
    i.kind_reason = "test: from the name";
    i.up = l.up;
    i.running = l.running;
    i.carrier = l.running;
    i.operstate = l.running ? "up" : (l.up ? "lowerlayerdown" : "down");
    auto s = speeds.find(l.name);
    if (s != speeds.end()) i.speed_mbps = s->second;
    for (const auto& e : inv.entries) {
      if (e.link != l.name) continue;
      netif::Address a;
      a.family = e.family;
      a.addr = e.addr;
      a.prefix = e.prefix;
      a.scope = netif::scope_of(e.family, e.addr);
      if (e.name != e.link) a.label = e.name;
      i.addresses.push_back(a);
    }
    inv.interfaces.push_back(i);
  }
  return inv;
}

}  // namespace dd::nccl::testing
