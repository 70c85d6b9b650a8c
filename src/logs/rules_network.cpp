// Network rules: which interface NCCL / Gloo / c10d used and whether peers could reach it.
// Reasoning (NCCL 2.28.9, nccl-facts.md §1 and §8): the bootstrap and NET/Socket interface must
// be routable between hosts, so loopback, Docker-bridge/veth and IPv6 link-local addresses only work
// within one host; an exclusion-only NCCL_SOCKET_IFNAME turns off NCCL's ib* preference and, unless
// it names lo, picks lo first; a refused connect to a routable address is a closed port or a
// rejecting firewall, a timed-out one leaves a dropping firewall, a wrong address and a peer not yet
// listening open, "no route" is routing.
#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "core/address.hpp"
#include "logs/address_text.hpp"
#include "logs/rules.hpp"

namespace dd::logs {

namespace {

using core::Label;
using core::Severity;

// IPv4 link-local (169.254/16): container-runtime and cloud metadata links (ECS ecs-eth0, ...).
bool is_link_local4(std::string_view a) { return a.rfind("169.254.", 0) == 0; }
bool is_virtual_or_link_local4(std::string_view a) { return is_docker_default_addr(a) || is_link_local4(a); }

// A target in 0.0.0.0/8: a purely numeric hostname ("6841231") read as an IPv4 number.
bool is_zero_net(std::string_view target) {
  const std::string a = core::unmapped_address(target);
  return a.size() > 2 && a[0] == '0' && a[1] == '.';
}

// A connect target that no host can own: 224.0.0.0 and up (multicast, reserved, broadcast), e.g. a
// netmask such as 255.255.0.0 pasted where MASTER_ADDR / the endpoint belongs.
bool is_not_unicast4(std::string_view target) {
  long net = ipv4_slash16(core::unmapped_address(target));
  return net >= 0 && net / 256 >= 224;
}

// GLOO_SOCKET_IFNAME values that cannot be interface names: NCCL's list syntax, an address.
bool not_an_iface_name(std::string_view v) {
  if (v.find_first_of("^,<>=") != std::string_view::npos) return true;
  bool digits_dots = !v.empty();
  for (char c : v) digits_dots = digits_dots && ((c >= '0' && c <= '9') || c == '.');
  return digits_dots || v.find("::") != std::string_view::npos;
}

bool uses(const ProcessState& p, bool (*pred_iface)(std::string_view), bool (*pred_addr)(std::string_view)) {
  if (!p.bootstrap_iface.empty() && (pred_iface(p.bootstrap_iface) || pred_addr(p.bootstrap_addr))) return true;
  for (const auto& [iface, addr] : p.socket_ifaces)
    if (pred_iface(iface) || pred_addr(addr)) return true;
  return false;
}

// Processes whose chosen interfaces match; one finding per family.
void chosen_interface_rule(const LogFacts& facts, std::vector<RankedFinding>& out, bool (*pred_iface)(std::string_view),
                           bool (*pred_addr)(std::string_view), std::string id, Label label, std::string what,
                           std::string fix_text, int priority) {
  // Only hosts the log names are evidence of a job across hosts. A world larger than the ranks
  // the log shows (one rank's log of a one-host 8-GPU job) says nothing about where the others run.
  bool multi = facts.hosts.size() > 1;
  bool unseen_ranks = !multi && rule::spans_hosts(facts);
  int world = rule::world_size(facts);
  core::Finding f;
  std::set<std::string> hosts;
  std::set<int> ranks;
  std::map<std::string, std::string> per_host_alt;
  std::string example;
  // NCCL's bootstrap listens on entry [0] of its list (bootstrap.cc: bootstrapNetListen(0, ...) in
  // 2.4 - 2.23, one interface found from 2.24), so a bad address there fails the bootstrap itself;
  // one on a later NET/Socket entry only touches data channels. The first kind ranks ahead. An
  // interface matched by its name only whose address is IPv6 link-local is the link-local rule's:
  // the address alone keeps other hosts from connecting, whatever the device is.
  bool bootstrap_known = false, on_bootstrap = false;
  for (const auto& p : facts.processes) {
    if (p->bootstrap_iface.empty()) continue;
    bootstrap_known = true;
    if (pred_addr(p->bootstrap_addr) || (pred_iface(p->bootstrap_iface) && !is_link_local6(p->bootstrap_addr)))
      on_bootstrap = true;
  }
  if (bootstrap_known && !on_bootstrap) priority += 3;
  for (const auto& p : facts.processes) {
    if (!uses(*p, pred_iface, pred_addr)) continue;
    hosts.insert(p->host);
    auto rs = rule::ranks_of(*p);
    ranks.insert(rs.begin(), rs.end());
    if (example.empty()) {
      example = p->bootstrap_iface.empty() ? p->socket_ifaces.front().first : p->bootstrap_iface;
      for (const auto& [iface, addr] : p->socket_ifaces)
        if (pred_iface(iface) || pred_addr(addr)) example = iface + " (" + addr + ")";
    }
    for (const auto& e : p->iface_lines) {
      bool bad = false;
      for (const auto& [iface, addr] : p->socket_ifaces)
        if ((pred_iface(iface) || pred_addr(addr)) && e.text.find(iface + ":") != std::string::npos) bad = true;
      if (!p->bootstrap_iface.empty() && (pred_iface(p->bootstrap_iface) || pred_addr(p->bootstrap_addr)) &&
          e.text.find(p->bootstrap_iface + ":") != std::string::npos)
        bad = true;
      if (bad) rule::add_evidence(f, e);
    }
    // Suggest the first interface of that process that is not in the bad family.
    for (const auto& [iface, addr] : p->socket_ifaces) {
      if (!pred_iface(iface) && !pred_addr(addr) && !is_loopback_iface(iface) && !is_virtual_iface(iface)) {
        per_host_alt.emplace(p->host, "=" + iface);
        break;
      }
    }
  }
  if (hosts.empty()) return;
  if (!multi && !unseen_ranks && world > 0) return;  // one host holding every rank: loopback/bridge traffic is fine
  Severity sev = multi ? Severity::error : Severity::warning;
  std::string where = multi ? " in a job that spans hosts"
                      : unseen_ranks
                          ? " on " + *facts.hosts.begin() + ", and the log shows only some of the job's " +
                                std::to_string(world) +
                                " ranks: harmless if every rank runs on that host, a hang if any runs on another"
                          : " (world size unknown)";
  auto r = rule::make(std::move(id), label, sev, "NCCL uses " + what + " " + example + where, priority);
  r.finding.evidence = f.evidence;
  rule::add_hosts(r.finding, hosts);
  rule::add_ranks(r.finding, ranks);
  r.finding.fix.text = std::move(fix_text);
  std::set<std::string> alts;
  for (const auto& [h, v] : per_host_alt) alts.insert(v);
  if (alts.size() == 1) {
    r.finding.fix.env["NCCL_SOCKET_IFNAME"] = *alts.begin();
  } else {
    for (const auto& [h, v] : per_host_alt) r.finding.fix.per_host[h]["NCCL_SOCKET_IFNAME"] = v;
  }
  out.push_back(std::move(r));
}

void ifname_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& env = facts.signal(EventKind::ifname_env);
  if (env.count == 0) return;
  std::string value = env.text;
  if (value.size() <= 1) {
    rule::signal_rule(facts, "nccl.ifname.ignored", out, value);
    return;
  }
  if (value.find_first_of("\"' ") != std::string::npos) {
    rule::signal_rule(facts, "nccl.ifname.quoted", out, value);
    return;
  }
  if (value[0] != '^') return;
  // NCCL matches tokens as prefixes of the interface name ('=' for exact), ports ignored (§1.3).
  bool excludes_lo = false;
  {
    std::string_view v(value);
    v.remove_prefix(1);
    bool exact = !v.empty() && v[0] == '=';
    if (exact) v.remove_prefix(1);
    std::size_t start = 0;
    while (start <= v.size()) {
      std::size_t comma = v.find(',', start);
      std::string_view t = v.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
      t = t.substr(0, t.find(':'));
      std::string_view lo = "lo";
      if (!t.empty() && (exact ? t == lo : lo.substr(0, t.size()) == t)) excludes_lo = true;
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
  }
  // When every process shows one and the same bootstrap interface name, the list did its job.
  std::set<std::string> chosen;
  bool all_known = !facts.processes.empty();
  for (const auto& p : facts.processes) {
    if (p->bootstrap_iface.empty())
      all_known = false;
    else
      chosen.insert(p->bootstrap_iface);
  }
  if (!excludes_lo) {
    if (all_known && chosen.count("lo") == 0) return;
    rule::signal_rule(facts, "nccl.ifname.exclusion-picks-lo", out, value);
    return;
  }
  if (all_known && chosen.size() == 1 && facts.signal(EventKind::connect_failed).count == 0) return;
  rule::signal_rule(facts, "nccl.ifname.exclusion-only", out, value);
}

void no_interface_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& none = facts.signal(EventKind::no_socket_iface);
  const Signal& gloo = facts.signal(EventKind::gloo_iface_missing);
  if (none.count > 0) {
    const Signal& env = facts.signal(EventKind::ifname_env);
    std::string title = env.count > 0 && env.text.size() > 1
                            ? "NCCL_SOCKET_IFNAME=" + env.text + " matches no usable interface"
                            : "NCCL found no usable IP interface";
    auto r = rule::make("nccl.ifname.matches-nothing", Label::no_matching_interface, Severity::error, title, 12);
    rule::add_evidence(r.finding, env);
    rule::add_evidence(r.finding, none);
    rule::add_hosts(r.finding, none.hosts);
    rule::add_ranks(r.finding, none.ranks);
    rule::emit(out, std::move(r),
               "Give the process a routable interface that is up (in a container: --network host or a network that "
               "reaches the other hosts) and set NCCL_SOCKET_IFNAME to it; `distdoctor nics` lists what NCCL can see");
  }
  if (gloo.count > 0 && not_an_iface_name(gloo.text)) {
    auto r = rule::make("gloo.ifname.syntax", Label::config_typo, Severity::error,
                        "GLOO_SOCKET_IFNAME holds '" + gloo.text + "', which is not an interface name", 11);
    rule::add_evidence(r.finding, gloo);
    rule::add_hosts(r.finding, gloo.hosts);
    rule::emit(out, std::move(r),
               "GLOO_SOCKET_IFNAME takes interface names only (no ^ exclusions, no addresses): e.g. "
               "GLOO_SOCKET_IFNAME=eth0, the interface `ip route get <master>` uses");
  } else if (gloo.count > 0) {
    auto r = rule::make("gloo.ifname.matches-nothing", Label::no_matching_interface, Severity::error,
                        "GLOO_SOCKET_IFNAME names an interface that does not exist here: " + gloo.text, 12);
    rule::add_evidence(r.finding, gloo);
    rule::add_hosts(r.finding, gloo.hosts);
    rule::emit(out, std::move(r),
               "GLOO_SOCKET_IFNAME takes exact interface names (no prefixes, no ^); use one `ip link` shows");
  }
}

struct PeerClass {
  const char* id;
  Label label;
  Severity sev;
  const char* title;
  const char* fix;
  int priority;
};

// What the peer's address alone says, where it says something.
std::optional<PeerClass> classify_by_address(const PeerFailure& f) {
  if (is_debian_host_alias(f.addr))
    return PeerClass{"net.peer.debian-hostname-alias",
                     Label::hostname_resolution,
                     Severity::error,
                     "A peer was offered 127.0.1.1: the hostname resolves to Debian's loopback alias",
                     "Map the hostname to the routable address in /etc/hosts (or DNS), or set MASTER_ADDR to an IP and "
                     "GLOO_SOCKET_IFNAME / NCCL_SOCKET_IFNAME to the routable interface",
                     10};
  if (is_zero_net(f.addr))
    return PeerClass{"net.peer.numeric-hostname",
                     Label::hostname_resolution,
                     Severity::error,
                     "A peer address lies in 0.0.0.0/8: a numeric hostname was read as an IPv4 number",
                     "Give the rendezvous host as an IP address or a name that is not all digits (MASTER_ADDR, "
                     "--rdzv-endpoint, the hostname of the master node)",
                     10};
  if (is_not_unicast4(f.addr))
    return PeerClass{
        "net.peer.not-a-host-address",
        Label::config_typo,
        Severity::error,
        "A peer address is not a host address (multicast, broadcast or a netmask): the endpoint is mistyped",
        "Set MASTER_ADDR / the rendezvous endpoint / NCCL_COMM_ID to the master node's own IP address or name",
        12};
  if (is_loopback_addr(f.addr))
    return PeerClass{"net.peer.loopback",
                     Label::loopback_interface,
                     Severity::error,
                     "A peer was offered a loopback address",
                     "Set NCCL_SOCKET_IFNAME (and GLOO_SOCKET_IFNAME) to the routable "
                     "interface on every host",
                     14};
  if (is_docker_default_addr(f.addr))
    return PeerClass{
        "net.peer.docker-bridge",
        Label::virtual_interface,
        Severity::error,
        "A peer was offered an address on Docker's default bridge (172.17.0.0/16), which other hosts cannot reach",
        "Run the containers with --network host (or an overlay network that routes between hosts) so NCCL "
        "advertises a reachable address; publishing the rendezvous port alone does not cover NCCL's ports",
        15};
  if (is_link_local6(f.addr))
    return PeerClass{"net.peer.ipv6-link-local",
                     Label::ipv6_link_local,
                     Severity::error,
                     "A peer was offered an IPv6 link-local address",
                     "Set NCCL_SOCKET_FAMILY=AF_INET or name an interface "
                     "with a global address in NCCL_SOCKET_IFNAME",
                     16};
  return std::nullopt;
}

// What the failed call's error says, for an address that says nothing.
PeerClass classify_by_error(ConnError err) {
  switch (err) {
    case ConnError::unreachable:
      return {"net.peer.no-route",
              Label::no_route,
              Severity::error,
              "No route to a peer",
              "Check routes between the hosts (ip route get <peer>); the chosen interface may not reach the peer's "
              "subnet: set NCCL_SOCKET_IFNAME to the interface on the shared network",
              30};
    case ConnError::timed_out:
      // A timeout alone does not say why: a firewall dropping the packets, a wrong address, or a peer
      // (the rendezvous master) not listening yet all end in the same line.
      return {"net.peer.timed-out",
              Label::other,
              Severity::warning,
              "Connections to a peer timed out; the log does not say why: a firewall dropping them, a wrong peer "
              "address, or a peer not listening yet (the master still starting) all end this way",
              "Tell them apart from this host while the peer should be up: `nc -zv -w 5 <addr> <port>` answering "
              "'refused' means the host is reachable and nothing listens (on the peer, `ss -ltn` shows whether the "
              "port is open: if not, the master had not started yet: start the nodes together or raise the "
              "rendezvous timeout); no answer while the peer listens means a firewall drops it (open the port); "
              "`ip route get <addr>` / `ping <addr>` failing, or an address that is not the master's (`ip -br addr` "
              "on it), means a wrong MASTER_ADDR / endpoint",
              40};
    case ConnError::refused:
      return {"net.peer.blocked",
              Label::firewall_or_port_blocked,
              Severity::error,
              "Connections to a peer were refused",
              "Open the job's ports between the hosts (NCCL uses ephemeral ports: allow all TCP between the nodes, "
              "or pin NCCL's range) and check the peer process is alive; `distdoctor preflight` probes every pair",
              30};
    default:
      return {"net.peer.closed",
              Label::other,
              Severity::warning,
              "A peer closed its connection (it probably failed first)",
              "Read that peer's log for its first error: the reset is a consequence",
              60};
  }
}

PeerClass classify_peer(const PeerFailure& f) {
  if (auto by_address = classify_by_address(f)) return *by_address;
  return classify_by_error(f.err);
}

void peer_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  std::map<std::string, RankedFinding> by_id;
  std::set<std::string> final_ids;  // findings with a final failure among their lines
  std::set<ConnError> addressed;
  for (const auto& f : facts.peers)
    if (!f.addr.empty()) addressed.insert(f.err);
  for (const auto& f : facts.peers) {
    if (f.addr.empty() && addressed.count(f.err) > 0) continue;
    PeerClass c = classify_peer(f);
    auto it = by_id.find(c.id);
    if (it == by_id.end()) {
      auto r = rule::make(c.id, c.label, c.sev, c.title, c.priority);
      r.finding.fix.text = c.fix;
      it = by_id.emplace(c.id, std::move(r)).first;
    }
    if (f.final_seen) final_ids.insert(c.id);
    core::Finding& fd = it->second.finding;
    std::string target = f.addr.empty() ? std::string("a peer") : f.addr;
    if (f.port >= 0) target += ":" + std::to_string(f.port);
    std::string detail = target + " (" + (f.err_text.empty() ? std::string(to_string(f.err)) : f.err_text) + ", " +
                         std::to_string(f.count) + "x)";
    if (fd.title.find(" -> ") == std::string::npos) fd.title += " -> " + detail;
    rule::add_evidence(fd, f.first);
    rule::add_hosts(fd, f.hosts);
  }
  // Only lines of catalogue entries marked "retried", no final failure: NCCL may still have connected.
  for (auto& [id, r] : by_id) {
    if (final_ids.count(id) == 0 && r.finding.severity == Severity::error) r.finding.severity = Severity::warning;
    out.push_back(std::move(r));
  }
}

