#include "watch/merge_order.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace dd::watch {

// Names here are unique in src/watch: a unity build merges the anonymous namespaces of a batch.
namespace {

struct SendingRank {
  const NodeReport* node = nullptr;
  const RankActivity* rank = nullptr;
};

std::string sender_name(const SendingRank& p) { return fmt::format("rank {} ({})", p.rank->rank, p.node->host); }

// The connection `from` sent on last to the rank `to`, found by `to`'s local ends.
std::optional<PeerSend> last_send_to(const SendingRank& from, const SendingRank& to) {
  std::optional<PeerSend> out;
  for (const auto& s : from.rank->sends) {
    bool theirs = std::find(to.rank->endpoints.begin(), to.rank->endpoints.end(), s.peer) != to.rank->endpoints.end();
    if (theirs && (!out || s.ago_ms < out->ago_ms)) out = s;
  }
  return out;
}

enum class PairHow { unknown, together, apart };

struct PairSends {
  PairHow how = PairHow::unknown;
  std::string line;
};

PairSends compare_sends(const SendingRank& a, const SendingRank& b) {
  auto ab = last_send_to(a, b), ba = last_send_to(b, a);
  if (!ab || !ba) return {};
  if (ab->local == ba->peer && ab->peer == ba->local)
    return {PairHow::together, fmt::format("{} and {} last sent to each other on one connection ({} <-> {})",
                                           sender_name(a), sender_name(b), ab->local, ab->peer)};
  return {
      PairHow::apart,
      fmt::format("{} last sent to {} on {} -> {} ({} ms before its inspection), {} to {} on {} -> {} ({} ms before "
                  "its): two connections",
                  sender_name(a), sender_name(b), ab->local, ab->peer, ab->ago_ms, sender_name(b), sender_name(a),
                  ba->local, ba->peer, ba->ago_ms)};
}

}  // namespace

std::optional<OddRank> odd_rank_out(const std::vector<NodeReport>& nodes) {
  std::vector<SendingRank> ranks;
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) ranks.push_back({&n, &r});
  }
  if (ranks.size() < 3) return std::nullopt;
  std::map<std::pair<std::size_t, std::size_t>, PairSends> pairs;
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    for (std::size_t j = i + 1; j < ranks.size(); ++j) {
      pairs[{i, j}] = compare_sends(ranks[i], ranks[j]);
      if (pairs[{i, j}].how == PairHow::unknown) return std::nullopt;
    }
  }
  std::optional<std::size_t> odd;
  for (std::size_t x = 0; x < ranks.size(); ++x) {
    bool alone = true;
    for (const auto& [ij, c] : pairs) {
      bool mine = ij.first == x || ij.second == x;
      alone = alone && (c.how == (mine ? PairHow::apart : PairHow::together));
    }
    if (alone) odd = x;
  }
  if (!odd) return std::nullopt;
  OddRank out{ranks[*odd].rank->rank, ranks[*odd].rank->pid, ranks[*odd].node->host, {}};
  for (const auto& [ij, c] : pairs) out.evidence.push_back(c.line);
  return out;
}

}  // namespace dd::watch
