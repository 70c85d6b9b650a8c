// lint's JSON and text output: the shared finding shapes (report::to_json, render_findings) plus
// each finding's location.
#include <fmt/format.h>

#include "lint/lint.hpp"
#include "report/findings_text.hpp"
#include "report/json.hpp"

namespace dd::lint {

nlohmann::json to_json(const LintReport& report) {
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : report.findings) {
    nlohmann::json j = report::to_json(f.finding);
    j["location"] = {{"file", f.location.file}, {"line", f.location.line}};
    nlohmann::json edits = nlohmann::json::array();
    for (const auto& e : f.edits) {
      edits.push_back({{"file", e.file}, {"line", e.line}, {"end_line", e.end_line}, {"replacement", e.replacement}});
    }
    j["edits"] = std::move(edits);
    findings.push_back(std::move(j));
  }
  return {{"command", "lint"}, {"files", report.files}, {"lines", report.lines}, {"findings", std::move(findings)}};
}

std::string render_text(const LintReport& report, const report::Style& style) {
  std::vector<core::Finding> findings;
  std::string out = fmt::format("Linted {} file{} ({} lines).\n\n", report.files.size(),
                                report.files.size() == 1 ? "" : "s", report.lines);
  for (const auto& f : report.findings) {
    findings.push_back(f.finding);
    // A variable to set is written in the language of the file it goes into.
    FileKind kind = kind_of(f.location.file);
    core::EnvSyntax syntax = kind == FileKind::dockerfile ? core::EnvSyntax::dockerfile
                             : kind == FileKind::yaml     ? core::EnvSyntax::k8s
                             : kind == FileKind::python   ? core::EnvSyntax::python
                                                          : core::EnvSyntax::shell;
    out += report::render_findings({f.finding}, style, report::FindingTag::id, syntax);
  }
  return out + report::render_summary(findings, style);
}

}  // namespace dd::lint
