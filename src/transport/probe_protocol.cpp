#include "transport/probe_protocol.hpp"

#include <cstring>

namespace dd::cluster {

namespace {

void put32(std::byte* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::byte>((v >> (24 - 8 * i)) & 0xff);
}

std::uint32_t get32(const std::byte* p) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v = (v << 8) | std::to_integer<std::uint32_t>(p[i]);
  return v;
}

}  // namespace

std::array<std::byte, k_probe_challenge> encode_probe_challenge(std::span<const std::byte, k_nonce_bytes> nonce) {
  std::array<std::byte, k_probe_challenge> out{};
  std::memcpy(out.data(), "DDPC", 4);
  std::memcpy(out.data() + 4, nonce.data(), nonce.size());
  return out;
}

std::optional<std::array<std::byte, k_nonce_bytes>> decode_probe_challenge(std::span<const std::byte> bytes) {
  if (bytes.size() < k_probe_challenge || std::memcmp(bytes.data(), "DDPC", 4) != 0) return std::nullopt;
  std::array<std::byte, k_nonce_bytes> n{};
  std::memcpy(n.data(), bytes.data() + 4, n.size());
  return n;
}

std::array<std::byte, k_probe_header> encode_probe_header(const ProbeHeader& h) {
  std::array<std::byte, k_probe_header> out{};
  std::memcpy(out.data(), "DDPB", 4);
  std::memcpy(out.data() + 4, h.proof.data(), h.proof.size());
  put32(out.data() + 4 + k_proof_bytes, h.echo_len);
  put32(out.data() + 8 + k_proof_bytes, h.bulk_len);
  return out;
}

std::optional<ProbeHeader> decode_probe_header(std::span<const std::byte> bytes) {
  if (bytes.size() < k_probe_header || std::memcmp(bytes.data(), "DDPB", 4) != 0) return std::nullopt;
  ProbeHeader h;
  std::memcpy(h.proof.data(), bytes.data() + 4, h.proof.size());
  h.echo_len = get32(bytes.data() + 4 + k_proof_bytes);
  h.bulk_len = get32(bytes.data() + 8 + k_proof_bytes);
  if (h.echo_len > k_max_echo || h.bulk_len > k_max_bulk) return std::nullopt;
  return h;
}

}  // namespace dd::cluster
