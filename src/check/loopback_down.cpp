#include "check/loopback_down.hpp"

#include "core/finding_factory.hpp"

namespace dd::check {

std::optional<core::Finding> loopback_down_finding(const netif::Inventory& inventory) {
  for (const auto& i : inventory.interfaces) {
    if (i.kind != netif::Kind::loopback || i.up) continue;
    return core::new_finding(
        "host.loopback-down", core::Label::no_route, core::Severity::error,
        "this machine's loopback interface " + i.name +
            " is down: the kernel delivers every connection to the machine's own addresses through it (its "
            "cluster address too), so no process here can reach a server on this machine (rank 0 the torch store "
            "it serves, the ranks of this node each other)",
        {i.name + ": IFF_UP off (`ip link show " + i.name + "` lists no UP)"},
        "bring it up, as root on this machine: `ip link set dev " + i.name +
            " up` (then check again); where it goes down at boot, find what sets it so (a network configuration "
            "that brings up only the cluster interface, a container started with its own network namespace)");
  }
  return std::nullopt;
}

}  // namespace dd::check
