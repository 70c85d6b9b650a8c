#include "cluster/analysis/reach_matrix.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "cluster/analysis/analysis_context.hpp"

namespace dd::cluster {

std::string_view to_string(CellState s) {
  switch (s) {
    case CellState::self:
      return "self";
    case CellState::ok:
      return "ok";
    case CellState::partial:
      return "partial";
    case CellState::slow:
      return "slow";
    case CellState::black_hole:
      return "mtu-black-hole";
    case CellState::blocked:
      return "blocked";
    case CellState::not_probed:
      return "not-probed";
    case CellState::absent:
      return "absent";
  }
  return "absent";
}

char matrix_char(CellState s) {
  switch (s) {
    case CellState::self:
      return '-';
    case CellState::ok:
      return '.';
    case CellState::partial:
      return 'x';
    case CellState::slow:
      return 's';
    case CellState::black_hole:
      return 'M';
    case CellState::blocked:
      return 'X';
    case CellState::not_probed:
      return ' ';
    case CellState::absent:
      return '?';
  }
  return '?';
}

bool black_hole_probe(const ProbeResult& p) { return p.ok && !detail::carries_data(p) && !slow_rtt(p.rtt_us); }

bool slow_rtt(std::int64_t best_rtt_us) { return best_rtt_us > k_slow_rtt_us; }

namespace {

Cell tally(const std::vector<const ProbeResult*>& probes) {
  Cell c;
  for (const auto* p : probes) {
    ++c.probes;
    if (!p->ok) continue;
    if (detail::carries_data(*p))
      ++c.carried;
    else
      ++c.echo_only;
    if (black_hole_probe(*p)) ++c.black_holes;
    if (c.best_rtt_us < 0 || p->rtt_us < c.best_rtt_us) c.best_rtt_us = p->rtt_us;
  }
  return c;
}

CellState decide(const Cell& c) {
  if (c.probes == 0) return CellState::not_probed;
  if (c.carried + c.echo_only == 0) return CellState::blocked;
  if (c.black_holes > 0) return CellState::black_hole;
  if (slow_rtt(c.best_rtt_us)) return CellState::slow;
  if (c.carried < c.probes) return CellState::partial;
  return CellState::ok;
}

}  // namespace

CellState decide_cell(const std::vector<const ProbeResult*>& candidate_probes) {
  return decide(tally(candidate_probes));
}

ReachMatrix reach_matrix(const AnalysisInput& in) {
  ReachMatrix m;
  m.world = std::max(in.world, 0);
  m.sparse = !in.planned.empty();
  std::set<int> absent(in.missing.begin(), in.missing.end());
  for (const auto& [rank, why] : in.lost) absent.insert(rank);
  std::map<std::pair<int, int>, std::vector<const ProbeResult*>> candidates;
  for (const auto& p : in.probes)
    if (p.target.what == "candidate") candidates[{p.from, p.target.to}].push_back(&p);
  static const std::vector<const ProbeResult*> none;
  m.cells.reserve(static_cast<std::size_t>(m.world) * static_cast<std::size_t>(m.world));
  for (int from = 0; from < m.world; ++from)
    for (int to = 0; to < m.world; ++to) {
      auto it = candidates.find({from, to});
      Cell c = from == to ? Cell{} : tally(it == candidates.end() ? none : it->second);
      c.from = from, c.to = to;
      if (from == to)
        c.state = CellState::self;
      else if (absent.count(from) || absent.count(to))
        c.state = CellState::absent;
      else if (m.sparse && !in.planned.count({from, to}))
        c.state = CellState::not_probed;
      else
        c.state = decide(c);
      m.cells.push_back(c);
    }
  return m;
}

nlohmann::json reach_json(const ReachMatrix& m) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : m.cells) {
    if (c.from == c.to) continue;
    out.push_back({{"from", c.from},
                   {"to", c.to},
                   {"state", std::string(to_string(c.state))},
                   {"probes", c.probes},
                   {"carried", c.carried},
                   {"echo_only", c.echo_only},
                   {"black_holes", c.black_holes},
                   {"best_rtt_us", c.best_rtt_us}});
  }
  return out;
}

}  // namespace dd::cluster
