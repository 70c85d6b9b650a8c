#include "cluster/transport/sha256.hpp"

#include <bit>

namespace dd::cluster {

namespace {

constexpr std::array<std::uint32_t, 64> k_round = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr std::array<std::uint32_t, 8> k_initial = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

std::uint32_t load_be32(const std::byte* p) {
  return (std::to_integer<std::uint32_t>(p[0]) << 24) | (std::to_integer<std::uint32_t>(p[1]) << 16) |
         (std::to_integer<std::uint32_t>(p[2]) << 8) | std::to_integer<std::uint32_t>(p[3]);
}

std::span<const std::byte> bytes_of(std::string_view text) { return std::as_bytes(std::span(text.data(), text.size())); }

}  // namespace

Sha256::Sha256() : h_(k_initial) {}

void Sha256::block(const std::byte* p) {
  std::array<std::uint32_t, 64> w{};
  for (std::size_t i = 0; i < 16; ++i) w[i] = load_be32(p + 4 * i);
  for (std::size_t i = 16; i < 64; ++i) {
    std::uint32_t s0 = std::rotr(w[i - 15], 7) ^ std::rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
    std::uint32_t s1 = std::rotr(w[i - 2], 17) ^ std::rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  std::uint32_t a = h_[0], b = h_[1], c = h_[2], d = h_[3], e = h_[4], f = h_[5], g = h_[6], h = h_[7];
  for (std::size_t i = 0; i < 64; ++i) {
    std::uint32_t t1 = h + (std::rotr(e, 6) ^ std::rotr(e, 11) ^ std::rotr(e, 25)) + ((e & f) ^ (~e & g)) + k_round[i] + w[i];
    std::uint32_t t2 = (std::rotr(a, 2) ^ std::rotr(a, 13) ^ std::rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  h_[0] += a, h_[1] += b, h_[2] += c, h_[3] += d, h_[4] += e, h_[5] += f, h_[6] += g, h_[7] += h;
}

void Sha256::update(std::span<const std::byte> data) {
  length_ += data.size();
  std::size_t i = 0;
  if (used_ > 0) {
    while (used_ < 64 && i < data.size()) buf_[used_++] = data[i++];
    if (used_ < 64) return;
    block(buf_.data());
    used_ = 0;
  }
  for (; i + 64 <= data.size(); i += 64) block(data.data() + i);
  while (i < data.size()) buf_[used_++] = data[i++];
}

void Sha256::update(std::string_view text) { update(bytes_of(text)); }

Digest256 Sha256::finish() {
  const std::uint64_t bits = length_ * 8;
  buf_[used_++] = std::byte{0x80};
  if (used_ > 56) {
    while (used_ < 64) buf_[used_++] = std::byte{0};
    block(buf_.data());
    used_ = 0;
  }
  while (used_ < 56) buf_[used_++] = std::byte{0};
  for (int shift = 56; shift >= 0; shift -= 8) buf_[used_++] = static_cast<std::byte>((bits >> shift) & 0xff);
  block(buf_.data());
  Digest256 out{};
  for (std::size_t i = 0; i < 8; ++i)
    for (std::size_t j = 0; j < 4; ++j) out[4 * i + j] = static_cast<std::byte>((h_[i] >> (24 - 8 * j)) & 0xff);
  return out;
}

Digest256 sha256(std::string_view text) {
  Sha256 s;
  s.update(text);
  return s.finish();
}

Digest256 hmac_sha256_digest(std::string_view key, std::string_view message) {
  std::array<std::byte, 64> k{};  // a key longer than the block is hashed first (RFC 2104)
  if (key.size() > k.size()) {
    auto d = sha256(key);
    std::copy(d.begin(), d.end(), k.begin());
  } else {
    auto b = bytes_of(key);
    std::copy(b.begin(), b.end(), k.begin());
  }
  std::array<std::byte, 64> pad{};
  for (std::size_t i = 0; i < pad.size(); ++i) pad[i] = k[i] ^ std::byte{0x36};
  Sha256 inner;
  inner.update(pad);
  inner.update(message);
  auto inner_digest = inner.finish();
  for (std::size_t i = 0; i < pad.size(); ++i) pad[i] = k[i] ^ std::byte{0x5c};
  Sha256 outer;
  outer.update(pad);
  outer.update(inner_digest);
  return outer.finish();
}

bool constant_time_equal(std::span<const std::byte> a, std::span<const std::byte> b) {
  if (a.size() != b.size()) return false;
  std::byte diff{0};
  for (std::size_t i = 0; i < a.size(); ++i) diff |= a[i] ^ b[i];
  return diff == std::byte{0};
}

}  // namespace dd::cluster
