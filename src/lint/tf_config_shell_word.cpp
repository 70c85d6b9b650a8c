#include "lint/tf_config_shell_word.hpp"

#include <nlohmann/json.hpp>

#include "core/json_limits.hpp"
#include "core/strings.hpp"

namespace dd::lint::detail {

namespace {

// The line of the command starting at `line` (it and its continuation lines) that holds TF_CONFIG=.
int tf_config_line(const FileContext& ctx, int line) {
  for (int l = line; l <= ctx.line_count(); ++l) {
    std::string text(ctx.line_text(l));
    if (text.find("TF_CONFIG=") != std::string::npos) return l;
    std::string_view t = core::trim(text);
    if (t.empty() || t.back() != '\\') break;
  }
  return 0;
}

}  // namespace

bool retell_unquoted_tf_config(const FileContext& ctx, int first, LintFinding& lf) {
  int line = tf_config_line(ctx, first);
  if (!line) return false;
  std::string text(ctx.line_text(line));
  const std::string key = "TF_CONFIG=";
  auto at = text.find(key);
  auto from = at + key.size();
  if (from >= text.size() || text[from] != '{') return false;
  auto end = text.find_first_of(" \t", from);
  std::string word = text.substr(from, end == std::string::npos ? std::string::npos : end - from);
  if (word.find('"') == std::string::npos || word.find('\'') != std::string::npos ||
      word.find('\\') != std::string::npos || core::json_nesting(word) > core::k_max_json_depth)
    return false;
  if (!nlohmann::json::accept(word)) return false;
  lf.finding.title =
      "TF_CONFIG is JSON in the file, but the word is not quoted for the shell: bash removes its double quotes, so "
      "the program gets a value without them, which is not JSON (TensorFlow reads TF_CONFIG with json.loads)";
  lf.finding.evidence.push_back("as written: TF_CONFIG=" + word + " (an unquoted shell word)");
  lf.finding.fix.text = "put the value in single quotes: TF_CONFIG='" + word + "'";
  lf.finding.fix.env.clear();
  std::string changed = text;
  changed.replace(from, word.size(), "'" + word + "'");
  lf.edits.clear();
  lf.edits.push_back({ctx.path(), line, line, changed});
  return true;
}

}  // namespace dd::lint::detail
