// nccl::predict: which interface and address NCCL will use for its bootstrap (the address in the
// unique id, "Bootstrap: Using ...") and for NET/Socket ("NET/Socket : Using [0]... [1]..."),
// computed from the getifaddrs entries, the effective NCCL configuration and the NCCL version.
// Model of ncclFindInterfaces / findInterfaces / bootstrapNetInit in NCCL 2.28.9
// (src/misc/socket.cc, src/bootstrap.cc), verified row by row against the 139-run experiment of
// nccl-facts §2 and its Corrections; version deltas from §1.9 (2.4.2 - 2.30.7):
//   per entry (getifaddrs order): AF_INET/AF_INET6 only; link RUNNING (2.28.3+); the forced
//   NCCL_SOCKET_FAMILY; not ::1; the name filter; first address per name; stop at max.
//   NCCL_SOCKET_IFNAME (len > 1) is final; otherwise: prefix ib -> NCCL_COMM_ID subnet (one
//   entry) -> all but docker/lo(/virbr) prefixes -> docker -> lo (-> virbr, 2.28.3+).
//   NCCL_COMM_ID set (even empty) replaces the bootstrap search by the subnet match (2.8.3+).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "nccl/comm_id.hpp"
#include "nccl/config.hpp"
#include "nccl/ifname_filter.hpp"
#include "nccl/version.hpp"
#include "os/interface_source.hpp"
#include "os/resolver.hpp"

namespace dd::nccl {

// One chosen interface, as NCCL prints it.
struct Endpoint {
  std::string iface;  // ifa_name (an IPv4 label such as "eth0:1" counts as its own name)
  std::string addr;   // numeric, no port; IPv6 link-local as "fe80::1%eth0"
  std::string link;   // the real link behind `iface` (for inventory lookups)
  bool operator==(const Endpoint& o) const { return iface == o.iface && addr == o.addr; }
};

// Which rule produced a list.
enum class Step { none, ifname, ib, comm_id, auto_general, docker, lo, virbr };
std::string_view to_string(Step step);

// ncclGetUniqueId return codes the model reproduces.
inline constexpr int k_rc_ok = 0;
inline constexpr int k_rc_system_error = 2;      // COMM_ID: no interface in its subnet
inline constexpr int k_rc_invalid_argument = 4;  // COMM_ID unparsable / unresolvable / empty
inline constexpr int k_rc_invalid_usage = 5;     // no socket interface at all

struct Prediction {
  std::optional<Endpoint> bootstrap;  // nullopt when ncclGetUniqueId would fail
  int rc = k_rc_ok;                   // ncclGetUniqueId's return code
  std::string error;                  // NCCL's WARN text when rc != 0
  Step bootstrap_step = Step::none;

  std::vector<Endpoint> socket;  // NET/Socket devices, NCCL's order, at most 16
  std::string socket_error;      // "NET/Socket : no interface found" or the COMM_ID warning
  Step socket_step = Step::none;

  std::string reason;              // one line: the step that decided the bootstrap
  std::vector<std::string> trace;  // each step tried, each entry skipped and why
  std::vector<std::string> notes;  // ignored/odd settings (invalid NCCL_SOCKET_FAMILY, ...)
  Version version;                 // the version whose rules were applied

  // The inputs as NCCL interprets them (for judging and explanations).
  IfnameFilter ifname;
  std::optional<os::Family> family;
  CommId comm_id;
};

// Predicts NCCL's choice. `resolver` is used only for NCCL_COMM_ID host names.
Prediction predict(const std::vector<os::AddressEntry>& entries, const NcclConfig& config, const Version& version,
                   const os::Resolver& resolver);

// Same, with NCCL_COMM_ID already resolved (used to re-check a proposed fix without lookups).
Prediction predict_with_comm_id(const std::vector<os::AddressEntry>& entries, const NcclConfig& config,
                                const Version& version, const CommId& comm_id);

// NCCL_SOCKET_FAMILY as NCCL reads it: exactly "AF_INET" or "AF_INET6", else unrestricted.
std::optional<os::Family> parse_socket_family(const std::optional<std::string>& value);

}  // namespace dd::nccl
