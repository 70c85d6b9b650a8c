// read_inventory: the machine's network interfaces as distdoctor reports them (`nics`, `check`,
// preflight node reports). The lead wires the real seams:
//   os::LinuxInterfaceSource src; os::DiskFileTree sys("/"); os::LinuxLinkDriverSource drv;
//   auto inv = netif::read_inventory(src, sys, &drv);
#pragma once

#include "netif/interface.hpp"
#include "os/file_tree.hpp"
#include "os/interface_source.hpp"
#include "os/link_driver_source.hpp"

namespace dd::netif {

// One Interface per link of `source` (plus any link named only by an address entry), in ifindex
// order (unknown ifindex last, by name). Each carries its addresses in getifaddrs order (IPv4
// labels kept in Address::label), its sysfs facts from `tree` (/sys/class/net/<if>/...), its
// Kind from classify() and default_route from /proc/net/{route,ipv6_route}. `drivers` (optional)
// adds the ethtool driver name, which tells a renamed veth or a container's macvlan apart where
// sysfs is silent. Inventory::entries is source.addresses() unchanged. When sysfs reports a
// different ifindex than the source (a /sys mounted for another network namespace), that link's
// sysfs facts are ignored and kind_reason says so. Never fails: missing facts stay unknown.
Inventory read_inventory(const os::InterfaceSource& source, const os::FileTree& tree,
                         const os::LinkDriverSource* drivers = nullptr);

}  // namespace dd::netif
