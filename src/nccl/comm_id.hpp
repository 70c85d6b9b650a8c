// NCCL_COMM_ID: parsing, resolution and the subnet match that picks the bootstrap interface
// (ncclSocketGetAddrFromString / ncclFindInterfaceMatchSubnet, NCCL 2.28.9 src/misc/socket.cc;
// nccl-facts §1.5 and Corrections 3-4):
//   * a value of one character or less is "set but empty": invalid (rc 4, "Net : string is null");
//   * "[v6]:port" / "[fe80::x%ifname]:port" are parsed numerically (scope id = ifindex of ifname);
//   * otherwise the shared list parser takes the first token: host = text before the first ':'
//     or ','; port = the number after ':' (missing => -1, which NCCL stores as 65535); the host
//     goes through getaddrinfo(AF_UNSPEC) and the FIRST result is used (IPv6 scope id 0);
//   * the match takes the first getifaddrs entry in any link state, loopback allowed, of the same
//     family whose address and the COMM_ID address agree under the entry's netmask (IPv6: and the
//     same scope id).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/address.hpp"
#include "os/interface_source.hpp"
#include "os/resolver.hpp"

namespace dd::nccl {

struct CommId {
  bool set = false;     // NCCL_COMM_ID present (even empty)
  std::string value;    // as given
  bool usable = false;  // parsed and resolved
  std::string host;     // host part as NCCL cut it
  int port = -1;        // -1 when the value had no port (NCCL then uses 65535)
  std::optional<core::IpAddress> ip;
  std::string addr;  // numeric text of `ip`
  std::uint32_t scope_id = 0;
  std::string error;  // NCCL's WARN text(s) when not usable, "; "-joined
  // Port NCCL will use (65535 for a missing port, like htons(-1)).
  int effective_port() const { return port < 0 ? 65535 : port; }
  // Whether the automatic NET/Socket step 2 considers it (length > 1).
  bool used_by_socket_step() const { return set && value.size() > 1; }
};

// Parses `value` (nullopt = unset), resolving host names through `resolver` and "%ifname" scopes
// through the link-local entries of `entries`.
CommId resolve_comm_id(const std::optional<std::string>& value, const std::vector<os::AddressEntry>& entries,
                       const os::Resolver& resolver);

// Index of the first entry in the same subnet as a usable `comm_id`; nullopt when none.
std::optional<std::size_t> match_comm_id_subnet(const CommId& comm_id, const std::vector<os::AddressEntry>& entries);

// NCCL's exact warning for an unparsable NCCL_COMM_ID.
inline constexpr const char* k_invalid_comm_id_warn =
    "Invalid NCCL_COMM_ID, please use format: <ipv4>:<port> or [<ipv6>]:<port> or <hostname>:<port>";

}  // namespace dd::nccl
