// InterfaceSource: the kernel's view of links and addresses, in getifaddrs() order. NCCL's choice
// depends on that exact order (nccl-facts §1.2: all IPv4 entries, then all IPv6, each by ifindex),
// so the list is kept as the kernel gave it. Real: LinuxInterfaceSource (getifaddrs + ioctl);
// tests: fake::StaticInterfaceSource.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dd::os {

enum class Family { inet, inet6 };

// One AF_INET / AF_INET6 entry of getifaddrs(), in list order.
struct AddressEntry {
  std::string name;  // ifa_name: the label for labelled IPv4 aliases ("eth0:1")
  std::string link;  // the real interface ("eth0")
  Family family = Family::inet;
  std::string addr;            // numeric, without scope ("fe80::1")
  int prefix = 0;              // from the netmask
  std::uint32_t scope_id = 0;  // IPv6 sin6_scope_id (ifindex for link-local), else 0
  bool up = false;             // IFF_UP of the link
  bool running = false;        // IFF_RUNNING of the link (operstate UP/UNKNOWN)
  bool loopback = false;       // IFF_LOOPBACK
  bool noarp = false;          // IFF_NOARP of the link (`ip link set DEV arp off`): no neighbour lookup
};

// One link (AF_PACKET entry, or every name in /sys/class/net), in ifindex order.
struct LinkEntry {
  std::string name;
  int ifindex = 0;
  bool up = false;
  bool running = false;
  bool loopback = false;
  std::string mac = {};  // hardware address "02:00:5e:00:00:0a"; "" for none or all zeros (loopback)
};

class InterfaceSource {
 public:
  virtual ~InterfaceSource() = default;
  virtual std::vector<LinkEntry> links() const = 0;
  virtual std::vector<AddressEntry> addresses() const = 0;
};

}  // namespace dd::os
