// preflight's typed outcome for --report and --export-format (report/outcome.hpp): rank 0's
// sections drawn from what its analysis saw (the matrix from reach_matrix, the nodes table, each
// node's interfaces from the report it sent), and the whole outcome assembled from
// PreflightOutcome's typed fields.
#pragma once

#include <map>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster/analysis/analysis.hpp"
#include "report/outcome.hpp"

namespace dd::cluster {

struct PreflightOutcome;

// `reports`: each node's check report as it arrived (rank 0's own included); `every_probe`
// false: the matrix's tooltips list only the noteworthy probes, as probes[] does.
report::Sections rank0_sections(const AnalysisInput& in, const Recommendation& rec,
                                const std::map<int, nlohmann::json>& reports, bool every_probe);

// The verdict, every finding this node prints (a member: rank 0's, then its own), the fix plan
// (the recommendation first, then the findings' fixes) and the sections.
report::Outcome report_outcome(const PreflightOutcome& outcome);

// The interfaces[] of a node's check report as it arrived (DESIGN.md `nics --json` shape); a
// field of the wrong type is shown as unknown.
std::vector<report::InterfaceRow> interface_rows_from_json(const nlohmann::json& interfaces);

}  // namespace dd::cluster
