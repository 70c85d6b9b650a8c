// Parsing bench's nccl-tests-style values: byte sizes with K/M/G suffixes (powers of 1024, as
// nccl-tests reads them) and operation lists. Errors name the flag and the value (exit 2).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "bench/collectives.hpp"
#include "bench/run.hpp"
#include "core/result.hpp"

namespace dd::bench {

// "64", "1K", "1M", "256M", "1G" (case-insensitive suffix, optional trailing B).
core::Result<std::size_t> parse_bytes(std::string_view flag, std::string_view value);

// "all_reduce,all_gather" or "all"; unknown names are an error that lists the known ones.
core::Result<std::vector<Op>> parse_ops(std::string_view value);

// Cross-flag checks: min <= max, sizes at least 4 bytes, factor >= 2 unless min == max, root
// inside the world.
core::Result<bool> validate(const RunOptions& o, int world);

}  // namespace dd::bench
