#include "netif/inventory.hpp"

#include <algorithm>
#include <set>

#include "netif/classify.hpp"
#include "netif/default_route.hpp"
#include "netif/sysfs_link.hpp"

namespace dd::netif {
namespace {

// Every link to report: the source's links, then links known only from an address entry.
std::vector<os::LinkEntry> all_links(const std::vector<os::LinkEntry>& links,
                                     const std::vector<os::AddressEntry>& entries) {
  std::vector<os::LinkEntry> out;
  std::set<std::string> seen;
  for (const auto& l : links) {
    if (seen.insert(l.name).second) out.push_back(l);
  }
  for (const auto& e : entries) {
    if (!seen.insert(e.link).second) continue;
    os::LinkEntry l;
    l.name = e.link;
    l.up = e.up;
    l.running = e.running;
    l.loopback = e.loopback;
    out.push_back(std::move(l));
  }
  return out;
}

Interface build(const os::LinkEntry& link, const std::vector<os::AddressEntry>& entries, const os::FileTree& tree,
                const os::LinkDriverSource* drivers) {
  Interface i;
  i.name = link.name;
  SysfsLink sys = read_sysfs_link(tree, link.name);
  std::string foreign;
  if (sys.present && link.ifindex > 0 && sys.ifindex && *sys.ifindex != link.ifindex) {
    foreign = "; sysfs ifindex " + std::to_string(*sys.ifindex) + " != " + std::to_string(link.ifindex) +
              ": /sys shows another namespace, ignored";
    sys = SysfsLink{};
  }
  i.ifindex = link.ifindex > 0 ? link.ifindex : sys.ifindex.value_or(0);
  i.up = link.up;
  i.running = link.running;
  // Without sysfs the best word on carrier is IFF_RUNNING (operstate up/unknown).
  i.carrier = sys.present ? sys.carrier : link.running;
  i.operstate = sys.operstate;
  i.mtu = sys.mtu.value_or(0);
  i.speed_mbps = sys.speed_mbps;
  i.mac = sys.mac;
  i.master = sys.master;
  std::optional<std::string> ethtool;
  if (drivers != nullptr) ethtool = drivers->driver(link.name);
  Classification c = classify(link.name, sys, ethtool, link.loopback);
  i.kind = c.kind;
  i.kind_reason = c.reason + foreign;
  i.driver = c.driver;
  for (const auto& e : entries) {
    if (e.link != link.name) continue;
    Address a;
    a.family = e.family;
    a.addr = e.addr;
    a.prefix = e.prefix;
    a.scope = scope_of(e.family, e.addr);
    if (e.name != e.link) a.label = e.name;
    i.addresses.push_back(std::move(a));
  }
  return i;
}

}  // namespace

Inventory read_inventory(const os::InterfaceSource& source, const os::FileTree& tree,
                         const os::LinkDriverSource* drivers) {
  Inventory inv;
  inv.entries = source.addresses();
  const auto defaults = default_route_links(tree);
  for (const auto& link : all_links(source.links(), inv.entries)) {
    inv.interfaces.push_back(build(link, inv.entries, tree, drivers));
    inv.interfaces.back().default_route = defaults.count(link.name) != 0;
  }
  std::stable_sort(inv.interfaces.begin(), inv.interfaces.end(), [](const Interface& a, const Interface& b) {
    const bool ka = a.ifindex > 0;
    const bool kb = b.ifindex > 0;
    if (ka != kb) return ka;
    if (ka) return a.ifindex < b.ifindex;
    return a.name < b.name;
  });
  return inv;
}

}  // namespace dd::netif