void alias_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& alias = facts.signal(EventKind::loopback_alias);
  if (alias.count == 0) return;
  for (const auto& r : out)
    if (r.finding.id == "net.peer.debian-hostname-alias") return;
  auto r = rule::make("net.hostname.debian-alias", Label::hostname_resolution, Severity::warning,
                      "The log shows 127.0.1.1, Debian's /etc/hosts alias for the local hostname", 10);
  rule::add_evidence(r.finding, alias);
  rule::emit(out, std::move(r),
             "Make the hostname resolve to the routable address (or set MASTER_ADDR to an IP and GLOO_SOCKET_IFNAME / "
             "NCCL_SOCKET_IFNAME to the routable interface)");
}

// The interface a process talks on: its bootstrap interface, else the first of NET/Socket's list,
// else NET/IB's out-of-band one; with the line that named it.
struct ChosenIface {
  std::string iface, addr;
  Evidence line;
};

ChosenIface chosen_iface(const ProcessState& p) {
  auto line = [&p] { return p.iface_lines.empty() ? Evidence{} : p.iface_lines.front(); };  // copied only when used
  if (!p.bootstrap_addr.empty()) return {p.bootstrap_iface, p.bootstrap_addr, line()};
  if (!p.socket_ifaces.empty()) return {p.socket_ifaces.front().first, p.socket_ifaces.front().second, line()};
  if (!p.oob_addr.empty()) return {p.oob_iface, p.oob_addr, p.ib_line};
  return {};
}

