// Text rendering of the inventory for `distdoctor nics`.
#pragma once

#include <string>

#include "netif/interface.hpp"
#include "report/style.hpp"

namespace dd::netif {

// One row per interface, columns NAME KIND STATE MTU SPEED DRIVER ADDRESSES, padded to the
// widest cell; addresses as "addr/prefix", link-local ones marked "(link)", labelled IPv4
// aliases as "addr/prefix (eth0:1)", "-" for unknown cells. STATE is "up" (running), "no-carrier"
// (admin up, not running), "down" (admin down) or the sysfs operstate when it is more precise
// (dormant, lowerlayerdown). Colour only when `style.color()`: state green/yellow/red, header
// bold. Ends with a newline; "no network interfaces found\n" for an empty inventory.
std::string render_table(const Inventory& inventory, const report::Style& style);

// The STATE cell of one interface, as described above.
std::string state_of(const Interface& iface);

}  // namespace dd::netif
