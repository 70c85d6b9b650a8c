#include "watch/merge_outside.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/finding_factory.hpp"
#include "core/strings.hpp"

namespace dd::watch {

std::optional<core::Finding> outside_wait_finding(const std::vector<NodeReport>& nodes) {
  std::set<std::string> held;  // every rank's local ends
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) {
      if (r.endpoints.empty()) return std::nullopt;  // the rank table is not whole
      held.insert(r.endpoints.begin(), r.endpoints.end());
    }
  }
  const NodeReport* node = nullptr;
  const RankActivity* rank = nullptr;
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) {
      bool outside = !r.waits_on.empty() &&
                     std::none_of(r.waits_on.begin(), r.waits_on.end(), [&](auto& a) { return held.count(a) > 0; });
      if (outside && rank) return std::nullopt;  // two such ranks: not this rule's one-rank story
      if (outside) node = &n, rank = &r;
    }
  }
  if (!rank) return std::nullopt;
  std::vector<std::string> waiters;
  for (const auto& n : nodes) {
    for (const auto& g : n.findings) {
      if (g.id != "watch.peer.silent" || g.ranks.empty()) continue;
      if (std::find(g.ranks.begin() + 1, g.ranks.end(), rank->rank) != g.ranks.end())
        waiters.push_back(fmt::format("rank {} ({}) waits on it", g.ranks.front(), n.host));
    }
  }
  auto f = core::new_finding(
      "watch.rank.waits-outside-job", core::Label::other, core::Severity::error,
      fmt::format("rank {} ({}) waits on {}, which no rank of the job holds (every node reported its ranks' "
                  "connections): something outside the job holds it up, not a peer rank and not a collective{}",
                  rank->rank, node->host, core::join(rank->waits_on, ", "),
                  waiters.empty() ? "" : "; " + core::join(waiters, "; ")));
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) f.evidence.push_back(n.host + ": " + r.detail);
    for (const auto& g : n.findings)
      if (g.id == "watch.peer.silent") f.evidence.push_back(n.host + ": " + g.title);
  }
  // Its own fix: the node's ends "seen from this node alone, ... may still be a rank", which every
  // node's report has now ruled out (review of 2026-12-06).
  f.fix.text = fmt::format(
      "Look at what {} is (a configuration, metrics or data service the job asks) and why it does not answer rank "
      "{}: restart or fix it, or stop it (the rank's receive then returns: the connection closes), and give the "
      "job's call a timeout so that a silent service fails the call instead of holding the rank.",
      core::join(rank->waits_on, ", "), rank->rank);
  f.ranks = {rank->rank};
  f.hosts = {node->host};
  return f;
}

}  // namespace dd::watch
