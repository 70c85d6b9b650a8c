// The sections of the HTML report (html_report.hpp), each a function from the typed outcome
// (outcome.hpp) to an HTML fragment; empty when the outcome has nothing for it.
#pragma once

#include <string>

#include "report/outcome.hpp"

namespace dd::report::html {

std::string fix_section(const Outcome& out);
std::string findings_section(const Outcome& out);
// SVG heat map of the reachability matrix (preflight: each pair's decided state,
// cluster/analysis/reach_matrix.hpp); empty without one.
std::string matrix_section(const Outcome& out);
std::string ranks_section(const Outcome& out);
std::string interfaces_section(const Outcome& out);

// "✔" / "▲" / "✖" / "ℹ" for ok / warn|warning / error / info.
std::string symbol(const std::string& level);

}  // namespace dd::report::html
