// Causes explain symptoms. Findings are ordered by the causal order below (errors first, then
// warnings; within a severity the most fundamental cause first), and a finding that an earlier
// cause predicts is folded into that cause as evidence instead of standing as a finding of its
// own. The order, most fundamental first:
//   0 configuration      tf-config, config-typo, version-mismatch, collective-mismatch, ib-, settings
//   1 name resolution    hostname-resolution
//   2 interface choice   loopback-, virtual-interface, interface-mismatch, no-matching-interface,
//                        ipv6-link-local, no address family common to all nodes (preflight.family.mismatch)
//   3 firewall / ports   firewall-or-port-blocked, no-route, nodes missing or lost (other)
//   4 MTU                mtu-mismatch
//   5 slow / lossy links preflight.reach.slow, preflight.reach.lossy
//   6 performance        every other performance finding
// Predictions (cause -> symptom folded into it):
//   tf-config                 -> a blocked TF_CONFIG task port (it names a host:port no peer can use)
//   hostname-resolution,
//   env.master-port.*         -> a blocked MASTER_PORT (the probe went where MASTER_ADDR pointed)
//   ipv6-link-local,
//   family mismatch           -> no-route, blocked ports, interface mismatches / no interface, MASTER_ADDR
//                                findings on the same hosts (nothing routable to reach)
//   mtu-mismatch              -> slow and lossy links (a black hole also looks like loss), and
//                                "NCCL/Gloo will use an interface the others cannot reach" on the
//                                host behind the black hole
//   no-route / only job ports
//   open on a node            -> "NCCL/Gloo will use an interface the others cannot reach" on that
//                                node, and MASTER_ADDR resolving right but not reached (the same
//                                firewall or routing, not the interface choice, is the cause)
//   any preflight.* finding   -> a node's own finding with the same label on its hosts (one
//                                finding per problem; the node's words become evidence)
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "cluster/analysis_context.hpp"
#include "core/strings.hpp"

