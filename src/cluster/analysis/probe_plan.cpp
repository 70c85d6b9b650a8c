#include "cluster/analysis/probe_plan.hpp"

#include <algorithm>

namespace dd::cluster {

int job_port_owner(const std::vector<env::launchers::JobPort>& ports, std::size_t index) {
  if (ports[index].what == "MASTER_PORT") return 0;
  int tf = 0;
  for (std::size_t i = 0; i < index; ++i)
    if (ports[i].what.rfind("TF_CONFIG", 0) == 0) ++tf;
  return tf;
}

std::vector<ProbeTarget> plan_for(int from, const std::map<int, NodeFacts>& nodes,
                                  const std::vector<env::launchers::JobPort>& job_ports) {
  std::vector<int> ranks;
  for (const auto& [rank, f] : nodes) ranks.push_back(rank);
  PlanOptions o;
  o.full_mesh = true;
  o.bulk_peers = static_cast<int>(ranks.size());
  return plan_for(from, nodes, job_ports, make_peer_plan(ranks, o), 0);
}

// Whether `from` holds `addr` itself: a connect to it never leaves `from` (its own stack answers),
// so a probe of a peer's listener there says nothing about the peer (a node-local address that
// every node carries, clusters-2026-12-06h p4).
namespace {
bool prober_holds(const std::map<int, NodeFacts>& nodes, int from, const std::string& addr) {
  auto n = nodes.find(from);
  return n != nodes.end() && !iface_of(n->second, addr).empty();
}
}  // namespace

std::vector<ProbeTarget> plan_for(int from, const std::map<int, NodeFacts>& nodes,
                                  const std::vector<env::launchers::JobPort>& job_ports, const PeerPlan& pairs,
                                  std::uint32_t light_bulk) {
  std::vector<ProbeTarget> out;
  auto mine = pairs.peers.find(from);
  if (mine == pairs.peers.end()) return out;
  const std::vector<int>& peers = mine->second;  // ring successor first: each node starts elsewhere
  auto bulk_of = [&](int to) { return pairs.bulk.count({from, to}) ? 0u : light_bulk; };
  // Interleave peers so concurrent probes spread over nodes instead of hammering one.
  std::size_t most = 0;
  for (int rank : peers)
    if (auto n = nodes.find(rank); n != nodes.end()) most = std::max(most, n->second.listeners.size());
  for (std::size_t i = 0; i < most; ++i) {
    for (int rank : peers) {
      auto n = nodes.find(rank);
      if (n == nodes.end() || i >= n->second.listeners.size()) continue;
      const Listener& l = n->second.listeners[i];
      if (!l.ok || l.spec.what != "candidate" || prober_holds(nodes, from, l.spec.addr)) continue;
      out.push_back(ProbeTarget{rank, l.spec.addr, l.port, l.spec.iface, "candidate", true, bulk_of(rank)});
    }
  }
  for (std::size_t i = 0; i < job_ports.size(); ++i) {
    int owner = job_port_owner(job_ports, i);
    if (owner == from || !nodes.count(owner) || !pairs.probes(from, owner)) continue;
    bool ours = false;
    for (const auto& l : nodes.at(owner).listeners)
      ours = ours || (l.ok && l.spec.what == job_ports[i].what && l.port == job_ports[i].port);
    out.push_back(
        ProbeTarget{owner, job_ports[i].host, job_ports[i].port, "", job_ports[i].what, ours, bulk_of(owner)});
  }
  return out;
}

std::uint32_t light_bulk_bytes(const std::map<int, NodeFacts>& nodes, std::uint32_t full) {
  std::uint32_t mtu = 1500;
  for (const auto& [rank, f] : nodes)
    for (const auto& l : f.listeners) {  // the links probes cross: candidate addresses only, never lo
      auto i = f.ifaces.find(l.spec.iface);
      if (l.ok && l.spec.what == "candidate" && i != f.ifaces.end())
        mtu = std::max<std::uint32_t>(mtu, static_cast<std::uint32_t>(std::max(i->second.mtu, 0)));
    }
  mtu = std::min<std::uint32_t>(mtu, 65536);
  return std::min(full, std::max<std::uint32_t>(16 * 1024, 4 * mtu));
}

bool noteworthy(const ProbeResult& p) { return !p.ok || !p.bulk_ok || shows_loss(p); }

namespace {
template <typename T>
T percentile(std::vector<T> v, double q) {
  if (v.empty()) return T{};
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}
}  // namespace

nlohmann::json probe_summary(const std::vector<ProbeResult>& probes, std::uint32_t full_bulk) {
  std::size_t ok = 0, bulk = 0, failed = 0, full = 0, light = 0, retried = 0, lossy = 0;
  std::vector<std::int64_t> rtt;
  std::vector<double> mbps;
  for (const auto& p : probes) {
    ok += p.ok;
    bulk += p.ok && p.bulk_ok;
    failed += !p.ok || !p.bulk_ok;
    retried += p.retried;
    lossy += shows_loss(p);
    const bool is_light = p.bulk_bytes != 0 && p.bulk_bytes < full_bulk;
    if (p.ok && p.target.protocol) (is_light ? light : full) += 1;
    if (p.ok && p.rtt_us >= 0) rtt.push_back(p.rtt_us);
    if (p.bulk_ok && p.target.protocol && !is_light && p.bulk_mbps > 0) mbps.push_back(p.bulk_mbps);
  }
  return {{"total", probes.size()},
          {"ok", ok},
          {"bulk_ok", bulk},
          {"failed", failed},
          {"full_transfers", full},
          {"light_transfers", light},
          {"retried", retried},
          {"lossy", lossy},
          {"rtt_us", {{"p50", percentile(rtt, 0.5)}, {"p99", percentile(rtt, 0.99)}, {"max", percentile(rtt, 1.0)}}},
          {"bulk_mbps", {{"min", percentile(mbps, 0.0)}, {"p50", percentile(mbps, 0.5)}}}};
}

std::vector<std::string> plan_covers(const PeerPlan& plan) {
  return {"every node <-> rank 0", "ring neighbours in rank order", "NCCL's double binary tree",
          std::to_string(plan.random_peers) + " random peers per node"};
}

nlohmann::json plan_json(const PeerPlan& plan, std::uint32_t light_bulk, std::uint32_t full_bulk) {
  std::size_t all = plan.nodes * (plan.nodes > 0 ? plan.nodes - 1 : 0);
  nlohmann::json j = {{"kind", plan.sparse ? "sparse" : "full-mesh"},
                      {"nodes", plan.nodes},
                      {"pairs_probed", plan.ordered_pairs()},
                      {"pairs_total", all},
                      {"pairs_not_probed", all - plan.ordered_pairs()},
                      {"bulk_pairs", plan.bulk.size()},
                      {"bulk_bytes", full_bulk},
                      {"light_bulk_bytes", light_bulk}};
  if (plan.sparse) {
    j["seed"] = plan.seed;
    j["random_peers"] = plan.random_peers;
    j["covers"] = plan_covers(plan);
    j["not_seen"] =
        "pairs outside the plan were never probed: a firewall or a broken route between two nodes that "
        "never talk in ring or tree order stays unseen; all-to-all jobs (MoE, expert parallelism) "
        "connect every pair - run with --full-mesh for them; --seed " +
        std::to_string(plan.seed) + " repeats this plan";
  }
  return j;
}

}  // namespace dd::cluster
