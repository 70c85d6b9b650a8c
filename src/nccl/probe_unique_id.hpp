// Decoding NCCL's 128-byte ncclUniqueId and naming the local interface behind its address.
// Layout (nccl-facts §1.7, checked against libnccl 2.28.9): from 2.16 on, bytes 0-7 are a magic
// (random, or 0x0280028002800280 when the id was built from NCCL_COMM_ID) and the root's
// sockaddr_in / sockaddr_in6 starts at byte 8; up to 2.15 the sockaddr starts at byte 0. The
// sockaddr's family is in host byte order, the port in network order; for IPv6 link-local
// addresses sin6_scope_id is this host's ifindex of the interface.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "os/interface_source.hpp"

namespace dd::nccl {

inline constexpr std::size_t k_unique_id_bytes = 128;
inline constexpr std::uint64_t k_comm_id_magic = 0x0280028002800280ULL;

// The root address inside a unique id.
struct UniqueIdAddress {
  os::Family family = os::Family::inet;
  std::string addr;  // numeric, without scope ("198.18.0.1", "fe80::1")
  int port = 0;
  std::uint32_t scope_id = 0;  // IPv6 only
  bool from_comm_id = false;   // magic says NCCL_COMM_ID built it
};

// What the probe reports as NCCL's choice: the interface and the address as NCCL prints it.
struct ObservedAddress {
  std::string iface;  // "eth0" (the getifaddrs name, "eth0:1" for a labelled alias); empty when no local owner
  std::string addr;   // "198.18.0.1", "fe80::1%eth0" for IPv6 link-local
  int port = 0;
  std::string source;  // "unique-id", or "NCCL_COMM_ID" when the id carries that variable's address
  std::string note;    // one sentence for the user when the source needs explaining
};

// The probe's answer field "observed" (probe_child.cpp writes it, probe.cpp reads it back); iface
// null when empty.
nlohmann::json to_json(const ObservedAddress& o);

// "2.28.9" from NCCL_VERSION_CODE 22809 (X*10000+Y*100+Z since 2.9; X*1000+Y*100+Z before).
std::string version_string(int code);

// The address in `id` (exactly 128 bytes) for a library of `version_code` (0 = unknown, read as
// 2.16+); nullopt when the sockaddr family is neither AF_INET nor AF_INET6.
std::optional<UniqueIdAddress> decode_unique_id(std::span<const std::uint8_t> id, int version_code);

// The local interface owning `id`'s address, given this host's getifaddrs entries in order.
// For an NCCL_COMM_ID id whose address is not local, the first entry in the same subnet (what
// NCCL's bootstrap binds to, nccl-facts §1.5) is named instead, and `note` says so.
ObservedAddress observe(const UniqueIdAddress& id, const std::vector<os::AddressEntry>& entries);

}  // namespace dd::nccl
