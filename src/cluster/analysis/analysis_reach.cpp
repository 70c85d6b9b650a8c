// Findings from the probe matrix: pairs with no working address (a pair no candidate probe tested
// is analysis_untested.cpp's), inbound TCP blocked except the
// job's own ports, MTU black holes (echo passes, bulk does not, on a fast path), blocked job
// ports, and slow links.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <tuple>

#include "cluster/analysis/analysis_context.hpp"
#include "cluster/analysis/reach_matrix.hpp"
#include "core/address.hpp"
#include "core/push_unique.hpp"
#include "core/strings.hpp"

namespace dd::cluster::detail {

namespace {

constexpr std::size_t k_max_evidence = 6;

void add_evidence(core::Finding& f, const std::string& line) {
  if (f.evidence.size() < k_max_evidence)
    f.evidence.push_back(line);
  else if (f.evidence.size() == k_max_evidence)
    f.evidence.push_back("...");
}

// The rules that drop `port` on node `rank`, as that node read them in its own ruleset: one
// evidence line each ("node0 (198.18.1.1): nftables table inet t chain input handle 4: tcp dport
// 29500 drop"), and the fix as commands on lines of their own, to paste on that node. Nothing
// when the node read no such rule.
struct RuleEvidence {
  std::vector<std::string> evidence;
  std::vector<std::string> port_fixes;       // remove the rule, or accept the port ahead of it
  std::vector<std::string> ephemeral_fixes;  // remove the rule (a policy: no one command)
};

void add_rules(RuleEvidence& out, const Ctx& c, int rank, const std::string& where, int port, firewall::Direction d,
               firewall::Packet packet = firewall::Packet::first) {
  auto it = c.node.find(rank);
  if (it == c.node.end()) return;
  for (const auto& b : blocks_for(it->second->firewall, port, d, packet)) {
    std::string line = fmt::format("{} ({}): nftables {}", c.host(rank), where, firewall::describe(b, port));
    std::string removal = b.handle ? fmt::format("on {}, the rule that drops them:\n  {}", c.host(rank),
                                                 firewall::removal_command(b, port))
                                   : "";
    // the same rule judged again (for the answers to the node's own connections): named once
    if (!removal.empty() &&
        std::find(out.ephemeral_fixes.begin(), out.ephemeral_fixes.end(), removal) != out.ephemeral_fixes.end())
      continue;
    if (std::find(out.evidence.begin(), out.evidence.end(), line) != out.evidence.end()) continue;
    out.evidence.push_back(std::move(line));
    if (b.handle) {
      out.port_fixes.push_back(
          fmt::format("on {}, remove the rule that drops TCP port {}:\n  {}\nor accept the port "
                      "ahead of it:\n  {}",
                      c.host(rank), port, firewall::removal_command(b, port), firewall::accept_command(b, port)));
      out.ephemeral_fixes.push_back(removal);
    } else {
      out.port_fixes.push_back(fmt::format("on {}, accept TCP port {} ahead of the chain's policy drop:\n  {}",
                                           c.host(rank), port, firewall::accept_command(b, port)));
    }
  }
}

std::string probe_line(const Ctx& c, const ProbeResult& p) {
  return fmt::format("rank {} ({}) -> {} {}:{} [{}]: {}", p.from, c.host(p.from), c.host(p.target.to), p.target.addr,
                     p.target.port, p.target.iface.empty() ? p.target.what : p.target.iface, p.error);
}

struct PairState {
  int from = -1, to = -1;
  bool dead = false;  // no candidate address answered the echo
};

using Buckets = std::map<int, std::vector<int>>;                                       // to -> from ranks
using Evidence = std::map<int, std::vector<const ProbeResult*>>;                       // to -> failed probes
using Holes = std::map<std::pair<int, std::string>, std::vector<const ProbeResult*>>;  // (to, iface)

void drop_from(Buckets& buckets, Evidence& ev, int from, const std::set<int>& keep_to) {
  for (auto it = buckets.begin(); it != buckets.end();) {
    if (!keep_to.count(it->first)) {
      std::erase(it->second, from);
      std::erase_if(ev[it->first], [&](const ProbeResult* p) { return p->from == from; });
    }
    it = it->second.empty() ? buckets.erase(it) : std::next(it);
  }
}

// Puts each failure on the node at fault (the follow-up a sparse plan needs before its verdict:
// which node, not which pair). A node whose every probed pair failed both ways, while its peers
// reach others, is cut off: its own failed probes are its symptom, not its peers' fault. A node
// behind an MTU black hole (c.behind_hole): its peers' probes towards it and its probes towards
// them are one finding about it. Returns the cut-off ranks with their peer counts. With two nodes
// nothing can be told apart and every pair keeps its own finding.
std::map<int, int> localise(const Ctx& c, const std::vector<PairState>& pairs, Buckets& no_route, Evidence& no_route_ev,
                            Buckets& ephemeral, Evidence& ephemeral_ev, Holes& black_hole) {
  std::map<int, std::set<int>> peers;
  std::map<int, int> touching, dead, echoed;
  for (const auto& p : pairs) {
    for (int r : {p.from, p.to}) {
      peers[r].insert(r == p.from ? p.to : p.from);
      ++touching[r];
      if (p.dead)
        ++dead[r];
      else
        ++echoed[r];
    }
  }
  std::map<int, int> cut;
  for (const auto& [r, n] : touching) {
    if (peers[r].size() < 2 || dead[r] != n) continue;
    bool peers_work = false;
    for (int q : peers[r]) peers_work = peers_work || echoed[q] > 0;
    if (peers_work) cut[r] = static_cast<int>(peers[r].size());
  }
  std::set<int> cut_set;
  for (const auto& [r, n] : cut) cut_set.insert(r);
  for (const auto& [r, n] : cut) {
    drop_from(no_route, no_route_ev, r, cut_set);
    drop_from(ephemeral, ephemeral_ev, r, cut_set);
  }
  auto behind_hole = [&](int r) { return c.behind_hole.count(r) > 0; };
  for (auto it = black_hole.begin(); it != black_hole.end();) {
    int to = it->first.first;
    if (behind_hole(to)) {
      ++it;
      continue;
    }
    std::vector<const ProbeResult*> keep;
    for (const auto* p : it->second) {
      auto home =
          std::find_if(black_hole.begin(), black_hole.end(), [&](const auto& e) { return e.first.first == p->from; });
      if (behind_hole(p->from) && home != black_hole.end())
        home->second.push_back(p);
      else
        keep.push_back(p);
    }
    it->second = std::move(keep);
    it = it->second.empty() ? black_hole.erase(it) : std::next(it);
  }
  return cut;
}

// One end of a black-holed path: its host, the interface the probes used there, that interface's MTU.
struct PathEnd {
  int rank = -1;
  std::string iface;
  int mtu = 0;
};

// The step that measures the path, run where the lost probe was sent from.
std::string measure_step(const Ctx& c, const ProbeResult& probe, int mtu) {
  return fmt::format(
      "check the path: on {}: ping -M do -s {} {} fails when it cannot carry {}-byte packets; lower -s until it "
      "passes (the path carries -s + 28 bytes)",
      c.host(probe.from), mtu - 28, probe.target.addr, mtu);
}

// The probes say which sends lost their full-size segments, not which hop dropped them. Both ends
// with one MTU: a hop between them carries less. Ends that differ: the larger one sends what the
// path cannot carry. Either way the step that measures the path is a ping that may not fragment.
std::string black_hole_fix(const Ctx& c, const std::vector<PathEnd>& ends, const ProbeResult& probe) {
  std::vector<int> mtus;
  for (const auto& e : ends)
    if (e.mtu > 0) mtus.push_back(e.mtu);
  if (mtus.empty())
    return fmt::format(
        "use one MTU along the whole path (the nodes and every switch/bridge port between them); what the path "
        "carries: on {}: ping -M do -s SIZE {} passes for packets of SIZE + 28 bytes that fit",
        c.host(probe.from), probe.target.addr);
  auto [lo, hi] = std::minmax_element(mtus.begin(), mtus.end());
  std::string measure = measure_step(c, probe, *hi);
  auto lower_to = [&](const std::string& value, int above) {
    std::vector<std::string> cmds;
    for (const auto& e : ends)
      if (e.mtu > above)
        cmds.push_back(fmt::format("on {}: ip link set dev {} mtu {}", c.host(e.rank), e.iface, value));
    return core::join(cmds, ", ");
  };
  if (*lo != *hi)
    return fmt::format(
        "the ends differ (MTU {} and {}): give every node the smaller one ({}), or raise the smaller end and every "
        "hop between them to {}; {}",
        *lo, *hi, lower_to(std::to_string(*lo), *lo), *hi, measure);
  if (*lo > 1500)
    return fmt::format(
        "both ends use MTU {}, so a hop between them (a switch or bridge port, a tunnel) carries less: raise that "
        "hop's MTU to {}, or lower the nodes' MTU to what the path carries ({}; 1500 is Ethernet's default); {}",
        *lo, *lo, lower_to("1500", 0), measure);
  // No number to give: what the path carries is only known once measured, so the step is said in
  // words and no command carries a placeholder that would fail when pasted.
  std::vector<std::string> links;
  for (const auto& e : ends)
    if (e.mtu > 0) links.push_back(fmt::format("{} on {}", e.iface, c.host(e.rank)));
  return fmt::format(
      "both ends use MTU {}, so a hop between them (a tunnel, a VPN, an overlay) carries less: raise that hop's MTU "
      "to {}, or lower the nodes' MTU to what the path carries: {}; then give {} that MTU",
      *lo, *lo, measure, core::join(links, " and "));
}

PathEnd path_end(const Ctx& c, int rank, const std::string& iface) {
  const IfaceFacts* i = c.iface(rank, iface);
  return PathEnd{rank, iface, i ? i->mtu : 0};
}

// The sending end of a probe: the interface of `rank` whose subnet holds the address it probed (the
// link the kernel sends from on a directly attached subnet). Unknown (no MTU, so neither evidence nor
// a command) when no interface's subnet holds it: the route then goes through a gateway this
// analysis does not see, and the same interface name on another node says nothing about it.
PathEnd sender_end(const Ctx& c, int rank, const std::string& target_addr) {
  auto node = c.node.find(rank);
  auto target = core::parse_numeric_ip(target_addr);
  if (node == c.node.end() || !target) return PathEnd{rank, "", 0};
  for (const auto& e : node->second->entries) {
    auto own = core::parse_numeric_ip(e.addr);
    if (e.loopback || !own || !core::same_subnet(*own, *target, e.prefix)) continue;
    return path_end(c, rank, e.link);
  }
  return PathEnd{rank, "", 0};
}

void add_end_evidence(core::Finding& f, const Ctx& c, const std::vector<PathEnd>& ends) {
  for (const auto& e : ends)
    if (e.mtu > 0) add_evidence(f, fmt::format("{} {} has MTU {}", c.host(e.rank), e.iface, e.mtu));
}

// Two nodes whose probes towards each other both lost the bulk: one path, one finding; which end
// or hop is at fault cannot be told from the two ends (localise() names the node when there are more).
bool both_ways_between_two(const Holes& holes) {
  if (holes.size() != 2) return false;
  auto a = holes.begin(), b = std::next(a);
  auto only_from = [](const std::vector<const ProbeResult*>& ps, int r) {
    return std::all_of(ps.begin(), ps.end(), [r](const ProbeResult* p) { return p->from == r; });
  };
  return a->first.first != b->first.first && only_from(a->second, b->first.first) &&
         only_from(b->second, a->first.first);
}

// ", and the same to eth0 on node0 and eth0 on node1 (one MTU on every node)"; "" with no peer MTU known.
std::string same_to(const Ctx& c, const std::vector<PathEnd>& peers) {
  std::vector<std::string> links;
  for (const auto& e : peers)
    if (e.mtu > 0) links.push_back(fmt::format("{} on {}", e.iface, c.host(e.rank)));
  return links.empty() ? "" : fmt::format(", and the same to {} (one MTU on every node)", core::join(links, " and "));
}

// A node behind the hole (Ctx::behind_hole): the pairs with it lose the bulk both ways and those
// without it carry it, so the hop that carries less is on its side (its switch port, a tunnel).
// Lowering its MTU to what that hop carries is enough for TCP, which sizes its segments by the
// smaller end in both directions; the probe that measures it runs from a peer to its address.
std::string node_hole_fix(const Ctx& c, const PathEnd& at, const std::vector<PathEnd>& peers,
                          const ProbeResult& probe) {
  int peer_mtu = 0;
  for (const auto& e : peers)
    if (e.mtu > 0 && (peer_mtu == 0 || e.mtu < peer_mtu)) peer_mtu = e.mtu;
  if (at.mtu == 0)
    return fmt::format(
        "a hop on {}'s side (its switch port, a tunnel) carries less than the packets sent over it: use one MTU "
        "along that path; what it carries: on {}: ping -M do -s SIZE {} passes for packets of SIZE + 28 bytes that fit",
        c.host(at.rank), c.host(probe.from), probe.target.addr);
  if (peer_mtu > 0 && at.mtu > peer_mtu)
    return fmt::format("{} has MTU {} and its peers {}: give it theirs: on {}: ip link set dev {} mtu {}; {}",
                       c.host(at.rank), at.mtu, peer_mtu, c.host(at.rank), at.iface, peer_mtu,
                       measure_step(c, probe, at.mtu));
  return fmt::format(
      "a hop on {}'s side (its switch or bridge port, a tunnel) carries less than MTU {}: raise that hop's MTU to "
      "{}, or lower the MTU to what it carries: {}; then give {} on {} that MTU (TCP then sizes segments to it both "
      "ways){}",
      c.host(at.rank), at.mtu, at.mtu, measure_step(c, probe, at.mtu), at.iface, c.host(at.rank), same_to(c, peers));
}

// The pairs that carried the bulk without `rank` at either end: "rank 0 -> rank 1, rank 1 -> rank 0".
std::vector<std::string> clean_pairs_without(const Ctx& c, int rank) {
  std::vector<std::string> out;
  for (const auto& [from, to] : c.judged_pairs()) {
    if (from == rank || to == rank) continue;
    const auto& probes = c.candidate_probes(from, to);
    if (std::any_of(probes.begin(), probes.end(), [](const ProbeResult* p) { return carries_data(*p); }))
      out.push_back(fmt::format("rank {} -> rank {}", from, to));
  }
  return out;
}

void node_black_hole_finding(Ctx& c, int at, const std::string& iface, const std::vector<const ProbeResult*>& probes) {
  std::set<int> peers;
  bool to_it = false, from_it = false;
  for (const auto* p : probes) {
    peers.insert(p->from == at ? p->target.to : p->from);
    (p->from == at ? from_it : to_it) = true;
  }
  auto f = core::new_finding(
      "preflight.mtu.black-hole", core::Label::mtu_mismatch, core::Severity::error,
      fmt::format("MTU black hole at {} {}: small packets pass, full-size ones {} it are lost (pairs with rank(s) {})",
                  c.host(at), iface, to_it && from_it ? "to and from" : (to_it ? "to" : "from"),
                  ranks_text(std::vector<int>(peers.begin(), peers.end()))));
  f.hosts = {c.host(at)};
  PathEnd end = path_end(c, at, iface);
  std::vector<PathEnd> others;
  for (const auto* p : probes) {
    core::push_unique(f.ranks, p->from);
    int peer = p->from == at ? p->target.to : p->from;
    if (std::none_of(others.begin(), others.end(), [&](const PathEnd& e) { return e.rank == peer; }))
      others.push_back(p->from == at ? path_end(c, peer, p->target.iface) : sender_end(c, peer, p->target.addr));
  }
  std::vector<PathEnd> ends{end};
  ends.insert(ends.end(), others.begin(), others.end());
  add_end_evidence(f, c, ends);
  if (auto clean = clean_pairs_without(c, at); !clean.empty())
    add_evidence(f, fmt::format("pairs without {} carried the bulk: {}", c.host(at), core::join(clean, ", ")));
  for (const auto* p : probes) add_evidence(f, probe_line(c, *p));
  // the measuring ping goes to its address from a peer (a probe into it), or from it when none went in
  auto into = std::find_if(probes.begin(), probes.end(), [&](const ProbeResult* p) { return p->target.to == at; });
  f.fix.text = node_hole_fix(c, end, others, **(into != probes.end() ? into : probes.begin()));
  c.findings.push_back(std::move(f));
}

void path_black_hole_findings(Ctx& c, const Holes& black_hole) {
  if (both_ways_between_two(black_hole)) {
    auto a = black_hole.begin(), b = std::next(a);
    std::vector<PathEnd> ends{path_end(c, a->first.first, a->first.second),
                              path_end(c, b->first.first, b->first.second)};
    auto f = core::new_finding("preflight.mtu.black-hole", core::Label::mtu_mismatch, core::Severity::error,
                               fmt::format("MTU black hole between {} and {}: small packets pass both ways, "
                                           "full-size ones are lost",
                                           c.host(ends[0].rank), c.host(ends[1].rank)));
    f.hosts = {c.host(ends[0].rank), c.host(ends[1].rank)};
    add_end_evidence(f, c, ends);
    for (const auto& [key, probes] : black_hole)
      for (const auto* p : probes) {
        f.ranks.push_back(p->from);
        add_evidence(f, probe_line(c, *p));
      }
    f.fix.text = black_hole_fix(c, ends, *b->second.front());
    c.findings.push_back(std::move(f));
    return;
  }
  for (const auto& [key, probes] : black_hole) {
    const auto& [to, iface] = key;
    if (c.behind_hole.count(to)) {
      node_black_hole_finding(c, to, iface, probes);
      continue;
    }
    auto f = core::new_finding(
        "preflight.mtu.black-hole", core::Label::mtu_mismatch, core::Severity::error,
        fmt::format("MTU black hole towards {} {}: small packets pass, full-size ones are lost", c.host(to), iface));
    f.hosts = {c.host(to)};
    std::vector<PathEnd> ends{path_end(c, to, iface)};
    for (const auto* p : probes) {
      f.ranks.push_back(p->from);
      if (std::none_of(ends.begin(), ends.end(), [&](const PathEnd& e) { return e.rank == p->from; }))
        ends.push_back(sender_end(c, p->from, p->target.addr));
    }
    add_end_evidence(f, c, ends);
    for (const auto* p : probes) add_evidence(f, probe_line(c, *p));
    f.fix.text = black_hole_fix(c, ends, *probes.front());
    c.findings.push_back(std::move(f));
  }
}

// What answered between `to` and the ranks that could not reach its probe ports: a job port of
// `to` (its echo passed), or `to`'s own probes towards them. Each line names the probe.
std::vector<std::string> passed_lines(const Ctx& c, int to, const std::vector<int>& froms) {
  std::vector<std::string> out;
  for (int from : froms) {
    for (const auto* p : c.job_probes(from, to))
      if (p->ok)
        out.push_back(fmt::format("rank {} ({}) -> {} {}:{} [{}]: echo passed", from, c.host(from), c.host(to),
                                  p->target.addr, p->target.port, p->target.what));
    for (const auto& probes : {c.job_probes(to, from), c.candidate_probes(to, from)})
      for (const auto* p : probes)
        if (p->ok)
          out.push_back(fmt::format("rank {} ({}) -> {} {}:{} [{}]: echo passed (connections from {} get through)", to,
                                    c.host(to), c.host(from), p->target.addr, p->target.port,
                                    p->target.iface.empty() ? p->target.what : p->target.iface, c.host(to)));
  }
  return out;
}

// What the probes into `to`'s probe ports saw.
std::string ephemeral_seen(const Ctx& c, int to, const std::vector<int>& froms,
                           const std::vector<const ProbeResult*>& fails) {
  std::set<int> ports;
  for (const auto* p : fails) ports.insert(p->target.port);
  std::vector<std::string> port_text;
  for (int p : ports) port_text.push_back(std::to_string(p));
  bool job_answered = false;
  for (int from : froms)
    for (const auto* p : c.job_probes(from, to)) job_answered = job_answered || p->ok;
  return fmt::format("connections from rank(s) {} to {}'s probe port(s) {} get no answer{}", ranks_text(froms),
                     c.host(to), core::join(port_text, ","), job_answered ? " while its job port answered" : "");
}

// What the probes saw, then the cause as far as the ruleset shows it.
std::string ephemeral_title(const Ctx& c, int to, const std::vector<int>& froms,
                            const std::vector<const ProbeResult*>& fails, bool ruled) {
  std::string seen = ephemeral_seen(c, to, froms, fails);
  if (ruled)
    return fmt::format(
        "{}: {}'s own nftables ruleset drops them; NCCL's data connections into {} (ephemeral ports) will hang", seen,
        c.host(to), c.host(to));
  // No rule of `to` drops them: the filter that lets the job's port through may sit on either
  // side or between them, so the title names no node as the one that filters.
  auto it = c.node.find(to);
  std::string own = it != c.node.end() && it->second->firewall.read
                        ? fmt::format("{}'s own nftables ruleset names no rule that drops them", c.host(to))
                        : fmt::format("{}'s own ruleset was not read", c.host(to));
  return fmt::format(
      "{}; {}: a filter on either node or between them passes the job's port but not the ephemeral ports, where NCCL "
      "and Gloo data connections between rank(s) {} and {} will hang",
      seen, own, ranks_text(froms), c.host(to));
}

}  // namespace

namespace {

// A probe that lost packets: its evidence line and what its title counts are read from the same probe.
struct LossyProbe {
  std::uint32_t retransmits = 0;
  bool finished = false;  // the bulk transfer finished
  std::string line;
};

// What the probes of every judged pair add up to, pair by pair (add_pair), before any finding.
struct ReachTally {
  Buckets no_route, ephemeral;  // to -> from ranks
  Evidence no_route_ev, ephemeral_ev;
  Evidence replies;  // from -> its failed probes, whose answers its own ruleset drops
  Holes black_hole;  // (to, iface) -> probes
  std::map<std::string, std::vector<const ProbeResult*>> job_blocked;  // what -> probes
  std::vector<const ProbeResult*> job_unresolved;  // job-port probes whose name did not resolve on the prober
  std::vector<std::pair<std::int64_t, std::string>> slow;
  std::vector<LossyProbe> lossy;
  bool strong_loss = false;                         // some lossy probe shows_loss (not only resent segments)
  std::map<int, std::pair<int, int>> loss_by_host;  // rank -> (lossy probes touching it, ok probes touching it)
  std::map<int, std::pair<int, int>> slow_by_host;  // rank -> (slow pairs touching it, measured pairs touching it)
  std::vector<PairState> pairs;
  std::map<int, std::vector<int>> untested;  // to -> from ranks with no candidate probe

