// One schema per wire message type: every field a receiver reads is checked for type and range
// (64-bit: a rank of 2^32+1 is out of range, not truncated) before any code touches it. A message
// that fails is dropped with the one-line reason this returns; nothing downstream can throw on it.
#pragma once

#include <string>

#include "transport/wire.hpp"

namespace dd::cluster {

inline constexpr long long k_max_world = 4096;  // the same bound as --world

// Empty when `message` matches its type's schema, else "field 'rank': 4294967297 is outside 1..4095".
std::string schema_problem(const Message& message);

}  // namespace dd::cluster
