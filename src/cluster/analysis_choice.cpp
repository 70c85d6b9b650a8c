// Findings on the current NCCL and Gloo choices: each node's bootstrap / NET/Socket / Gloo
// address must be one every peer reached. Nodes failing the same way are grouped in one finding.
#include <fmt/format.h>

#include <algorithm>

#include "cluster/analysis_context.hpp"
#include "core/strings.hpp"

namespace dd::cluster::detail {

namespace {

bool ifname_differs(const Ctx& c, const std::string& var) {
  std::set<std::string> values;
  for (int r : c.live) {
    const NodeFacts& f = *c.node.at(r);
    auto src = var.rfind("NCCL_", 0) == 0 ? f.nccl_config : f.env;
    auto it = src.find(var);
    values.insert(it == src.end() ? "<unset>" : it->second);
  }
  return values.size() > 1;
}

bool duplicated(const Ctx& c, const std::string& addr) {
  int n = 0;
  for (int r : c.live)
    for (const auto& e : c.node.at(r)->entries)
      if (e.addr == addr) {
        ++n;
        break;
      }
  return n > 1;
}

std::string unreached_by(const Ctx& c, int to, const std::string& addr) {
  for (const auto& p : c.in.probes)
    if (p.target.to == to && p.target.addr == addr && p.target.what == "candidate" && !carries_data(p))
      return fmt::format("rank {} ({}) -> {}: {}", p.from, c.host(p.from), addr, p.error);
  return fmt::format("no peer probed {} (no listener there)", addr);
}

struct Group {
  core::Finding f;
};

void add_to(std::map<std::string, core::Finding>& groups, const std::string& key, core::Finding proto, int rank,
            const std::string& host, const std::vector<std::string>& evidence) {
  auto [it, fresh] = groups.emplace(key, std::move(proto));
  core::Finding& f = it->second;
  f.hosts.push_back(host);
  f.ranks.push_back(rank);
  for (const auto& e : evidence)
    if (f.evidence.size() < 8) f.evidence.push_back(e);
  (void)fresh;
}

void apply_fix(core::Finding& f, const Recommendation& rec, const std::string& var) {
  if (auto it = rec.env.find(var); it != rec.env.end()) f.fix.env[var] = it->second;
  for (const auto& [host, vars] : rec.per_host)
    if (auto it = vars.find(var); it != vars.end()) f.fix.per_host[host][var] = it->second;
  if (f.fix.env.empty() && f.fix.per_host.empty())
    f.fix.text = "no interface reached every peer on some node: fix reachability first (see the other findings)";
  else
    f.fix.text = fmt::format("set {} as shown (checked with the model and the probe matrix)", var);
}

}  // namespace

void find_choices(Ctx& c, const Recommendation& rec) {
  std::map<std::string, core::Finding> groups;
  bool nccl_differs = ifname_differs(c, "NCCL_SOCKET_IFNAME");
  bool gloo_differs = ifname_differs(c, "GLOO_SOCKET_IFNAME");
  for (int r : c.live) {
    const NodeFacts& f = *c.node.at(r);
    const auto& good = c.good[r];
    std::string host = c.host(r);
    if (!f.nccl_bootstrap) {
      core::Finding p;
      p.id = "preflight.nccl.no-interface";
      p.label = core::Label::no_matching_interface;
      p.severity = core::Severity::error;
      p.title = "NCCL finds no usable interface (ncclGetUniqueId fails)";
      apply_fix(p, rec, "NCCL_SOCKET_IFNAME");
      add_to(groups, p.id, p, r, host, {fmt::format("{}: {}", host, f.nccl_error)});
    } else {
      std::vector<nccl::Endpoint> bad;
      if (!good.count(f.nccl_bootstrap->addr)) bad.push_back(*f.nccl_bootstrap);
      for (const auto& s : f.nccl_socket)
        if (!good.count(s.addr) && !(s == *f.nccl_bootstrap)) bad.push_back(s);
      if (!bad.empty()) {
        const IfaceFacts* i = c.iface(r, bad.front().link);
        core::Label fallback = duplicated(c, bad.front().addr) ? core::Label::virtual_interface
                                                               : core::Label::interface_mismatch;
        core::Finding p;
        p.label = label_for_kind(i ? i->kind : "", fallback);
        p.id = "preflight.nccl.unreachable-interface";
        p.severity = core::Severity::error;
        p.title = fmt::format("NCCL will use {} ({}), which the other nodes cannot reach{}", bad.front().iface,
                              i ? i->kind : "unknown kind", nccl_differs ? " (NCCL_SOCKET_IFNAME differs between nodes)" : "");
        apply_fix(p, rec, "NCCL_SOCKET_IFNAME");
        std::vector<std::string> ev;
        auto ifn = f.nccl_config.find("NCCL_SOCKET_IFNAME");
        ev.push_back(fmt::format("{}: NCCL_SOCKET_IFNAME={} -> bootstrap {} {}", host,
                                 ifn == f.nccl_config.end() ? "<unset>" : ifn->second, f.nccl_bootstrap->iface,
                                 f.nccl_bootstrap->addr));
        for (const auto& b : bad) ev.push_back(unreached_by(c, r, b.addr));
        add_to(groups, p.id + "/" + bad.front().iface + "/" + std::string(core::to_string(p.label)), p, r, host, ev);
      }
    }
    // Gloo.
    core::Finding g;
    g.severity = core::Severity::error;
    std::vector<std::string> ev;
    if (!f.gloo) {
      g.id = "preflight.gloo.no-interface";
      g.label = core::Label::no_matching_interface;
      g.title = "Gloo finds no interface";
      ev.push_back(fmt::format("{}: {}", host, f.gloo_error));
    } else if (f.gloo_loopback) {
      bool by_name = f.gloo_source != "GLOO_SOCKET_IFNAME";
      g.id = by_name ? "preflight.gloo.hostname-loopback" : "preflight.gloo.loopback";
      g.label = by_name ? core::Label::hostname_resolution : core::Label::loopback_interface;
      g.title = by_name ? "the hostname resolves to a loopback address (e.g. 127.0.1.1 in /etc/hosts): Gloo binds it "
                          "and peers cannot connect"
                        : "GLOO_SOCKET_IFNAME names the loopback interface";
      ev.push_back(fmt::format("{}: Gloo binds {} {} (from {})", host, f.gloo->iface, f.gloo->addr, f.gloo_source));
    } else if (!good.count(f.gloo->addr)) {
      const IfaceFacts* i = c.iface(r, f.gloo->link);
      g.id = "preflight.gloo.unreachable-interface";
      g.label = label_for_kind(i ? i->kind : "", duplicated(c, f.gloo->addr) ? core::Label::virtual_interface
                                                                             : core::Label::interface_mismatch);
      g.title = fmt::format("Gloo will bind {} {}, which the other nodes cannot reach{}", f.gloo->iface, f.gloo->addr,
                            gloo_differs ? " (GLOO_SOCKET_IFNAME differs between nodes)" : "");
      ev.push_back(fmt::format("{}: Gloo binds {} {} (from {})", host, f.gloo->iface, f.gloo->addr, f.gloo_source));
      ev.push_back(unreached_by(c, r, f.gloo->addr));
    } else {
      continue;
    }
    apply_fix(g, rec, "GLOO_SOCKET_IFNAME");
    if (g.label == core::Label::hostname_resolution)
      g.fix.text += "; or map the hostname to the node's cluster address in /etc/hosts";
    add_to(groups, g.id + "/" + std::string(core::to_string(g.label)), g, r, host, ev);
  }
  for (auto& [key, f] : groups) c.findings.push_back(std::move(f));
}

}  // namespace dd::cluster::detail
