// The one interface ranking policy, shared by `check` (the NCCL judge) and `preflight`
// (the cluster recommendation): which links may carry training traffic, and in which order.
//
// Never recommended: loopback, Docker and other host-private bridges (docker*, virbr*, cni0),
// software links (virtual), VPN tunnels, dummies, and a veth enslaved to a bridge (the host side
// of a container's link). A veth without a master is a container's or pod's own eth0 and counts.
// Order, best first: IPoIB; physical ports, bonds and VLANs; a bridge (it may hold the uplink);
// a container's veth; then the faster link, then one with an IPv4 address, then the lower ifindex.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "netif/interface.hpp"

namespace dd::netif {

// What the policy needs to know about one link (from an Inventory, or from preflight's facts).
struct LinkTraits {
  std::string name;
  Kind kind = Kind::physical;
  bool enslaved = false;        // has a master (a bridge or bond port)
  std::int64_t speed_mbps = 0;  // 0 or less: unknown
  bool has_ipv4 = false;        // owns a routable IPv4 address
  int ifindex = 0;
};

// Smaller is better: (class, -speed, IPv4 first, ifindex).
using PreferenceKey = std::tuple<int, std::int64_t, int, int>;

// nullopt when the policy never recommends the link (see the file comment).
std::optional<PreferenceKey> preference_key(const LinkTraits& link);

// Label family of traffic over a link of `kind`: true for loopback, false otherwise; see
// is_host_private_kind for the virtual-interface family.
bool is_host_private_kind(Kind kind);  // docker, virtual (libvirt/pod bridges, software links), vpn

// The policy applied to a whole inventory: the best running link that owns a routable address
// (not loopback, not link-local); nullopt when none qualifies.
std::optional<std::string> best_interface(const Inventory& inventory);

}  // namespace dd::netif
