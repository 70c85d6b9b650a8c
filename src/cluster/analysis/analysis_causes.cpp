// Causes explain symptoms. Findings are ordered by the causal order below (errors first, then
// warnings; within a severity the most fundamental cause first), and a finding that an earlier
// cause predicts is folded into that cause as evidence instead of standing as a finding of its
// own. The order, most fundamental first:
//  -1 address conflict   preflight.address.duplicate on NICs (two nodes hold one address),
//                        preflight.address.netmask-mismatch (one node's prefix puts a peer off-link)
//   0 configuration      tf-config, config-typo, version-mismatch, collective-mismatch, ib-, settings
//   1 name resolution    hostname-resolution
//   2 interface choice   loopback-, virtual-interface, interface-mismatch, no-matching-interface,
//                        ipv6-link-local, no address family common to all nodes (preflight.family.mismatch)
//   3 firewall / ports   firewall-or-port-blocked, no-route, nodes missing or lost (other)
//   4 MTU                mtu-mismatch
//   5 slow / lossy links preflight.reach.slow, preflight.reach.lossy
//   6 performance        every other performance finding
// Predictions (cause -> symptom folded into it):
//   address conflict          -> no-route, pairs not tested and "NCCL/Gloo will use an interface the
//                                others cannot reach" on the nodes that hold the address
//   an interface down on a
//   node that its *_SOCKET_IFNAME names -> that node's NCCL/Gloo choice findings (no interface, not reached)
//   tf-config                 -> a blocked TF_CONFIG task port (it names a host:port no peer can use)
//   hostname-resolution,
//   env.master-port.*         -> a blocked MASTER_PORT (the probe went where MASTER_ADDR pointed)
//   ipv6-link-local,
//   family mismatch           -> no-route, pairs not tested (no candidate address), blocked ports,
//                                interface mismatches / no interface, MASTER_ADDR findings on the
//                                same hosts (nothing routable to reach)
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

#include "cluster/analysis/analysis_context.hpp"
#include "core/push_unique.hpp"
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
  return std::any_of(a.hosts.begin(), a.hosts.end(), [&](const std::string& h) {
    return std::find(b.hosts.begin(), b.hosts.end(), h) != b.hosts.end();
  });
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

// "NCCL/Gloo will use an address the others cannot reach": an interface mismatch, or a node none
// of whose addresses every peer reaches, where no interface choice helps (labelled by what stops
// it: no-route, mtu-mismatch, firewall-or-port-blocked).
bool unreached_choice(const core::Finding& f) {
  return (f.label == Label::interface_mismatch || f.label == Label::no_route || f.label == Label::mtu_mismatch ||
          f.label == Label::firewall_or_port_blocked) &&
         (f.id == "preflight.nccl.unreachable-interface" || f.id == "preflight.gloo.unreachable-interface" ||
          f.id == "preflight.gloo.unreachable-listed-interface");
}

// Two nodes hold one address on their NICs (not a copied virtual interface): it comes before
// every other cause, and what their peers could not reach at it follows from it.
bool address_conflict(const core::Finding& f) {
  return f.id == "preflight.address.duplicate" && f.label != Label::virtual_interface;
}

// Whether `symptom` names `cause`'s first host or rank (the node a netmask finding is about) among
// its own: as the host it is about, or as the rank that probed.
bool involves_first(const core::Finding& symptom, const core::Finding& cause) {
  bool host = !cause.hosts.empty() &&
              std::find(symptom.hosts.begin(), symptom.hosts.end(), cause.hosts.front()) != symptom.hosts.end();
  bool rank = !cause.ranks.empty() &&
              std::find(symptom.ranks.begin(), symptom.ranks.end(), cause.ranks.front()) != symptom.ranks.end();
  return host || rank;
}

bool blocked_port(const core::Finding& f, std::string_view what) {
  return f.id == "preflight.port.blocked" && core::starts_with(f.title, what);
}

}  // namespace

int causal_rank(const core::Finding& f) {
  if (address_conflict(f)) return -1;  // every rule that judges that address sees both nodes at once
  if (f.id == "preflight.address.netmask-mismatch") return -1;  // what the node cannot route to follows from it
  if (f.id == "preflight.family.mismatch") return 2;            // labelled no-route, but an addressing cause
  switch (f.label) {
    case Label::tf_config:
    case Label::config_typo:
    case Label::version_mismatch:
    case Label::collective_mismatch:
    case Label::ib_misconfiguration:
    case Label::windows_no_nccl:
      return 0;
    case Label::hostname_resolution:
      return 1;
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
    case Label::mtu_mismatch:
      return 4;
    case Label::performance:
      return f.id == "preflight.reach.slow" || f.id == "preflight.reach.lossy" ? 5 : 6;
    default:
      return 3;
  }
}

