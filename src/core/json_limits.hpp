// Parsing JSON that came from outside (peers, TF_CONFIG, log lines) with a nesting limit, so a
// document nested 200k deep is refused before it can exhaust the stack of anything that walks it.
#pragma once

#include <cstddef>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/result.hpp"

namespace dd::core {

// Deep enough for every document distdoctor reads or sends (a node report nests < 12 levels).
inline constexpr std::size_t k_max_json_depth = 64;

// Deepest nesting of arrays/objects in `text` (brackets inside strings do not count); stops
// counting at `limit` + 1. Works on any text: a malformed document still gets a number.
std::size_t json_nesting(std::string_view text, std::size_t limit = k_max_json_depth);

// Parses `text`; errors (unreadable) name `what` and say "not valid JSON" or "nested deeper
// than N levels". The document may be any JSON value.
Result<nlohmann::json> parse_json_bounded(std::string_view text, std::string_view what,
                                          std::size_t max_depth = k_max_json_depth);

// dump() that never throws on text that is not UTF-8: invalid bytes become U+FFFD.
std::string dump_json(const nlohmann::json& j, int indent = -1);

}  // namespace dd::core
