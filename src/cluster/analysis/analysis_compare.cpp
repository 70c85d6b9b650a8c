// Comparisons across nodes: settings that must agree, NCCL library versions, addresses present
// on several nodes, MTUs of the interfaces that carry traffic, what MASTER_ADDR resolves to,
// TF_CONFIG consistency, and clock skew.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "cluster/analysis/analysis_context.hpp"
#include "core/address.hpp"
#include "core/json_limits.hpp"
#include "core/strings.hpp"
#include "env/tf_task_index.hpp"

namespace dd::cluster::detail {

namespace {

constexpr std::int64_t k_max_skew_us = 2'000'000;

// Effective value of a compared setting on a node (NCCL_* as NCCL sees it, files included).
std::optional<std::string> setting(const NodeFacts& f, const std::string& key) {
  const auto& src = core::starts_with(key, "NCCL_") ? f.nccl_config : f.env;
  auto it = src.find(key);
  if (it == src.end()) return std::nullopt;
  return it->second;
}

// A value without the carriage returns a Windows-edited env file leaves at its end.
std::string without_cr(std::string v) {
  while (!v.empty() && v.back() == '\r') v.pop_back();
  return v;
}

// MASTER_ADDR written differently (an address on one node, a name on others) while every node
// resolves its own value to the same address of rank 0, which every peer reached, with one
// MASTER_PORT: every node meets at the same rendezvous, so it is a note, not a hang. Without all of
// that (a value that does not resolve, or resolves elsewhere, or an address no peer reached), the
// values differ in effect and the error stands.
std::optional<core::Finding> master_addr_one_rendezvous(const Ctx& c) {
  if (!c.node.count(0) || c.live.empty()) return std::nullopt;
  std::string addr;
  std::set<std::string> ports;
  std::map<std::string, std::vector<std::string>> by_value;  // value -> hosts
  for (int r : c.live) {
    const NodeFacts& f = *c.node.at(r);
    auto m = f.env.find("MASTER_ADDR");
    if (m == f.env.end() || !f.master_addr_error.empty() || f.master_addr_resolves.empty()) return std::nullopt;
    if (!addr.empty() && f.master_addr_resolves.front() != addr) return std::nullopt;
    addr = f.master_addr_resolves.front();
    auto p = setting(f, "MASTER_PORT");
    ports.insert(p ? without_cr(*p) : "<unset>");
    by_value[m->second].push_back(c.host(r));
  }
  bool owned = std::any_of(c.node.at(0)->entries.begin(), c.node.at(0)->entries.end(),
                           [&](const os::AddressEntry& e) { return e.addr == addr; });
  bool reached =
      (c.good.count(0) && c.good.at(0).count(addr)) || (c.echo_good.count(0) && c.echo_good.at(0).count(addr));
  if (!owned || !reached || ports.size() != 1 || by_value.size() < 2) return std::nullopt;
  const std::string port = *ports.begin() == "<unset>" ? "" : ":" + *ports.begin();
  std::vector<std::string> forms;
  for (const auto& [value, hosts] : by_value)
    forms.push_back(fmt::format("{} {} {}", core::join(hosts, ", "), hosts.size() == 1 ? "writes" : "write",
                                core::is_numeric_address(value) ? "the address" : "the name " + value));
  auto f = core::new_finding(
      "preflight.master-addr.mixed-forms", core::Label::other, core::Severity::info,
      fmt::format("MASTER_ADDR is written differently but leads every node to one rendezvous, "
                  "{}{}: {}",
                  addr.find(':') == std::string::npos ? addr : "[" + addr + "]", port, core::join(forms, "; ")));
  for (const auto& [value, hosts] : by_value)
    f.evidence.push_back(
        fmt::format("MASTER_ADDR={} on {}: resolves there to {}", value, core::join(hosts, ", "), addr));
  f.evidence.push_back(
      fmt::format("{} is an address of rank 0 ({}) that every peer reached; MASTER_PORT{} on every node", addr,
                  c.host(0), port.empty() ? " unset" : "=" + port.substr(1)));
  return f;
}

void compare_settings(Ctx& c, const Recommendation& rec) {
  std::set<std::string> keys;
  for (int r : c.live) {
    for (const auto& [k, v] : c.node.at(r)->env)
      if (k != "TF_CONFIG") keys.insert(k);
    for (const auto& [k, v] : c.node.at(r)->nccl_config) keys.insert(k);
  }
  for (const auto& key : keys) {
    std::map<std::string, std::vector<std::string>> by_value;  // value -> hosts
    for (int r : c.live) {
      auto v = setting(*c.node.at(r), key);
      by_value[v ? *v : "<unset>"].push_back(c.host(r));
    }
    if (by_value.size() < 2) continue;
    std::set<std::string> trimmed;
    for (const auto& [v, hosts] : by_value) trimmed.insert(without_cr(v));
    if (trimmed.size() < 2) continue;  // only a trailing \r differs: preflight.env.carriage-return says so
    bool some_unset = by_value.count("<unset>") != 0;
    if (key == "MASTER_ADDR" && !some_unset)
      if (auto same = master_addr_one_rendezvous(c)) {
        c.findings.push_back(std::move(*same));
        continue;
      }
    // Interface names differ between machines (eth0 here, ens5 there): a value per node is how the
    // recommendation itself fixes that, and each node's own rules judge its value against its own
    // interfaces. Only a node that leaves it unset is compared.
    bool interface_names = key == "NCCL_SOCKET_IFNAME" || key == "GLOO_SOCKET_IFNAME" || key == "TP_SOCKET_IFNAME";
    if (interface_names && !some_unset) continue;
    bool hang = key == "MASTER_ADDR" || key == "MASTER_PORT" || key == "WORLD_SIZE";
    core::Label label = core::Label::other;
    if (key == "NCCL_SOCKET_IFNAME" || key == "GLOO_SOCKET_IFNAME" || key == "NCCL_SOCKET_FAMILY")
      label = core::Label::interface_mismatch;
    else if (core::starts_with(key, "NCCL_IB_"))
      label = core::Label::ib_misconfiguration;
    else if (key == "NCCL_PROTO" || key == "NCCL_ALGO")
      label = core::Label::collective_mismatch;
    auto f = core::new_finding(
        some_unset ? "preflight.setting.partial" : "preflight.setting.differs", label,
        hang ? core::Severity::error : core::Severity::warning,
        some_unset ? fmt::format("{} is set on some nodes only", key) : fmt::format("{} differs between nodes", key));
    for (const auto& [value, hosts] : by_value) {
      f.evidence.push_back(fmt::format("{}={} on {}", key, value, core::join(hosts, ", ")));
      if (value == "<unset>") f.hosts.insert(f.hosts.end(), hosts.begin(), hosts.end());
    }
    // the recommendation is printed (as a fix) only when it holds a value for the key
    auto zero = c.node.count(0) ? setting(*c.node.at(0), key) : std::nullopt;
    f.fix.text =
        rec.env.count(key) ? fmt::format("set {} to the same value on every node (see the recommendation)", key)
        : zero
            ? fmt::format("set {} to the same value on every node; rank 0 ({}) has {}={}", key, c.host(0), key, *zero)
            : fmt::format("set {} to the same value on every node", key);
    c.findings.push_back(std::move(f));
  }
}

void compare_versions(Ctx& c) {
  std::map<std::string, std::vector<std::string>> by_version;
  for (int r : c.live)
    by_version[c.node.at(r)->nccl_version.empty() ? "<none found>" : c.node.at(r)->nccl_version].push_back(c.host(r));
  std::size_t real = by_version.size() - (by_version.count("<none found>") ? 1 : 0);
  if (by_version.size() < 2) return;
  auto f = core::new_finding(
      "preflight.nccl.version-mismatch", core::Label::version_mismatch,
      real > 1 ? core::Severity::error : core::Severity::warning,
      real > 1 ? "NCCL versions differ between nodes" : "an NCCL library was found on some nodes only");
  for (const auto& [v, hosts] : by_version)
    f.evidence.push_back(fmt::format("NCCL {} on {}", v, core::join(hosts, ", ")));
  f.fix.text = "install the same NCCL (and PyTorch/CUDA) build on every node";
  c.findings.push_back(std::move(f));
}

// NVIDIA drivers, where known: nodes without a driver (CPU-only, or no /proc/driver/nvidia) are
// left out, since Gloo jobs run there without one.
void compare_drivers(Ctx& c) {
  std::map<std::string, std::vector<std::string>> by_driver;
  for (int r : c.live)
    if (!c.node.at(r)->cuda_driver.empty()) by_driver[c.node.at(r)->cuda_driver].push_back(c.host(r));
  if (by_driver.size() < 2) return;
  auto f = core::new_finding("preflight.cuda-driver.mismatch", core::Label::version_mismatch, core::Severity::warning,
                             "NVIDIA driver versions differ between nodes");
  for (const auto& [v, hosts] : by_driver)
    f.evidence.push_back(fmt::format("driver {} on {}", v, core::join(hosts, ", ")));
  f.fix.text =
      "install one driver version on every node: the CUDA runtime and NCCL need a driver at least as new as "
      "they were built for, and mixed drivers make failures node-specific";
  c.findings.push_back(std::move(f));
}

// An owner of a duplicate address: rank, the link that holds it there, its prefix length.
struct Owner {
  int rank = -1;
  std::string link;
  int prefix = 0;
};

bool resolves_to(const std::vector<std::string>& addrs, const std::string& addr) {
  return std::find(addrs.begin(), addrs.end(), addr) != addrs.end();
}

// The fix for two (or more) nodes holding one address on their NICs. The nodes' own names say which
// node the address belongs to (the one whose hostname resolves to it there) and which address each
// other node should have (its hostname's): then the commands for each other node; otherwise how
// to find out, node by node.
std::string conflict_fix(const Ctx& c, const std::string& addr, const std::vector<Owner>& list) {
  auto keeper = std::find_if(list.begin(), list.end(),
                             [&](const Owner& o) { return resolves_to(c.node.at(o.rank)->host_resolves, addr); });
  std::vector<std::string> steps;
  for (const auto& o : list) {
    if (keeper == list.end() || o.rank == keeper->rank) continue;
    const NodeFacts& f = *c.node.at(o.rank);
    auto own = std::find_if(f.host_resolves.begin(), f.host_resolves.end(), [&](const std::string& a) {
      return a != addr && !core::is_loopback_address(a) &&
             (a.find(':') == std::string::npos) == (addr.find(':') == std::string::npos);
    });
    if (own == f.host_resolves.end()) return "";  // no address of its own is known for that node
    bool has_own =
        std::any_of(f.entries.begin(), f.entries.end(), [&](const os::AddressEntry& e) { return e.addr == *own; });
    std::string cmd = fmt::format("ip addr del {}/{} dev {}", addr, o.prefix, o.link);
    if (!has_own) cmd += fmt::format("; ip addr add {}/{} dev {}", *own, o.prefix, o.link);
    steps.push_back(fmt::format("give {} its own address {} (its name resolves to it there) - on {}: `{}`",
                                c.host(o.rank), *own, c.host(o.rank), cmd));
  }
  if (steps.empty()) return "";
  return fmt::format(
      "{} keeps {} (its name resolves to it there); {}; then check with `arping -D -c 2 -I {} {}` on {} "
      "(no reply: no other node holds it) and run preflight again",
      c.host(keeper->rank), addr, core::join(steps, "; "), keeper->link, addr, c.host(keeper->rank));
}

// Two ranks reporting one address on their NICs (a cloned node kept the address of the node it was
// copied from): connections to it reach either node, and every rule that judges that address sees
// a mix of both. It comes first; a rank lost midway from that address is not called dead.
core::Finding conflict_finding(const Ctx& c, const std::string& addr, const std::vector<Owner>& list, bool used) {
  std::vector<std::string> who;
  for (const auto& o : list) who.push_back(fmt::format("rank {} ({})", o.rank, c.host(o.rank)));
  auto f = core::new_finding(
      "preflight.address.duplicate", core::Label::other, used ? core::Severity::error : core::Severity::warning,
      list.size() == 2 ? fmt::format("{} and {} report the same address {}: connections to it reach either node",
                                     who[0], who[1], addr)
                       : fmt::format("{} report the same address {}: connections to it reach any of them",
                                     core::join(who, ", "), addr));
  for (const auto& o : list) {
    const NodeFacts& n = *c.node.at(o.rank);
    f.hosts.push_back(c.host(o.rank));
    f.ranks.push_back(o.rank);
    f.evidence.push_back(fmt::format("{} {} {}", c.host(o.rank), o.link, addr));
    if (!n.host_resolves.empty())
      f.evidence.push_back(
          fmt::format("{}'s name resolves there to {}", c.host(o.rank), core::join(n.host_resolves, ", ")));
  }
  for (const auto& o : list)
    if (auto lost = c.in.lost.find(o.rank); lost != c.in.lost.end())
      f.evidence.push_back(
          fmt::format("rank 0 lost rank {}'s connection midway: {}; with two nodes at {}, either may "
                      "have sent that, so rank {} is not known to have died",
                      o.rank, lost->second, addr, o.rank));
  f.fix.text = conflict_fix(c, addr, list);
  if (f.fix.text.empty())
    f.fix.text = fmt::format(
        "give each node its own address (a cloned node keeps the address of the node it was copied from): change it "
        "on the clone, {}; check with `ip -br addr` on each node, and `arping -D -c 2 -I {} {}` on the node that keeps "
        "{} (a reply means another node still holds it); then run preflight again",
        core::join(f.hosts, " or "), list.front().link, addr, addr);
  return f;
}

// A veth is not one: it is a container's or a pod's own NIC (and every node's in the emulated
// clusters), where the same address on two nodes is the conflict itself (clusters-2026-12-06f p4).
bool on_virtual_link(const Ctx& c, const std::vector<Owner>& list) {
  return std::any_of(list.begin(), list.end(), [&](const Owner& o) {
    const IfaceFacts* i = c.iface(o.rank, o.link);
    return i && i->kind != netif::Kind::veth &&
           label_for_kind(i->kind, core::Label::other) == core::Label::virtual_interface;
  });
}

// Whether an owner's NCCL or Gloo uses the address or the interface that holds it.
bool used_by_job(const Ctx& c, const std::string& addr, const std::vector<Owner>& list) {
  return std::any_of(list.begin(), list.end(), [&](const Owner& o) {
    const NodeFacts& f = *c.node.at(o.rank);
    auto uses = [&](const std::optional<nccl::Endpoint>& e) { return e && (e->addr == addr || e->link == o.link); };
    return uses(f.nccl_bootstrap) || uses(f.gloo) ||
           std::any_of(f.nccl_socket.begin(), f.nccl_socket.end(),
                       [&](const nccl::Endpoint& s) { return s.addr == addr; });
  });
}

// Whether MASTER_ADDR resolves to `addr` on any node: then the job connects to it, and every node
// answering it itself is the fault, not a harmless node-local address.
bool master_resolves_to(const Ctx& c, const std::string& addr) {
  return std::any_of(c.node.begin(), c.node.end(), [&](const auto& n) {
    const auto& r = n.second->master_addr_resolves;
    return std::find(r.begin(), r.end(), addr) != r.end();
  });
}

// One address held by every node as a host address (/32, /128) on an interface the job does not
// use (neither NCCL's nor Gloo's) and MASTER_ADDR does not name: a node-local address, such as a
// node-local DNS cache's (clusters-2026-12-06h p4). A connection to it from any node stays on that
// node (its own stack answers, so no probe crosses nodes to it): not a duplicate, and no fix.
bool node_local(const Ctx& c, const std::string& addr, const std::vector<Owner>& list) {
  const int host_len = addr.find(':') == std::string::npos ? 32 : 128;
  return list.size() >= 2 && list.size() == c.node.size() &&
         std::all_of(list.begin(), list.end(), [&](const Owner& o) { return o.prefix == host_len; }) &&
         !used_by_job(c, addr, list) && !master_resolves_to(c, addr);
}

core::Finding node_local_finding(const Ctx& c, const std::string& addr, const std::vector<Owner>& list) {
  std::set<std::string> links, job_links;
  for (const auto& o : list) {
    links.insert(o.link);
    const NodeFacts& f = *c.node.at(o.rank);
    if (f.nccl_bootstrap) job_links.insert(f.nccl_bootstrap->link);
    if (f.gloo) job_links.insert(f.gloo->link);
  }
  const int host_len = list.front().prefix;
  auto f = core::new_finding(
      "preflight.address.node-local", core::Label::other, core::Severity::info,
      fmt::format(
          "every node holds {}/{} on {}, not on the interface{} the job uses{}: a node-local address (a "
          "connection to it stays on the node that makes it), not a duplicate",
          addr, host_len, core::join(std::vector<std::string>(links.begin(), links.end()), ", "),
          job_links.size() == 1 ? "" : "s",
          job_links.empty()
              ? std::string()
              : fmt::format(" ({})", core::join(std::vector<std::string>(job_links.begin(), job_links.end()), ", "))));
  for (const auto& o : list) {
    f.hosts.push_back(c.host(o.rank));
    f.ranks.push_back(o.rank);
    f.evidence.push_back(fmt::format("{} {} {}/{}", c.host(o.rank), o.link, addr, o.prefix));
  }
  f.evidence.push_back(fmt::format(
      "every node holds {} itself: a connect to it from any node is answered by that node's own stack, so it is "
      "not probed across nodes",
      addr));
  return f;
}

// Every rank with facts, a rank lost midway included (its facts came before it was lost).
void find_duplicates(Ctx& c) {
  std::map<std::string, std::vector<Owner>> owners;  // addr -> owners
  for (const auto& [r, facts] : c.node)
    for (const auto& e : facts->entries) {
      if (e.loopback || core::is_link_local_address(e.addr) || core::is_loopback_address(e.addr)) continue;
      auto& o = owners[e.addr];
      if (std::none_of(o.begin(), o.end(), [&, rank = r](const Owner& x) { return x.rank == rank; }))
        o.push_back({r, e.link, e.prefix});
    }
  for (const auto& [addr, list] : owners) {
    if (list.size() < 2) continue;
    if (node_local(c, addr, list)) {
      c.findings.push_back(node_local_finding(c, addr, list));
      continue;
    }
    bool used = used_by_job(c, addr, list);
    // A copied virtual interface (docker0, a libvirt or pod bridge) only where an owner's
    // link is one; the same address on physical NICs is an address conflict between the nodes.
    if (!on_virtual_link(c, list)) {
      c.findings.push_back(conflict_finding(c, addr, list, used));
      continue;
    }
    used = false;
    for (const auto& o : list) {
      const NodeFacts& f = *c.node.at(o.rank);
      used = used || (f.nccl_bootstrap && f.nccl_bootstrap->addr == addr) || (f.gloo && f.gloo->addr == addr);
      for (const auto& s : f.nccl_socket) used = used || s.addr == addr;
    }
    auto f =
        core::new_finding("preflight.address.duplicate", core::Label::virtual_interface,
                          used ? core::Severity::error : core::Severity::warning,
                          fmt::format("address {} exists on {} nodes ({}){}", addr, list.size(), list.front().link,
                                      used ? " and NCCL or Gloo would use it: connections reach the wrong node" : ""));
    for (const auto& o : list) {
      f.hosts.push_back(c.host(o.rank));
      f.ranks.push_back(o.rank);
      f.evidence.push_back(fmt::format("{} {} {}", c.host(o.rank), o.link, addr));
    }
    f.fix.text = "exclude that interface (see the recommended NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME)";
    c.findings.push_back(std::move(f));
  }
}

// A rank's job address (Gloo's, else NCCL's bootstrap) with the prefix length its interface reports.
struct JobAddr {
  int rank = -1;
  std::string link, addr;
  int prefix = 0;
  core::IpAddress ip;
};

std::vector<JobAddr> job_addrs(const Ctx& c) {
  std::vector<JobAddr> out;
  for (int r : c.live) {
    const NodeFacts& f = *c.node.at(r);
    const auto& e = f.gloo ? f.gloo : f.nccl_bootstrap;
    if (!e) continue;
    for (const auto& a : f.entries) {
      auto ip = core::parse_numeric_ip(a.addr);
      if (a.addr != e->addr || !ip) continue;
      out.push_back({r, a.link, a.addr, a.prefix, *ip});
      break;
    }
  }
  return out;
}

core::Finding netmask_finding(const Ctx& c, const JobAddr& odd, const std::vector<const JobAddr*>& rest,
                              const std::vector<const JobAddr*>& off) {
  const int want = rest.front()->prefix;
  std::vector<std::string> hosts, offs;
  for (const auto* x : rest) hosts.push_back(c.host(x->rank));
  for (const auto* x : off) offs.push_back(fmt::format("{} ({})", c.host(x->rank), x->addr));
  // "no route" only where a probe of the odd node's failed so; otherwise what its prefix implies.
  std::vector<std::string> no_route;
  for (const auto* x : off)
    for (const ProbeResult* p : c.candidate_probes(odd.rank, x->rank))
      if (!p->ok && p->failure == "no-route") {
        no_route.push_back(fmt::format("{} -> {}: {}", c.host(odd.rank), c.host(x->rank), p->error));
        break;
      }
  const char* them = off.size() == 1 ? "it" : "them";
  std::string consequence =
      no_route.empty()
          ? fmt::format(
                "so {} does not count {} on its link: it sends to {} through a gateway if it has one, and the "
                "peers' replies to it may not come back",
                c.host(odd.rank), them, them)
          : fmt::format("so {} has no route to {} (its probe{} got ENETUNREACH)", c.host(odd.rank), them,
                        no_route.size() == 1 ? "" : "s");
  auto f = core::new_finding(
      "preflight.address.netmask-mismatch", core::Label::no_route, core::Severity::error,
      fmt::format("{}'s netmask differs: {}/{} on {}, while {} {} /{} on the same network {}; {} {} outside {}'s /{}, "
                  "{}",
                  c.host(odd.rank), odd.addr, odd.prefix, odd.link, core::join(hosts, ", "),
                  rest.size() == 1 ? "has" : "have", want, core::subnet_text(odd.ip, want), core::join(offs, ", "),
                  off.size() == 1 ? "lies" : "lie", c.host(odd.rank), odd.prefix, consequence));
  f.hosts.push_back(c.host(odd.rank));
  f.ranks.push_back(odd.rank);
  for (const auto* x : off) {  // the peers it cannot reach: what they cannot reach of it follows too
    f.hosts.push_back(c.host(x->rank));
    f.ranks.push_back(x->rank);
  }
  f.evidence.push_back(fmt::format("{} {} {}/{}", c.host(odd.rank), odd.link, odd.addr, odd.prefix));
  for (const auto* x : rest)
    f.evidence.push_back(fmt::format("{} {} {}/{}", c.host(x->rank), x->link, x->addr, x->prefix));
  f.evidence.insert(f.evidence.end(), no_route.begin(), no_route.end());
  f.fix.text =
      fmt::format("on {}, give {} the network's prefix /{}: `ip addr del {}/{} dev {} && ip addr add {}/{} dev {}`",
                  c.host(odd.rank), odd.link, want, odd.addr, odd.prefix, odd.link, odd.addr, want, odd.link);
  return f;
}

// One rank's job address with a prefix length other than the one every other rank reports for the
// same network, which puts a peer off-link for it (clusters-2026-12-06h p1: node1 198.19.108.11/28,
// the others /24; node2 at .40 outside node1's /28): the peers count it on-link, it has no route
// back to some of them. Needs every other rank's prefix to agree and their network to hold its address.
void find_netmask_mismatch(Ctx& c) {
  const auto all = job_addrs(c);
  for (const auto& odd : all) {
    std::vector<const JobAddr*> rest, off;
    for (const auto& x : all)
      if (x.rank != odd.rank && x.ip.v6 == odd.ip.v6) rest.push_back(&x);
    if (rest.empty()) continue;
    const int want = rest.front()->prefix;
    bool one_network = want != odd.prefix && std::all_of(rest.begin(), rest.end(), [&](const JobAddr* x) {
                         return x->prefix == want && core::same_subnet(x->ip, odd.ip, want);
                       });
    if (!one_network) continue;
    for (const auto* x : rest)
      if (!core::same_subnet(odd.ip, x->ip, odd.prefix)) off.push_back(x);
    if (!off.empty()) c.findings.push_back(netmask_finding(c, odd, rest, off));
  }
}

void compare_mtu(Ctx& c, const Recommendation* rec) {
  (void)rec;
  std::map<int, std::vector<std::string>> by_mtu;
  for (int r : c.live) {
    const NodeFacts& f = *c.node.at(r);
    if (!f.nccl_bootstrap) continue;
    const IfaceFacts* i = c.iface(r, f.nccl_bootstrap->link);
    if (i && i->mtu > 0) by_mtu[i->mtu].push_back(fmt::format("{} {}", c.host(r), f.nccl_bootstrap->link));
  }
  if (by_mtu.size() < 2) return;
  auto f = core::new_finding("preflight.mtu.differs", core::Label::mtu_mismatch, core::Severity::warning,
                             "the interfaces NCCL will use have different MTUs");
  for (const auto& [mtu, who] : by_mtu) f.evidence.push_back(fmt::format("MTU {}: {}", mtu, core::join(who, ", ")));
  f.fix.text = "use one MTU on every node's cluster interface (and the switches between them)";
  c.findings.push_back(std::move(f));
}

// "(see the recommendation)" only where the recommendation, printed as a fix, holds MASTER_ADDR.
std::string master_addr_fix(const Ctx& c, const Recommendation& rec, int r) {
  if (rec.env.count("MASTER_ADDR"))
    return "set MASTER_ADDR to rank 0's cluster address (see the recommendation) or fix /etc/hosts / DNS";
  return fmt::format("set MASTER_ADDR to the rank 0 address that the peers reach, or fix /etc/hosts / DNS on {}",
                     c.host(r));
}

void check_master(Ctx& c, const Recommendation& rec) {
  if (!c.node.count(0)) return;
  std::set<std::string> zero_addrs;
  for (const auto& e : c.node.at(0)->entries) zero_addrs.insert(e.addr);
  auto reached_at_zero = [&](const std::string& a) {
    return (c.good.count(0) && c.good.at(0).count(a)) || (c.echo_good.count(0) && c.echo_good.at(0).count(a));
  };
  // What the same MASTER_ADDR resolves to on rank 0, when the peers reached that address: a node
  // where the name resolves elsewhere has a stale /etc/hosts entry or DNS answer.
  const NodeFacts& zero = *c.node.at(0);
  auto zero_master = zero.env.find("MASTER_ADDR");
  std::string zero_first = zero_master != zero.env.end() && zero.master_addr_error.empty() &&
                                   !zero.master_addr_resolves.empty() &&
                                   reached_at_zero(zero.master_addr_resolves.front())
                               ? zero.master_addr_resolves.front()
                               : "";
  for (int r : c.live) {
    const NodeFacts& f = *c.node.at(r);
    auto m = f.env.find("MASTER_ADDR");
    if (m == f.env.end()) continue;
    if (!f.master_addr_error.empty()) {
      auto x =
          core::new_finding("preflight.master-addr.unresolved", core::Label::hostname_resolution, core::Severity::error,
                            fmt::format("MASTER_ADDR={} does not resolve on {}", m->second, c.host(r)));
      x.hosts = {c.host(r)};
      x.ranks = {r};
      x.evidence.push_back(f.master_addr_error);
      x.fix.text = "use rank 0's cluster IP address as MASTER_ADDR, or fix DNS / /etc/hosts on that node";
      c.findings.push_back(std::move(x));
      continue;
    }
    if (f.master_addr_resolves.empty()) continue;
    const std::string& first = f.master_addr_resolves.front();
    bool loop = core::is_loopback_address(first);
    bool owned = zero_addrs.count(first) != 0;
    bool reached = c.good.count(0) && c.good.at(0).count(first);
    // An address every peer echoed with is reached: when its bulk transfers were lost, the MTU
    // black-hole finding names that path, and MASTER_ADDR is not the cause.
    bool echoed = c.echo_good.count(0) && c.echo_good.at(0).count(first);
    // A peer's echo to a job port at that address passed: the address is reached (what fails there
    // is another port, which the reachability findings name), so it is never called unreachable.
    echoed = echoed || c.job_port_echoed(0, first);
    if ((r != 0 && (loop || !owned)) || (owned && !reached && !echoed && !loop)) {
      // the same name resolves elsewhere on rank 0, to an address the peers reached: a name problem
      bool stale = r != 0 && !zero_first.empty() && first != zero_first && m->second == zero_master->second;
      // resolving right to an address nobody reached is a reachability symptom, not a name problem
      auto label = owned && !loop && !stale ? core::Label::no_route : core::Label::hostname_resolution;
      std::string what = loop     ? "a loopback address"
                         : !owned ? "which is not an address of rank 0"
                                  : "which the other nodes cannot reach";
      if (stale)
        what = fmt::format(
            "{}, while on {} (rank 0) it resolves to {}, which every peer reached: a stale /etc/hosts entry or DNS "
            "answer on {}",
            loop     ? "a loopback address"
            : !owned ? "not an address of rank 0"
                     : "an address of rank 0 the peers do not reach",
            c.host(0), zero_first, c.host(r));
      auto x =
          core::new_finding("preflight.master-addr.wrong", label, core::Severity::error,
                            fmt::format("MASTER_ADDR={} resolves on {} to {}, {}", m->second, c.host(r), first, what));
      x.hosts = {c.host(r)};
      x.ranks = {r};
      x.evidence.push_back(
          fmt::format("rank 0 ({}) addresses: {}", c.host(0),
                      core::join(std::vector<std::string>(zero_addrs.begin(), zero_addrs.end()), ", ")));
      x.fix.text = master_addr_fix(c, rec, r);
      c.findings.push_back(std::move(x));
    } else if (r == 0 && loop) {
      auto x = core::new_finding("preflight.master-addr.loopback-on-master", core::Label::hostname_resolution,
                                 core::Severity::warning,
                                 fmt::format("MASTER_ADDR={} resolves to {} on rank 0 itself", m->second, first));
      x.hosts = {c.host(0)};
      x.evidence.push_back(
          "the store still listens on every address, but Gloo/TF may bind loopback by the same lookup");
      x.fix.text = "map the hostname to the cluster address in /etc/hosts, or use the IP address as MASTER_ADDR";
      c.findings.push_back(std::move(x));
    }
  }
}

void check_tf_config(Ctx& c) {
  std::map<std::string, std::vector<std::string>> clusters;  // cluster dump -> hosts
  std::map<std::string, std::vector<std::string>> tasks;     // "worker[1]" -> hosts
  for (int r : c.live) {
    auto it = c.node.at(r)->env.find("TF_CONFIG");
    if (it == c.node.at(r)->env.end()) continue;
    // A peer's TF_CONFIG is outside input: depth-capped parse, no throwing reads, UTF-8-safe dump.
    auto parsed = core::parse_json_bounded(it->second, "TF_CONFIG");
    if (!parsed || !parsed->is_object()) continue;
    const auto& j = *parsed;
    auto cl = j.find("cluster");
    clusters[cl == j.end() ? std::string("{}") : core::dump_json(*cl)].push_back(c.host(r));
    // Only a task TensorFlow can name (a string type and an index int() reads) is compared: nodes
    // whose task has no type or no index claim no task, and their own checks say so.
    auto t = j.find("task");
    if (t == j.end() || !t->is_object()) continue;
    auto ty = t->find("type");
    auto index = env::tf_task_index(*t);
    if (ty == t->end() || !ty->is_string() || !index) continue;
    tasks[fmt::format("{}[{}]", ty->get<std::string>(), *index)].push_back(c.host(r));
  }
  if (clusters.size() > 1) {
    auto f = core::new_finding("preflight.tf-config.cluster-differs", core::Label::tf_config, core::Severity::error,
                               "TF_CONFIG describes different clusters on different workers");
    for (const auto& [cl, hosts] : clusters) f.evidence.push_back(fmt::format("{}: {}", core::join(hosts, ", "), cl));
    f.fix.text = "give every worker the same TF_CONFIG cluster; only task.type/index differ";
    c.findings.push_back(std::move(f));
  }
  for (const auto& [task, hosts] : tasks) {
    if (hosts.size() < 2) continue;
    auto f = core::new_finding("preflight.tf-config.duplicate-task", core::Label::tf_config, core::Severity::error,
                               fmt::format("TF_CONFIG task {} is claimed by {} workers", task, hosts.size()));
    f.hosts = hosts;
    f.fix.text = "give each worker a unique task index";
    c.findings.push_back(std::move(f));
  }
}

void check_clocks(Ctx& c) {
  for (const auto& [r, skew] : c.in.clock_skew_us) {
    if (std::llabs(skew) <= k_max_skew_us) continue;
    auto f =
        core::new_finding("preflight.clock.skew", core::Label::other, core::Severity::warning,
                          fmt::format("the clock of {} is {:.1f} s {} rank 0's", c.host(r),
                                      static_cast<double>(std::llabs(skew)) / 1e6, skew > 0 ? "ahead of" : "behind"));
    f.hosts = {c.host(r)};
    f.ranks = {r};
    f.fix.text = "run NTP/chrony on every node (log timestamps and TLS certificates depend on it)";
    c.findings.push_back(std::move(f));
  }
}

}  // namespace

}  // namespace dd::cluster::detail

namespace dd::cluster {

std::int64_t clock_skew_us(std::int64_t sent_us, std::int64_t accepted_us, std::int64_t joined_us) {
  if (accepted_us <= 0 || accepted_us > joined_us) accepted_us = joined_us;  // unknown: no interval
  std::int64_t low = sent_us - joined_us, high = sent_us - accepted_us;
  if (low <= 0 && high >= 0) return 0;
  return low > 0 ? low : high;
}

}  // namespace dd::cluster

namespace dd::cluster::detail {

void find_comparisons(Ctx& c, const Recommendation& rec) {
  compare_settings(c, rec);
  compare_versions(c);
  compare_drivers(c);
  find_duplicates(c);
  find_netmask_mismatch(c);
  compare_mtu(c, nullptr);
  check_master(c, rec);
  check_tf_config(c);
  check_clocks(c);
}

}  // namespace dd::cluster::detail
