// `--report FILE.html`: one self-contained HTML file (inline CSS and SVG, no network, no
// JavaScript) rendered from a command's typed outcome (outcome.hpp: check, preflight, logs): the verdict and
// the fix first, then the findings with their evidence, the reachability matrix as an SVG heat map
// (preflight; every cell's addresses in its <title>, shown on hover), the per-rank table and the
// interface inventory. Colour always comes with a symbol; headings and <table> markup for screen
// readers; print CSS for A4. Every string from the input goes through html_escape.
#pragma once

#include <string>

#include "report/outcome.hpp"

namespace dd::report {

std::string render_html_report(const Outcome& outcome);

}  // namespace dd::report
