#include "cluster/analysis/peer_plan.hpp"

#include <algorithm>
#include <random>

namespace dd::cluster {

std::size_t PeerPlan::ordered_pairs() const {
  std::size_t n = 0;
  for (const auto& [from, to] : peers) n += to.size();
  return n;
}

bool PeerPlan::probes(int from, int to) const {
  auto it = peers.find(from);
  return it != peers.end() && std::find(it->second.begin(), it->second.end(), to) != it->second.end();
}

int btree_parent(int i, int n) {
  if (i <= 0 || i >= n) return -1;
  int bit = 1;
  while (!(i & bit)) bit <<= 1;  // lowest set bit: the node's level
  int up = (i ^ bit) | (bit << 1);
  if (up >= n) up = i ^ bit;
  return up;
}

int dtree_parent(int i, int n) {
  if (n % 2 == 1) {  // shifted by one: position p of tree 2 is position p-1 of tree 1
    int p = btree_parent((i - 1 + n) % n, n);
    return p < 0 ? -1 : (p + 1) % n;
  }
  int p = btree_parent(n - 1 - i, n);  // mirrored
  return p < 0 ? -1 : n - 1 - p;
}

PeerPlan make_peer_plan(std::vector<int> ranks, const PlanOptions& o) {
  std::sort(ranks.begin(), ranks.end());
  ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
  const int n = static_cast<int>(ranks.size());
  PeerPlan plan;
  plan.nodes = ranks.size();
  plan.sparse = !o.full_mesh && ranks.size() > o.full_mesh_max;
  plan.seed = o.seed;
  plan.random_peers = plan.sparse ? o.random_peers : 0;
  // Undirected edges over positions; every edge is probed both ways.
  std::vector<std::set<int>> adj(static_cast<std::size_t>(n));
  auto edge = [&](int a, int b) {
    if (a < 0 || b < 0 || a == b) return;
    adj[static_cast<std::size_t>(a)].insert(b);
    adj[static_cast<std::size_t>(b)].insert(a);
  };
  if (!plan.sparse) {
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b) edge(a, b);
  } else {
    for (int i = 1; i < n; ++i) edge(0, i);  // star around rank 0
    for (int i = 0; i < n; ++i) {
      edge(i, (i + 1) % n);         // ring
      edge(i, btree_parent(i, n));  // double binary tree
      edge(i, dtree_parent(i, n));
    }
    std::mt19937_64 rng(o.seed);
    for (int i = 0; i < n; ++i) {
      // k distinct peers drawn among the others; raw modulo keeps the plan identical across
      // standard libraries (uniform_int_distribution's algorithm is not specified).
      int want = std::min(o.random_peers, n - 1), got = 0;
      std::set<int> drawn;
      for (int tries = 0; got < want && tries < want * 20; ++tries) {
        int j = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
        if (j == i || !drawn.insert(j).second) continue;
        edge(i, j);
        ++got;
      }
    }
  }
  for (int i = 0; i < n; ++i) {
    std::vector<int> pos(adj[static_cast<std::size_t>(i)].begin(), adj[static_cast<std::size_t>(i)].end());
    std::sort(pos.begin(), pos.end(), [&](int a, int b) { return (a - i + n) % n < (b - i + n) % n; });
    auto& out = plan.peers[ranks[static_cast<std::size_t>(i)]];
    for (std::size_t k = 0; k < pos.size(); ++k) {
      int to = ranks[static_cast<std::size_t>(pos[k])];
      out.push_back(to);
      if (static_cast<int>(k) < o.bulk_peers) plan.bulk.insert({ranks[static_cast<std::size_t>(i)], to});
    }
  }
  return plan;
}

}  // namespace dd::cluster
