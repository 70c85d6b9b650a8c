#include "cluster/rendezvous_findings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <iterator>

#include "core/address.hpp"
#include "core/finding_factory.hpp"
#include "core/strings.hpp"

namespace dd::cluster {

std::string peer_address(const std::string& peer) {
  auto colon = peer.rfind(':');
  std::string out = colon == std::string::npos ? peer : peer.substr(0, colon);
  if (out.size() > 1 && out.front() == '[' && out.back() == ']') out = out.substr(1, out.size() - 2);
  return out;
}

namespace {

// What a connect to rank 0's address that never got a SYN-ACK showed besides, and the finding each
// case makes: one row each, its title and fix with {addr} (the rendezvous), {ip} (the address the
// connects went to), {port} and {name} (the rendezvous host name) filled in.
enum class NoAnswer { own_rule, own_noarp, no_echo, echo_answered, echo_silent, name_silent, second_nic };

struct NoAnswerRow {
  NoAnswer what;
  core::Label label;
  const char* title;
  const char* fix;
};

constexpr NoAnswerRow k_no_answer[] = {
    {NoAnswer::own_rule, core::Label::firewall_or_port_blocked,
     "rendezvous {addr} did not answer: this node's own nftables ruleset drops TCP to port {port}",
     "remove the rule on this node:\n  {fixes}"},
    {NoAnswer::own_noarp, core::Label::no_route,
     "rendezvous {addr} did not answer: this node's interface {dev} has ARP off (NOARP), so this node cannot find "
     "{ip} on its own subnet",
     "turn ARP back on, on this node: `ip link set dev {dev} arp on` (then preflight again); where the setting "
     "comes back at boot, remove it there (an ifupdown `pre-up ip link set dev {dev} arp off`, a systemd-networkd "
     ".network file's [Link] ARP=no, a NetworkManager profile)"},
    {NoAnswer::no_echo, core::Label::other,
     "rendezvous {addr} did not answer: no SYN-ACK came back to this node's connects",
     "candidates: a filter drops TCP port {port} (on rank 0's host or between), no host answers at {ip} (not rank "
     "0's address, or its machine is down), or the path is broken (a link or switch port down, a route back from "
     "rank 0's host that does not lead here). To tell them apart: `ping {ip}` from this node (answered: a filter of "
     "the port; no answer: the path or the host), then on rank 0's host `ip route get` this node's address and "
     "`tcpdump -ni any tcp port {port}` (SYNs arrive there: the way back is broken; none: the way there)"},
    {NoAnswer::echo_answered, core::Label::firewall_or_port_blocked,
     "rendezvous {addr} did not answer: no SYN-ACK came back to this node's connects, while an ICMP echo to {ip} was "
     "answered",
     "the host at {ip} is reached, but TCP to port {port} gets no answer (a host without a listener would refuse "
     "it): a filter on rank 0's host or between drops the port. Check `nft list ruleset` on rank 0's host (rank 0's "
     "own preflight output names a rule it reads there), and that {ip} is rank 0's address (MASTER_ADDR / "
     "--rendezvous)"},
    {NoAnswer::echo_silent, core::Label::no_route,
     "rendezvous {addr} did not answer: neither this node's TCP connects nor an ICMP echo to {ip} got an answer",
     "the path between this node and {ip} is broken, or the host is down. Candidates: a link or switch port down "
     "(this node or rank 0's host cut off), a route back from rank 0's host that does not lead here (asymmetric "
     "routing), rank 0's machine down. To tell them apart, on rank 0's host: `ip route get` this node's address (a "
     "gateway that does not forward here: the route back) and `tcpdump -ni any tcp port {port}` while this node "
     "retries (SYNs arrive: the way back is broken; none arrive: the way there - `ip link` and `ip neigh` on both "
     "nodes, the switch port)"},
    {NoAnswer::second_nic, core::Label::no_route,
     "this node has {count} interfaces on the subnet of the rendezvous {ip} ({route}; {twins}), and its route to {ip} "
     "leaves by {dev}, where {ip} did not answer",
     "first check that {ip} answers by the other interface: `ping -c 3 -I {twin_dev} {ip}` on this node (not tried "
     "here). It does: take the address off {dev}, on this node: `ip addr del {dev_addr} dev {dev}` (connections to "
     "that subnet then leave by {twin_dev}), or, to keep the address there, give {dev}'s route a higher metric than "
     "{twin_dev}'s. It does not either: {ip} is down, not rank 0's address (compare rank 0's own preflight "
     "output), or ICMP is filtered on that path (preflight's own probes were TCP)"},
    {NoAnswer::name_silent, core::Label::hostname_resolution,
     "the rendezvous name {name} resolves on this node to {ip}, where no host answers on this node's own link",
     "compare what {name} resolves to here (`getent hosts {name}`: /etc/hosts, then DNS) with rank 0's addresses "
     "(rank 0's own preflight output lists them; `ip -br addr` on rank 0's host). {ip} is not among them: correct "
     "this node's /etc/hosts entry or DNS answer for {name} (or pass --rendezvous with rank 0's address); it is: "
     "rank 0's host is down or off this link (`ip link` there)"},
};

// "eth1 198.18.1.21/24" -> "eth1" (first) or "198.18.1.21/24".
std::string word_of(const std::string& where, bool first) {
  auto sp = where.find(' ');
  return sp == std::string::npos ? where : first ? where.substr(0, sp) : where.substr(sp + 1);
}

NoAnswer no_answer_case(const std::string& name, const NetError& e, const PathEvidence& path) {
  if (!path.own_rules.empty()) return NoAnswer::own_rule;
  // a name (not an address) that led to an address on this node's own link where nothing answers
  // (neither TCP nor ICMP, or the kernel's neighbour lookup: EHOSTUNREACH): no router is in between
  bool silent = path.icmp_answered == false || e.err == EHOSTUNREACH;
  // with ARP off the interface sends to no neighbour's hardware address: nothing on the subnet answers
  if (silent && !path.on_link.empty() && path.on_link_noarp) return NoAnswer::own_noarp;
  if (silent && !path.route_link.empty() && !path.subnet_twins.empty()) return NoAnswer::second_nic;
  if (silent && !path.on_link.empty() && !core::is_numeric_address(name)) return NoAnswer::name_silent;
  if (!path.icmp_answered) return NoAnswer::no_echo;
  return *path.icmp_answered ? NoAnswer::echo_answered : NoAnswer::echo_silent;
}

// A connect to rank 0's address that never got a SYN-ACK: what the echo and this node's ruleset add.
core::Finding unanswered_finding(const std::string& addr, const std::string& name, const NetError& e, int port,
                                 std::vector<std::string> ev, const PathEvidence& path) {
  const std::string ip = path.addr.empty() ? peer_address(e.peer) : path.addr;
  const NoAnswer what = no_answer_case(name, e, path);
  for (const auto& r : path.own_rules) ev.push_back("this node's own nftables " + r);
  if (path.own_rules.empty() && path.ruleset_read)
    ev.push_back(fmt::format("this node's own nftables ruleset drops nothing to TCP port {}", port));
  if (what == NoAnswer::no_echo)
    ev.push_back(fmt::format("no ICMP echo to {} was sent (it needs root or CAP_NET_RAW, and IPv4)", ip));
  if (path.icmp_answered)
    ev.push_back(fmt::format("ICMP echo to {}: {}", ip, *path.icmp_answered ? "answered" : "no answer"));
  if (what == NoAnswer::second_nic) {
    if (!core::is_numeric_address(name)) ev.insert(ev.begin(), fmt::format("{} resolves here to {}", name, ip));
    ev.push_back(fmt::format("the route to {} leaves by {} (`ip route get {}`); the same subnet is also on {}", ip,
                             path.route_link, ip, core::join(path.subnet_twins, ", ")));
  }
  if (what == NoAnswer::own_noarp) {
    if (!core::is_numeric_address(name)) ev.insert(ev.begin(), fmt::format("{} resolves here to {}", name, ip));
    ev.push_back(
        fmt::format("{} is on this node's own subnet ({}), whose interface has the NOARP flag (`ip link "
                    "show {}` prints NOARP)",
                    ip, path.on_link, word_of(path.on_link, true)));
  }
  if (what == NoAnswer::name_silent) {
    ev.insert(ev.begin(), fmt::format("{} resolves here to {}", name, ip));
    ev.push_back(fmt::format("{} is on this node's own subnet ({}): no router in between", ip, path.on_link));
    ev.push_back("rank 0's addresses are not known here (rank 0 never answered): its own output lists them");
  }
  const auto& row = *std::find_if(std::begin(k_no_answer), std::end(k_no_answer),
                                  [&](const NoAnswerRow& r) { return r.what == what; });
  const std::string fixes = core::join(path.own_fixes, "\n  ");
  const std::string twin = path.subnet_twins.empty() ? std::string() : path.subnet_twins.front();
  const std::string& link = path.route_link.empty() ? path.on_link : path.route_link;
  auto fill = [&](const char* text) {
    return fmt::format(fmt::runtime(text), fmt::arg("addr", addr), fmt::arg("ip", ip), fmt::arg("port", port),
                       fmt::arg("name", name), fmt::arg("fixes", fixes), fmt::arg("route", path.route_link),
                       fmt::arg("twins", core::join(path.subnet_twins, ", ")),
                       fmt::arg("count", path.subnet_twins.size() == 1 ? std::string("two")
                                                                       : std::to_string(path.subnet_twins.size() + 1)),
                       fmt::arg("dev", word_of(link, true)), fmt::arg("dev_addr", word_of(link, false)),
                       fmt::arg("twin_dev", word_of(twin, true)));
  };
  return core::new_finding("preflight.rendezvous.no-answer", row.label, core::Severity::error, fill(row.title), ev,
                           fill(row.fix));
}

// No route (ENETUNREACH) to an address of a family this node has no routable address of: the name
// led to that family (an IPv6-only hosts entry or DNS answer), and rank 0's address of this node's
// family is what reaches it (rank 0's output lists its addresses; this node never got them).
core::Finding family_finding(const std::string& addr, const std::string& name, std::vector<std::string> ev,
                             const PathEvidence& path) {
  const bool v6 = core::is_ipv6_address(path.addr);
  const char* fam = v6 ? "IPv6" : "IPv4";
  const char* own = v6 ? "IPv4" : "IPv6";
  ev.insert(ev.begin(), fmt::format("this node has no routable {} address; its addresses: {}", fam,
                                    core::join(path.other_family, ", ")));
  if (!core::is_numeric_address(name))
    ev.insert(ev.begin(), fmt::format("{} resolves here to {} (the address the connects went to)", name, path.addr));
  std::string title =
      core::is_numeric_address(name)
          ? fmt::format("no route to the rendezvous {}: it is an {} address and this node has {} only", addr, fam, own)
          : fmt::format(
                "the rendezvous name {} resolves here to the {} address {}, and this node has {} only: no "
                "route to it",
                name, fam, path.addr, own);
  std::string fix = fmt::format(
      "reach rank 0 over {}: set MASTER_ADDR (or --rendezvous) to rank 0's {} address (rank 0's own preflight "
      "output lists its addresses){}; or give this node {} connectivity to {}",
      own, own,
      core::is_numeric_address(name)
          ? std::string()
          : fmt::format(", or map {} to that address in /etc/hosts (or DNS) on every node", name),
      fam, path.addr);
  return core::new_finding("preflight.rendezvous.no-route", core::Label::no_route, core::Severity::error, title, ev,
                           fix);
}

// A refused connect to an address of this node's own: the rendezvous names this node, and this
// node is not rank 0 (rank 0 serves the rendezvous; members never do), so nothing listens there and
// the refusal came from this node itself, not from rank 0's host (clusters-2026-12-06e p1 node1).
core::Finding own_address_finding(const std::string& addr, const std::string& name, std::vector<std::string> ev,
                                  const PathEvidence& path) {
  const bool by_name = !core::is_numeric_address(name);
  ev.insert(ev.begin(), fmt::format("{} is this node's own address (on {})", path.addr, path.own_link));
  if (by_name) ev.insert(ev.begin(), fmt::format("{} resolves here to {}", name, path.addr));
  if (path.own_on_loopback && !core::is_loopback_address(path.addr)) {
    // A routable address held on the loopback interface (a VIP or anycast address): this node keeps
    // every connection to it, whichever host rank 0 is (clusters-2026-12-07l p3: node2 held rank 0's
    // address as an old VIP on lo; "MASTER_ADDR names this node" sent the user to change a right value).
    ev[by_name ? 1 : 0] += fmt::format(
        " as {}/{}: an address not of the loopback range, held on the loopback interface", path.addr, path.own_prefix);
    return core::new_finding(
        "preflight.rendezvous.own-address", core::Label::other, core::Severity::error,
        fmt::format("the rendezvous {} is {}, an address this node holds itself on its loopback interface {} (a VIP or "
                    "anycast address): its connections to it stay on this node, where rank 0 is not, and were "
                    "refused here",
                    addr, path.addr, path.own_link),
        ev,
        fmt::format("if {} is rank 0's address, remove it from this node, as root here: `ip addr del {}/{} dev {}` "
                    "(a load balancer's or keepalived's setup may add it again: remove it there too); if this node "
                    "must keep it, give rank 0 another address and set MASTER_ADDR (or --rendezvous) to that on every "
                    "node",
                    path.addr, path.addr, path.own_prefix, path.own_link));
  }
  return core::new_finding(
      "preflight.rendezvous.own-address", by_name ? core::Label::hostname_resolution : core::Label::other,
      core::Severity::error,
      fmt::format("the rendezvous {} is this node's own address {}, which refused the connection: rank 0 serves the "
                  "rendezvous and this node is not rank 0, so MASTER_ADDR (or --rendezvous) names this node instead "
                  "of rank 0's host (unless rank 0 was to run on this host too and never started)",
                  addr, path.addr),
      ev,
      fmt::format("set MASTER_ADDR (or --rendezvous) on every node to rank 0's address: rank 0's own preflight output "
                  "prints it (this node never reached rank 0, so it cannot){}. The refusal came from this node "
                  "itself, not from rank 0's host",
                  by_name ? fmt::format("; or, if {} should be rank 0's host, correct what it resolves to on this "
                                        "node (/etc/hosts or DNS: `getent hosts {}`)",
                                        name, name)
                          : std::string()));
}

// A refused rendezvous whose port this node derived from its own MASTER_PORT: rank 0 serves ITS
// MASTER_PORT + 1, so a MASTER_PORT that differs from rank 0's dials a port nobody serves; rank 0
// not running, or a firewall that rejects the port, refuse the same way. Candidates, told apart by
// rank 0's output (the rendezvous it serves is in its first line).
core::Finding refused_derived_port_finding(const std::string& addr, int port, std::vector<std::string> ev,
                                           const PathEvidence& path) {
  ev.push_back(
      fmt::format("the rendezvous port {} is {} (preflight meets at MASTER_ADDR:MASTER_PORT+1)", port, path.port_from));
  return core::new_finding(
      "preflight.rendezvous.refused", core::Label::other, core::Severity::error,
      fmt::format("rendezvous {} refused the connection; port {} is {}", addr, port, path.port_from), ev,
      fmt::format("rank 0 serves its own MASTER_PORT+1 (its output names the rendezvous it serves): when rank 0's "
                  "MASTER_PORT differs from {}, set this node's MASTER_PORT to rank 0's value; when it is the same, "
                  "start preflight on rank 0 and check that no firewall rejects TCP port {} there",
                  port - 1, port));
}

}  // namespace

core::Finding join_failure_finding(const JoinFailure& f, const NetError& e, const std::string& host, int port,
                                   const PathEvidence& path) {
  const std::string& addr = f.address;
  std::vector<std::string> ev = {e.describe(), fmt::format("{} attempts until the deadline", f.attempts)};
  if (!f.rejected.empty())
    return core::new_finding(
        "preflight.rendezvous.rejected", core::Label::other, core::Severity::error,
        fmt::format("rank 0 ({}) turned this node away", addr), {f.rejected},
        "start preflight on every node at the same time (srun, pdsh, --ssh), or raise --timeout on "
        "every node: rank 0 takes joins for 45% of it");
  switch (e.failure) {
    case NetFailure::refused:
      if (!path.own_link.empty()) return own_address_finding(addr, host, ev, path);
      if (!path.port_from.empty()) return refused_derived_port_finding(addr, port, ev, path);
      return core::new_finding(
          "preflight.rendezvous.refused", core::Label::firewall_or_port_blocked, core::Severity::error,
          fmt::format("rendezvous {} refused the connection", addr), ev,
          fmt::format("start preflight on rank 0 (it serves {}), and check that no firewall rejects TCP "
                      "port {} there",
                      addr, port));
    case NetFailure::timeout:
      // Only a connect that timed out is a SYN nobody answered. A connection that was accepted and
      // then brought no challenge before the deadline passed the network: whatever listens there
      // is not rank 0's preflight answering in time, and no firewall dropped the port.
      if (e.syscall != "connect")
        return core::new_finding(
            "preflight.rendezvous.no-answer", core::Label::other, core::Severity::error,
            fmt::format("rendezvous {} accepted the connection but sent no challenge before the deadline", addr), ev,
            fmt::format("the TCP connection was accepted, so no firewall drops port {}: either another program "
                        "holds that port on rank 0's host (`ss -ltnp 'sport = :{}'` there shows which), or rank 0's "
                        "preflight is stopped or too busy to answer (its own output says which)",
                        port, port));
      return unanswered_finding(addr, host, e, port, ev, path);
    case NetFailure::no_route:
      // ENETUNREACH: this node's routing table has no route (or a router said so). EHOSTUNREACH
      // also comes from a neighbour that never answered ARP/ND and from a firewall that rejects
      // with an ICMP "prohibited": it does not say the route is missing.
      if (e.err == EHOSTUNREACH && (no_answer_case(host, e, path) == NoAnswer::name_silent ||
                                    no_answer_case(host, e, path) == NoAnswer::second_nic))
        return unanswered_finding(addr, host, e, port, ev, path);
      if (e.err == EHOSTUNREACH)
        return core::new_finding(
            "preflight.rendezvous.no-route", core::Label::no_route, core::Severity::error,
            fmt::format("the rendezvous {} is unreachable from this node (host unreachable)", addr), ev,
            "the kernel or a router reported rank 0's address unreachable: no host answered at it on the link "
            "(`ip neigh`), a router has no way there (`ip route get` for it), or a firewall rejects with an "
            "ICMP 'prohibited' (`nft list ruleset` on rank 0 and on this node)");
      if (!path.other_family.empty()) return family_finding(addr, host, ev, path);
      return core::new_finding(
          "preflight.rendezvous.no-route", core::Label::no_route, core::Severity::error,
          fmt::format("no route to the rendezvous {}", addr), ev,
          "this node has no route to rank 0's address: check `ip route get` for it and the interface "
          "that should carry cluster traffic");
    case NetFailure::unresolved:
      return core::new_finding("preflight.rendezvous.unresolved", core::Label::hostname_resolution,
                               core::Severity::error,
                               fmt::format("the rendezvous host '{}' does not resolve here", host), ev,
                               "use rank 0's IP address, or fix DNS / /etc/hosts on this node");
    default:
      // A reset, a closed connection or words that are not a challenge: something answers at the
      // address, not known to be rank 0's preflight (a wrong token gets rank 0's reject instead).
      return core::new_finding("preflight.rendezvous.failed", core::Label::other, core::Severity::error,
                               fmt::format("could not join the rendezvous {}", addr), ev,
                               fmt::format("check that what listens at {} is rank 0's preflight of the same "
                                           "distdoctor version (another program may hold port {})",
                                           addr, port));
  }
}

core::Finding cannot_listen_finding(int port, const NetError& error) {
  bool in_use = error.err == EADDRINUSE;
  return core::new_finding(
      "preflight.rendezvous.cannot-listen", in_use ? core::Label::firewall_or_port_blocked : core::Label::other,
      core::Severity::error, fmt::format("rank 0 cannot listen on the rendezvous port {}", port), {error.describe()},
      in_use ? "another process holds the port: pick a free one with --rendezvous or MASTER_PORT"
             : "the listen failed for the reason above, not a port in use: pick a port this user may open (1024 "
               "or above unless privileged) with --rendezvous or MASTER_PORT");
}

core::Finding no_plan_finding(const std::string& address, const std::string& why, bool proof_failed, bool answered) {
  if (!answered)
    // nothing came back: a join rank 0 turns away (another token or world size) gets its reason,
    // so those are not the cause; rank 0's own output says what it waited for or lost
    return core::new_finding(
        "preflight.rendezvous.dropped", core::Label::other, core::Severity::error,
        "rank 0 accepted the connection, but no probe plan arrived from it", {why},
        "read rank 0's output: it names the ranks it still waited for, or this node as lost midway (rank 0 "
        "turns away another job token or world size with a reason, and none came). When rank 0 names this "
        "node lost, check that no other node holds this node's address (`ip -br addr` on each node)");
  return core::new_finding(
      "preflight.rendezvous.dropped", core::Label::other, core::Severity::error,
      proof_failed ? fmt::format("the rendezvous {} sent a probe plan this job's token does not prove", address)
                   : "rank 0 accepted the connection but sent no probe plan",
      {why}, "run the same distdoctor with the same job token and world size on every node, each with its own rank");
}

TokenSource token_source(const std::string& token_flag, const std::string& job_id) {
  if (!token_flag.empty()) return {"--token", false};
  std::string launcher = job_id.substr(0, job_id.find(':'));
  if (job_id.ends_with(":none"))
    return {fmt::format("{} job id 'none' (TORCHELASTIC_RUN_ID's default value)", launcher), true};
  if (!job_id.empty()) return {launcher + " job id", false};
  return {"default (rendezvous address and world)", true};
}

core::Finding guessable_token_finding(const TokenSource& token) {
  return core::new_finding("preflight.token.guessable", core::Label::other, core::Severity::warning,
                           "the job token is guessable: no --token and no launcher job id",
                           {fmt::format("token source: {}", token.source)},
                           "pass the same secret to every node with --token (or run under a launcher with a job "
                           "id: SLURM_JOB_ID, TORCHELASTIC_RUN_ID)");
}

}  // namespace dd::cluster
