// Classification rules (checked against Linux 6.x sysfs; kinds as in DESIGN.md `nics --json`).
//
// Order, first match wins:
//  1. loopback: sysfs type 772 (ARPHRD_LOOPBACK) or IFF_LOOPBACK.
//  2. ib: sysfs type 32 (ARPHRD_INFINIBAND), i.e. an IPoIB port.
//  3. the ethtool driver (`ethtool -i`), the kernel's own word: veth, bridge, bonding,
//     "802.1Q VLAN Support", dummy, tun, wireguard and other software drivers; any other driver
//     on a link with a bus device is physical.
//  4. sysfs structure: bridge/ or DEVTYPE=bridge, bonding/ or DEVTYPE=bond, DEVTYPE=vlan,
//     tun_flags (tun/tap), DEVTYPE=wireguard, DEVTYPE=wlan or wireless/ (a Wi-Fi NIC: physical),
//     other DEVTYPEs (vxlan, geneve, ...) virtual, a `device` link physical, ARPHRD_NONE (65534)
//     vpn, IP tunnel types virtual.
//  5. a software link whose iflink names another ifindex and which has no lower_* link here is
//     a veth (its peer is that ifindex, maybe in another namespace). A macvlan/ipvlan moved into
//     a container looks the same; the ethtool driver (rule 3) tells them apart when available.
//  6. name hints, only where the facts above are silent.
// Bridges are split by purpose: Docker's (docker0, docker_gwbridge, br-<12 hex>) are `docker`;
// libvirt's virbr* and the Kubernetes pod bridges cni0/cbr0 are host-local NAT/pod bridges with
// no route to other nodes, so `virtual`; every other bridge stays `bridge` (it may well carry
// the uplink, e.g. br0 enslaving the physical NIC). tun/tap are `vpn` (OpenVPN, Tailscale,
// ZeroTier) except libvirt's VM taps vnet*/virbr*-nic, which are `virtual`.
#include "netif/classify.hpp"

#include <array>
#include <string_view>

#include "core/link_names.hpp"
#include "core/strings.hpp"

