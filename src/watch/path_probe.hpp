// PathProbe: ICMP echo to a peer from inside a process's network namespace with "don't fragment"
// set, small and full-size. An MTU black hole passes the small echo and loses the full-size one;
// a firewall that drops the peer's traffic loses both. The Linux one uses a raw ICMP socket
// (root or CAP_NET_RAW, IPv4 only); without it the diagnosis says it could not tell. Tests use a
// fake. It also lists the interfaces of that namespace (getifaddrs there, the os seam netif
// reads), so a stuck connection whose own link is down is told from a silent peer
// (diagnose_local_link.hpp).
#pragma once

#include <string>
#include <vector>

#include "os/interface_source.hpp"
#include "os/neighbour_table.hpp"

namespace dd::watch {

enum class Echo { answered, lost, not_possible };
std::string_view to_string(Echo e);

class PathProbe {
 public:
  virtual ~PathProbe() = default;
  // One echo of `packet_bytes` (the whole IP packet) from `pid`'s namespace to `addr`, waiting up
  // to `timeout_ms` for the answer, retried once when lost.
  virtual Echo echo(int pid, const std::string& addr, int packet_bytes, int timeout_ms) = 0;
  // The addresses of `pid`'s network namespace with their links' IFF_UP / IFF_RUNNING, in
  // getifaddrs order; empty when the namespace cannot be entered (or not read, as here).
  virtual std::vector<os::AddressEntry> addresses(int /*pid*/) { return {}; }
  // The links of `pid`'s network namespace with their hardware addresses (LinkEntry::mac), and its
  // neighbour table (os::read_neighbours there: an RTM_GETNEIGH dump); empty when it cannot be
  // entered or read.
  virtual std::vector<os::LinkEntry> links(int /*pid*/) { return {}; }
  virtual std::vector<os::NeighbourEntry> neighbours(int /*pid*/) { return {}; }
};

class LinuxPathProbe final : public PathProbe {
 public:
  Echo echo(int pid, const std::string& addr, int packet_bytes, int timeout_ms) override;
  std::vector<os::AddressEntry> addresses(int pid) override;
  std::vector<os::LinkEntry> links(int pid) override;
  std::vector<os::NeighbourEntry> neighbours(int pid) override;
};

}  // namespace dd::watch
