#include "lint/rule_selection.hpp"

#include <algorithm>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint {

bool rule_matches(std::string_view id, std::string_view pattern) {
  if (pattern.empty()) return false;
  return id == pattern ||
         (id.size() > pattern.size() && id.substr(0, pattern.size()) == pattern && id[pattern.size()] == '.');
}

bool RuleSelection::keeps(std::string_view id) const {
  auto any = [id](const std::vector<std::string>& patterns) {
    return std::any_of(patterns.begin(), patterns.end(), [id](const std::string& p) { return rule_matches(id, p); });
  };
  return (select.empty() || any(select)) && !any(ignore);
}

std::string check_rule_pattern(std::string_view pattern) {
  if (pattern.empty()) return "a rule id cannot be empty";
  for (char c : pattern) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
    if (!ok)
      return "'" + std::string(pattern) +
             "' is not a rule id (rule ids look like lint.docker.small-shm; docs/lint.md lists them)";
  }
  if (pattern.front() == '.' || pattern.back() == '.')
    return "'" + std::string(pattern) + "' is not a rule id or prefix (no leading or trailing dot)";
  return "";
}

std::vector<std::string> suppressed_on_line(std::string_view line) {
  constexpr std::string_view k_marker = "distdoctor: ignore[";
  std::vector<std::string> ids;
  auto hash = line.find('#');
  while (hash != std::string_view::npos) {
    auto rest = core::trim(line.substr(hash + 1));
    if (core::starts_with(rest, k_marker)) {
      auto close = rest.find(']');
      if (close != std::string_view::npos) {
        for (const auto& id : core::split(rest.substr(k_marker.size(), close - k_marker.size()), ','))
          if (auto t = core::trim(id); !t.empty()) ids.emplace_back(t);
      }
    }
    hash = line.find('#', hash + 1);
  }
  return ids;
}

namespace detail {

int first_column(std::string_view line) {
  auto pos = line.find_first_not_of(" \t");
  return pos == std::string_view::npos ? 1 : static_cast<int>(pos) + 1;
}

void drop_suppressed(std::vector<LintFinding>& findings, const FileContext& ctx) {
  std::erase_if(findings, [&ctx](const LintFinding& f) {
    for (const auto& id : suppressed_on_line(ctx.line_text(f.location.line)))
      if (rule_matches(f.finding.id, id)) return true;
    return false;
  });
}

}  // namespace detail

}  // namespace dd::lint
