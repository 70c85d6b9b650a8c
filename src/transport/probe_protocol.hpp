// The probe protocol spoken on every candidate listener and job-port listener:
//   server -> "DDPC", 16-byte nonce (fresh per connection)
//   client -> "DDPB", 32-byte HMAC-SHA256(token, nonce) (auth.hpp), u32 echo length (<= 4096),
//             u32 bulk length (<= 64 MiB); the token itself is never sent
//   (a wrong proof: the server closes the connection)
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

#include "transport/auth.hpp"

namespace dd::cluster {

inline constexpr std::size_t k_probe_challenge = 4 + k_nonce_bytes;
inline constexpr std::size_t k_probe_header = 4 + k_proof_bytes + 8;
inline constexpr std::uint32_t k_max_echo = 4096;
inline constexpr std::uint32_t k_max_bulk = 64u << 20;

struct ProbeHeader {
  Mac proof{};
  std::uint32_t echo_len = 0;
  std::uint32_t bulk_len = 0;
};

std::array<std::byte, k_probe_challenge> encode_probe_challenge(std::span<const std::byte, k_nonce_bytes> nonce);
// The nonce; nullopt on wrong magic.
std::optional<std::array<std::byte, k_nonce_bytes>> decode_probe_challenge(std::span<const std::byte> bytes);

std::array<std::byte, k_probe_header> encode_probe_header(const ProbeHeader& h);
// nullopt on wrong magic or lengths above the limits.
std::optional<ProbeHeader> decode_probe_header(std::span<const std::byte> bytes);

}  // namespace dd::cluster