// IPoIB interfaces (ib0, ibp75s0, ibs3): a different fabric from the hosts' Ethernet.
bool is_ipoib_iface(std::string_view iface) { return iface.rfind("ib", 0) == 0; }

// A failure the hosts' interfaces could explain: a refused/unanswered connection, a bootstrap
// error trace, an opaque NCCL error or a watchdog timeout.
bool connection_trouble(const LogFacts& facts) {
  return !facts.peers.empty() || facts.signal(EventKind::bootstrap_failed).count > 0 ||
         facts.signal(EventKind::opaque_error).count > 0 || !facts.watchdogs.empty();
}

// Hosts that talk on interfaces of different networks (/16, address family, or IPoIB against
// Ethernet): they cannot reach each other on them. Hosts whose interfaces only differ in name
// (eno1 on one, eth0 on another) in a job that failed to connect: a maintainer first pins the
// interface of the shared network on each host (NVIDIA/nccl#286, nccl-tests#219).
void mismatch_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  std::map<std::string, ChosenIface> by_host;
  for (const auto& p : facts.processes) {
    if (p->host.empty()) continue;
    ChosenIface c = chosen_iface(*p);
    if (!c.addr.empty()) by_host.emplace(p->host, std::move(c));
  }
  if (by_host.size() < 2) return;
  std::set<std::string> names;
  std::set<long> nets;
  std::set<bool> ipoib;
  for (const auto& [h, c] : by_host) {
    names.insert(c.iface);
    nets.insert(ipv4_slash16(c.addr));
    ipoib.insert(is_ipoib_iface(c.iface));
  }
  std::string parts;
  for (const auto& [h, c] : by_host)
    if (parts.size() < 200) parts += (parts.empty() ? "" : ", ") + h + " " + c.iface + " " + c.addr;
  if (nets.size() > 1 || ipoib.size() > 1) {
    auto r = rule::make(
        "nccl.bootstrap.different-subnets", Label::interface_mismatch, Severity::warning,
        std::string(nets.size() > 1 ? "Hosts bootstrap on interfaces in different networks"
                                    : "Hosts bootstrap on different fabrics (IPoIB on some, Ethernet on others)") +
            " (" + parts + ")",
        35);
    for (const auto& [h, c] : by_host) {
      r.finding.hosts.push_back(h);
      rule::add_evidence(r.finding, c.line);
    }
    rule::emit(out, std::move(r),
               "Set NCCL_SOCKET_IFNAME on every host to the interface of the network they share" +
                   std::string(names.size() > 1 ? " (the hosts picked differently named interfaces)" : ""));
    return;
  }
  if (names.size() < 2 || !connection_trouble(facts)) return;
  auto r = rule::make("nccl.socket.iface-names-differ", Label::interface_mismatch, Severity::warning,
                      "Hosts talk on differently named interfaces (" + parts + ") and the job failed to connect", 55);
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ",") + n;
  for (const auto& [h, c] : by_host) {
    r.finding.hosts.push_back(h);
    rule::add_evidence(r.finding, c.line);
    r.finding.fix.per_host[h]["NCCL_SOCKET_IFNAME"] = c.iface;
  }
  r.finding.fix.env["NCCL_SOCKET_IFNAME"] = list;
  rule::emit(out, std::move(r),
             "Name the interface of the network the hosts share on every host: NCCL_SOCKET_IFNAME=" + list +
                 " (a list matches any of its names), or each host's own name in its /etc/nccl.conf; check with "
                 "`distdoctor preflight` that every pair connects on it");
}

