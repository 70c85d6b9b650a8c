#include "watch/merge_missing.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "core/finding_factory.hpp"
#include "core/strings.hpp"

namespace dd::watch {

namespace {

// The job ranks below WORLD_SIZE that no report holds (in its ranks' states or environments), and
// that WORLD_SIZE (0: no report gave one).
std::pair<std::vector<int>, int> unreported_ranks(const std::vector<NodeReport>& nodes) {
  int world = 0;
  std::set<int> seen;
  for (const auto& n : nodes) {
    for (const auto& e : n.rank_envs) {
      if (auto w = e.env.find("WORLD_SIZE"); w != e.env.end()) world = std::max(world, std::atoi(w->second.c_str()));
      if (e.rank) seen.insert(*e.rank);
    }
    for (const auto& r : n.ranks) seen.insert(r.rank);
  }
  std::vector<int> absent;
  for (int r = 0; r < world; ++r) {
    if (!seen.count(r)) absent.push_back(r);
  }
  return {absent, world};
}

}  // namespace

core::Finding missing_nodes_finding(const std::vector<NodeReport>& nodes, const std::vector<int>& missing) {
  std::vector<std::string> ms, rs;
  for (int m : missing) ms.push_back(std::to_string(m));
  auto [absent, world] = unreported_ranks(nodes);
  for (int r : absent) rs.push_back(std::to_string(r));
  bool one = missing.size() == 1;
  std::string whose;
  if (one && absent.size() == 1) {
    whose = fmt::format(", the node of rank {} (the only rank of WORLD_SIZE={} no report holds)", rs.front(), world);
  } else if (!absent.empty()) {
    whose = fmt::format(" (no report holds rank {} of WORLD_SIZE={})", core::join(rs, ", "), world);
  }
  auto f = core::new_finding("watch.node.missing", core::Label::other, core::Severity::warning,
                             fmt::format("no watch report arrived from node {} {}{}: this verdict sees only the others",
                                         one ? "rank" : "ranks", core::join(ms, ", "), whose));
  if (one && absent.size() == 1) f.ranks = {absent.front()};
  f.fix.text = fmt::format(
      "If `distdoctor watch` runs on {0}, it could not reach this rendezvous: a link down or a route missing on {0} "
      "fits that too, and so does a firewall there that drops the replies, and the report watch printed there says "
      "what it saw (`ip link` and `ip route get` to the rendezvous host, run there, tell; watch reads nftables only: "
      "`iptables-legacy -S` and `iptables-legacy -L -n -v` there list the rules it cannot see). If it does not run "
      "there, run `distdoctor watch` with the same --rendezvous, --world and --token on every node.",
      one ? "that node" : "those nodes");
  return f;
}

}  // namespace dd::watch
