#include "cluster/transport/auth.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <fmt/format.h>

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
  Mac out{};
  unsigned int len = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(message.data()),
       message.size(), reinterpret_cast<unsigned char*>(out.data()), &len);
  return out;
}

bool same_mac(const Mac& a, const Mac& b) { return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0; }

bool same_proof(std::string_view expected_hex, std::string_view got_hex) {
  if (expected_hex.size() != got_hex.size()) return false;
  return CRYPTO_memcmp(expected_hex.data(), got_hex.data(), expected_hex.size()) == 0;
}

std::string join_proof(std::string_view token, std::string_view server_nonce, std::string_view client_nonce, long long rank,
                       long long world) {
  return to_hex(hmac_sha256(token, fmt::format("distdoctor-join|{}|{}|{}|{}", server_nonce, client_nonce, rank, world)));
}

std::string plan_proof(std::string_view token, std::string_view server_nonce, std::string_view client_nonce, long long rank) {
  return to_hex(hmac_sha256(token, fmt::format("distdoctor-plan|{}|{}|{}", server_nonce, client_nonce, rank)));
}

Mac probe_proof(std::string_view token, std::span<const std::byte> nonce) {
  return hmac_sha256(token, "distdoctor-probe|" + to_hex(nonce));
}

}  // namespace dd::cluster
