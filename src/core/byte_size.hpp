// Byte counts written with a binary unit, the one reader for docker --shm-size (lint) and NCCL's
// size variables written as "4MB" (env). No OS calls.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace dd::core {

inline constexpr std::uint64_t k_mib = 1024ULL * 1024ULL;

// Digits, optional space, optional k/m/g/t (any case), optional "i", optional "b": "4MB",
// "4 MiB", "64m", "512k", "4096", "4096b" -> bytes (1k = 1024, as docker and NCCL's own defaults
// count). nullopt for anything else (decimals, signs, other units) and for values above 2^50.
std::optional<std::int64_t> parse_byte_size(std::string_view s);

}  // namespace dd::core
