// Human-readable rendering of findings (used by every command's text output).
#pragma once

#include <string>
#include <vector>

#include "core/export_line.hpp"
#include "core/finding.hpp"
#include "report/style.hpp"

namespace dd::report {

// "ERROR  [loopback-interface] NCCL will use lo ...", evidence indented, then the fix with
// `export` lines. Empty string when there are no findings.
std::string render_findings(const std::vector<core::Finding>& findings, const Style& style);

// What the bracket after the severity shows: the root-cause label (every command) or the finding's
// id (lint, whose ids are the rule ids users select, ignore and look up in docs/lint.md).
enum class FindingTag { label, id };
std::string render_findings(const std::vector<core::Finding>& findings, const Style& style, FindingTag tag);
// The same, with fix.env written in `syntax` (core::env_setting): lint prints a Dockerfile's
// variables as ENV lines and a pod's as env entries.
std::string render_findings(const std::vector<core::Finding>& findings, const Style& style, FindingTag tag,
                            core::EnvSyntax syntax);

// One-line verdict: "OK: no problems found" / "2 errors, 1 warning".
std::string render_summary(const std::vector<core::Finding>& findings, const Style& style);

}  // namespace dd::report
