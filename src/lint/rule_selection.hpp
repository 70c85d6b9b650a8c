// Which lint findings are shown: --select / --ignore (and the config file's select / ignore) by
// rule id or dotted prefix ("lint.docker" is every lint.docker.* rule), and inline suppression:
// `# distdoctor: ignore[rule-id]` (several ids comma-separated) on the finding's own line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dd::lint {

struct LintFinding;

// True when `id` is `pattern` or starts with `pattern` + ".".
bool rule_matches(std::string_view id, std::string_view pattern);

struct RuleSelection {
  std::vector<std::string> select;  // empty: every rule
  std::vector<std::string> ignore;
  // Selected (or nothing selected) and not ignored; an ignore wins over a select.
  bool keeps(std::string_view id) const;
};

// A pattern as --select / --ignore take it: lower-case letters, digits, '.', '-', '_', no leading
// or trailing dot. Returns the problem ("" when valid).
std::string check_rule_pattern(std::string_view pattern);

// The ids a line's `# distdoctor: ignore[a, b]` comment names (empty when it has none).
std::vector<std::string> suppressed_on_line(std::string_view line);

namespace detail {

class FileContext;

// 1-based column of the first non-blank character of `line` (1 for a blank line).
int first_column(std::string_view line);

// Drops the findings whose own line suppresses their rule id (or a dotted prefix of it).
void drop_suppressed(std::vector<LintFinding>& findings, const FileContext& ctx);

}  // namespace detail

}  // namespace dd::lint