// Each "<slot>" in `text` replaced by `value`.
void fill_slot(std::string& text, std::string_view slot, std::string_view value) {
  for (std::size_t at = text.find(slot); at != std::string::npos; at = text.find(slot, at + value.size()))
    text.replace(at, slot.size(), value);
}

// hydra's proxy could not connect back to mpiexec. A failed name lookup explains it (host-lookup);
// without one the line names the server and port but no cause, so the finding gives the candidates
// and the step that tells them apart, with hydra's own socket error for that server when printed.
void hydra_connect_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (facts.signal(EventKind::mpi_host_lookup).count > 0) return;
  auto server = std::find_if(facts.mpi_connects.begin(), facts.mpi_connects.end(),
                             [](const MpiConnectFailure& c) { return c.kind == EventKind::mpi_connect_server; });
  if (server == facts.mpi_connects.end() || server->port < 0) return;
  auto error = std::find_if(facts.mpi_connects.begin(), facts.mpi_connects.end(), [&](const MpiConnectFailure& c) {
    return c.kind == EventKind::mpi_connect_error && c.addr == server->addr;
  });
  const std::string port = std::to_string(server->port);
  std::string value = server->addr + " port " + port;
  if (error != facts.mpi_connects.end() && !error->err.empty())
    value += " (hydra's connect to " + server->addr + " ended in '" + error->err + "')";
  auto* r = rule::signal_rule(facts, "mpich.hydra.connect-failed", out, value);
  if (r == nullptr) return;
  r->finding.evidence.clear();
  if (error != facts.mpi_connects.end()) rule::add_evidence(r->finding, error->evidence);
  rule::add_evidence(r->finding, server->evidence);
  fill_slot(r->finding.fix.text, "<server>", server->addr);
  fill_slot(r->finding.fix.text, "<port>", port);
}

