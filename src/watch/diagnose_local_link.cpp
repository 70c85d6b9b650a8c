#include "watch/diagnose_local_link.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/address.hpp"
#include "core/push_unique.hpp"
#include "core/strings.hpp"
#include "watch/diagnose.hpp"
#include "watch/diagnose_network.hpp"

namespace dd::watch {

namespace {

// The getifaddrs entry that holds `local` in its owner's namespace.
const os::AddressEntry* holder(const std::vector<os::AddressEntry>& entries, const std::string& local) {
  auto e = std::find_if(entries.begin(), entries.end(),
                        [&](const os::AddressEntry& a) { return !a.loopback && same_address(a.addr, local); });
  return e == entries.end() ? nullptr : &*e;
}

// `peer` inside `a`'s own prefix (the route the kernel adds back with the link).
bool on_own_prefix(const os::AddressEntry& a, const std::string& peer) {
  auto x = core::parse_numeric_ip(a.addr), y = core::parse_numeric_ip(peer);
  return x && y && core::same_subnet(*x, *y, a.prefix);
}

// What ties `addr` to the job in p's own evidence: the store's host (MASTER_ADDR, or the peer of
// p's connection to MASTER_PORT), a client of the store a watched process serves, or another
// watched rank's local address; "" for an address the
// job does not show, such as a service outside it (clusters-2026-12-06g w3: rank 1 waiting on a
// config service at 198.19.104.50:8080 was called "rank 0" from WORLD_SIZE=2 alone).
std::string job_tie(const Snapshot& after, const ProcessInfo& p, const std::string& addr) {
  std::string a = unmapped(addr);
  if (!p.master_addr.empty() && same_address(p.master_addr, addr)) return a + " is MASTER_ADDR";
  for (const auto& o : after.sockets) {
    bool store = p.master_port && o.socket.state == TcpState::established && same_address(o.socket.peer, addr);
    if (store && o.pid == p.pid && o.socket.peer_port == *p.master_port)
      return fmt::format("{} is where it reaches the torch store (MASTER_PORT={})", a, *p.master_port);
    if (store && o.socket.local_port == *p.master_port)  // served by this rank or its launcher (torchrun)
      return fmt::format("{} is a client of the torch store served here (MASTER_PORT={}, pid {})", a, *p.master_port,
                         o.pid);
    if (o.pid != p.pid && o.rank && same_address(o.socket.local, addr))
      return fmt::format("{} is the local address of {}", a, who(o.rank, o.pid));
  }
  return "";
}

std::string with_rank(const std::string& addr, const PeerRank& pr) {
  return pr.rank ? fmt::format("{} (rank {})", addr, *pr.rank) : addr;
}

std::string admin_down_fix(const OwnedSocket& s, const os::AddressEntry& a, const std::string& peer,
                           const std::string& named_peer) {
  std::string route =
      on_own_prefix(a, peer)
          ? fmt::format("the kernel then adds back the route of {}/{} by itself, which covers {}", a.addr, a.prefix,
                        peer)
          : fmt::format(
                "{} is outside {}/{}: a route to it through a gateway went with the link; add it again (`ip route "
                "add {}/32 via GATEWAY dev {}`) if `ip route get {}` still answers \"Network is unreachable\"",
                peer, a.addr, a.prefix, peer, a.link, peer);
  return fmt::format(
      "Bring {} up on this node, in {}'s network namespace:\n  ip link set dev {} up\n{}; `ip route get {}` then names "
      "{}, and the queued data leaves. Nothing here points at {}.",
      a.link, who(s.rank, s.pid), a.link, route, peer, a.link, named_peer);
}

}  // namespace

PeerRank peer_rank(const Snapshot& after, const OwnedSocket& s) {
  const ProcessInfo* p = after.process(s.pid);
  if (!p || !p->rank || p->world_size != 2 || *p->rank > 1 || *p->rank < 0) return {};
  std::string tie = job_tie(after, *p, s.socket.peer);
  if (tie.empty()) return {};
  int other = 1 - *p->rank;
  return {other, fmt::format("{} runs with WORLD_SIZE=2: rank {} is the only other rank, and {}", who(p->rank, p->pid),
                             other, tie)};
}

// watch.tcp.local-address-lost: the namespace's addresses were read and none holds `local`
// (clusters-2026-12-06f w2: `ip addr del` on node1 mid-job). The interface for the fix is the
// route's where one is left, else the namespace's only non-loopback interface; the old prefix
// length is not seen and is said so.
core::Finding local_address_lost(const os::FileTree& tree, const Snapshot& after, const OwnedSocket& s,
                                 const std::string& ev, const std::vector<os::AddressEntry>& entries) {
  std::string local = unmapped(s.socket.local), peer = unmapped(s.socket.peer);
  PeerRank pr = peer_rank(after, s);
  auto route = route_for(tree, s.pid, peer);
  std::vector<std::string> links;
  for (const auto& e : entries) {
    if (!e.loopback) core::push_unique(links, e.link);
  }
  std::string dev = route.found ? route.iface : links.size() == 1 ? links.front() : "DEV";
  auto f = core::new_finding(
      "watch.tcp.local-address-lost", core::Label::no_route, core::Severity::error,
      fmt::format("{}, the local address of {}'s connection to {}, is no longer on any interface here; the fault is "
                  "on this node",
                  local, who(s.rank, s.pid), with_rank(peer, pr)));
  std::vector<std::string> held;
  for (const auto& e : entries) {
    if (!e.loopback) held.push_back(fmt::format("{} {}/{}", e.link, e.addr, e.prefix));
  }
  f.evidence = {
      ev, fmt::format("in {}'s network namespace no interface holds {} (its addresses: {})", who(s.rank, s.pid), local,
                      held.empty() ? "none but loopback" : core::join(held, ", "))};
  f.evidence.push_back(route.found ? fmt::format("its route to {} leaves through {}", peer, route.iface)
                                   : fmt::format("its main routing table (/proc/{}/net/route) holds no route to {} "
                                                 "(`ip route get {}` there answers \"Network is unreachable\")",
                                                 s.pid, peer, peer));
  if (pr.rank) f.evidence.push_back(pr.why);
  f.fix.text = fmt::format(
      "Put {} back on this node's interface, in {}'s network namespace:\n  ip addr add {}/PREFIX dev {}\nPREFIX is "
      "the old prefix length, which is not seen here (the network's: another node's `ip -br addr` on it shows "
      "it){}. Then `ip route get {}` names the interface again and the queued data leaves. Find what removed it (a "
      "DHCP lease not renewed, a network manager) so it does not go again. Nothing here points at {}.",
      local, who(s.rank, s.pid), local, dev,
      dev == "DEV" ? fmt::format("; DEV is the interface {} was on (`ip -br link`)", local) : "", peer,
      pr.rank ? fmt::format("rank {}'s node ({})", *pr.rank, peer) : peer + "'s node");
  if (s.rank) f.ranks = {*s.rank};
  return f;
}

std::optional<core::Finding> local_link_down(const os::FileTree& tree, const Snapshot& after, PathProbe* probe,
                                             const OwnedSocket& s, const std::string& ev) {
  if (!probe) return std::nullopt;
  std::string local = unmapped(s.socket.local), peer = unmapped(s.socket.peer);
  auto entries = probe->addresses(s.pid);
  const os::AddressEntry* a = holder(entries, local);
  // The namespace's addresses read (loopback's at least) and none is the connection's own.
  if (!a && !entries.empty() && !core::is_loopback_address(local))
    return local_address_lost(tree, after, s, ev, entries);
  if (!a || (a->up && a->running)) return std::nullopt;
  // IPv4: the packets leave by the route (any interface may send with this address); only no
  // route, or the route through this interface, keeps them here.
  bool v4 = a->family == os::Family::inet;
  auto route = v4 ? route_for(tree, s.pid, peer) : RouteChoice{};
  if (v4 && route.found && route.iface != a->link) return std::nullopt;
  PeerRank pr = peer_rank(after, s);
  std::string state = a->up ? "UP without carrier (not RUNNING: `ip link` shows NO-CARRIER)"
                            : "down (not UP: `ip link` shows state DOWN)";
  std::string no_route = v4 && !route.found ? fmt::format(", and no route to {} is left", peer) : "";
  auto f = core::new_finding(
      "watch.tcp.local-link-down", core::Label::no_route, core::Severity::error,
      fmt::format("{}'s data to {} cannot leave this node: its own interface {} (address {}) is {}{}; the fault is "
                  "on this node{}",
                  who(s.rank, s.pid), with_rank(peer, pr), a->link, local, a->up ? "up without carrier" : "down",
                  no_route, a->up ? "'s link" : ""));
  f.evidence = {ev, fmt::format("in {}'s network namespace {} holds {}/{} and is {}", who(s.rank, s.pid), a->link,
                                a->addr, a->prefix, state)};
  if (v4 && !route.found) {
    f.evidence.push_back(
        fmt::format("its main routing table (/proc/{}/net/route) holds no route to {}, no default route either "
                    "(`ip route get {}` there answers \"Network is unreachable\")",
                    s.pid, peer, peer));
  } else if (v4) {
    f.evidence.push_back(fmt::format("its route to {} leaves through {}", peer, a->link));
  }
  if (pr.rank) f.evidence.push_back(pr.why);
  std::string named_peer = pr.rank ? fmt::format("rank {}'s node ({})", *pr.rank, peer) : peer + "'s node";
  f.fix.text = a->up ? fmt::format(
                           "{} on this node is up but has no carrier: the other end of its link (the cable, "
                           "the switch port, a veth's peer) is down; `ip link show dev {}` shows NO-CARRIER "
                           "until it comes back. Nothing here points at {}.",
                           a->link, a->link, named_peer)
                     : admin_down_fix(s, *a, peer, named_peer);
  if (s.rank) f.ranks = {*s.rank};
  return f;
}

}  // namespace dd::watch
