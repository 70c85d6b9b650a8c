// lint.shell.export-blanks (stranger14's fix-2026-12-06k p21): `export NCCL_SOCKET_IFNAME = ib0`.
// bash splits it into the words NCCL_SOCKET_IFNAME, =, ib0: it exports NCCL_SOCKET_IFNAME as it was
// (unset stays unset), fails on "=" ("export: `=': not a valid identifier", status 1) and marks a
// variable named ib0 for export. NCCL_SOCKET_IFNAME never gets the value. The edit removes the blanks around '='
// on that line, keeping the value as written (its quotes included).
#include <regex>
#include <string>

#include "core/strings.hpp"
#include "lint/export_blanks_rule.hpp"

namespace dd::lint::detail {

void export_blanks_rule(FileContext& ctx) {
  // `export NAME = value`, `export NAME =value`, `export NAME= value`: at least one blank beside '='.
  static const std::regex shape(R"(^(\s*export\s+)([A-Za-z_][A-Za-z0-9_]*)([ \t]+=[ \t]*|=[ \t]+)(\S.*)$)");
  for (int line = 1; line <= ctx.line_count(); ++line) {
    std::string text(ctx.line_text(line));  // without its "\r": an edit keeps the line's own ending
    std::smatch m;
    if (!std::regex_match(text, m, shape)) continue;
    std::string value = m[4].str();
    if (value.front() == '#') continue;  // `export NAME= # comment`: an empty value and a comment
    std::string fixed = m[1].str() + m[2].str() + "=" + value;
    auto& f = ctx.add("lint.shell.export-blanks", core::Label::config_typo, core::Severity::error,
                      "`" + std::string(core::trim(text)) + "` has blanks around '=': the shell reads " + m[2].str() +
                          " and " + value + " as separate words, so " + m[2].str() + " is not set to " + value +
                          " (bash: \"not a valid identifier\" for a word starting with '=')",
                      line, LineEdit{line, line, fixed});
    f.evidence.push_back("an assignment in sh/bash is NAME=value, one word without blanks");
  }
}

}  // namespace dd::lint::detail
