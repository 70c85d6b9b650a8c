// A PowerShell script (.ps1): PowerShell runs it, not a POSIX shell, so lint reads it as it reads a
// batch file, for what the environment and launch rules need: `$env:NAME = "value"` (single or
// double quotes, or a bare word) as the variables it sets, and the other lines as commands (a
// backtick at the end of a line continues the command, as `\` does in bash) for the job's shape and
// the torchrun rules whose fixes change only the launcher's flags. `#` lines and `<# ... #>` blocks
// are comments. Not a PowerShell parser: no expansion, no script blocks, no functions.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

// `$env:NAME = value`: the name and the value without its quotes; nullopt for any other line.
std::optional<std::pair<std::string, std::string>> env_line(std::string_view l) {
  if (l.size() < 6 || core::to_lower(l.substr(0, 5)) != "$env:") return std::nullopt;
  auto eq = l.find('=');
  if (eq == std::string_view::npos) return std::nullopt;
  std::string name(core::trim(l.substr(5, eq - 5)));
  if (name.empty()) return std::nullopt;
  for (char c : name)
    if (!core::is_name_char(c)) return std::nullopt;
  std::string_view v = core::trim(l.substr(eq + 1));
  if (!v.empty() && (v.front() == '"' || v.front() == '\'')) {
    auto close = v.find(v.front(), 1);
    if (close == std::string_view::npos) return std::nullopt;
    v = v.substr(1, close - 1);
  } else {
    v = core::trim(v.substr(0, v.find(" #")));
  }
  return std::pair(name, std::string(v));
}

// The words of a command line: split at blanks, a quoted part kept whole and its quotes removed.
std::vector<std::string> words_of(std::string_view l) {
  std::vector<std::string> out;
  std::string w;
  bool in_word = false;
  char quote = 0;
  for (char c : l) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        w += c;
    } else if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) out.push_back(std::move(w));
      w.clear();
      in_word = false;
    } else {
      w += c;
      in_word = true;
    }
  }
  if (in_word) out.push_back(std::move(w));
  return out;
}

}  // namespace

void lint_powershell(FileContext& ctx) {
  std::vector<ShellCommand> commands;
  ShellCommand open;  // the command being read, continued by a backtick
  bool comment_block = false;
  for (int line = 1; line <= ctx.line_count(); ++line) {
    std::string_view l = core::trim(ctx.line_text(line));
    if (comment_block || core::starts_with(l, "<#")) {
      comment_block = l.find("#>") == std::string_view::npos;
      continue;
    }
    if (open.words.empty()) {
      if (l.empty() || l.front() == '#') continue;
      if (auto set = env_line(l)) {
        ctx.env().push_back({set->first, set->second, line, "", std::nullopt});
        continue;
      }
      open.line = line;
    }
    bool continued = !l.empty() && l.back() == '`';
    if (continued) l = core::trim(l.substr(0, l.size() - 1));
    for (auto& w : words_of(l)) open.words.push_back(std::move(w));
    if (continued && line < ctx.line_count()) continue;
    if (!open.words.empty()) {
      note_shape(ctx, open.words);
      commands.push_back(std::move(open));
    }
    open = ShellCommand{};
  }
  launch_shape_rules(ctx, false, commands);
  master_addr_rule(ctx);
}

}  // namespace dd::lint::detail
