// Challenge-response with the job token as the key (HMAC-SHA256, GnuTLS's Nettle library): a peer
// proves it holds the token without sending it, so neither a wrong guess nor a listener on the
// network learns it. Used by the rendezvous (join/plan proofs over nonces) and by the probes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace dd::cluster {

inline constexpr std::size_t k_nonce_bytes = 16;  // hex: 32 characters
inline constexpr std::size_t k_proof_bytes = 32;  // HMAC-SHA256; hex: 64 characters

using Mac = std::array<std::byte, k_proof_bytes>;

// Fresh random bytes from the kernel's CSPRNG (getrandom(2), os/linux_random.hpp); hex text.
std::string random_nonce_hex();
std::array<std::byte, k_nonce_bytes> random_nonce();
// A random seed from the same source (the probe plan's default seed, the join backoff's jitter);
// std::random_device is kept out of the portable build (its arc4random needs glibc 2.36).
std::uint64_t random_seed();

Mac hmac_sha256(std::string_view key, std::string_view message);
std::string to_hex(std::span<const std::byte> bytes);

// Constant-time comparison (CRYPTO_memcmp): a wrong proof takes as long as a nearly right one.
bool same_mac(const Mac& a, const Mac& b);
bool same_proof(std::string_view expected_hex, std::string_view got_hex);

// The proofs, each bound to both nonces and the claimed rank so one cannot be replayed for another.
std::string join_proof(std::string_view token, std::string_view server_nonce, std::string_view client_nonce,
                       long long rank, long long world);
std::string plan_proof(std::string_view token, std::string_view server_nonce, std::string_view client_nonce,
                       long long rank);
Mac probe_proof(std::string_view token, std::span<const std::byte> nonce);

}  // namespace dd::cluster
