// lint's outputs for tools (`--format text|github|sarif`; json is lint::to_json): compiler-style
// lines that editors and CI log parsers read, GitHub Actions workflow annotations, and SARIF 2.1.0
// for code scanning. Each shows the rule id (`lint.torch.launch-deprecated`), never the label.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "lint/lint.hpp"

namespace dd::lint {

// "error", "warning" or "note": the word compilers print, which is also SARIF's result level.
std::string_view compiler_severity(core::Severity s);

// `FILE:LINE:COL: SEVERITY: TITLE [RULE-ID]` per finding (severity error / warning / note), then
// nothing else: the exit code and the count are for the caller. Control characters escaped.
std::string render_lines(const LintReport& report);

// `::error file=F,line=L,col=C,title=RULE-ID::TITLE` per finding (warning, notice for the
// others), escaped as GitHub's workflow-command parser expects.
std::string render_github(const LintReport& report);

// One SARIF 2.1.0 log: a run of tool "distdoctor" (`version`), the rules seen, one result per
// finding with its physical location (uri relative as given, percent-encoded).
nlohmann::json to_sarif(const LintReport& report, std::string_view version);

}  // namespace dd::lint
