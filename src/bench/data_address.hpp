// Which address this rank's data mesh uses: the interface the job will use (netif's preference
// policy, the one `check` and `preflight` recommend) or the one named by --ifname; on it, the
// first IPv4 address of global or site scope, else the first such IPv6 address.
#pragma once

#include <optional>
#include <string>

#include "core/result.hpp"
#include "netif/interface.hpp"

namespace dd::bench {

struct DataAddress {
  std::string iface;
  std::string addr;
  std::string why;  // "netif preference" or "--ifname"
};

// error (usage) when --ifname names no interface here or one without a usable address; error
// (other) when no interface qualifies.
core::Result<DataAddress> choose_data_address(const netif::Inventory& inventory,
                                              const std::optional<std::string>& ifname);

}  // namespace dd::bench
