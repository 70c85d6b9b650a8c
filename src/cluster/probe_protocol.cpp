#include "cluster/probe_protocol.hpp"

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

std::uint32_t token_hash(std::string_view token) {
  std::uint32_t h = 2166136261u;
  for (char c : token) {
    h ^= static_cast<unsigned char>(c);
    h *= 16777619u;
  }
  return h;
}

std::array<std::byte, k_probe_header> encode_probe_header(const ProbeHeader& h) {
  std::array<std::byte, k_probe_header> out{};
  std::memcpy(out.data(), "DDPB", 4);
  put32(out.data() + 4, h.token_hash);
  put32(out.data() + 8, h.echo_len);
  put32(out.data() + 12, h.bulk_len);
  return out;
}

std::optional<ProbeHeader> decode_probe_header(std::span<const std::byte> bytes) {
  if (bytes.size() < k_probe_header || std::memcmp(bytes.data(), "DDPB", 4) != 0) return std::nullopt;
  ProbeHeader h{get32(bytes.data() + 4), get32(bytes.data() + 8), get32(bytes.data() + 12)};
  if (h.echo_len > k_max_echo || h.bulk_len > k_max_bulk) return std::nullopt;
  return h;
}

}  // namespace dd::cluster
