// A Windows batch file (.bat, .cmd): cmd.exe runs it, not a POSIX shell, so lint reads only what the
// environment rules need: `set NAME=value` (and `set "NAME=value"`) as the variables it sets, and
// the other lines' words for the job's shape (torchrun --nnodes=2). cmd.exe ends lines at CRLF, so
// the "\r" is no problem here and is not part of a value.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "env/catalog.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

// `set NAME=value` / `set "NAME=value"` (cmd.exe keeps the value's trailing blanks; the quotes
// around the whole assignment are not part of it); nullopt for `set /a`, `set /p`, a bare `set`.
std::optional<std::pair<std::string, std::string>> set_line(std::string_view l) {
  if (l.size() < 4 || core::to_lower(l.substr(0, 4)) != "set ") return std::nullopt;
  std::string_view rest = core::trim(l.substr(4));
  if (rest.empty() || rest.front() == '/') return std::nullopt;
  if (rest.front() == '"') {
    auto close = rest.rfind('"');
    rest = close > 0 ? rest.substr(1, close - 1) : rest.substr(1);
  }
  auto eq = rest.find('=');
  if (eq == std::string_view::npos || eq == 0) return std::nullopt;
  return std::pair(std::string(rest.substr(0, eq)), std::string(rest.substr(eq + 1)));
}

bool comment_or_echo(std::string_view l) {
  std::string lower = core::to_lower(l);
  if (!lower.empty() && lower.front() == '@') lower.erase(0, 1);
  return lower.empty() || core::starts_with(lower, "::") || lower == "rem" || core::starts_with(lower, "rem ") ||
         core::starts_with(lower, "echo");
}

// lint.batch.set-blanks (stranger14's fix-2026-12-06k p30): `set NAME = value` sets the variable
// "NAME " (the blank is part of the name) to " value" (and quotes inside the value stay in it):
// cmd.exe splits only at the first '='. NAME itself stays unset. The edit writes `set NAME=value`.
bool set_with_blanks(FileContext& ctx, const std::pair<std::string, std::string>& set, int line) {
  std::string name(core::trim(set.first));
  if (name == set.first || name.empty() || name.find_first_of(" \t") != std::string::npos) return false;
  std::string value(core::trim(set.second));
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
  bool special = value.find_first_of("&|<>^()") != std::string::npos;
  std::string fixed = special ? "set \"" + name + "=" + value + "\"" : "set " + name + "=" + value;
  auto& f = ctx.add("lint.batch.set-blanks", core::Label::config_typo, core::Severity::error,
                    "`set " + set.first + "=" + set.second + "` sets a variable named \"" + set.first +
                        "\" (the blank is part of the name) to \"" + set.second +
                        "\": cmd.exe splits a set at the "
                        "first '=' and keeps every blank, so " +
                        name + " itself is not set",
                    line, LineEdit{line, line, fixed});
  f.evidence.push_back("cmd.exe's `set NAME=value` takes no blanks around '=' (nor quotes inside the value)");
  return true;
}

// lint.batch.set-blanks, the value's end (fix-2026-12-06l p13): `set MASTER_ADDR=10.0.0.5 ` with a
// blank after the value. cmd.exe keeps every character after '=' up to the line's end, trailing
// blanks included (set /?: "string: a series of characters"; quoting the whole assignment,
// `set "NAME=value" `, is the form that drops them), so the value is "10.0.0.5 ", which names no
// host. Only for names a distributed stack reads (env::family_of); `raw` is the line without its
// CR and left blanks. The edit removes the trailing blanks.
bool set_trailing_blank(FileContext& ctx, std::string_view raw, const std::pair<std::string, std::string>& set,
                        int line) {
  if (raw.empty() || (raw.back() != ' ' && raw.back() != '\t')) return false;
  std::string lower = core::to_lower(raw);
  if (core::starts_with(lower, "set \"") || !env::family_of(set.first)) return false;
  std::string_view kept = raw.substr(0, raw.find_last_not_of(" \t") + 1);
  std::string value(raw.substr(raw.find('=') + 1));
  std::string fixed(ctx.line_text(line).substr(0, ctx.line_text(line).find_first_not_of(" \t")));
  fixed += std::string(kept);
  auto& f =
      ctx.add("lint.batch.set-blanks", core::Label::config_typo, core::Severity::error,
              "`set " + set.first + "=" + value + "` ends in a blank, which cmd.exe keeps in the value: " + set.first +
                  " is \"" + value + "\", not \"" + std::string(core::trim(value)) + "\"",
              line, LineEdit{line, line, fixed});
  f.evidence.push_back("the line ends in " + std::to_string(raw.size() - kept.size()) + " blank(s) after the value");
  f.evidence.push_back(
      "cmd.exe's set keeps everything after the first '=' up to the line's end, trailing blanks included");
  return true;
}

}  // namespace

void lint_batch(FileContext& ctx) {
  for (int line = 1; line <= ctx.line_count(); ++line) {
    std::string_view l = ctx.line_text(line);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    std::string_view raw = l.substr(std::min(l.size(), l.find_first_not_of(" \t")));
    l = core::trim(l);
    if (comment_or_echo(l)) continue;
    if (auto set = set_line(l)) {
      if (set_with_blanks(ctx, *set, line)) continue;  // not the variable meant: no audit of it
      if (set_trailing_blank(ctx, raw, *set, line)) continue;
      ctx.env().push_back({set->first, set->second, line, "", std::nullopt});
      continue;
    }
    std::vector<std::string> words;
    for (const auto& w : core::split(l, ' '))
      if (!w.empty()) words.push_back(w);
    note_shape(ctx, words);
  }
  master_addr_rule(ctx);
}

}  // namespace dd::lint::detail
