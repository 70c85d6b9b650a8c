// `distdoctor bench --p2p`: the pairwise bandwidth matrix that names a slow link or node.
//
// Schedule: the circle method pairs every rank with every other exactly once in world-1 rounds
// (world rounds when the world is odd, one rank resting each round), so each rank moves data
// with one peer at a time and every link is measured alone (bounded concurrency: world/2 pairs
// at once, none sharing a node). In each round a pair first swaps 4 bytes (both sides have
// arrived: nobody's clock runs while its partner is still busy elsewhere), then exchanges
// `bytes` in both directions once untimed and `iters` times timed; the pair's time is the best
// exchange (a busy CPU only ever slows an exchange down, so the best is the link's own figure).
//
// Verdict: a pair's figure is the lower of its two ranks' measurements. Sorted, the figures form
// one population, or two split by a step of k_p2p_slow_factor or more between neighbours: the pairs
// below the widest such step are slow (a slower link class, a fallback to a slower interface, a
// rate limit), while spreads that come and go with CPU load stay below it. A rank whose every
// pair is slow (world >= 3) is a slow node; the slow pairs that no slow node explains are slow
// links.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/mesh.hpp"
#include "core/finding.hpp"
#include "transport/net_error.hpp"

namespace dd::bench {

// Round k's pairs (a < b), for k in 0..rounds-1.
std::vector<std::vector<std::pair<int, int>>> p2p_rounds(int world);

// This rank's measurement against one peer.
struct PairSample {
  int peer = -1;
  std::size_t bytes = 0;  // each way, per exchange
  double time_us = 0;     // the best timed exchange
};

cluster::NetResult<std::vector<PairSample>> run_p2p(Mesh& mesh, std::size_t bytes, int iters);

nlohmann::json to_json(const PairSample& s);
std::optional<PairSample> pair_sample_from_json(const nlohmann::json& j);

struct P2PMatrix {
  int world = 0;
  std::size_t bytes = 0;
  std::vector<double> gbps;  // world x world, symmetric; -1 where unmeasured (and the diagonal)
  double at(int a, int b) const { return gbps[static_cast<std::size_t>(a * world + b)]; }
};

// `per_rank[r]` is rank r's samples.
P2PMatrix combine_p2p(const std::vector<std::vector<PairSample>>& per_rank, int world);

inline constexpr double k_p2p_slow_factor = 4;

struct P2PVerdict {
  double reference_gbps = 0;   // the median of the fast pairs (of all pairs when none is slow)
  double slow_below_gbps = 0;  // 0 when none is slow
  std::vector<int> slow_nodes;
  std::vector<std::pair<int, int>> slow_links;  // a < b, not explained by a slow node
};

P2PVerdict judge_p2p(const P2PMatrix& m);

// Warnings (label performance) naming each slow node and link; `hosts[r]` is rank r's host.
std::vector<core::Finding> p2p_findings(const P2PMatrix& m, const P2PVerdict& v, const std::vector<std::string>& hosts);

// The matrix in GB/s (rows and columns by rank; "-" unmeasured) and the reference line.
std::string render_p2p(const P2PMatrix& m, const P2PVerdict& v, const std::vector<std::string>& hosts);

nlohmann::json p2p_json(const P2PMatrix& m, const P2PVerdict& v, const std::vector<std::string>& hosts);

}  // namespace dd::bench