// The error of Open MPI's "client connect fail" help text: its "Error: E (n)" line comes right after
// the "Message: connect() to A:P failed" line and is read as a failed peer without an address.
std::string help_text_error(const LogFacts& facts, const Evidence& message) {
  for (const PeerFailure& f : facts.peers)
    if (f.addr.empty() && f.first.file == message.file && f.first.line == message.line + 1) return f.err_text;
  return {};
}

// Open MPI's TCP BTL could not connect to addresses a peer advertised: named with the error each
// line gives; an address on Docker's default bridge is one no other host reaches.
void ompi_connect_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  std::string value, addresses;
  std::vector<const Evidence*> lines;
  bool bridge = false, route = false;
  for (const MpiConnectFailure& c : facts.mpi_connects) {
    if (c.kind != EventKind::mpi_tcp_connect_failed) continue;
    std::string err = c.err.empty() ? help_text_error(facts, c.evidence) : c.err;
    std::string target = c.port < 0 ? c.addr : c.addr + ":" + std::to_string(c.port);
    value += (value.empty() ? "" : ", ") + target + (err.empty() ? "" : " ('" + err + "')");
    addresses += (addresses.empty() ? "" : ", ") + c.addr;
    bridge = bridge || is_docker_default_addr(c.addr);
    route = route || err.find("route") != std::string::npos || err.find("unreachable") != std::string::npos;
    lines.push_back(&c.evidence);
  }
  if (lines.empty()) return;
  if (bridge) value += "; 172.17.0.0/16 is Docker's default bridge, which every host running Docker carries";
  auto* r = rule::signal_rule(facts, "mpi.btl-tcp.connect-failed", out, value);
  if (r == nullptr) return;
  if (bridge)
    r->finding.label = Label::virtual_interface;
  else if (!route)
    r->finding.label = Label::other;  // refused, timed out or not given: the lines do not say no route
  r->finding.evidence.clear();
  for (const Evidence* e : lines) rule::add_evidence(r->finding, *e);
  fill_slot(r->finding.fix.text, "<addresses>", addresses);
}

