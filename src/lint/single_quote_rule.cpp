// lint.shell.single-quoted-expansion: a launcher variable
// assigned in single quotes that hold an expansion, `export MASTER_ADDR='$(scontrol show hostnames
// ... | head -n 1)'`. Inside single quotes bash expands nothing (bash(1), QUOTING): the variable
// holds the literal text "$(scontrol ...)", and torch, NCCL or Gloo read that text (MASTER_ADDR is
// then a host name that does not resolve). Only names a distributed stack reads (env::family_of:
// NCCL_*, MASTER_*, WORLD_SIZE, TF_CONFIG, ...) are judged: a command kept in a variable for a later
// `bash -c "$CMD"` is single-quoted on purpose; a file that `eval`s the name is left alone too.
//
// The fix is the same value in double quotes, where $(...), `...` and $VAR expand once, in the
// shell that runs the line. An edit only when the text reads the same there: no backslash, and a
// double quote only inside a $(...) (its own quoting context); prose otherwise.
#include <cctype>
#include <string>

#include "core/strings.hpp"
#include "env/catalog.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

// What in `s` the shell would expand outside single quotes: "command substitution $(...)",
// "command substitution `...`", "variable $X"; "" when nothing.
std::string expansion_in(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '`') return "command substitution `...`";
    if (s[i] != '$' || i + 1 >= s.size()) continue;
    char n = s[i + 1];
    if (n == '(') return s.substr(i, 3) == "$((" ? "arithmetic $((...))" : "command substitution $(...)";
    if (n == '{')
      return "variable " +
             std::string(s.substr(i, s.find('}', i) == std::string_view::npos ? 2 : s.find('}', i) + 1 - i));
    if (std::isalpha(static_cast<unsigned char>(n)) || n == '_') {
      std::size_t e = i + 1;
      while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
      return "variable " + std::string(s.substr(i, e - i));
    }
  }
  return "";
}

// Whether `s` means the same inside double quotes (apart from the expansions it is meant to have):
// no backslash, and every `"` inside a $(...).
bool same_in_double_quotes(std::string_view s) {
  int depth = 0;
  bool backtick = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\\') return false;
    if (c == '`') backtick = !backtick;
    if (c == '$' && i + 1 < s.size() && s[i + 1] == '(') {
      ++depth;
      ++i;
    } else if (c == '(' && depth > 0) {
      ++depth;
    } else if (c == ')' && depth > 0) {
      --depth;
    } else if (c == '"' && (depth == 0 || backtick)) {
      return false;
    }
  }
  return depth == 0 && !backtick;
}

// Whether the file hands `name`'s value to eval (then the single quotes may be meant).
bool evaluated(std::string_view text, const std::string& name) {
  for (const auto& raw : core::split(text, '\n')) {
    std::string_view l = core::trim(raw);
    bool eval = core::starts_with(l, "eval ") || l.find(" eval ") != std::string_view::npos;
    if (eval && (l.find("$" + name) != std::string_view::npos || l.find("${" + name) != std::string_view::npos))
      return true;
  }
  return false;
}

}  // namespace

void single_quoted_expansion_rule(FileContext& ctx) {
  for (const auto& v : ctx.env()) {
    if (!env::family_of(v.name) || evaluated(ctx.text(), v.name)) continue;
    std::string line(ctx.line_text(v.line));
    std::string key = v.name + "='";
    auto at = line.find(key);
    // The name starts a word: `export NAME='`, `NAME='` at the start, or after a blank.
    if (at == std::string::npos || (at > 0 && line[at - 1] != ' ' && line[at - 1] != '\t')) continue;
    std::size_t open = at + key.size() - 1;
    auto close = line.find('\'', open + 1);
    if (close == std::string::npos) continue;
    std::string content = line.substr(open + 1, close - open - 1);
    std::string what = expansion_in(content);
    if (what.empty()) continue;
    std::string title = v.name + "='" + content + "' is in single quotes: the shell does not expand the " + what +
                        " there, so " + v.name +
                        " holds that text literally and every program that reads it gets "
                        "the text, not its value";
    if (same_in_double_quotes(content)) {
      std::string fixed = line.substr(0, open) + "\"" + content + "\"" + line.substr(close + 1);
      ctx.add("lint.shell.single-quoted-expansion", core::Label::config_typo, core::Severity::error, std::move(title),
              v.line, LineEdit{v.line, v.line, fixed});
    } else {
      ctx.add("lint.shell.single-quoted-expansion", core::Label::config_typo, core::Severity::error, std::move(title),
              v.line,
              "quote the value with double quotes (\"...\") so that the shell expands it, escaping any \" or \\ "
              "that must stay literal");
    }
  }
}

}  // namespace dd::lint::detail
