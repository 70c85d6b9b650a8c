// The probe protocol spoken on every candidate listener and job-port listener:
//   client -> "DDPB", u32 token hash, u32 echo length (<= 4096), u32 bulk length (<= 64 MiB)
//   client -> echo bytes;   server -> u32 its rank, then the same bytes back (round trip = rtt_us)
//   client -> bulk bytes;   server -> "DONE", u32 bytes received
// The bulk transfer is far larger than any MTU, so a path that passes small packets but drops
// full-size frames (an MTU black hole) fails there while the echo succeeds.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace dd::cluster {

inline constexpr std::size_t k_probe_header = 16;
inline constexpr std::uint32_t k_max_echo = 4096;
inline constexpr std::uint32_t k_max_bulk = 64u << 20;

struct ProbeHeader {
  std::uint32_t token_hash = 0;
  std::uint32_t echo_len = 0;
  std::uint32_t bulk_len = 0;
};

// FNV-1a of the job token: probes from another job are refused.
std::uint32_t token_hash(std::string_view token);

std::array<std::byte, k_probe_header> encode_probe_header(const ProbeHeader& h);
// nullopt on wrong magic or lengths above the limits.
std::optional<ProbeHeader> decode_probe_header(std::span<const std::byte> bytes);

}  // namespace dd::cluster
