// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) for preflight's challenge-response (auth.hpp).
// Written here instead of calling libcrypto: loading libcrypto and its first HMAC (provider
// set-up) cost every preflight node ~12 ms of CPU, more than the rest of its start
// (docs/preflight-scale.md). Checked against the RFC 4231 and FIPS 180-2 vectors (sha256_test.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace dd::cluster {

using Digest256 = std::array<std::byte, 32>;

class Sha256 {
 public:
  Sha256();
  void update(std::span<const std::byte> data);
  void update(std::string_view text);
  Digest256 finish();  // the object is spent afterwards

 private:
  void block(const std::byte* p);
  std::array<std::uint32_t, 8> h_;
  std::array<std::byte, 64> buf_{};
  std::size_t used_ = 0;       // bytes in buf_
  std::uint64_t length_ = 0;   // bytes hashed in all
};

Digest256 sha256(std::string_view text);
Digest256 hmac_sha256_digest(std::string_view key, std::string_view message);

// Compares without an early exit: the time does not tell how many leading bytes matched.
bool constant_time_equal(std::span<const std::byte> a, std::span<const std::byte> b);

}  // namespace dd::cluster
