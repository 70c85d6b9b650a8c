// The rank out of order when every rank waits in a collective (the merged verdict's all-waiting
// case, clusters-2026-12-06e w4): Gloo sends on the connections of the process group a collective
// runs in (each group has its own), and a rank that enters a collective sends to its peers there at
// once (its data, or that it is ready to receive). So for two ranks, the connection each sent on
// last to the other (PeerSend, the one with the smallest ago_ms) is the same connection when they
// are in the same collective, and two different connections when they entered collectives of
// different groups (or one is held before its collective while the other sent in a new one).
// A rank is singled out only when it is apart from every other rank that way and every pair of the
// others sent to each other on one connection: its peers are in one collective, it is not. Fewer
// than three ranks, a pair with no data sent either way, or any other pattern singles out none.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "watch/merge.hpp"

namespace dd::watch {

struct OddRank {
  int rank = 0;
  int pid = 0;
  std::string host;
  std::vector<std::string> evidence;  // the connections compared, one line per pair of ranks
};

std::optional<OddRank> odd_rank_out(const std::vector<NodeReport>& nodes);

}  // namespace dd::watch
