// The one list of interface-name hints (used where facts are missing: netif's classification of a
// link without sysfs markers, and the log rules, which only see names). Facts beat names: netif
// consults these only when sysfs and the driver are silent.
#pragma once

#include <string_view>

namespace dd::core {

// Docker's bridge names: docker0, docker_gwbridge, br-<12 lowercase hex> (user networks).
bool is_docker_bridge_name(std::string_view name);
// tailscale*, zt*, wg*, tun*, tap*, utun*, ppp*, nordlynx*
bool is_vpn_link_name(std::string_view name);
// Software, pod and VM links: flannel*, cni*, cbr*, vxlan*, cilium*, cali*, weave*, genev*,
// macvlan*, macvtap*, ipvl*, kube-*, virbr*, vnet*, ifb*, lxcbr*, lxdbr*, podman*, nerdctl*,
// ovs-*, gre*, sit*, ip6tnl*
bool is_virtual_link_name(std::string_view name);
// Any name the hints call host-private: docker*, a Docker bridge, veth*, a VPN or a virtual link.
bool is_host_private_link_name(std::string_view name);

}  // namespace dd::core
