// The one decision of preflight's reachability cell: for each ordered pair of ranks, the state the
// text matrix, the `reachability[]` array of `preflight --json` and the HTML report's matrix all
// draw, with the measured facts it rests on. The per-probe predicates are the ones the
// analysis' findings use (analysis_reach.cpp), so a cell and a finding never disagree.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster/analysis/analysis.hpp"
#include "transport/prober.hpp"

namespace dd::cluster {

enum class CellState {
  self,        // from == to
  ok,          // every candidate address carried data, best round trip at most k_slow_rtt_us
  partial,     // some addresses carried data, others did not
  slow,        // data crossed, best round trip above k_slow_rtt_us
  black_hole,  // an echo passed on a fast path and the bulk transfer was lost (MTU black hole)
  blocked,     // no candidate address answered the echo
  not_probed,  // not tested: both ranks present, no candidate address of `to` was tried from `from`
               // (outside the plan, no candidate address, or no listener opened)
  absent,      // either rank never joined, was lost, or sent no results
};

// "self", "ok", "partial", "slow", "mtu-black-hole", "blocked", "not-probed", "absent".
std::string_view to_string(CellState s);
// The text matrix's character: '-' '.' 'x' 's' 'M' 'X' ' ' '?'.
char matrix_char(CellState s);

// Whether a probe met an MTU black hole: the echo passed, the bulk moved (almost) nothing, on a
// fast path (a lossy or distant path makes progress or is slow; it is not a black hole).
bool black_hole_probe(const ProbeResult& p);
// Whether a best round trip makes a pair slow (above k_slow_rtt_us).
bool slow_rtt(std::int64_t best_rtt_us);

struct Cell {
  int from = -1, to = -1;
  CellState state = CellState::absent;
  int probes = 0;                 // candidate probes of the pair
  int carried = 0;                // of those, echo passed and data crossed (carries_data)
  int echo_only = 0;              // echo passed, bulk lost
  int black_holes = 0;            // of echo_only, on a fast path (black_hole_probe)
  std::int64_t best_rtt_us = -1;  // best round trip of the probes whose echo passed; -1: none
};

// The state of a present, planned pair from its candidate probes.
CellState decide_cell(const std::vector<const ProbeResult*>& candidate_probes);

// Every ordered pair of ranks 0..world-1, decided once from the preflight's input: absent ranks
// (missing, lost, no results), the plan (AnalysisInput::planned; empty: every pair) and the
// candidate probes.
struct ReachMatrix {
  int world = 0;
  bool sparse = false;
  std::vector<Cell> cells;  // row-major: cells[from * world + to]
  const Cell& at(int from, int to) const { return cells[static_cast<std::size_t>(from * world + to)]; }
};
ReachMatrix reach_matrix(const AnalysisInput& in);

// `reachability[]` of `preflight --json`: one object per ordered pair of distinct ranks, {from,
// to, state, probes, carried, echo_only, black_holes, best_rtt_us}.
nlohmann::json reach_json(const ReachMatrix& m);

}  // namespace dd::cluster
