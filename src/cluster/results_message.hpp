// The `results` message a node sends rank 0 after probing its plan. With the plan's detail "all"
// (a full mesh, or --all-probes) it lists every probe in full. With "failures" (a sparse plan:
// what rank 0 prints is probes[] with the failures only) it lists in full only the probes that
// tell something - failed, lost the bulk, lossy, slow (round trip above k_slow_rtt_us), retried,
// a job port, a full transfer (the speed measurement) - and summarises each other probe (a
// light transfer that passed) as its plan index and round trip: ~10 bytes instead of ~400, so
// rank 0 reads and parses O(N) small messages at 1,024+ nodes. Rank 0 rebuilds those probes
// from the plan it sent; the analysis sees the same verdicts either way (results_message_test).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "transport/prober.hpp"

namespace dd::cluster {

inline constexpr const char* k_detail_all = "all";
inline constexpr const char* k_detail_failures = "failures";

// Whether a probe may be summarised: a light candidate transfer (`full_bulk` is the full size)
// that passed cleanly and fast, and was not retried.
bool summarisable(const ProbeResult& p, std::uint32_t full_bulk);

// The body of the results message of `rank` for `results` (in plan order, as run_probes returns).
nlohmann::json results_body(int rank, const std::vector<ProbeResult>& results, const std::string& detail,
                            std::uint32_t full_bulk);

// Rank 0: the probes of one node's results body, given the targets it was sent (summarised
// probes come back as passed, with their round trip; an index outside the plan is ignored).
std::vector<ProbeResult> results_from_body(int rank, const nlohmann::json& body, const std::vector<ProbeTarget>& plan,
                                           std::uint32_t full_bulk);

}  // namespace dd::cluster
