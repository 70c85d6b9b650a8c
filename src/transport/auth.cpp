#include "transport/auth.hpp"

#include <fmt/format.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>

#include <cstring>
#include <stdexcept>

#include "os/linux_random.hpp"

namespace dd::cluster {

std::array<std::byte, k_nonce_bytes> random_nonce() {
  std::array<std::byte, k_nonce_bytes> n{};
  if (!os::random_bytes(n)) throw std::runtime_error("getrandom failed: no random source for the authentication nonce");
  return n;
}

std::string to_hex(std::span<const std::byte> bytes) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (auto b : bytes) out += fmt::format("{:02x}", std::to_integer<unsigned>(b));
  return out;
}

std::string random_nonce_hex() { return to_hex(random_nonce()); }

std::uint64_t random_seed() {
  auto n = random_nonce();
  std::uint64_t seed = 0;
  std::memcpy(&seed, n.data(), sizeof seed);
  return seed;
}

Mac hmac_sha256(std::string_view key, std::string_view message) {
  static_assert(k_proof_bytes == SHA256_DIGEST_SIZE);
  hmac_sha256_ctx ctx;
  hmac_sha256_set_key(&ctx, key.size(), reinterpret_cast<const std::uint8_t*>(key.data()));
  hmac_sha256_update(&ctx, message.size(), reinterpret_cast<const std::uint8_t*>(message.data()));
  Mac out{};
  hmac_sha256_digest(&ctx, out.size(), reinterpret_cast<std::uint8_t*>(out.data()));
  return out;
}

// memeql_sec: nettle's comparison whose time does not depend on where the inputs differ.
bool same_mac(const Mac& a, const Mac& b) { return memeql_sec(a.data(), b.data(), a.size()) != 0; }

bool same_proof(std::string_view expected_hex, std::string_view got_hex) {
  if (expected_hex.size() != got_hex.size()) return false;
  return memeql_sec(expected_hex.data(), got_hex.data(), expected_hex.size()) != 0;
}

std::string join_proof(std::string_view token, std::string_view server_nonce, std::string_view client_nonce,
                       long long rank, long long world) {
  return to_hex(
      hmac_sha256(token, fmt::format("distdoctor-join|{}|{}|{}|{}", server_nonce, client_nonce, rank, world)));
}

std::string plan_proof(std::string_view token, std::string_view server_nonce, std::string_view client_nonce,
                       long long rank) {
  return to_hex(hmac_sha256(token, fmt::format("distdoctor-plan|{}|{}|{}", server_nonce, client_nonce, rank)));
}

Mac probe_proof(std::string_view token, std::span<const std::byte> nonce) {
  return hmac_sha256(token, "distdoctor-probe|" + to_hex(nonce));
}

}  // namespace dd::cluster
