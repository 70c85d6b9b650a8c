#include "watch/merge_order.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace dd::watch {

namespace {

struct Placed {
  const NodeReport* node = nullptr;
  const RankActivity* rank = nullptr;
};

std::string who(const Placed& p) { return fmt::format("rank {} ({})", p.rank->rank, p.node->host); }

// The connection `from` sent on last to the rank `to`, found by `to`'s local ends.
std::optional<PeerSend> last_send(const Placed& from, const Placed& to) {
  std::optional<PeerSend> out;
  for (const auto& s : from.rank->sends) {
    bool theirs = std::find(to.rank->endpoints.begin(), to.rank->endpoints.end(), s.peer) != to.rank->endpoints.end();
    if (theirs && (!out || s.ago_ms < out->ago_ms)) out = s;
  }
  return out;
}

enum class Pair { unknown, together, apart };

struct Compared {
  Pair how = Pair::unknown;
  std::string line;
};

Compared compare(const Placed& a, const Placed& b) {
  auto ab = last_send(a, b), ba = last_send(b, a);
  if (!ab || !ba) return {};
  if (ab->local == ba->peer && ab->peer == ba->local)
    return {Pair::together, fmt::format("{} and {} last sent to each other on one connection ({} <-> {})", who(a),
                                        who(b), ab->local, ab->peer)};
  return {
      Pair::apart,
      fmt::format("{} last sent to {} on {} -> {} ({} ms before its inspection), {} to {} on {} -> {} ({} ms before "
                  "its): two connections",
                  who(a), who(b), ab->local, ab->peer, ab->ago_ms, who(b), who(a), ba->local, ba->peer, ba->ago_ms)};
}

}  // namespace

std::optional<OddRank> odd_rank_out(const std::vector<NodeReport>& nodes) {
  std::vector<Placed> ranks;
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) ranks.push_back({&n, &r});
  }
  if (ranks.size() < 3) return std::nullopt;
  std::map<std::pair<std::size_t, std::size_t>, Compared> pairs;
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    for (std::size_t j = i + 1; j < ranks.size(); ++j) {
      pairs[{i, j}] = compare(ranks[i], ranks[j]);
      if (pairs[{i, j}].how == Pair::unknown) return std::nullopt;
    }
  }
  std::optional<std::size_t> odd;
  for (std::size_t x = 0; x < ranks.size(); ++x) {
    bool alone = true;
    for (const auto& [ij, c] : pairs) {
      bool mine = ij.first == x || ij.second == x;
      alone = alone && (c.how == (mine ? Pair::apart : Pair::together));
    }
    if (alone) odd = x;
  }
  if (!odd) return std::nullopt;
  OddRank out{ranks[*odd].rank->rank, ranks[*odd].rank->pid, ranks[*odd].node->host, {}};
  for (const auto& [ij, c] : pairs) out.evidence.push_back(c.line);
  return out;
}

}  // namespace dd::watch
