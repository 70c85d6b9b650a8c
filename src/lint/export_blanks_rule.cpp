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
    std::string text(ctx.line_text(line));                   // without its "\r": an edit keeps the line's own ending
    if (text.find("export") == std::string::npos) continue;  // the regex runs only on lines that can match
    std::smatch m;
    if (!std::regex_match(text, m, shape)) continue;
    std::string value = m[4].str();
    if (value.front() == '#') continue;  // `export NAME= # comment`: an empty value and a comment
    std::string fixed = m[1].str() + m[2].str() + "=" + value;
    // Only a blank before '=' makes a word that starts with '=' (`=`, `=value`). `NAME= value` sets NAME empty;
    // bash then exports `value` as a name (bash 5: `export A= ib0` exits 0, `export A= 10.0.0.5` exits 1).
    static const std::regex name(R"([A-Za-z_][A-Za-z0-9_]*)");
    bool blank_before = m[3].str().front() != '=';
    std::string says =
        blank_before ? " (bash: \"not a valid identifier\" for a word starting with '=')"
        : std::regex_match(value.substr(0, value.find_first_of(" \t")), name)
            ? " (bash sets " + m[2].str() + " empty and exports a variable named " +
                  value.substr(0, value.find_first_of(" \t")) + ")"
            : " (bash sets " + m[2].str() + " empty and fails: \"" + value + "\": not a valid identifier)";
    auto& f = ctx.add("lint.shell.export-blanks", core::Label::config_typo, core::Severity::error,
                      "`" + std::string(core::trim(text)) + "` has blanks around '=': the shell reads " + m[2].str() +
                          " and " + value + " as separate words, so " + m[2].str() + " is not set to " + value + says,
                      line, LineEdit{line, line, fixed});
    f.evidence.push_back("an assignment in sh/bash is NAME=value, one word without blanks");
  }
}

}  // namespace dd::lint::detail
