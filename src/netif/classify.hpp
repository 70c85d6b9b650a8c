// Link classification: which Kind a link is, why, and which driver runs it.
#pragma once

#include <optional>
#include <string>

#include "netif/interface.hpp"
#include "netif/sysfs_link.hpp"

namespace dd::netif {

struct Classification {
  Kind kind = Kind::physical;
  std::string reason;  // the evidence, e.g. "sysfs type 32 (InfiniBand)", "driver veth"
  std::string driver;  // device/driver, else the ethtool driver, else what the kind implies
};

// Classifies link `name` from its sysfs facts, the ethtool driver name when known, and the
// IFF_LOOPBACK flag. Facts beat names: a veth renamed eth0 is a veth. Names decide only where
// the facts are silent (no sysfs entry, or a software link without any marker).
Classification classify(const std::string& name, const SysfsLink& sys, const std::optional<std::string>& ethtool_driver,
                        bool loopback_flag);

}  // namespace dd::netif
