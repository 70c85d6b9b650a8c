// Which links carry a default route (the kernel's routing tables in /proc/net/route and
// /proc/net/ipv6_route, read through the FileTree seam). Inside a container or a Kubernetes pod
// the data interface is a veth; the default route is how one tells it from other software links.
#pragma once

#include <set>
#include <string>

#include "os/file_tree.hpp"

namespace dd::netif {

// Names of links with a usable default route (0.0.0.0/0 or ::/0, RTF_UP set, RTF_REJECT not
// set), IPv4 and IPv6 together; empty when neither file can be read. /proc/net is the caller's
// network namespace.
std::set<std::string> default_route_links(const os::FileTree& tree);

}  // namespace dd::netif