bool predicts(const core::Finding& cause, const core::Finding& symptom) {
  if (&cause == &symptom) return false;
  if (cause.id == "preflight.reach.not-tested") return false;  // it knows nothing: it explains nothing
  // a node's interface that is down explains what its own NCCL/Gloo choice cannot do there
  if (cause.id == "preflight.interface.down")
    return hosts_within(symptom, cause) && (unreached_choice(symptom) || symptom.id == "preflight.nccl.no-interface" ||
                                            symptom.id == "preflight.gloo.no-interface");
  if (is_preflight(cause) && !is_preflight(symptom) && cause.label == symptom.label)
    return hosts_overlap(cause, symptom);
  if (addressing_cause(cause)) {
    bool reach = symptom.id == "preflight.reach.not-tested" || symptom.label == Label::no_route ||
                 symptom.label == Label::firewall_or_port_blocked || symptom.label == Label::interface_mismatch ||
                 symptom.label == Label::no_matching_interface || symptom.label == Label::hostname_resolution;
    return reach && hosts_overlap(cause, symptom);
  }
  bool choice = unreached_choice(symptom);
  // a node's netmask that puts peers off-link: what it and they cannot reach of each other follows
  // (a failed connection between the odd node and one of them, either way), not what is slow or
  // lossy between them, nor what fails between two of the peers
  if (cause.id == "preflight.address.netmask-mismatch")
    return (choice || symptom.label == Label::no_route || symptom.label == Label::firewall_or_port_blocked ||
            (core::starts_with(symptom.id, "preflight.reach.") && symptom.label != Label::performance &&
             symptom.label != Label::mtu_mismatch)) &&
           symptom.severity != core::Severity::info && hosts_within(symptom, cause) && involves_first(symptom, cause);
  if (address_conflict(cause))
    return (choice || symptom.label == Label::no_route || symptom.id == "preflight.reach.not-tested") &&
           hosts_within(symptom, cause);
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
  if (cause.label == Label::mtu_mismatch)
    return symptom.id == "preflight.reach.slow" || symptom.id == "preflight.reach.lossy";
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

namespace {

// A grouped interface-choice finding whose hosts are each behind some MTU black hole or unreachable
// node: for each host, the first of those causes that names it (the pairwise rule needs one cause
// covering every host). Empty when some host has no such cause.
std::map<std::size_t, std::vector<std::string>> covering_causes(const std::vector<core::Finding>& findings,
                                                                std::size_t i) {
  const core::Finding& s = findings[i];
  bool choice = unreached_choice(s);
  std::map<std::size_t, std::vector<std::string>> out;
  if (!choice || s.hosts.empty()) return out;
  for (const auto& h : s.hosts) {
    auto j = std::find_if(findings.begin(), findings.end(), [&](const core::Finding& c) {
      return (c.id == "preflight.mtu.black-hole" || unreachable_node(c)) &&
             std::find(c.hosts.begin(), c.hosts.end(), h) != c.hosts.end();
    });
    if (j == findings.end()) return {};
    out[static_cast<std::size_t>(j - findings.begin())].push_back(h);
  }
  return out;
}

// The first finding (in order) that predicts findings[k]; -1 when none does.
int cause_of(const std::vector<core::Finding>& findings, std::size_t k) {
  for (std::size_t j = 0; j < findings.size(); ++j)
    if (j != k && predicts(findings[j], findings[k])) return static_cast<int>(j);
  return -1;
}

// Follows `cause` (which explains findings[i]) up the chain of predictions to a root cause.
int root_of(const std::vector<core::Finding>& findings, std::size_t i, int cause) {
  for (int depth = 0; cause >= 0 && depth < 8; ++depth) {
    int up = cause_of(findings, static_cast<std::size_t>(cause));
    if (up < 0 || up == static_cast<int>(i)) break;
    cause = up;
  }
  return cause;
}

// Folds f into cause for `hosts` (all of f's hosts, or its share when it is split by host): the
// title, up to 3 evidence lines that name none of f's other hosts, and the hosts.
void fold(const core::Finding& f, core::Finding& cause, const std::vector<std::string>& hosts) {
  auto other_host = [&](const std::string& line) {
    return std::any_of(f.hosts.begin(), f.hosts.end(), [&](const std::string& h) {
      return std::find(hosts.begin(), hosts.end(), h) == hosts.end() && core::mentions_name(line, h);
    });
  };
  cause.evidence.push_back(fmt::format("explains: {} [{}]", f.title, core::to_string(f.label)));
  std::size_t taken = 0;
  for (std::size_t e = 0; e < f.evidence.size() && taken < 3; ++e)
    if (!other_host(f.evidence[e])) cause.evidence.push_back("  " + f.evidence[e]), ++taken;
  for (const auto& h : hosts) core::push_unique(cause.hosts, h);
}

}  // namespace

void order_by_cause(std::vector<core::Finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const core::Finding& a, const core::Finding& b) {
    return std::tuple(static_cast<int>(a.severity), causal_rank(a), is_preflight(a) ? 0 : 1) <
           std::tuple(static_cast<int>(b.severity), causal_rank(b), is_preflight(b) ? 0 : 1);
  });
  // Each finding folds into its root cause; a grouped interface-choice finding whose hosts have
  // different causes (one cut off, another behind a black hole) is split among them by host, and
  // gives no cause a host it does not already name.
  std::vector<std::map<std::size_t, std::vector<std::string>>> into(findings.size());
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (int direct = cause_of(findings, i); direct >= 0) {
      into[i][static_cast<std::size_t>(root_of(findings, i, direct))] = findings[i].hosts;
      continue;
    }
    for (const auto& [j, hosts] : covering_causes(findings, i)) {
      auto root = static_cast<std::size_t>(root_of(findings, i, static_cast<int>(j)));
      auto& mine = into[i][root];
      mine.insert(mine.end(), hosts.begin(), hosts.end());
    }
  }
  for (std::size_t i = 0; i < findings.size(); ++i)
    for (const auto& [root, hosts] : into[i]) fold(findings[i], findings[root], hosts);
  std::vector<core::Finding> kept;
  for (std::size_t i = 0; i < findings.size(); ++i)
    if (into[i].empty()) kept.push_back(std::move(findings[i]));
  findings = std::move(kept);
}

}  // namespace dd::cluster::detail
