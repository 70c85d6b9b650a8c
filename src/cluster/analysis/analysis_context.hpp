// Internal to the analysis: indexed views of the input shared by its steps.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cluster/analysis/analysis.hpp"

namespace dd::cluster::detail {

// Bulk bytes the peer must acknowledge before an unfinished transfer counts as a working, slow
// path rather than a black hole: 45 full-size segments crossed (the prober's threshold).
inline constexpr std::uint64_t k_black_hole_acked = k_bulk_progress_acked;

// The probe's path carries the job's traffic: the echo passed and the bulk transfer finished or
// moved at least k_black_hole_acked (a lossy, distant link that needs longer than the probe's
// bulk budget still carries traffic; it is reported as slow, not as unreachable).
inline bool carries_data(const ProbeResult& p) {
  return p.ok && (p.bulk_ok || p.bytes_acked >= bulk_progress_acked(p));
}

struct Ctx {
  const AnalysisInput& in;
  std::map<int, const NodeFacts*> node;            // rank -> facts
  std::map<int, std::set<std::string>> good;       // rank -> good addresses (echo + bulk)
  std::map<int, std::set<std::string>> echo_good;  // rank -> addresses every peer echoed with
  std::vector<int> live;                           // ranks present and not lost
  std::set<int> behind_hole;                       // ranks behind an MTU black hole (black_hole_ranks)
  // Ranks whose failed pairs passed the job's fixed ports (the rendezvous, a job port) and no probe
  // port: a port filter, not a missing route (find_reachability fills it; the choice labels read it).
  std::set<int> port_filtered;
  std::vector<core::Finding> findings;
  std::map<std::pair<int, int>, std::vector<const ProbeResult*>> candidates;  // (from, to) -> candidate probes
  std::map<std::pair<int, int>, std::vector<const ProbeResult*>> job;         // (from, to) -> job-port probes

  explicit Ctx(const AnalysisInput& input);
  std::string host(int rank) const;  // "node1" or "rank 1"
  const IfaceFacts* iface(int rank, const std::string& link) const;
  // Candidate probes from `from` to `to` (what == "candidate").
  const std::vector<const ProbeResult*>& candidate_probes(int from, int to) const;
  const std::vector<const ProbeResult*>& job_probes(int from, int to) const;
  // Whether the plan probed (from, to): every pair of a full mesh, the planned ones of a sparse plan.
  bool judged(int from, int to) const;
  // The (from, to) pairs to judge: live ranks, `from` returned results, the plan probed the pair.
  std::vector<std::pair<int, int>> judged_pairs() const;
  // Whether a peer's job-port probe (MASTER_PORT, a TF_CONFIG task port) to `addr` of `rank` passed
  // the echo: the address is reached, whatever its other ports do.
  bool job_port_echoed(int rank, const std::string& addr) const;
};

// Whether `node`'s own interface on the subnet of `addr` is administratively down (the kernel then
// has no route there: its connections fail with "Network is unreachable" whatever the peer does).
bool own_link_down(const NodeFacts& node, const std::string& addr);
// The nodes behind an MTU black hole: one whose probed pairs lose the bulk transfer for the most
// part (more than half, with two peers or more), taken greedily by the largest share and with the
// pairs it explains set aside; equal shares below every pair stop it (nothing tells those nodes
// apart). Their probes judge no one else's addresses: the hole is theirs.
std::set<int> black_hole_ranks(const Ctx& c);
void find_reachability(Ctx& c);  // no route, ephemeral ports blocked, MTU black holes, slow links, job ports
// Pairs no candidate probe tested (to -> from ranks): a warning that says so and why, never "cannot be reached".
void report_untested(Ctx& c, const std::map<int, std::vector<int>>& untested);
void find_choices(Ctx& c, const Recommendation& rec);  // NCCL / Gloo current choices vs good addresses
void find_comparisons(
    Ctx& c, const Recommendation& rec);  // settings, versions, duplicates, MTU, MASTER_ADDR, TF_CONFIG, clocks
void find_address_families(Ctx& c);
void find_job_ports_taken(
    Ctx& c);  // MASTER_PORT / TF_CONFIG ports another process holds  // IPv6 link-local only, no common address family
void import_node_findings(Ctx& c);  // each node's own configuration findings, grouped by id
Recommendation recommend(const Ctx& c);

// The causal order (analysis_causes.cpp): 0 configuration ... 6 performance.
int causal_rank(const core::Finding& f);
// Whether `symptom` is what `cause` predicts (it becomes evidence under `cause`).
bool predicts(const core::Finding& cause, const core::Finding& symptom);
// Sorts errors first, then by causal rank; folds each predicted symptom into its cause.
void order_by_cause(std::vector<core::Finding>& findings);

// The probe ports of `node` (ephemeral: the kernel picked them from the range its own outgoing
// connections take their source ports from) whose packets of an open connection its own ruleset
// drops: the answers to its own connections (SYN-ACKs, data) are dropped on the way in. Such a
// node's failed probes say nothing about the nodes it probed.
std::vector<int> reply_ports_dropped(const NodeFacts& node);
// The probe ports of `node` (ports of its ephemeral range) to which its own ruleset drops the
// packets it sends, new or of an open connection: its connections to the peers' listeners (Gloo,
// NCCL and probe ports are ephemeral) and its answers to the peers' connections (their source
// ports are ephemeral) are dropped on the way out.
std::vector<int> sent_ports_dropped(const NodeFacts& node);

// "0,2,3".
std::string ranks_text(const std::vector<int>& ranks);

// Gloo opens each pair's one connection from the side whose address compares greater (gloo
// transport/tcp/pair.cc, Pair::connect: memcmp of the two listening addresses; the greater one
// connects, the smaller one waits in accept). Of `peers`, those whose Gloo address is greater than
// `rank`'s connect into it; `rank` connects out to the others. nullopt when a Gloo address is
// unknown or the families differ.
struct GlooSides {
  std::vector<int> into, out_of;
};
std::optional<GlooSides> gloo_sides(const Ctx& c, int rank, const std::vector<int>& peers);
// One evidence line from gloo_sides: who connects into `rank` and to whom it connects out ("" when unknown).
std::string gloo_direction(const Ctx& c, int rank, const std::vector<int>& peers);

// Label for traffic that goes over `kind`: loopback-interface, virtual-interface, or `fallback`.
core::Label label_for_kind(std::optional<netif::Kind> kind, core::Label fallback);

}  // namespace dd::cluster::detail
