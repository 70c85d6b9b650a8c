// Renderings of a LogsReport: the DESIGN.md `logs --json` object and the text report (verdict
// first, then the per-rank table, then findings with their evidence lines).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "logs/analyzer.hpp"
#include "report/style.hpp"

namespace dd::logs {

// {"files", "lines", "ranks": [...], "findings": [...], "notes": [...]}
nlohmann::json to_json(const LogsReport& report);
// core::dump_json(to_json(report), 2), byte for byte, with ranks[] written without a JSON tree
// (rank_json_text.hpp): what `logs --json` prints.
std::string to_json_text(const LogsReport& report);
// The same text written to `os` as it is made (64 kB at a time), without the whole in memory.
void write_json_text(const LogsReport& report, std::ostream& os);

std::string render_text(const LogsReport& report, const report::Style& style);

}  // namespace dd::logs
