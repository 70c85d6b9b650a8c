// The ranks[] array of `logs --json` written straight into text. Building it as an nlohmann tree
// (rank_json) costs a map node and a string per field, which for 1,024 ranks was most of the time
// `--json` took over the text report (docs/bench.md). The text is byte for byte what
// core::dump_json(rank_json(row), 2) prints at the same depth (rank_json_text_test.cpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "logs/rank_table.hpp"

namespace dd::logs {

// `rows` as a JSON array indented by 2 spaces per level, the array itself at `depth`.
void append_ranks_json(std::string& out, const std::vector<RankRow>& rows, int depth);

// The same text, handed to `flush` in pieces: whenever `out` holds at least k_ranks_chunk bytes
// after a rank, flush(out) is called and `out` cleared, so that the output of 1,024 ranks (about
// 800 kB) is never held, nor grown and copied, as one string. What remains is left in `out`.
inline constexpr std::size_t k_ranks_chunk = 64 * 1024;
void append_ranks_json(std::string& out, const std::vector<RankRow>& rows, int depth,
                       const std::function<void(std::string_view)>& flush);

}  // namespace dd::logs