namespace dd::netif {
namespace {

using core::starts_with;

constexpr int k_arphrd_infiniband = 32;
constexpr int k_arphrd_ppp = 512;
constexpr int k_arphrd_tunnel = 768;
constexpr int k_arphrd_tunnel6 = 769;
constexpr int k_arphrd_sit = 776;
constexpr int k_arphrd_ipgre = 778;
constexpr int k_arphrd_loopback = 772;
constexpr int k_arphrd_none = 65534;

Classification make(Kind kind, std::string reason, std::string driver) {
  return Classification{kind, std::move(reason), std::move(driver)};
}

// A bridge, split by purpose (see the file comment).
Classification bridge_kind(const std::string& name, const std::string& why) {
  if (core::is_docker_bridge_name(name)) return make(Kind::docker, why + "; Docker bridge name", "bridge");
  if (starts_with(name, "virbr")) return make(Kind::virtual_, why + "; libvirt NAT bridge", "bridge");
  if (name == "cni0" || name == "cbr0") {
    return make(Kind::virtual_, why + "; Kubernetes pod bridge", "bridge");
  }
  return make(Kind::bridge, why, "bridge");
}

Classification tun_kind(const std::string& name, const std::string& why) {
  if (starts_with(name, "vnet") || starts_with(name, "virbr")) {
    return make(Kind::virtual_, why + "; libvirt VM tap", "tun");
  }
  return make(Kind::vpn, why, "tun");
}

std::optional<Classification> from_driver(const std::string& name, const std::string& d, const SysfsLink& sys) {
  const std::string why = "driver " + d;
  if (d == "veth") return make(Kind::veth, why, d);
  if (d == "bridge") return bridge_kind(name, why);
  if (d == "bonding") return make(Kind::bond, why, d);
  if (d == "802.1Q VLAN Support") return make(Kind::vlan, why, "8021q");
  if (d == "dummy") return make(Kind::dummy, why, d);
  if (d == "tun") return tun_kind(name, why);
  if (d == "wireguard") return make(Kind::vpn, why, d);
  static constexpr std::array<std::string_view, 14> software = {
      "macvlan", "ipvlan",      "vxlan", "geneve", "ifb", "nlmon",      "vrf",
      "macvtap", "openvswitch", "ipip",  "gre",    "sit", "ip6_tunnel", "bareudp"};
  for (auto s : software) {
    if (d == s) return make(Kind::virtual_, why + " (software link)", d);
  }
  if (sys.has_device || !sys.present) return make(Kind::physical, why, d);
  return std::nullopt;  // an unknown driver on a link without a device: let sysfs decide
}

std::optional<Classification> from_sysfs(const std::string& name, const SysfsLink& sys) {
  if (sys.has_bridge || sys.devtype == "bridge") {
    return bridge_kind(name, sys.has_bridge ? "sysfs bridge/" : "uevent DEVTYPE=bridge");
  }
  if (sys.has_bonding || sys.devtype == "bond") {
    return make(Kind::bond, sys.has_bonding ? "sysfs bonding/" : "uevent DEVTYPE=bond", "bonding");
  }
  if (sys.devtype == "vlan") return make(Kind::vlan, "uevent DEVTYPE=vlan", "8021q");
  if (sys.tun_flags) {
    const bool tap = (*sys.tun_flags & 0x2) != 0;
    return tun_kind(name, std::string("sysfs tun_flags (") + (tap ? "tap" : "tun") + ")");
  }
  if (sys.devtype == "wireguard") return make(Kind::vpn, "uevent DEVTYPE=wireguard", "wireguard");
  if (sys.devtype == "wlan" || sys.has_wireless) {
    return make(Kind::physical, sys.devtype == "wlan" ? "uevent DEVTYPE=wlan (Wi-Fi)" : "sysfs wireless/ (Wi-Fi)",
                sys.device_driver);
  }
  if (!sys.devtype.empty()) {
    return make(Kind::virtual_, "uevent DEVTYPE=" + sys.devtype + " (software link)", sys.devtype);
  }
  if (sys.has_device) {
    std::string why = "sysfs device link";
    if (!sys.device_driver.empty()) why += " (driver " + sys.device_driver + ")";
    return make(Kind::physical, why, sys.device_driver);
  }
  if (sys.type == k_arphrd_none) {
    return make(Kind::vpn, "sysfs type 65534 (no link layer, as tun/wireguard)", "");
  }
  if (sys.type == k_arphrd_ppp) return make(Kind::vpn, "sysfs type 512 (PPP)", "ppp");
  if (sys.type == k_arphrd_tunnel || sys.type == k_arphrd_tunnel6 || sys.type == k_arphrd_sit ||
      sys.type == k_arphrd_ipgre) {
    return make(Kind::virtual_, "sysfs type " + std::to_string(*sys.type) + " (IP tunnel)", "");
  }
  if (sys.iflink && sys.ifindex && *sys.iflink != *sys.ifindex && *sys.iflink != 0) {
    if (sys.lowers.empty()) {
      return make(Kind::veth,
                  "sysfs iflink " + std::to_string(*sys.iflink) + " != ifindex " + std::to_string(*sys.ifindex) +
                      " with no lower link: veth peer",
                  "veth");
    }
    return make(Kind::virtual_, "stacked on " + sys.lowers.front() + " (software link)", "");
  }
  return std::nullopt;
}

Classification from_name(const std::string& name, bool have_sysfs) {
  const std::string why = have_sysfs ? "software link; name hint" : "no sysfs entry; name hint";
  if (name == "lo") return make(Kind::loopback, why, "");
  if (core::is_docker_bridge_name(name)) return make(Kind::docker, why, "bridge");
  if (starts_with(name, "ib")) return make(Kind::ib, why, "");
  if (starts_with(name, "veth")) return make(Kind::veth, why, "veth");
  if (starts_with(name, "dummy")) return make(Kind::dummy, why, "dummy");
  if (core::is_vpn_link_name(name)) return make(Kind::vpn, why, "");
  if (core::is_virtual_link_name(name)) return make(Kind::virtual_, why, "");
  if (starts_with(name, "bond")) return make(Kind::bond, why, "bonding");
  if (starts_with(name, "br")) return make(Kind::bridge, why, "bridge");
  auto dot = name.rfind('.');
  if (dot != std::string::npos && dot + 1 < name.size() && core::parse_int(name.substr(dot + 1))) {
    return make(Kind::vlan, why, "8021q");
  }
  if (have_sysfs) return make(Kind::virtual_, "software link (no device in sysfs)", "");
  return make(Kind::physical, "no sysfs entry; assumed physical", "");
}

}  // namespace

Classification classify(const std::string& name, const SysfsLink& sys, const std::optional<std::string>& ethtool_driver,
                        bool loopback_flag) {
  bool by_driver = false;
  Classification c = [&] {
    if (sys.type == k_arphrd_loopback) return make(Kind::loopback, "sysfs type 772 (loopback)", "");
    if (loopback_flag) return make(Kind::loopback, "IFF_LOOPBACK", "");
    if (sys.type == k_arphrd_infiniband) return make(Kind::ib, "sysfs type 32 (InfiniBand)", "");
    if (ethtool_driver && !ethtool_driver->empty()) {
      if (auto d = from_driver(name, *ethtool_driver, sys)) {
        by_driver = true;
        return *d;
      }
    }
    if (sys.present) {
      if (auto s = from_sysfs(name, sys)) return *s;
    }
    return from_name(name, sys.present);
  }();
  // The driver that runs the link: the bus device's driver wins, then ethtool, then the kind's.
  if (!sys.device_driver.empty()) {
    c.driver = sys.device_driver;
  } else if (!by_driver && ethtool_driver && !ethtool_driver->empty()) {
    c.driver = *ethtool_driver;
  }
  return c;
}

}  // namespace dd::netif
