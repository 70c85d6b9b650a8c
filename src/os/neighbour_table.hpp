// The kernel's neighbour table of the calling thread's network namespace (watch reads it inside a
// rank's namespace: PathProbe). Real: read_neighbours() over NETLINK_ROUTE (an RTM_GETNEIGH dump
// through os::netlink_dump, never by running `ip`; os/linux_neighbour_table.cpp). The links'
// own hardware addresses are LinkEntry::mac (os/interface_source.hpp).
#pragma once

#include <string>
#include <vector>

namespace dd::os {

// One entry of the neighbour table: a next hop's link-layer address.
struct NeighbourEntry {
  std::string addr;        // the neighbour's IP address
  std::string lladdr;      // "02:00:5e:00:00:99", "" when none (INCOMPLETE, FAILED)
  std::string dev;         // the interface it is on
  bool permanent = false;  // NUD_PERMANENT: set by hand (`ip neigh replace ... nud permanent`), never re-resolved
};

// IPv4 and IPv6 entries; empty when the table cannot be read or its dump was cut (a partial table
// would read as "no entry for that hop").
std::vector<NeighbourEntry> read_neighbours();

}  // namespace dd::os