namespace dd::cluster::detail {

namespace {

using core::Label;

bool is_preflight(const core::Finding& f) { return core::starts_with(f.id, "preflight."); }

// The nodes have no routable address in common: what cannot be reached follows from it.
bool addressing_cause(const core::Finding& f) {
  return f.label == Label::ipv6_link_local || f.id == "preflight.family.mismatch";
}

bool hosts_overlap(const core::Finding& a, const core::Finding& b) {
  if (a.hosts.empty() || b.hosts.empty()) return true;
  return std::any_of(a.hosts.begin(), a.hosts.end(),
                     [&](const std::string& h) { return std::find(b.hosts.begin(), b.hosts.end(), h) != b.hosts.end(); });
}

// Every host `inner` names is one of `outer`'s (a finding grouping other hosts has other causes too).
bool hosts_within(const core::Finding& inner, const core::Finding& outer) {
  return std::all_of(inner.hosts.begin(), inner.hosts.end(), [&](const std::string& h) {
    return std::find(outer.hosts.begin(), outer.hosts.end(), h) != outer.hosts.end();
  });
}

// A node none of whose candidate addresses a peer could use (no route, or only the job's own ports
// open): the choice of interface on it cannot be the cause.
bool unreachable_node(const core::Finding& f) {
  return f.id == "preflight.reach.no-route" || f.id == "preflight.reach.ephemeral-ports-blocked";
}

bool blocked_port(const core::Finding& f, std::string_view what) {
  return f.id == "preflight.port.blocked" && core::starts_with(f.title, what);
}

}  // namespace

int causal_rank(const core::Finding& f) {
  if (f.id == "preflight.family.mismatch") return 2;  // labelled no-route, but an addressing cause
  switch (f.label) {
    case Label::tf_config:
    case Label::config_typo:
    case Label::version_mismatch:
    case Label::collective_mismatch:
    case Label::ib_misconfiguration:
    case Label::windows_no_nccl:
      return 0;
    case Label::hostname_resolution: return 1;
    case Label::loopback_interface:
    case Label::virtual_interface:
    case Label::interface_mismatch:
    case Label::no_matching_interface:
    case Label::ipv6_link_local:
      return 2;
    case Label::firewall_or_port_blocked:
    case Label::no_route:
    case Label::other:
      return 3;
    case Label::mtu_mismatch: return 4;
    case Label::performance:
      return f.id == "preflight.reach.slow" || f.id == "preflight.reach.lossy" ? 5 : 6;
    default: return 3;
  }
}

bool predicts(const core::Finding& cause, const core::Finding& symptom) {
  if (&cause == &symptom) return false;
  if (is_preflight(cause) && !is_preflight(symptom) && cause.label == symptom.label) return hosts_overlap(cause, symptom);
  if (addressing_cause(cause)) {
    bool reach = symptom.label == Label::no_route || symptom.label == Label::firewall_or_port_blocked ||
                 symptom.label == Label::interface_mismatch || symptom.label == Label::no_matching_interface ||
                 symptom.label == Label::hostname_resolution;
    return reach && hosts_overlap(cause, symptom);
  }
  bool choice = symptom.label == Label::interface_mismatch &&
                (symptom.id == "preflight.nccl.unreachable-interface" || symptom.id == "preflight.gloo.unreachable-interface");
  // an MTU black hole disqualifies the addresses behind it: the choice of them is not the cause
  if (cause.id == "preflight.mtu.black-hole" && choice) return hosts_within(symptom, cause);
  if (unreachable_node(cause)) {
    if (choice) return hosts_within(symptom, cause);
    if (symptom.id == "preflight.master-addr.wrong" && symptom.label == Label::no_route) return true;
  }
  if (causal_rank(cause) >= causal_rank(symptom)) return false;
  if (cause.label == Label::tf_config) return blocked_port(symptom, "TF_CONFIG");
  if (cause.label == Label::hostname_resolution || core::starts_with(cause.id, "env.master-port."))
    return blocked_port(symptom, "MASTER_PORT");
  if (cause.label == Label::mtu_mismatch) return symptom.id == "preflight.reach.slow" || symptom.id == "preflight.reach.lossy";
  return false;
}

void import_node_findings(Ctx& c) {
  std::map<std::string, core::Finding> by_id;  // one finding per problem, every host that has it
  for (int r : c.live) {
    for (const auto& nf : c.node.at(r)->node_findings) {
      auto [it, fresh] = by_id.try_emplace(nf.id, nf);
      core::Finding& f = it->second;
      if (fresh) {
        f.hosts.clear();
        f.ranks.clear();
        f.evidence.clear();
      }
      f.hosts.push_back(c.host(r));
      f.ranks.push_back(r);
      for (const auto& e : nf.evidence)
        if (f.evidence.size() < 8) f.evidence.push_back(fmt::format("{}: {}", c.host(r), e));
    }
  }
  for (auto& [id, f] : by_id) c.findings.push_back(std::move(f));
}

// A grouped interface-choice finding whose hosts are each behind some MTU black hole or unreachable
// node: the first of those causes (the pairwise rule needs one cause covering every host).
int covering_cause(const std::vector<core::Finding>& findings, std::size_t i) {
  const core::Finding& s = findings[i];
  bool choice = s.label == Label::interface_mismatch &&
                (s.id == "preflight.nccl.unreachable-interface" || s.id == "preflight.gloo.unreachable-interface");
  if (!choice || s.hosts.empty()) return -1;
  int first = -1;
  for (const auto& h : s.hosts) {
    bool covered = false;
    for (std::size_t j = 0; j < findings.size() && !covered; ++j) {
      const core::Finding& c = findings[j];
      if (c.id != "preflight.mtu.black-hole" && !unreachable_node(c)) continue;
      if (std::find(c.hosts.begin(), c.hosts.end(), h) == c.hosts.end()) continue;
      covered = true;
      if (first < 0) first = static_cast<int>(j);
    }
    if (!covered) return -1;
  }
  return first;
}

// The first finding (in order) that predicts findings[i], followed up the chain to a root cause;
// -1 when nothing predicts it.
int root_cause(const std::vector<core::Finding>& findings, std::size_t i) {
  auto cause_of = [&](std::size_t k) -> int {
    for (std::size_t j = 0; j < findings.size(); ++j)
      if (j != k && predicts(findings[j], findings[k])) return static_cast<int>(j);
    return -1;
  };
  int cause = cause_of(i);
  if (cause < 0) cause = covering_cause(findings, i);
  for (int depth = 0; cause >= 0 && depth < 8; ++depth) {
    int up = cause_of(static_cast<std::size_t>(cause));
    if (up < 0 || up == static_cast<int>(i)) break;
    cause = up;
  }
  return cause;
}

void order_by_cause(std::vector<core::Finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const core::Finding& a, const core::Finding& b) {
    return std::tuple(static_cast<int>(a.severity), causal_rank(a), is_preflight(a) ? 0 : 1) <
           std::tuple(static_cast<int>(b.severity), causal_rank(b), is_preflight(b) ? 0 : 1);
  });
  std::vector<int> into(findings.size(), -1);
  for (std::size_t i = 0; i < findings.size(); ++i) into[i] = root_cause(findings, i);
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (into[i] < 0) continue;
    const core::Finding& f = findings[i];
    core::Finding& cause = findings[static_cast<std::size_t>(into[i])];
    cause.evidence.push_back(fmt::format("explains: {} [{}]", f.title, core::to_string(f.label)));
    for (std::size_t e = 0; e < f.evidence.size() && e < 3; ++e) cause.evidence.push_back("  " + f.evidence[e]);
    for (const auto& h : f.hosts)
      if (std::find(cause.hosts.begin(), cause.hosts.end(), h) == cause.hosts.end()) cause.hosts.push_back(h);
  }
  std::vector<core::Finding> kept;
  for (std::size_t i = 0; i < findings.size(); ++i)
    if (into[i] < 0) kept.push_back(std::move(findings[i]));
  findings = std::move(kept);
}

}  // namespace dd::cluster::detail
