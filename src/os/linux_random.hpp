// Random bytes from the kernel's CSPRNG (getrandom(2)): preflight's nonces and seeds. One
// system call, no library state (OpenSSL's RAND_bytes set up its DRBG first: ~5 ms of every
// preflight node's CPU, docs/preflight-scale.md).
#pragma once

#include <cstddef>
#include <span>

namespace dd::os {

// Fills `out`; false when the kernel has no random source (getrandom(2) missing or failing).
bool random_bytes(std::span<std::byte> out);

}  // namespace dd::os
