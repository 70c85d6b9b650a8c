// lint's JSON and text output: the shared finding shapes (report::to_json, render_findings) plus
// each finding's location.
#include <fmt/format.h>

#include <algorithm>

#include "core/strings.hpp"

#include "lint/cmd_set_line.hpp"
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
  return {{"command", "lint"},
          {"files", report.files},
          {"lines", report.lines},
          {"skipped", report.skipped},
          {"skipped_count", report.skipped_count},
          {"findings", std::move(findings)}};
}

namespace {

// An env file's variables to set as its own lines (`NAME=value`, what a sourcing shell, docker's
// --env-file, compose and python-dotenv all read), in the fix text instead of export lines.
core::Finding as_env_file(core::Finding f) {
  for (const auto& [k, v] : f.fix.env) {
    f.fix.text += (f.fix.text.empty() ? "" : "\n") + (v.empty() ? "remove the " + k + "= line" : k + "=" + v);
  }
  f.fix.env.clear();
  return f;
}

// "Skipped 3 files lint does not read: a.md, b.txt, c.csv" (the first 10 named).
std::string skipped_line(const LintReport& report) {
  if (report.skipped_count == 0) return "";
  std::vector<std::string> named(
      report.skipped.begin(),
      report.skipped.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(10, report.skipped.size())));
  long more = report.skipped_count - static_cast<long>(named.size());
  return fmt::format("Skipped {} file{} in the folders that lint does not read (it reads {}): {}{}.\n\n",
                     report.skipped_count, report.skipped_count == 1 ? "" : "s", kinds_read(), core::join(named, ", "),
                     more > 0 ? fmt::format(" and {} more", more) : "");
}

}  // namespace

std::string render_text(const LintReport& report, const report::Style& style) {
  std::vector<core::Finding> findings;
  std::string out = fmt::format("Linted {} file{} ({} lines).\n\n", report.files.size(),
                                report.files.size() == 1 ? "" : "s", report.lines);
  out += skipped_line(report);
  for (const auto& f : report.findings) {
    findings.push_back(f.finding);
    // A variable to set is written in the language of the file it goes into.
    FileKind kind = kind_of(f.location.file);
    core::EnvSyntax syntax = f.syntax                       ? *f.syntax
                             : kind == FileKind::dockerfile ? core::EnvSyntax::dockerfile
                             : kind == FileKind::yaml       ? core::EnvSyntax::k8s
                             : kind == FileKind::python     ? core::EnvSyntax::python
                             : kind == FileKind::powershell ? core::EnvSyntax::powershell
                                                            : core::EnvSyntax::shell;
    // a batch file's variables as cmd.exe's `set NAME=value` lines, never bash export/unset
    core::Finding shown = kind == FileKind::env_file ? as_env_file(f.finding)
                          : kind == FileKind::batch  ? as_batch_file(f.finding)
                                                     : f.finding;
    out += report::render_findings({shown}, style, report::FindingTag::id, syntax);
  }
  return out + report::render_summary(findings, style);
}

}  // namespace dd::lint
