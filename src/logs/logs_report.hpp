// Renderings of a LogsReport: the DESIGN.md `logs --json` object and the text report (verdict
// first, then the per-rank table, then findings with their evidence lines).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "logs/analyzer.hpp"
#include "report/style.hpp"

namespace dd::logs {

// {"files", "lines", "ranks": [...], "findings": [...], "notes": [...]}
nlohmann::json to_json(const LogsReport& report);

std::string render_text(const LogsReport& report, const report::Style& style);

}  // namespace dd::logs
