// Which node probes which: the pairs of the probe plan, before addresses and ports are added
// (probe_plan.hpp). Up to a threshold (default 64 nodes) every ordered pair; above it a sparse
// plan of O(N*k) pairs chosen to cover what a collective job actually uses:
//   - every node <-> rank 0 (the rendezvous, MASTER_ADDR, the bootstrap root),
//   - ring neighbours in rank order (NCCL's ring connects rank r to r+1 and wraps around),
//   - the edges of NCCL's double binary tree over the same order (checked against NCCL 2.28.9's
//     ncclGetBtree / ncclGetDtree: the second tree is the first shifted by one rank for an odd
//     count and mirrored for an even one),
//   - k random peers per node from a seeded generator (the seed is reported; the same seed over
//     the same ranks gives the same plan), so unrelated pairs are sampled too.
// Every chosen pair is probed in both directions (a firewall filters one direction at a time).
// What a sparse plan cannot see: a pair that never appears above (two nodes that never talk in
// ring or tree order); all-to-all jobs (MoE, expert parallelism) connect those: --full-mesh.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace dd::cluster {

struct PlanOptions {
  std::size_t full_mesh_max = 64;  // nodes up to which every pair is probed
  bool full_mesh = false;          // --full-mesh: every pair at any size
  int random_peers = 3;            // k: random peers per node in a sparse plan
  std::uint64_t seed = 0;          // random peers' seed (the caller draws one when the user gave none)
  int bulk_peers = 3;              // per node: peers that get the full bulk transfer (speed, loss)
};

struct PeerPlan {
  bool sparse = false;
  std::uint64_t seed = 0;
  int random_peers = 0;
  std::size_t nodes = 0;
  // from -> peers it probes, its ring successor first, then by distance along the ring.
  std::map<int, std::vector<int>> peers;
  // (from, to) pairs whose probes carry the full bulk transfer; the others carry a few full-size
  // segments only (enough for an MTU black hole, not for a throughput figure).
  std::set<std::pair<int, int>> bulk;

  std::size_t ordered_pairs() const;    // probed (from, to) pairs
  bool probes(int from, int to) const;  // whether the plan has (from, to)
};

// The plan over `ranks` (the ranks present, any order; the ring and trees follow ascending rank).
PeerPlan make_peer_plan(std::vector<int> ranks, const PlanOptions& options);

// Parent of position `i` in NCCL's binary tree over `n` positions (-1 for the root, position 0).
int btree_parent(int i, int n);
// Parent of position `i` in the second tree of NCCL's double binary tree (-1 for its root).
int dtree_parent(int i, int n);

}  // namespace dd::cluster
