// Text output of preflight, drawn from the typed outcome (preflight.hpp), not from its JSON: the
// verdict first, then the fix as export lines (every node, then per host), how the fix was
// checked, a compact reachability matrix (one character per node pair, so it stays readable at 64
// nodes), the probe plan, the node table, the findings and the probe errors.
#pragma once

#include <string>

#include "cluster/preflight.hpp"
#include "report/style.hpp"

namespace dd::cluster {

std::string render_text(const PreflightOutcome& outcome, const report::Style& style);

// The matrix alone, one character per pair as reach_matrix.hpp decides it (matrix_char): rows =
// from rank, columns = to rank. '.' every probe passed, 'M' echo passed but the bulk transfer did
// not (MTU), 'x' some addresses failed, 'X' nothing answered, 's' slow (best round trip above
// k_slow_rtt_us), '-' self, '?' rank missing or lost, ' ' a pair not probed. render_text prints it
// up to 64 nodes.
std::string render_matrix(const Rank0View& view);

// The probe plan in a few lines: full mesh or sparse, pairs and probes, transfer sizes, and for a
// sparse plan what it covers, its seed, and what it cannot see (pairs never probed: --full-mesh).
// "" when the view has no plan.
std::string render_plan(const Rank0View& view);

}  // namespace dd::cluster
