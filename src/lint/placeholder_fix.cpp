#include "lint/placeholder_fix.hpp"

#include "core/strings.hpp"

namespace dd::lint::detail {

namespace {

// Whether position `at` of a shell line lies inside single or double quotes.
bool inside_quotes(const std::string& line, std::size_t at) {
  char quote = 0;
  for (std::size_t i = 0; i < at && i < line.size(); ++i) {
    char c = line[i];
    if (quote == '\'') {
      if (c == '\'') quote = 0;
    } else if (c == '\\') {
      ++i;
    } else if (quote == '"') {
      if (c == '"') quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    }
  }
  return quote != 0;
}

}  // namespace

PlaceholderFix placeholder_fix(const FileContext& ctx, int line, const std::string& value, const std::string& from,
                               const std::string& to, const std::string& fragment, const std::string& note) {
  std::string text(ctx.line_text(line));
  auto at = text.find(value);
  std::string_view trimmed = core::trim(text);
  bool continues = !trimmed.empty() && trimmed.back() == '\\';
  // the comment may follow only where nothing else does: pasted over the value, a `#` before the
  // script's name would drop the script and its arguments
  bool last = at != std::string::npos && core::trim(text.substr(at + value.size())).empty();
  if (at == std::string::npos || (last && !continues && !inside_quotes(text, at))) {
    return {fragment + "  # " + to + ": " + note, ""};
  }
  auto host = value.find(from);
  std::string changed = value;
  if (host != std::string::npos) changed.replace(host, from.size(), to);
  text.replace(at, value.size(), changed);
  return {std::string(core::trim(text)), to + " in the fix: " + note};
}

}  // namespace dd::lint::detail