// Open MPI drops a connection whose source address none of the peer's known addresses matches;
// its verbose lines name each interface tried, so only a source that failed at every one of them
// (0 .. N-1) is a dropped connection: a match at another index prints nothing.
void mpi_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  rule::signal_rule(facts, "mpi.btl-tcp.unexpected-peer", out);
  for (const MpiUnmatched& u : facts.mpi_unmatched) {
    if (static_cast<int>(u.failed.size()) != u.of) continue;
    std::string known;
    for (const auto& a : u.known) known += (known.empty() ? "" : ", ") + a;
    std::string value = "from " + u.process + " at " + u.source + " (none of the " + std::to_string(u.of) +
                        " interfaces known for it matched; their addresses in the log: " + known + ")";
    if (auto* r = rule::signal_rule(facts, "mpi.btl-tcp.incoming-unmatched", out, value)) {
      r->finding.evidence.clear();
      rule::add_evidence(r->finding, u.evidence);
    }
    break;
  }
  rule::signal_rule(facts, "mpich.hydra.host-lookup", out, facts.signal(EventKind::mpi_host_lookup).text);
  hydra_connect_rule(facts, out);
  ompi_connect_rule(facts, out);
}

}  // namespace

void network_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  no_interface_rule(facts, out);
  ifname_rules(facts, out);
  chosen_interface_rule(facts, out, is_loopback_iface, is_loopback_addr, "nccl.iface.loopback",
                        Label::loopback_interface, "the loopback interface",
                        "Set NCCL_SOCKET_IFNAME to the routable interface on every host (an exclusion list such as "
                        "^docker0 must also exclude lo)",
                        14);
  chosen_interface_rule(facts, out, is_virtual_iface, is_virtual_or_link_local4, "nccl.iface.virtual",
                        Label::virtual_interface, "a virtual/bridge interface",
                        // also VPN tunnels (tun*, wg*, tailscale*): the fix must hold for them too
                        "Set NCCL_SOCKET_IFNAME to each host's interface on the network the hosts share (not a "
                        "bridge, overlay or VPN tunnel); a job in containers also needs --network host or a routed "
                        "overlay, since other hosts cannot reach a container bridge's addresses",
                        15);
  chosen_interface_rule(
      facts, out, [](std::string_view) { return false; }, is_link_local6, "nccl.iface.ipv6-link-local",
      Label::ipv6_link_local, "an IPv6 link-local address on",
      "Link-local addresses need a scope and do not cross routers: set NCCL_SOCKET_FAMILY=AF_INET or "
      "name an interface with a global address",
      16);
  peer_rules(facts, out);
  alias_rule(facts, out);
  mismatch_rule(facts, out);
  mpi_rules(facts, out);
}

}  // namespace dd::logs