  void add_pair(const Ctx& c, int from, int to);
  // A probe that answered the echo: black hole, loss.
  void add_answered(const Ctx& c, const ProbeResult& p, PairState& st);
  // A pair whose every candidate address failed the echo: no route, or only ephemeral ports blocked.
  void add_dead(const Ctx& c, int from, int to, bool job_ok, const std::vector<const ProbeResult*>& fails);
};

void ReachTally::add_answered(const Ctx& c, const ProbeResult& p, PairState& st) {
  const int from = st.from, to = st.to;
  ++loss_by_host[from].second;
  ++loss_by_host[to].second;
  // Black hole: the bulk made (almost) no progress on a fast path. A lossy path makes progress
  // (bytes acked) and retransmits; it is slow, not blocked.
  if (black_hole_probe(p)) {
    black_hole[{to, p.target.iface}].push_back(&p);
  }
  // Loss: TCP's strong evidence (shows_loss), or segments resent though the bulk finished fast (a
  // second probe resent too: retry_lossy replaces a clean one).
  bool strong = shows_loss(p);
  if (!strong && !resent_segments(p)) return;
  ++loss_by_host[from].first;
  ++loss_by_host[to].first;
  strong_loss = strong_loss || strong;
  lossy.push_back({p.retransmits, p.bulk_ok,
                   fmt::format("rank {} ({}) -> {} {}: {} retransmitted segments, bulk {}", from, c.host(from),
                               c.host(to), p.target.addr, p.retransmits,
                               p.bulk_ok ? fmt::format("{:.0f} Mbit/s", p.bulk_mbps) : "did not finish")});
}

void ReachTally::add_dead(const Ctx& c, int from, int to, bool job_ok, const std::vector<const ProbeResult*>& fails) {
  // The prober's own ruleset drops the answers to its connections: its side is the cause, not a
  // route to `to` (which other nodes may reach).
  const NodeFacts& sender = *c.node.at(from);
  if (!reply_ports_dropped(sender).empty() || !sent_ports_dropped(sender).empty()) {
    replies[from].insert(replies[from].end(), fails.begin(), fails.end());
    return;
  }
  // A port filter, not a missing route: a job port of `to` answered, `to`'s own ruleset drops
  // every port the failed probes tried, or its answers to the probes' (ephemeral) source ports.
  auto it = c.node.find(to);
  bool ruled =
      !fails.empty() && it != c.node.end() &&
      (!sent_ports_dropped(*it->second).empty() || std::all_of(fails.begin(), fails.end(), [&](const ProbeResult* p) {
        return !blocks_for(it->second->firewall, p->target.port, firewall::Direction::input).empty();
      }));
  auto& bucket = job_ok || ruled ? ephemeral : no_route;
  auto& ev = job_ok || ruled ? ephemeral_ev : no_route_ev;
  bucket[to].push_back(from);
  if (job_ok || ruled)
    ev[to].insert(ev[to].end(), fails.begin(), fails.end());
  else if (!fails.empty())
    ev[to].push_back(fails.front());
}

void ReachTally::add_pair(const Ctx& c, int from, int to) {
  const auto& probes = c.candidate_probes(from, to);
  // No candidate address was tried: nothing is known about the pair, so it is neither dead (no
  // route, ephemeral ports) nor counted in the localisation of failures.
  if (probes.empty()) {
    untested[to].push_back(from);
    return;
  }
  PairState& st = pairs.emplace_back(PairState{from, to});
  bool any_echo = false;
  std::int64_t min_rtt = -1;
  std::vector<const ProbeResult*> fails;
  for (const auto* p : probes) {
    if (p->ok) {
      any_echo = true;
      if (min_rtt < 0 || p->rtt_us < min_rtt) min_rtt = p->rtt_us;
      add_answered(c, *p, st);
    } else {
      fails.push_back(p);
    }
  }
  bool job_ok = false;
  for (const auto* p : c.job_probes(from, to)) {
    job_ok = job_ok || p->ok;
    // a name that does not resolve on the prober tested no port: it is a name problem there
    if (!p->ok && p->stage == "resolve")
      job_unresolved.push_back(p);
    else if (!p->ok && any_echo)
      job_blocked[p->target.what].push_back(p);
  }
  st.dead = !any_echo;
  if (!any_echo) add_dead(c, from, to, job_ok, fails);
  if (min_rtt >= 0) {
    ++slow_by_host[from].second;
    ++slow_by_host[to].second;
  }
  if (!slow_rtt(min_rtt)) return;
  ++slow_by_host[from].first;
  ++slow_by_host[to].first;
  slow.emplace_back(min_rtt, fmt::format("rank {} ({}) -> rank {} ({}): best round trip {:.1f} ms", from, c.host(from),
                                         to, c.host(to), static_cast<double>(min_rtt) / 1000.0));
}

// Every candidate probe from `froms` to `to` timed out in connect to an address on a subnet its
// sender is attached to: no router lies between, so nothing says a route is missing.
bool on_link_timeouts(const Ctx& c, int to, const std::vector<int>& froms) {
  return std::all_of(froms.begin(), froms.end(), [&](int from) {
    const auto& probes = c.candidate_probes(from, to);
    return !probes.empty() && std::all_of(probes.begin(), probes.end(), [&](const ProbeResult* p) {
      return p->failure == "timeout" && p->stage == "connect" && !sender_end(c, from, p->target.addr).iface.empty();
    });
  });
}

// The peers `rank`'s own probes carried data to: it was up then, whatever the others saw.
std::vector<int> reached_from(const Ctx& c, int rank) {
  std::vector<int> out;
  for (int to : c.live)
    if (to != rank && c.judged(rank, to)) {
      const auto& probes = c.candidate_probes(rank, to);
      if (std::any_of(probes.begin(), probes.end(), [](const ProbeResult* p) { return carries_data(*p); }))
        out.push_back(to);
    }
  return out;
}

// Candidates for on-link timeouts into `to`; "`to` down" only while nothing says it was up (it joined
// and its own probes reached a peer: clusters-2026-12-06e p3, where it had).
core::Finding on_link_timeout_finding(const Ctx& c, int to, const std::vector<int>& froms) {
  const auto up = reached_from(c, to);
  auto f = core::new_finding(
      "preflight.reach.no-route", core::Label::other, core::Severity::error,
      fmt::format("connections from rank(s) {} to {} time out on every address, on a subnet both are attached to: a "
                  "firewall drop on either node (incoming, or {}'s answers going out){}",
                  ranks_text(froms), c.host(to), c.host(to),
                  up.empty() ? fmt::format(", a link or switch port between them that drops, or {} down", c.host(to))
                             : " or a link or switch port between them that drops"));
  if (!up.empty())
    f.evidence.push_back(fmt::format("{} is up: it joined the rendezvous and its own probes reached rank(s) {}",
                                     c.host(to), ranks_text(up)));
  f.fix.text = fmt::format(
      "tell them apart on {}: `tcpdump -ni any tcp port <a probe port below>` while the peer retries; no SYN arriving: "
      "the sender's side or the link drops it (`nft list ruleset` there, `ip link`); SYNs arriving with no SYN-ACK "
      "leaving: {}'s own ruleset (`nft list ruleset`, input and output chains); SYN-ACKs leaving: the sender's input "
      "chain drops them",
      c.host(to), c.host(to));
  return f;
}

// What passed between `to` and `froms` on the job's fixed ports, each with where it was seen: the
// rendezvous join of the pair with rank 0 (from an address the failed probes tried, so across the
// same path), and job-port probes (MASTER_PORT, TF_CONFIG) either way that answered.
struct FixedPorts {
  std::vector<std::string> seen;  // "node2 joined the rendezvous node0:29401 from 198.18.1.12"
};

FixedPorts fixed_ports_passed(const Ctx& c, int to, const std::vector<int>& froms) {
  FixedPorts out;
  auto tried = [&](int rank, const std::string& addr) {
    return std::any_of(c.in.probes.begin(), c.in.probes.end(), [&](const ProbeResult& p) {
      return p.target.to == rank && p.target.addr == addr && p.target.what == "candidate" && !p.ok;
    });
  };
  auto joined = [&](int rank) {
    auto it = c.in.joined_from.find(rank);
    if (it == c.in.joined_from.end() || c.in.rendezvous.empty() || !tried(rank, it->second)) return;
    out.seen.push_back(fmt::format("{} joined the rendezvous {} from {}", c.host(rank), c.in.rendezvous, it->second));
  };
  if (to != 0 && std::find(froms.begin(), froms.end(), 0) != froms.end()) joined(to);
  if (to == 0)
    for (int from : froms) joined(from);
  for (int from : froms)
    for (const auto& [a, b] : {std::pair(from, to), std::pair(to, from)})
      for (const auto* p : c.job_probes(a, b))
        if (p->ok)
          out.seen.push_back(fmt::format("{} -> {} {}:{} ({}) answered", c.host(a), c.host(b), p->target.addr,
                                         p->target.port, p->target.what));
  return out;
}

// "198.18.1.0/24": the subnet of `addr` as `rank`'s own interface holding it says ("" when none does).
std::string subnet_of(const Ctx& c, int rank, const std::string& addr) {
  auto it = c.node.find(rank);
  if (it == c.node.end()) return "";
  for (const auto& e : it->second->entries) {
    if (e.addr != addr) continue;
    auto ip = core::parse_numeric_ip(addr);
    return ip ? core::subnet_text(*ip, e.prefix) : "";
  }
  return "";
}

// The subnets the failed probes went to on `to`'s side and on `froms`' side. A router lies between
// them only where the two sides share none (two nodes on one link fail on the same subnet).
struct SidesOfPath {
  std::vector<std::string> to, from;
  bool routed() const {
    return !to.empty() && !from.empty() &&
           std::none_of(to.begin(), to.end(), [&](const auto& s) { return std::count(from.begin(), from.end(), s); });
  }
};

SidesOfPath subnets_between(const Ctx& c, int to, const std::vector<int>& froms) {
  SidesOfPath out;
  auto add = [&](std::vector<std::string>& side, int rank, const std::string& addr) {
    std::string s = subnet_of(c, rank, addr);
    if (!s.empty()) core::push_unique(side, s);
  };
  for (int from : froms)
    for (const auto* p : c.candidate_probes(from, to)) add(out.to, to, p->target.addr);
  for (int from : froms)
    for (const auto* p : c.candidate_probes(to, from)) add(out.from, from, p->target.addr);
  return out;
}

// The nodes of the failed pairs whose own ruleset preflight read (no rule there dropped the probe
// ports: add_dead sends those elsewhere), and those it could not read.
std::pair<std::vector<std::string>, std::vector<std::string>> rulesets_read(const Ctx& c, int to,
                                                                            const std::vector<int>& froms) {
  std::pair<std::vector<std::string>, std::vector<std::string>> out;
  std::vector<int> ranks{to};
  ranks.insert(ranks.end(), froms.begin(), froms.end());
  for (int r : ranks) {
    auto it = c.node.find(r);
    (it != c.node.end() && it->second->firewall.read ? out.first : out.second).push_back(c.host(r));
  }
  return out;
}

// Every probe port between `to` and `froms` failed while the job's fixed ports passed across the same
// path (clusters-2026-12-06g p3: node2 behind a router that forwards TCP 29400-29401 only): a port
// filter, on the path or on a node, not a missing route; the fix names both and the step between.
core::Finding path_filter_finding(Ctx& c, const ReachTally& t, int to, const std::vector<int>& froms,
                                  const FixedPorts& fixed) {
  std::vector<std::string> pairs;
  for (const auto& st : t.pairs)
    if (st.dead && (st.to == to || st.from == to) &&
        std::find(froms.begin(), froms.end(), st.to == to ? st.from : st.to) != froms.end())
      pairs.push_back(fmt::format("{}->{}", st.from, st.to));
  auto f = core::new_finding(
      "preflight.reach.ephemeral-ports-blocked", core::Label::firewall_or_port_blocked, core::Severity::error,
      fmt::format("{}, but no probe port answers between {} and rank(s) {} ({}): a filter on the path or on {} "
                  "passes the job's fixed ports, not the ephemeral ports Gloo's and NCCL's pair connections use",
                  core::join(fixed.seen, " and "), c.host(to), ranks_text(froms), core::join(pairs, ", "), c.host(to)));
  f.hosts = {c.host(to)};
  for (int from : froms) f.hosts.push_back(c.host(from));
  f.ranks = froms;
  f.ranks.push_back(to);
  const auto [read, unread] = rulesets_read(c, to, froms);
  if (!read.empty())
    add_evidence(f, fmt::format("no nftables rule on {} drops the probe ports (each read its own ruleset)",
                                core::join(read, ", ")));
  if (!unread.empty()) add_evidence(f, fmt::format("the ruleset of {} was not read", core::join(unread, ", ")));
  const auto sides = subnets_between(c, to, froms);
  if (sides.routed())
    add_evidence(f, fmt::format("the failed probes went to {} on {}'s side and to {} on the other: no subnet in "
                                "common, so a router lies between them",
                                core::join(sides.to, ", "), c.host(to), core::join(sides.from, ", ")));
  if (auto ev = t.no_route_ev.find(to); ev != t.no_route_ev.end())
    for (const auto* p : ev->second) add_evidence(f, probe_line(c, *p));
  const std::string where = sides.routed() ? fmt::format("the router or security group between {} and {}",
                                                         core::join(sides.to, ", "), core::join(sides.from, ", "))
                                           : fmt::format("the switch ACL or security group between {} and rank(s) {}",
                                                         c.host(to), ranks_text(froms));
  const std::string path_fix = fmt::format(
      "on {}, allow TCP 32768-60999 both ways (Linux's default ephemeral range; `sysctl "
      "net.ipv4.ip_local_port_range` on the nodes shows theirs), or fix the job's ports where the framework allows "
      "it and allow those",
      where);
  f.fix.text =
      unread.empty()
          ? fmt::format(
                "no nftables rule on any node drops them (their own rulesets, read above; iptables-legacy rules "
                "are not read: `iptables-legacy -S` on each node shows them), so the filter sits on the path: {}",
                path_fix)
          : fmt::format(
                "tell the two apart on {}: `nft list ruleset` (preflight could not read it); a rule there "
                "that drops TCP to the ephemeral range is the cause; with none, the filter sits on the path: {}",
                core::join(unread, ", "), path_fix);
  c.port_filtered.insert(to);
  return f;
}

// Whether every failed candidate probe from each of `froms` to `to` ended in ENETUNREACH: the
// prober's kernel found no route (a router's net-unreachable says the same), never a port filter,
// which drops (a timeout) or rejects (refused, EHOSTUNREACH for icmp-host-prohibited).
bool no_route_from_all(const Ctx& c, int to, const std::vector<int>& froms) {
  if (froms.empty()) return false;
  for (int from : froms) {
    const auto& ps = c.candidate_probes(from, to);
    if (ps.empty() || !std::all_of(ps.begin(), ps.end(), [](const ProbeResult* p) {
          return !p->ok && p->error.find("(ENETUNREACH)") != std::string::npos;
        }))
      return false;
  }
  return true;
}

// `froms` have no route to `to` while `to` reached them on the job's fixed ports (clusters-2026-12-07m
// p1: node2 behind a masquerading router reached node0:29400; node0 and node1 had no route to node2's
// subnet, and their probes ended in ENETUNREACH at once): a one-way path, not a port filter.
core::Finding one_way_route_finding(const Ctx& c, int to, const std::vector<int>& froms, const FixedPorts& fixed) {
  std::vector<std::string> hosts, addrs, subnets;
  for (int from : froms) {
    core::push_unique(hosts, c.host(from));
    for (const auto* p : c.candidate_probes(from, to)) {
      core::push_unique(addrs, p->target.addr);
      if (auto s = subnet_of(c, to, p->target.addr); !s.empty()) core::push_unique(subnets, s);
    }
  }
  auto f = core::new_finding(
      "preflight.reach.one-way-route", core::Label::no_route, core::Severity::error,
      fmt::format("{} {} no route to {} ({}): {} probes ended in ENETUNREACH (Network is unreachable: no route on the "
                  "way, in {} own table or at a router), while {}: the path works one way only, and the ranks' "
                  "connections to {} fail",
                  core::join(hosts, ", "), hosts.size() == 1 ? "finds" : "find", c.host(to), core::join(addrs, ", "),
                  hosts.size() == 1 ? "its" : "their", hosts.size() == 1 ? "its" : "their",
                  core::join(fixed.seen, "; "), c.host(to)));
  f.hosts = {c.host(to)};
  for (const auto& h : hosts) f.hosts.push_back(h);
  f.ranks = froms;
  f.ranks.push_back(to);
  for (int from : froms)
    for (const auto* p : c.candidate_probes(from, to)) add_evidence(f, probe_line(c, *p));
  const std::string net = subnets.empty() ? core::join(addrs, ", ") : core::join(subnets, ", ");
  f.fix.text = fmt::format(
      "`ip route get {}` on {} shows whether its own table has a route (where it has one, a router further on has "
      "none: `traceroute -T {}` shows where the path ends). Give {} a route to {} (`ip route add {} via GATEWAY`, "
      "GATEWAY being the address, on their own network, of the router that joins the two networks: `ip route` on {} "
      "shows the router it uses towards them), or put the nodes on one network. If that router hides {} behind NAT "
      "(masquerade) and does not forward connections to {}, a route is not enough: it must forward them too (or {} "
      "gets an address the others reach directly).",
      addrs.empty() ? c.host(to) : addrs.front(), hosts.front(), addrs.empty() ? c.host(to) : addrs.front(),
      core::join(hosts, ", "), net, net, c.host(to), c.host(to), core::join(addrs, ", "), c.host(to));
  return f;
}

void no_route_findings(Ctx& c, const ReachTally& t, const std::map<int, int>& cut_off) {
  for (const auto& [to, froms] : t.no_route) {
    auto ev = t.no_route_ev.find(to);
    const bool timed_out = !cut_off.count(to) && on_link_timeouts(c, to, froms);
    // "no route" / "cut off" only when nothing passed at all, not even the job's fixed ports
    if (auto fixed = fixed_ports_passed(c, to, froms); !timed_out && !fixed.seen.empty()) {
      c.findings.push_back(no_route_from_all(c, to, froms) ? one_way_route_finding(c, to, froms, fixed)
                                                           : path_filter_finding(c, t, to, froms, fixed));
      continue;
    }
    auto f = timed_out ? on_link_timeout_finding(c, to, froms)
                       : core::new_finding("preflight.reach.no-route", core::Label::no_route, core::Severity::error,
                                           fmt::format("{} cannot be reached on any of its addresses from rank(s) {}",
                                                       c.host(to), ranks_text(froms)));
    f.hosts = {c.host(to)};
    f.ranks = froms;
    if (auto it = cut_off.find(to); it != cut_off.end())
      add_evidence(f, fmt::format("{} reached none of its {} probed peers either: the node itself is cut off",
                                  c.host(to), it->second));
    if (ev != t.no_route_ev.end())
      for (const auto* p : ev->second) add_evidence(f, probe_line(c, *p));
    if (!timed_out)
      f.fix.text = "put the nodes on a common network (routes, VLAN, security groups) or allow TCP between them";
    c.findings.push_back(std::move(f));
  }
}

std::string ports_text(const std::vector<int>& ports) {
  std::vector<std::string> out;
  for (int p : ports) out.push_back(std::to_string(p));
  return core::join(out, ",");
}

// What the probes into `node` (froms) and out of it (outs) saw.
std::string both_ways_seen(const Ctx& c, int node, const std::vector<int>& froms,
                           const std::vector<const ProbeResult*>& fails, const std::vector<const ProbeResult*>& outs) {
  std::set<int> to_ranks;
  for (const auto* p : outs) to_ranks.insert(p->target.to);
  std::string out_text = ranks_text(std::vector<int>(to_ranks.begin(), to_ranks.end()));
  std::string outward = fmt::format("connections from {} to rank(s) {} get no answer", c.host(node), out_text);
  if (outs.empty()) return ephemeral_seen(c, node, froms, fails);
  return froms.empty() ? outward : ephemeral_seen(c, node, froms, fails) + ", and " + outward + " either";
}

// A node whose own ruleset drops what it sends to ephemeral ports: its connections to the peers'
// listeners, and its answers to the peers' connections (from their ephemeral source ports).
std::string sent_rule_title(const Ctx& c, int node, const std::vector<int>& froms,
                            const std::vector<const ProbeResult*>& fails, const std::vector<const ProbeResult*>& outs) {
  return fmt::format(
      "{}: {}'s own nftables ruleset drops TCP packets it sends to ports of the ephemeral range (its connections to "
      "the peers' listening ports, and its answers to the peers' connections, whose source ports are ephemeral); "
      "NCCL and Gloo connections into and out of {} will hang",
      both_ways_seen(c, node, froms, fails, outs), c.host(node), c.host(node));
}

// A node whose own ruleset drops what arrives at its ephemeral ports: peers cannot connect into
// it (froms), and the answers to its own connections (outs: its failed probes) are dropped too.
std::string own_rule_title(const Ctx& c, int node, const std::vector<int>& froms,
                           const std::vector<const ProbeResult*>& fails, const std::vector<const ProbeResult*>& outs) {
  std::string seen = both_ways_seen(c, node, froms, fails, outs);
  return fmt::format(
      "{}: {}'s own nftables ruleset drops packets arriving at its ephemeral ports ({}the answers to its own "
      "connections); NCCL and Gloo connections {} {} will hang",
      seen, c.host(node), froms.empty() ? "" : "its probe ports, and ", froms.empty() ? "from" : "into and out of",
      c.host(node));
}

void ephemeral_findings(Ctx& c, ReachTally& t) {
  std::set<int> nodes;
  for (const auto& [to, froms] : t.ephemeral) nodes.insert(to);
  for (const auto& [from, probes] : t.replies) nodes.insert(from);
  for (int to : nodes) {
    const std::vector<int> froms = t.ephemeral.count(to) ? t.ephemeral.at(to) : std::vector<int>{};
    const auto& ins = t.ephemeral_ev[to];
    const auto& outs = t.replies[to];
    RuleEvidence rules;  // the rule that drops the probe ports (ephemeral) on that node
    for (const auto* p : ins) add_rules(rules, c, to, p->target.addr, p->target.port, firewall::Direction::input);
    std::vector<int> reply_ports = outs.empty() ? std::vector<int>{} : reply_ports_dropped(*c.node.at(to));
    for (int port : reply_ports)
      add_rules(rules, c, to, "answers to its connections", port, firewall::Direction::input,
                firewall::Packet::established);
    const std::vector<int> sent_ports = sent_ports_dropped(*c.node.at(to));
    for (int port : sent_ports)
      for (auto packet : {firewall::Packet::first, firewall::Packet::established})
        add_rules(rules, c, to, "what it sends to the ephemeral range", port, firewall::Direction::output, packet);
    auto f = core::new_finding("preflight.reach.ephemeral-ports-blocked", core::Label::firewall_or_port_blocked,
                               core::Severity::error,
                               !sent_ports.empty() ? sent_rule_title(c, to, froms, ins, outs)
                               : outs.empty()      ? ephemeral_title(c, to, froms, ins, !rules.evidence.empty())
                                                   : own_rule_title(c, to, froms, ins, outs));
    f.hosts = {c.host(to)};
    f.ranks = froms;
    if (!outs.empty()) f.ranks.push_back(to);
    for (const auto& line : rules.evidence) add_evidence(f, line);
    if (!reply_ports.empty())
      add_evidence(f, fmt::format("{}'s probe port(s) {} come from its ephemeral range; the rule drops packets of "
                                  "connections already open there too (it does not match new connections only)",
                                  c.host(to), ports_text(reply_ports)));
    if (!sent_ports.empty())
      add_evidence(f, fmt::format("{}'s probe port(s) {} come from its ephemeral range, as the peers' listening ports "
                                  "and the source ports of their connections do from theirs; the rule drops packets "
                                  "{} sends to such a port",
                                  c.host(to), ports_text(sent_ports), c.host(to)));
    for (const auto& line : passed_lines(c, to, froms)) add_evidence(f, line);
    if (auto g = froms.empty() ? std::string() : gloo_direction(c, to, froms); !g.empty()) add_evidence(f, g);
    for (const auto* p : ins) add_evidence(f, probe_line(c, *p));
    for (const auto* p : outs) add_evidence(f, probe_line(c, *p));
    f.fix.text =
        "allow inbound TCP between the nodes on the ephemeral range (sysctl net.ipv4.ip_local_port_range), "
        "not only MASTER_PORT";
    if (froms.empty())
      f.fix.text = fmt::format("let the answers to {}'s connections in (its ephemeral ports)", c.host(to));
    if (!sent_ports.empty())
      f.fix.text = fmt::format(
          "let {} send TCP to the peers' ephemeral ports (sysctl net.ipv4.ip_local_port_range): NCCL and Gloo listen "
          "there, and the peers' connections come from there",
          c.host(to));
    for (const auto& fix : rules.ephemeral_fixes) f.fix.text += "\n" + fix;
    c.findings.push_back(std::move(f));
  }
}

void black_hole_findings(Ctx& c, const ReachTally& t) { path_black_hole_findings(c, t.black_hole); }

// A job port whose probes failed while other ports of its node answered. The rules that drop it
// are read on both ends: inbound on the port's node, outbound on each node whose probe failed. When
// only the senders' own rules drop it, the title and hosts name those senders, not the port's node.
void port_blocked_findings(Ctx& c, const ReachTally& t) {
  for (const auto& [what, probes] : t.job_blocked) {
    const ProbeResult& p0 = *probes.front();
    RuleEvidence rules;
    add_rules(rules, c, p0.target.to, p0.target.addr, p0.target.port, firewall::Direction::input);
    const bool inbound_rule = !rules.evidence.empty();
    std::set<int> froms;
    for (const auto* p : probes) froms.insert(p->from);
    std::vector<int> senders;  // the nodes whose own outgoing rule drops the port
    for (int from : froms) {
      auto before = rules.evidence.size();
      add_rules(rules, c, from, "outgoing", p0.target.port, firewall::Direction::output);
      if (rules.evidence.size() > before) senders.push_back(from);
    }
    const std::string port_text = fmt::format("{} ({}:{})", what, p0.target.addr, p0.target.port);
    std::string title = fmt::format("{} on {} is blocked or closed while other ports of that node answer", port_text,
                                    c.host(p0.target.to));
    std::vector<std::string> hosts = {c.host(p0.target.to)};
    if (!inbound_rule && !senders.empty() && senders.size() == froms.size()) {
      hosts.clear();
      for (int s : senders) hosts.push_back(c.host(s));
      const std::string who = core::join(hosts, ", ");
      title =
          fmt::format("{} on {} is not reached from {}: {} own nftables ruleset drops outgoing TCP to port {}",
                      port_text, c.host(p0.target.to), who, senders.size() == 1 ? who + "'s" : "their", p0.target.port);
    }
    auto f = core::new_finding("preflight.port.blocked", core::Label::firewall_or_port_blocked, core::Severity::error,
                               title);
    f.hosts = hosts;
    for (const auto& line : rules.evidence) add_evidence(f, line);
    for (const auto* p : probes) {
      f.ranks.push_back(p->from);
      add_evidence(f, probe_line(c, *p));
    }
    f.fix.text = rules.port_fixes.empty()
                     ? fmt::format(
                           "open TCP port {} on {} in its firewall (nft list ruleset / iptables -S), or choose a "
                           "port that is open",
                           p0.target.port, c.host(p0.target.to))
                     : core::join(rules.port_fixes, "\n");
    c.findings.push_back(std::move(f));
  }
}

// A job port given by name (rank 0's MASTER_ADDR) that did not resolve on the probing node: no
// packet left, so nothing is known about the port. What was seen is the name failing there. The
// node's own MASTER_ADDR failing to resolve is check_master's finding; a node whose job uses
// another value (an address) does not need the name, so the finding is a warning there.
void unresolved_job_name_findings(Ctx& c, const ReachTally& t) {
  std::map<std::pair<int, std::string>, std::vector<const ProbeResult*>> by_node;  // (from, name) -> probes
  for (const auto* p : t.job_unresolved) by_node[{p->from, p->target.addr}].push_back(p);
  for (const auto& [key, probes] : by_node) {
    const auto& [from, name] = key;
    const NodeFacts& f = *c.node.at(from);
    auto own = f.env.find("MASTER_ADDR");
    const bool uses_name = own != f.env.end() && own->second == name;
    if (uses_name && !f.master_addr_error.empty()) continue;  // check_master names it
    std::string address;                                      // what the name is on rank 0, where it resolved
    if (c.node.count(0)) {
      const NodeFacts& zero = *c.node.at(0);
      auto z = zero.env.find("MASTER_ADDR");
      if (z != zero.env.end() && z->second == name && !zero.master_addr_resolves.empty())
        address = zero.master_addr_resolves.front();
    }
    auto x = core::new_finding(
        "preflight.port.name-unresolved", core::Label::hostname_resolution,
        uses_name ? core::Severity::error : core::Severity::warning,
        fmt::format("{} does not resolve on {}: its probe of {} ({}:{}) never connected, so that port was not tested",
                    name, c.host(from), probes.front()->target.what, name, probes.front()->target.port));
    x.hosts = {c.host(from)};
    x.ranks = {from};
    for (const auto* p : probes) add_evidence(x, probe_line(c, *p));
    if (!address.empty()) add_evidence(x, fmt::format("{} resolves on {} (rank 0) to {}", name, c.host(0), address));
    if (own != f.env.end() && !uses_name)
      add_evidence(
          x, fmt::format("{}'s own MASTER_ADDR is {}: its job does not look up {}", c.host(from), own->second, name));
    x.fix.text =
        address.empty()
            ? fmt::format("make {} resolve on {} (its /etc/hosts or DNS), or use rank 0's address in its place", name,
                          c.host(from))
            : fmt::format(
                  "add the line `{} {}` to /etc/hosts on {} (or fix its DNS), or use the address {} in "
                  "place of the name",
                  address, name, c.host(from), address);
    c.findings.push_back(std::move(x));
  }
}

// True when at least half of what touches some node is affected: a lossy NIC or a slow link shows on
// most probes through it, while a few scattered ones among hundreds are a busy host's queue drops or
// scheduling delay, not a path to fix.
bool concentrated(const std::map<int, std::pair<int, int>>& by_host) {
  bool pattern = false;
  for (const auto& [rank, counts] : by_host) pattern = pattern || counts.first * 2 >= counts.second;
  return pattern;
}

// The title counts the lines under it: transfers that finished and those that did not.
std::string loss_title(const std::vector<LossyProbe>& lossy, bool strong) {
  auto finished = std::count_if(lossy.begin(), lossy.end(), [](const LossyProbe& l) { return l.finished; });
  auto unfinished = static_cast<std::ptrdiff_t>(lossy.size()) - finished;
  std::vector<std::string> how;
  if (finished > 0)
    how.push_back(unfinished == 0 ? (strong ? "every transfer finished" : "every transfer finished, twice when retried")
                                  : fmt::format("{} transfer(s) finished", finished));
  if (unfinished > 0) how.push_back(finished == 0 ? "no transfer finished" : fmt::format("{} did not", unfinished));
  // a transfer that never finished says the path stalls, not that it is slow
  std::string effect = unfinished == 0 ? (strong ? "collectives will be slow" : "collectives can be slowed by it")
                       : finished == 0 ? "collectives over these paths can hang"
                                       : "collectives will be slow, and can hang over the paths that did not finish";
  return fmt::format("{} probe(s) lost packets (TCP {}; {}): {}", lossy.size(),
                     strong ? "retransmits" : "resent segments", core::join(how, ", "), effect);
}

void loss_finding(Ctx& c, ReachTally& t) {
  if (t.lossy.empty() || !concentrated(t.loss_by_host)) return;
  std::sort(t.lossy.begin(), t.lossy.end(), [](const LossyProbe& a, const LossyProbe& b) {
    return std::tie(a.retransmits, a.line) > std::tie(b.retransmits, b.line);
  });
  auto f = core::new_finding("preflight.reach.lossy", core::Label::performance, core::Severity::warning,
                             loss_title(t.lossy, t.strong_loss));
  for (const auto& l : t.lossy) add_evidence(f, l.line);
  f.fix.text = "find the lossy hop (cables, NIC errors in `ip -s link`, congested switch ports, tc qdiscs)";
  c.findings.push_back(std::move(f));
}

void slow_finding(Ctx& c, ReachTally& t) {
  if (t.slow.empty() || !concentrated(t.slow_by_host)) return;
  std::sort(t.slow.rbegin(), t.slow.rend());
  auto f = core::new_finding(
      "preflight.reach.slow", core::Label::performance, core::Severity::warning,
      fmt::format("{} node pair(s) have round trips above {} ms: collectives will be slow and may hit timeouts",
                  t.slow.size(), k_slow_rtt_us / 1000));
  for (const auto& s : t.slow) add_evidence(f, s.second);
  f.fix.text =
      "check the path for loss and delay (tc qdisc, congested or remote links); raise NCCL/torch timeouts "
      "if the path cannot change";
  c.findings.push_back(std::move(f));
}

}  // namespace

std::set<int> black_hole_ranks(const Ctx& c) {
  std::vector<std::pair<int, int>> echoed, lost;  // (from, to) pairs
  for (const auto& [from, to] : c.judged_pairs()) {
    const auto& probes = c.candidate_probes(from, to);
    if (std::any_of(probes.begin(), probes.end(), [](const ProbeResult* p) { return p->ok; }))
      echoed.emplace_back(from, to);
    if (std::any_of(probes.begin(), probes.end(), [](const ProbeResult* p) { return black_hole_probe(*p); }))
      lost.emplace_back(from, to);
  }
  std::set<int> out;
  for (;;) {
    // per rank, over the pairs no node taken so far explains: (lost, echoed) and its peers
    std::map<int, std::pair<int, int>> share;
    std::map<int, std::set<int>> peers;
    auto open = [&](const std::pair<int, int>& p) { return !out.count(p.first) && !out.count(p.second); };
    for (const auto& p : echoed)
      if (open(p))
        for (int r : {p.first, p.second}) ++share[r].second, peers[r].insert(r == p.first ? p.second : p.first);
    for (const auto& p : lost)
      if (open(p))
        for (int r : {p.first, p.second}) ++share[r].first;
    std::vector<int> top;
    std::pair<int, int> best{0, 1};
    for (const auto& [r, n] : share) {
      if (n.first * 2 <= n.second || peers[r].size() < 2) continue;
      auto cmp = static_cast<long long>(n.first) * best.second - static_cast<long long>(best.first) * n.second;
      if (cmp > 0) top.clear(), best = n;
      if (cmp >= 0) top.push_back(r);
    }
    if (top.empty() || (top.size() > 1 && best.first < best.second)) break;
    out.insert(top.begin(), top.end());
  }
  return out;
}

void find_reachability(Ctx& c) {
  ReachTally t;
  for (const auto& [from, to] : c.judged_pairs()) t.add_pair(c, from, to);
  auto cut_off = localise(c, t.pairs, t.no_route, t.no_route_ev, t.ephemeral, t.ephemeral_ev, t.black_hole);
  report_untested(c, t.untested);
  no_route_findings(c, t, cut_off);
  ephemeral_findings(c, t);
  black_hole_findings(c, t);
  port_blocked_findings(c, t);
  unresolved_job_name_findings(c, t);
  loss_finding(c, t);
  slow_finding(c, t);
}

}  // namespace dd::cluster::detail
