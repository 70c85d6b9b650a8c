// The recommendation: per node the preferred interface with a good address, expressed as one
// NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME value for every node when one value works, per-host
// values otherwise; each candidate value is checked by re-running the NCCL 2.28.9 model (and the
// Gloo model) on every node's own getifaddrs entries against the probe matrix.
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "cluster/analysis/analysis_context.hpp"
#include "core/strings.hpp"
#include "nccl/gloo_predict.hpp"
#include "nccl/predict.hpp"

namespace dd::cluster::detail {

namespace {

// Good links of `rank`, best first (the shared ranking policy).
std::vector<std::string> ranked_links(const Ctx& c, int rank) {
  auto good = c.good.find(rank);
  if (good == c.good.end()) return {};
  return cluster::ranked_links(*c.node.at(rank), good->second);
}

// NCCL's choice on `rank` with NCCL_SOCKET_IFNAME=value; nullopt unless the bootstrap and every
// NET/Socket device are good addresses.
std::optional<nccl::Prediction> nccl_with(const Ctx& c, int rank, const std::string& value) {
  const NodeFacts& f = *c.node.at(rank);
  nccl::NcclConfig cfg;
  for (const auto& [k, v] : f.nccl_config) cfg.set_env(k, v);
  cfg.set_env("NCCL_SOCKET_IFNAME", value);
  auto version = nccl::Version::parse(f.model_version).value_or(nccl::k_default_version);
  auto p = nccl::predict_with_comm_id(f.entries, cfg, version, nccl::CommId{});
  const auto& good = c.good.at(rank);
  if (!p.bootstrap || !good.count(p.bootstrap->addr)) return std::nullopt;
  for (const auto& s : p.socket)
    if (!good.count(s.addr)) return std::nullopt;
  return p;
}

// Gloo's devices on `rank` with GLOO_SOCKET_IFNAME=value (one per listed name); nullopt unless
// every one binds a good address (torch connects every pair over each). Their addresses, joined.
std::optional<std::string> gloo_with(const Ctx& c, int rank, const std::string& value) {
  const NodeFacts& f = *c.node.at(rank);
  auto g = nccl::predict_gloo_ifname(f.entries, value);
  if (!g.device) return std::nullopt;
  std::vector<std::string> addrs;
  for (const auto& d : g.devices) {
    if (!c.good.at(rank).count(d.addr)) return std::nullopt;
    addrs.push_back(d.addr);
  }
  return core::join(addrs, ", ");
}

// Every device Gloo opens on the node now (its facts' list; the one device in an older node's facts).
std::vector<nccl::Endpoint> gloo_devices_of(const NodeFacts& f) {
  if (!f.gloo_devices.empty()) return f.gloo_devices;
  if (f.gloo) return {*f.gloo};
  return {};
}

// The same GLOO_SOCKET_IFNAME list of several names on every usable node, cut to the names whose
// device binds a good address on every one of them, in the user's order ("" when none is left,
// the value differs between nodes, or nothing would be cut).
std::string gloo_kept_entries(const Ctx& c, const std::vector<int>& usable) {
  std::optional<std::string> value;
  for (int r : usable) {
    const auto& env = c.node.at(r)->env;
    auto it = env.find("GLOO_SOCKET_IFNAME");
    if (it == env.end() || (value && *value != it->second)) return {};
    value = it->second;
  }
  if (!value || value->find(',') == std::string::npos) return {};
  std::vector<std::string> kept;
  auto names = core::split(*value, ',');
  for (const auto& name : names)
    if (!name.empty() &&
        std::all_of(usable.begin(), usable.end(), [&](int r) { return gloo_with(c, r, name).has_value(); }))
      kept.push_back(name);
  if (kept.empty() || kept.size() == names.size()) return {};
  return core::join(kept, ",");
}

// The live nodes with a good link, and each node's good links best first.
struct Usable {
  std::map<int, std::vector<std::string>> ranked;
  std::vector<int> ranks;
};

// NCCL: nothing to change when the current choice already works everywhere; else one
// NCCL_SOCKET_IFNAME value that works on every node (a name good on all, or the list of each
// node's best), else one value per host.
void recommend_nccl(const Ctx& c, Usable& u, Recommendation& rec) {
  const auto& usable = u.ranks;
  auto& ranked = u.ranked;
  bool nccl_ok = std::all_of(usable.begin(), usable.end(), [&](int r) {
    const NodeFacts& f = *c.node.at(r);
    if (!f.nccl_bootstrap || !c.good.at(r).count(f.nccl_bootstrap->addr)) return false;
    return std::all_of(f.nccl_socket.begin(), f.nccl_socket.end(),
                       [&](const nccl::Endpoint& e) { return c.good.at(r).count(e.addr) != 0; });
  });
  if (nccl_ok) {
    rec.checks.push_back("NCCL's current choice already uses an address every peer reached, on every node");
    return;
  }
  std::vector<std::string> values;
  for (const auto& link : ranked[usable.front()]) {  // names good on every node, rank order of the first
    bool common = std::all_of(usable.begin(), usable.end(), [&](int r) {
      return std::find(ranked[r].begin(), ranked[r].end(), link) != ranked[r].end();
    });
    if (common) values.push_back("=" + link);
  }
  std::vector<std::string> bests;
  for (int r : usable)
    if (std::find(bests.begin(), bests.end(), ranked[r].front()) == bests.end()) bests.push_back(ranked[r].front());
  std::sort(bests.begin(), bests.end());
  values.push_back("=" + core::join(bests, ","));
  std::optional<std::string> chosen;
  for (const auto& v : values) {
    if (std::all_of(usable.begin(), usable.end(), [&](int r) { return nccl_with(c, r, v).has_value(); })) {
      chosen = v;
      break;
    }
  }
  if (chosen) {
    rec.env["NCCL_SOCKET_IFNAME"] = *chosen;
    std::vector<std::string> picks;
    for (int r : usable) {
      auto p = nccl_with(c, r, *chosen);
      picks.push_back(fmt::format("{} {} {}", c.host(r), p->bootstrap->iface, p->bootstrap->addr));
    }
    rec.checks.push_back(
        fmt::format("NCCL_SOCKET_IFNAME={}: the NCCL model picks {}", *chosen, core::join(picks, ", ")));
    return;
  }
  for (int r : usable) {
    for (const auto& link : ranked[r]) {
      if (auto p = nccl_with(c, r, "=" + link)) {
        rec.per_host[c.host(r)]["NCCL_SOCKET_IFNAME"] = "=" + link;
        rec.checks.push_back(fmt::format("on {} NCCL_SOCKET_IFNAME==={}: the NCCL model picks {} {}", c.host(r), link,
                                         p->bootstrap->iface, p->bootstrap->addr));
        break;
      }
    }
  }
}

// Gloo: one exact name per node.
void recommend_gloo(const Ctx& c, Usable& u, Recommendation& rec) {
  const auto& usable = u.ranks;
  auto& ranked = u.ranked;
  bool several = false;
  bool gloo_ok = std::all_of(usable.begin(), usable.end(), [&](int r) {
    const NodeFacts& f = *c.node.at(r);
    auto devices = gloo_devices_of(f);
    several = several || devices.size() > 1;
    return f.gloo && !f.gloo_loopback && std::all_of(devices.begin(), devices.end(), [&](const nccl::Endpoint& d) {
             return c.good.at(r).count(d.addr) != 0;
           });
  });
  if (gloo_ok) {
    rec.checks.push_back(several ? "Gloo's current devices (one per GLOO_SOCKET_IFNAME entry) already use "
                                   "addresses every peer reached, on every node"
                                 : "Gloo's current device already uses an address every peer reached, on every node");
    return;
  }
  if (auto kept = gloo_kept_entries(c, usable); !kept.empty()) {
    rec.env["GLOO_SOCKET_IFNAME"] = kept;
    rec.checks.push_back(fmt::format(
        "GLOO_SOCKET_IFNAME={}: the listed interfaces whose Gloo device binds a reached address on every node", kept));
    return;
  }
  std::optional<std::string> common;
  for (const auto& link : ranked[usable.front()]) {
    if (std::all_of(usable.begin(), usable.end(), [&](int r) { return gloo_with(c, r, link).has_value(); })) {
      common = link;
      break;
    }
  }
  if (common) {
    rec.env["GLOO_SOCKET_IFNAME"] = *common;
    rec.checks.push_back(
        fmt::format("GLOO_SOCKET_IFNAME={}: the Gloo model binds a reached address on every node", *common));
    return;
  }
  for (int r : usable) {
    for (const auto& link : ranked[r]) {
      if (auto a = gloo_with(c, r, link)) {
        rec.per_host[c.host(r)]["GLOO_SOCKET_IFNAME"] = link;
        rec.checks.push_back(fmt::format("on {} GLOO_SOCKET_IFNAME={}: Gloo binds {}", c.host(r), link, *a));
        break;
      }
    }
  }
}

// MASTER_ADDR: must name one of rank 0's reached addresses on every node.
void recommend_master_addr(const Ctx& c, Usable& u, Recommendation& rec) {
  if (!c.node.count(0) || !c.good.count(0)) return;
  auto& ranked = u.ranked;
  const NodeFacts& zero = *c.node.at(0);
  bool master_set = zero.env.count("MASTER_ADDR") != 0;
  bool master_ok = true;
  for (int r : c.live) {
    const NodeFacts& f = *c.node.at(r);
    if (!f.env.count("MASTER_ADDR")) continue;
    master_set = true;
    bool hit = std::any_of(f.master_addr_resolves.begin(), f.master_addr_resolves.end(),
                           [&](const std::string& a) { return c.good.at(0).count(a) != 0; });
    bool first_hit = !f.master_addr_resolves.empty() && c.good.at(0).count(f.master_addr_resolves.front());
    master_ok = master_ok && (first_hit || (hit && r != 0));
  }
  if (!master_set || master_ok || ranked[0].empty()) return;
  for (const auto& e : zero.entries) {
    if (e.link == ranked[0].front() && c.good.at(0).count(e.addr)) {
      rec.env["MASTER_ADDR"] = e.addr;
      rec.checks.push_back(
          fmt::format("MASTER_ADDR={}: rank 0's address on {}, reached by every peer", e.addr, e.link));
      break;
    }
  }
}

// MASTER_PORT blocked while the same address answers on other ports: the rendezvous port was
// reached by every node that joined and is free again once preflight ends. A probe whose address
// (the one MASTER_ADDR resolved to on the probing node) answered no candidate probe from there
// says nothing about the port: the MASTER_ADDR finding is its cause.
void recommend_master_port(const Ctx& c, Recommendation& rec) {
  bool master_port_blocked = false;
  for (const auto& p : c.in.probes) {
    if (p.target.what != "MASTER_PORT" || p.ok) continue;
    const std::string& addr = p.resolved.empty() ? p.target.addr : p.resolved;
    for (const auto* q : c.candidate_probes(p.from, p.target.to))
      master_port_blocked = master_port_blocked || (q->ok && q->target.addr == addr);
  }
  if (!master_port_blocked || c.in.rendezvous_port <= 0) return;
  rec.env["MASTER_PORT"] = std::to_string(c.in.rendezvous_port);
  rec.checks.push_back(
      fmt::format("MASTER_PORT={}: the rendezvous port, reached by every node that joined (free "
                  "again when preflight ends)",
                  c.in.rendezvous_port));
}

}  // namespace

Recommendation recommend(const Ctx& c) {
  Recommendation rec;
  Usable u;
  for (int r : c.live) {
    u.ranked[r] = ranked_links(c, r);
    if (u.ranked[r].empty()) continue;
    u.ranks.push_back(r);
    rec.chosen[c.host(r)] = u.ranked[r].front();
  }
  rec.complete = u.ranks.size() == c.live.size() && !c.live.empty();
  // No probe ran (one node, or no peer joined): no address was reached by anyone, so nothing is
  // recommended and no "reached by every peer" is said (it would hold of no peer at all).
  if (u.ranks.empty() || c.in.probes.empty()) return rec;
  recommend_nccl(c, u, rec);
  recommend_gloo(c, u, rec);
  recommend_master_addr(c, u, rec);
  recommend_master_port(c, rec);
  // Only when probes ran: with none, "every other node reached it" would hold of no node at all.
  if ((!rec.env.empty() || !rec.per_host.empty()) && !c.in.probes.empty())
    rec.checks.push_back(
        "every recommended address was reached by every other node with the echo and the bulk transfer");
  return rec;
}

}  // namespace dd::cluster::detail
