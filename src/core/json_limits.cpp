#include "core/json_limits.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace dd::core {

std::size_t json_nesting(std::string_view text, std::size_t limit) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

Result<nlohmann::json> parse_json_bounded(std::string_view text, std::string_view what, std::size_t max_depth) {
  if (json_nesting(text, max_depth) > max_depth)
    return make_error(ErrorKind::unreadable, fmt::format("{}: JSON nested deeper than {} levels", what, max_depth));
  auto j = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) return make_error(ErrorKind::unreadable, fmt::format("{}: not valid JSON", what));
  return j;
}

std::string dump_json(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace dd::core
