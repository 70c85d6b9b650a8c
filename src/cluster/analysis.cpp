#include "cluster/analysis.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cluster/analysis_context.hpp"

namespace dd::cluster {

namespace detail {

Ctx::Ctx(const AnalysisInput& input) : in(input) {
  for (const auto& n : in.nodes) node[n.rank] = &n;
  for (const auto& [rank, f] : node)
    if (!in.lost.count(rank)) live.push_back(rank);
  // Peers whose probe results we have: they judge every other node's addresses.
  std::vector<int> judges;
  for (int r : live)
    if (in.probed.count(r)) judges.push_back(r);
  for (int to : live) {
    const NodeFacts& f = *node[to];
    for (const auto& l : f.listeners) {
      if (!l.ok || l.spec.what != "candidate") continue;
      bool all = true, all_echo = true;
      for (int from : judges) {
        if (from == to) continue;
        bool found = false, found_echo = false;
        for (const auto& p : in.probes) {
          if (p.from != from || p.target.to != to || p.target.addr != l.spec.addr || p.target.what != "candidate") continue;
          found = found || carries_data(p);
          found_echo = found_echo || p.ok;
        }
        all = all && found;
        all_echo = all_echo && found_echo;
      }
      if (all) good[to].insert(l.spec.addr);
      if (all_echo) echo_good[to].insert(l.spec.addr);
    }
  }
}

std::string Ctx::host(int rank) const {
  auto it = node.find(rank);
  if (it != node.end() && !it->second->host.empty()) return it->second->host;
  return fmt::format("rank {}", rank);
}

const IfaceFacts* Ctx::iface(int rank, const std::string& link) const {
  auto it = node.find(rank);
  if (it == node.end()) return nullptr;
  auto i = it->second->ifaces.find(link);
  return i == it->second->ifaces.end() ? nullptr : &i->second;
}

std::vector<const ProbeResult*> Ctx::candidate_probes(int from, int to) const {
  std::vector<const ProbeResult*> out;
  for (const auto& p : in.probes)
    if (p.from == from && p.target.to == to && p.target.what == "candidate") out.push_back(&p);
  return out;
}

core::Label label_for_kind(const std::string& kind, core::Label fallback) {
  if (kind == "loopback") return core::Label::loopback_interface;
  if (kind == "docker" || kind == "virtual" || kind == "bridge" || kind == "vpn") return core::Label::virtual_interface;
  return fallback;
}

}  // namespace detail

std::string_view to_string(Verdict v) {
  switch (v) {
    case Verdict::ok: return "OK";
    case Verdict::slow: return "WILL BE SLOW";
    case Verdict::hang: return "WILL HANG";
  }
  return "OK";
}

int kind_preference(const std::string& kind) {
  if (kind == "ib") return 6;
  if (kind == "bond" || kind == "physical") return 5;
  if (kind == "vlan") return 4;
  if (kind == "veth") return 3;
  if (kind == "dummy" || kind == "bridge") return 2;
  if (kind == "vpn" || kind == "virtual") return 1;
  if (kind == "docker") return 0;
  return -1;  // loopback, unknown
}

Analysis analyze(const AnalysisInput& input) {
  detail::Ctx c(input);
  Analysis out;
  // Ranks that never came or died midway.
  for (int r : input.missing) {
    core::Finding f;
    f.id = "preflight.node.missing";
    f.label = core::Label::other;
    f.severity = core::Severity::error;
    f.title = fmt::format("rank {} never joined the rendezvous at {}", r, input.rendezvous);
    f.ranks = {r};
    f.evidence.push_back(fmt::format("{} of {} ranks joined before the deadline", input.nodes.size(), input.world));
    f.fix.text = fmt::format("start distdoctor preflight on rank {} and check that it reaches {} (its own output says "
                             "why when it cannot)",
                             r, input.rendezvous);
    c.findings.push_back(std::move(f));
  }
  for (const auto& [r, why] : input.lost) {
    core::Finding f;
    f.id = "preflight.node.lost";
    f.label = core::Label::other;
    f.severity = core::Severity::error;
    f.title = fmt::format("rank {} ({}) died or disconnected midway", r, c.host(r));
    f.ranks = {r};
    f.hosts = {c.host(r)};
    f.evidence.push_back(why);
    f.fix.text = "check that node (crash, OOM killer, reboot, network drop) and run preflight again";
    c.findings.push_back(std::move(f));
  }
  detail::find_reachability(c);
  out.recommendation = detail::recommend(c);
  detail::find_choices(c, out.recommendation);
  detail::find_comparisons(c);
  out.good_addrs = c.good;
  out.findings = std::move(c.findings);
  core::sort_findings(out.findings);
  bool hang = false, slow = false;
  for (const auto& f : out.findings) {
    if (f.severity == core::Severity::error) hang = true;
    if (f.severity == core::Severity::warning && f.label == core::Label::performance) slow = true;
  }
  out.verdict = hang ? Verdict::hang : slow ? Verdict::slow : Verdict::ok;
  if (hang) {
    out.reason = out.findings.front().title;
  } else if (slow) {
    for (const auto& f : out.findings)
      if (f.label == core::Label::performance) {
        out.reason = f.title;
        break;
      }
  } else {
    out.reason = fmt::format("all {} nodes reach each other on the recommended interfaces", input.nodes.size());
  }
  return out;
}

}  // namespace dd::cluster
