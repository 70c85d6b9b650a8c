#include "core/link_names.hpp"

#include <initializer_list>

namespace dd::core {

namespace {

bool any_prefix(std::string_view name, std::initializer_list<std::string_view> prefixes) {
  for (auto p : prefixes)
    if (name.substr(0, p.size()) == p) return true;
  return false;
}

}  // namespace

bool is_docker_bridge_name(std::string_view name) {
  if (name == "docker0" || name == "docker_gwbridge") return true;
  if (name.size() != 15 || name.substr(0, 3) != "br-") return false;
  for (char c : name.substr(3))
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

bool is_vpn_link_name(std::string_view name) {
  return any_prefix(name, {"tailscale", "zt", "wg", "tun", "tap", "utun", "ppp", "nordlynx"});
}

bool is_virtual_link_name(std::string_view name) {
  return any_prefix(name, {"flannel", "cni",     "cbr",     "vxlan", "cilium", "cali", "weave", "genev",
                           "macvlan", "macvtap", "ipvl",    "kube-", "virbr",  "vnet", "ifb",   "lxcbr",
                           "lxdbr",   "podman",  "nerdctl", "ovs-",  "gre",    "sit",  "ip6tnl"});
}

bool is_host_private_link_name(std::string_view name) {
  return any_prefix(name, {"docker", "veth"}) || is_docker_bridge_name(name) || is_vpn_link_name(name) ||
         is_virtual_link_name(name);
}

}  // namespace dd::core
