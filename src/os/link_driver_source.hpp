// LinkDriverSource: which kernel driver runs a network link, as `ethtool -i` reports it
// ("veth", "bridge", "tun", "bonding", "mlx5_core", ...). sysfs names the driver only for links
// with a parent device; a renamed veth or a macvlan whose lower link lives in another namespace
// looks like any other software link there, and the driver name settles it.
// Real: LinuxLinkDriverSource (ETHTOOL_GDRVINFO); tests: fake::StaticLinkDriverSource.
#pragma once

#include <optional>
#include <string>

namespace dd::os {

class LinkDriverSource {
 public:
  virtual ~LinkDriverSource() = default;
  // The driver name of link `ifname` in the caller's network namespace, or nullopt when the
  // link does not exist or its driver does not say (loopback, wireguard).
  virtual std::optional<std::string> driver(const std::string& ifname) const = 0;
};

}  // namespace dd::os
