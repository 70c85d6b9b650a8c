// LinuxInterfaceSource: the real InterfaceSource over glibc's getifaddrs(). Each call takes a
// fresh getifaddrs() snapshot of the calling thread's network namespace and keeps its order,
// which is the order NCCL walks (nccl-facts §1.2, Correction 1): all IPv4 entries of all links,
// then all IPv6 entries, each group by ifindex, addresses in the kernel's listing order.
#pragma once

#include <cstddef>
#include <string>

#include "os/interface_source.hpp"

namespace dd::os {

class LinuxInterfaceSource final : public InterfaceSource {
 public:
  // One LinkEntry per AF_PACKET entry (deduplicated by name, with its sll_addr as `mac`), sorted by
  // ifindex. Empty when
  // getifaddrs() fails (it fails only on resource exhaustion).
  std::vector<LinkEntry> links() const override;
  // One AddressEntry per AF_INET / AF_INET6 entry with an address, in getifaddrs() order; `name`
  // is ifa_name (a label such as "eth0:1" for labelled IPv4 aliases), `link` the part before ':'.
  std::vector<AddressEntry> addresses() const override;
};

// Number of leading one bits of a netmask given as raw bytes (network order); a non-contiguous
// mask counts its leading ones only. Exposed for tests.
int prefix_length(const unsigned char* mask, std::size_t size);

// "02:00:5e:00:00:0a" for `len` bytes of a hardware address; "" for none or all zeros (loopback).
// LinkEntry::mac and the neighbour table's lladdr (os/linux_neighbour_table.cpp).
std::string mac_text(const unsigned char* bytes, std::size_t len);

}  // namespace dd::os
