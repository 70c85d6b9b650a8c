// host.loopback-down (clusters-2026-12-07k p2): this machine's loopback interface is down.
#pragma once

#include <optional>

#include "core/finding.hpp"
#include "netif/interface.hpp"

namespace dd::check {

// The kernel delivers every packet to one of the machine's own addresses through lo (its local
// routing table), the cluster address included: with lo down a process cannot connect to a server
// on its own machine (rank 0 to the torch store it serves at MASTER_ADDR, the ranks of one node to
// each other). An error naming the interface, with `ip link set dev lo up`; nullopt while lo is up
// or not listed.
std::optional<core::Finding> loopback_down_finding(const netif::Inventory& inventory);

}  // namespace dd::check
