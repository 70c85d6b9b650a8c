// WindowsInterfaceSource: the adapters and their unicast addresses from GetAdaptersAddresses
// (iphlpapi), for the Windows build's `check` and `env`. Windows has no getifaddrs order for NCCL
// to depend on (NCCL does not exist there); the list keeps the order the API gives, all IPv4
// entries first, then all IPv6 ones, as the Linux source does.
#pragma once

#include "os/interface_source.hpp"

namespace dd::os {

class WindowsInterfaceSource final : public InterfaceSource {
 public:
  // One LinkEntry per adapter (name = its friendly name, "Ethernet", "Wi-Fi"), sorted by index.
  // Empty when GetAdaptersAddresses fails.
  std::vector<LinkEntry> links() const override;
  // One AddressEntry per unicast IPv4/IPv6 address; prefix from OnLinkPrefixLength.
  std::vector<AddressEntry> addresses() const override;
};

}  // namespace dd::os
