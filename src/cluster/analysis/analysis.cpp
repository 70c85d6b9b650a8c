#include "cluster/analysis/analysis.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cluster/analysis/analysis_context.hpp"
#include "core/address.hpp"
#include "core/finding_factory.hpp"
#include "core/strings.hpp"
#include "netif/preference.hpp"

namespace dd::cluster {

namespace detail {

Ctx::Ctx(const AnalysisInput& input) : in(input) {
  for (const auto& n : in.nodes) node[n.rank] = &n;
  for (const auto& [rank, f] : node)
    if (!in.lost.count(rank)) live.push_back(rank);
  for (const auto& p : in.probes)
    (p.target.what == "candidate" ? candidates : job)[{p.from, p.target.to}].push_back(&p);
  // Peers whose probe results we have: they judge the addresses of the nodes they probed.
  // In a sparse plan a node that reached none of its (3 or more) probed peers is cut off itself
  // (analysis_reach localises it): it judges nobody else's addresses, or each of its ~12 peers
  // would look unreachable too. A full mesh keeps every judge (what the small-cluster cases assert).
  auto cut_off = [&](int from) {
    if (in.planned.empty()) return false;
    int peers = 0;
    for (int to : live) {
      if (to == from || !judged(from, to) || candidate_probes(from, to).empty()) continue;
      ++peers;
      for (const auto* p : candidate_probes(from, to))
        if (carries_data(*p)) return false;
    }
    return peers >= 3;
  };
  // A node whose own ruleset drops the answers to its connections, or what it sends to ephemeral
  // ports (its connections to the peers' probe ports), judges nobody either: its
  // probes fail whatever the address (analysis_reach names its rule); nor does a node behind an
  // MTU black hole (its full-size packets are lost whichever address it tries), nor a node about
  // an address on a subnet where its own interface is down (it has no route there).
  behind_hole = black_hole_ranks(*this);
  std::vector<int> judges;
  for (int r : live)
    if (in.probed.count(r) && !cut_off(r) && !behind_hole.count(r) && reply_ports_dropped(*node.at(r)).empty() &&
        sent_ports_dropped(*node.at(r)).empty())
      judges.push_back(r);
  for (int to : live) {
    const NodeFacts& f = *node[to];
    for (const auto& l : f.listeners) {
      if (!l.ok || l.spec.what != "candidate") continue;
      bool all = true, all_echo = true;
      for (int from : judges) {
        if (from == to || !judged(from, to) || own_link_down(*node.at(from), l.spec.addr)) continue;
        bool found = false, found_echo = false;
        for (const auto* p : candidate_probes(from, to)) {
          if (p->target.addr != l.spec.addr) continue;
          found = found || carries_data(*p);
          found_echo = found_echo || p->ok;
        }
        all = all && found;
        all_echo = all_echo && found_echo;
      }
      if (all) good[to].insert(l.spec.addr);
      if (all_echo) echo_good[to].insert(l.spec.addr);
    }
  }
}

bool own_link_down(const NodeFacts& node, const std::string& addr) {
  auto target = core::parse_numeric_ip(addr);
  if (!target) return false;
  return std::any_of(node.entries.begin(), node.entries.end(), [&](const os::AddressEntry& e) {
    auto own = core::parse_numeric_ip(e.addr);
    return !e.up && !e.loopback && own && core::same_subnet(*own, *target, e.prefix);
  });
}

std::vector<int> reply_ports_dropped(const NodeFacts& node) {
  std::vector<int> out;
  for (const auto& l : node.listeners)
    if (l.ok && l.spec.what == "candidate" &&
        !blocks_for(node.firewall, l.port, firewall::Direction::input, firewall::Packet::established).empty())
      out.push_back(l.port);
  return out;
}

std::vector<int> sent_ports_dropped(const NodeFacts& node) {
  std::vector<int> out;
  for (const auto& l : node.listeners) {
    if (!l.ok || l.spec.what != "candidate") continue;
    if (!blocks_for(node.firewall, l.port, firewall::Direction::output).empty() ||
        !blocks_for(node.firewall, l.port, firewall::Direction::output, firewall::Packet::established).empty())
      out.push_back(l.port);
  }
  return out;
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

namespace {
const std::vector<const ProbeResult*> k_none;
}

const std::vector<const ProbeResult*>& Ctx::candidate_probes(int from, int to) const {
  auto it = candidates.find({from, to});
  return it == candidates.end() ? k_none : it->second;
}

const std::vector<const ProbeResult*>& Ctx::job_probes(int from, int to) const {
  auto it = job.find({from, to});
  return it == job.end() ? k_none : it->second;
}

bool Ctx::judged(int from, int to) const { return in.planned.empty() || in.planned.count({from, to}) > 0; }

std::vector<std::pair<int, int>> Ctx::judged_pairs() const {
  std::vector<std::pair<int, int>> out;
  std::set<int> alive(live.begin(), live.end());
  if (!in.planned.empty()) {
    for (const auto& [from, to] : in.planned)
      if (from != to && alive.count(from) && alive.count(to) && in.probed.count(from)) out.emplace_back(from, to);
    return out;
  }
  for (int from : live) {
    if (!in.probed.count(from)) continue;
    for (int to : live)
      if (from != to) out.emplace_back(from, to);
  }
  return out;
}

bool Ctx::job_port_echoed(int rank, const std::string& addr) const {
  return std::any_of(in.probes.begin(), in.probes.end(), [&](const ProbeResult& p) {
    return p.target.to == rank && p.from != rank && p.target.what != "candidate" && p.ok &&
           (p.target.addr == addr || p.resolved == addr);
  });
}

core::Label label_for_kind(std::optional<netif::Kind> kind, core::Label fallback) {
  if (!kind) return fallback;
  if (*kind == netif::Kind::loopback) return core::Label::loopback_interface;
  if (netif::is_host_private_kind(*kind) || *kind == netif::Kind::bridge) return core::Label::virtual_interface;
  return fallback;
}

}  // namespace detail

std::string_view to_string(Verdict v) {
  switch (v) {
    case Verdict::ok:
      return "OK";
    case Verdict::slow:
      return "WILL BE SLOW";
    case Verdict::hang:
      return "WILL HANG";
  }
  return "OK";
}

std::vector<std::string> ranked_links(const NodeFacts& node, const std::set<std::string>& good) {
  std::map<std::string, netif::LinkTraits> links;
  for (const auto& e : node.entries) {
    if (!good.count(e.addr) || !core::is_routable_address(e.addr)) continue;  // 169.254/16: never recommended
    auto [it, fresh] = links.try_emplace(e.link);
    netif::LinkTraits& t = it->second;
    if (fresh) {
      t.name = e.link;
      auto i = node.ifaces.find(e.link);
      if (i == node.ifaces.end()) {
        t.kind = netif::Kind::virtual_;  // a link the node did not describe is not recommended
      } else {
        t.kind = i->second.kind;
        t.enslaved = i->second.enslaved;
        t.speed_mbps = i->second.speed_mbps;
        t.ifindex = i->second.ifindex;
      }
    }
    t.has_ipv4 = t.has_ipv4 || e.family == os::Family::inet;
  }
  std::vector<std::pair<netif::PreferenceKey, std::string>> keyed;
  for (const auto& [name, t] : links)
    if (auto key = netif::preference_key(t)) keyed.emplace_back(*key, name);
  std::sort(keyed.begin(), keyed.end());
  std::vector<std::string> out;
  for (const auto& [key, name] : keyed) out.push_back(name);
  return out;
}

namespace {

// The rendezvous name is MASTER_ADDR and resolves on rank 0 to addresses of one family only (IPv6,
// say) while rank 0 also has a routable address of the other: a node with no route of that family
// never joins (its own output says "no route"). Adds what rank 0 saw to `f` (its title and
// evidence) and returns the fix's addition; "" when not so.
std::string one_family_rendezvous(const NodeFacts& zero, const std::string& name, const std::vector<std::string>& addrs,
                                  core::Finding& f) {
  auto master = zero.env.find("MASTER_ADDR");
  const auto& got = zero.master_addr_resolves;
  if (master == zero.env.end() || master->second != name || got.empty()) return "";
  const bool v6 = core::is_ipv6_address(got.front());
  if (!std::all_of(got.begin(), got.end(), [&](const std::string& a) { return core::is_ipv6_address(a) == v6; }))
    return "";
  auto other = std::find_if(addrs.begin(), addrs.end(), [&](const std::string& a) {
    return core::is_routable_address(a) && core::is_ipv6_address(a) != v6;
  });
  if (other == addrs.end()) return "";
  const char* fam = v6 ? "IPv6" : "IPv4";
  f.title += fmt::format(", which resolves on rank 0 to the {} address{} {} only", fam, got.size() == 1 ? "" : "es",
                         core::join(got, ", "));
  f.evidence.push_back(
      fmt::format("MASTER_ADDR={} resolves on rank 0 to {} ({} only)", name, core::join(got, ", "), fam));
  const char* own = v6 ? "IPv4" : "IPv6";
  return fmt::format(
      ". A node with no {} route cannot reach {} (its own output then says \"no route\"): reach rank 0 over {} "
      "instead: map {} to {} (rank 0's {} address) in /etc/hosts (or DNS) on every node, or set MASTER_ADDR={} on "
      "every node",
      fam, core::join(got, ", "), own, name, *other, own, *other);
}

// A join rank 0 dropped because another node had already joined with the same rank.
struct SecondClaim {
  int rank = -1;
  std::string rejected;  // its address
  std::string first;     // the address of the node that joined first with that rank
};

// The rendezvous server's "rendezvous: dropped PEER: rank R already joined from PEER0" lines.
std::vector<SecondClaim> second_claims(const std::vector<std::string>& drops) {
  std::vector<SecondClaim> out;
  for (const auto& line : drops) {
    const std::string head = "rendezvous: dropped ", mid = " already joined from ";
    auto sep = line.find(": rank ", head.size());
    auto at = line.find(mid);
    if (!core::starts_with(line, head) || sep == std::string::npos || at == std::string::npos || at < sep) continue;
    SecondClaim c;
    try {
      c.rank = std::stoi(line.substr(sep + 7, at - sep - 7));
    } catch (const std::exception&) {
      continue;
    }
    c.rejected = core::endpoint_address(line.substr(head.size(), sep - head.size()));
    c.first = core::endpoint_address(line.substr(at + mid.size()));
    out.push_back(std::move(c));
  }
  return out;
}

// Rank 0 turned away a second node claiming a rank that had joined: what it saw goes into the
// missing rank's finding, whose fix is to start that node as the missing rank.
void second_claim_evidence(detail::Ctx& c, const AnalysisInput& input) {
  const auto claims = second_claims(input.rendezvous_drops);
  auto missing = std::find_if(c.findings.begin(), c.findings.end(),
                              [](const core::Finding& f) { return f.id == "preflight.node.missing"; });
  if (claims.empty() || missing == c.findings.end()) return;
  core::Finding& f = *missing;
  std::vector<std::string> seen, rejected;
  for (const auto& s : claims) {
    seen.push_back(fmt::format("two nodes claimed rank {}: {} ({}) joined first, the node at {} was rejected", s.rank,
                               c.host(s.rank), s.first, s.rejected));
    rejected.push_back(s.rejected);
  }
  f.title += "; " + core::join(seen, "; ");
  for (const auto& s : claims)
    f.evidence.push_back(fmt::format("rank 0 rejected the join from {}: rank {} already joined from {} ({})",
                                     s.rejected, s.rank, s.first, c.host(s.rank)));
  std::vector<std::string> ranks;
  for (int m : input.missing) ranks.push_back(std::to_string(m));
  f.fix.text = claims.size() == 1 && input.missing.size() == 1
                   ? fmt::format(
                         "start the node at {} as rank {} (`--rank {}`, or RANK={} in its launcher), not as "
                         "rank {}: rank {} is taken by {}",
                         claims[0].rejected, input.missing[0], input.missing[0], input.missing[0], claims[0].rank,
                         claims[0].rank, c.host(claims[0].rank))
                   : fmt::format(
                         "give each node its own rank: start the node(s) at {} with the rank(s) that never "
                         "joined ({}), one each (`--rank N`, or RANK=N in the launcher)",
                         core::join(rejected, ", "), core::join(ranks, ", "));
}

// A join rank 0 dropped because it said another world size ("rendezvous: dropped PEER: rank R
// says world W but rank 0 has N", the words rank 0 sent that node).
struct WorldClaim {
  int rank = -1;
  long long world = 0, ours = 0;
  std::string address;  // the rejected node's
  std::string reason;   // "rank R says world W but rank 0 has N"
};

std::vector<WorldClaim> world_claims(const std::vector<std::string>& drops) {
  std::vector<WorldClaim> out;
  const std::string head = "rendezvous: dropped ", says = " says world ", has = " but rank 0 has ";
  for (const auto& line : drops) {
    auto sep = line.find(": rank ", head.size());
    auto at = line.find(says);
    auto but = line.find(has);
    if (!core::starts_with(line, head) || sep == std::string::npos || at == std::string::npos ||
        but == std::string::npos || !(sep < at && at < but))
      continue;
    WorldClaim w;
    try {
      w.rank = std::stoi(line.substr(sep + 7, at - sep - 7));
      w.world = std::stoll(line.substr(at + says.size(), but - at - says.size()));
      w.ours = std::stoll(line.substr(but + has.size()));
    } catch (const std::exception&) {
      continue;
    }
    w.address = core::endpoint_address(line.substr(head.size(), sep - head.size()));
    w.reason = line.substr(sep + 2);
    // a node retries its join until its deadline: one claim per node and rank
    if (std::none_of(out.begin(), out.end(),
                     [&](const WorldClaim& o) { return o.rank == w.rank && o.address == w.address; }))
      out.push_back(std::move(w));
  }
  return out;
}

// Rank 0 turned away a node whose join said another world size (clusters-2026-12-06e p4): the
// missing rank it claimed did reach rank 0; its finding says so, and the fix is that node's world
// size. A claimed rank outside rank 0's world is its own finding (no missing rank to attach it to).
void world_claim_evidence(detail::Ctx& c, const AnalysisInput& input) {
  for (const auto& w : world_claims(input.rendezvous_drops)) {
    auto missing = std::find_if(c.findings.begin(), c.findings.end(), [&](const core::Finding& f) {
      return f.id == "preflight.node.missing" && f.ranks == std::vector<int>{w.rank};
    });
    const std::string fix = fmt::format(
        "on the node at {} (it joined as rank {} with world {}), use the world size rank 0 and the other nodes "
        "have, and start preflight and the job there again:\n  export WORLD_SIZE={}\n(or `--world {}`; every node "
        "must use the same world size)",
        w.address, w.rank, w.world, w.ours, w.ours);
    const std::string seen = fmt::format("rank 0 rejected the join from {}: {}", w.address, w.reason);
    if (missing == c.findings.end()) {
      auto f = core::new_finding(
          "preflight.node.world-mismatch", core::Label::other, core::Severity::error,
          fmt::format("rank 0 rejected a join from {}: it says rank {} of world {}, rank 0 has world {}", w.address,
                      w.rank, w.world, w.ours),
          {seen}, fix);
      c.findings.push_back(std::move(f));
      continue;
    }
    missing->title = fmt::format(
        "rank {} never joined the rendezvous at {}: rank 0 rejected its join from {}, which said world {} (rank 0 "
        "has {})",
        w.rank, input.rendezvous, w.address, w.world, w.ours);
    missing->evidence.insert(missing->evidence.begin(), seen);
    missing->fix.text = fix;
  }
}

// " (rank 0's MASTER_PORT=29400, plus 1)" when the rendezvous port is rank 0's MASTER_PORT + 1.
std::string master_port_note(const detail::Ctx& c, int rendezvous_port) {
  if (!c.node.count(0)) return "";
  const auto& env = c.node.at(0)->env;
  auto it = env.find("MASTER_PORT");
  if (it == env.end() || it->second != std::to_string(rendezvous_port - 1)) return "";
  return fmt::format(" (rank 0's MASTER_PORT={}, plus 1)", it->second);
}

// Whether another rank reports an address rank r reports too (not loopback, not link-local).
bool shares_an_address(const detail::Ctx& c, int r) {
  if (!c.node.count(r)) return false;
  for (const auto& e : c.node.at(r)->entries) {
    if (e.loopback || core::is_link_local_address(e.addr) || core::is_loopback_address(e.addr)) continue;
    for (const auto& [other, f] : c.node)
      for (const auto& o : f->entries)
        if (other != r && o.addr == e.addr) return true;
  }
  return false;
}

// A rank lost midway: "died" only when no other rank reports one of its addresses. Two nodes at
// one address (a cloned node kept another's) answer each other's connections: the reset may have
// come from the other node, so the duplicate address is what was seen (preflight.address.duplicate,
// find_comparisons, with the loss as its evidence), and no death is claimed.
void lost_findings(detail::Ctx& c, const AnalysisInput& input) {
  for (const auto& [r, why] : input.lost) {
    if (shares_an_address(c, r)) continue;
    auto f = core::new_finding("preflight.node.lost", core::Label::other, core::Severity::error,
                               fmt::format("rank {} ({}) died or disconnected midway", r, c.host(r)));
    f.ranks = {r};
    f.hosts = {c.host(r)};
    f.evidence.push_back(why);
    f.fix.text = "check that node (crash, OOM killer, reboot, network drop) and run preflight again";
    c.findings.push_back(std::move(f));
  }
}

}  // namespace

Analysis analyze(const AnalysisInput& input) {
  detail::Ctx c(input);
  Analysis out;
  // Ranks that never came or died midway.
  for (int r : input.missing) {
    auto f = core::new_finding("preflight.node.missing", core::Label::other, core::Severity::error,
                               fmt::format("rank {} never joined the rendezvous at {}", r, input.rendezvous));
    f.ranks = {r};
    f.evidence.push_back(fmt::format("{} of {} ranks joined before the deadline", input.nodes.size(), input.world));
    // A rendezvous given by name: the node that never came may resolve it to another address.
    const std::string rv_host = input.rendezvous.substr(0, input.rendezvous.rfind(':'));
    const bool by_name = !rv_host.empty() && rv_host.front() != '[' && !core::is_numeric_address(rv_host);
    std::string family_fix;
    if (auto zero = c.node.find(0); by_name && zero != c.node.end()) {
      std::vector<std::string> addrs;
      for (const auto& e : zero->second->entries)
        if (!e.loopback && !core::is_link_local_address(e.addr)) addrs.push_back(e.addr);  // a name never leads there
      f.evidence.push_back(fmt::format("rank 0 ({}) addresses: {}", c.host(0), core::join(addrs, ", ")));
      family_fix = one_family_rendezvous(*zero->second, rv_host, addrs, f);
    }
    // Rank 0 saw no join: the rank was not started, or it dialled another rendezvous (another
    // MASTER_ADDR / MASTER_PORT there) or was turned away; only its own output tells them apart.
    f.fix.text = fmt::format(
        "rank {}'s own output says why it did not join: when it was not started, start distdoctor preflight on "
        "rank {}; when it runs, it dialled another rendezvous than {} or could not reach it: its MASTER_ADDR and "
        "MASTER_PORT must give {}{} (preflight meets at MASTER_ADDR:MASTER_PORT+1), with the same job token{}{}",
        r, r, input.rendezvous, input.rendezvous, master_port_note(c, input.rendezvous_port),
        by_name ? fmt::format("; {} must resolve there to one of rank 0's addresses", rv_host) : "", family_fix);
    c.findings.push_back(std::move(f));
  }
  second_claim_evidence(c, input);
  world_claim_evidence(c, input);
  lost_findings(c, input);
  // A world of one node has no peer: no probe ran, so no address was reached or missed, and no
  // rule about what peers can use (reachability, interface choices, MASTER_ADDR, comparisons,
  // address families) has evidence; only the node's own configuration findings stand.
  bool alone = input.world <= 1 && input.nodes.size() <= 1;
  if (!alone) {
    detail::find_reachability(c);
    out.recommendation = detail::recommend(c);
    detail::find_choices(c, out.recommendation);
    detail::find_comparisons(c, out.recommendation);
    detail::find_address_families(c);
  }
  detail::find_job_ports_taken(c);
  detail::import_node_findings(c);
  out.good_addrs = c.good;
  out.findings = std::move(c.findings);
  detail::order_by_cause(out.findings);
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
  } else if (alone) {
    out.reason = "one node (world 1): no peer to probe; the node's own configuration was checked";
  } else if (auto untested = std::find_if(out.findings.begin(), out.findings.end(),
                                          [](const core::Finding& f) { return f.id == "preflight.reach.not-tested"; });
             untested != out.findings.end()) {
    out.reason = untested->title;  // what was tested passed; what was not is not called reached
  } else {
    out.reason = fmt::format("all {} nodes reach each other on the recommended interfaces", input.nodes.size());
  }
  return out;
}

}  // namespace dd::cluster
