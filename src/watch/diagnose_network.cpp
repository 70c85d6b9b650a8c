#include "watch/diagnose_network.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/address.hpp"
#include "core/strings.hpp"
#include "watch/diagnose.hpp"

namespace dd::watch {

namespace {

constexpr int k_small_echo = 84;  // ping's default packet: 56 bytes of data
constexpr int k_echo_timeout_ms = 1000;

std::string iface_of(const os::FileTree& tree, int pid, const std::string& local) {
  auto r = route_for(tree, pid, local);
  return r.found ? r.iface : "";
}

const ProcessInfo* owner(const Snapshot& s, int pid) { return s.process(pid); }

}  // namespace

std::string unmapped(const std::string& addr) { return core::unmapped_address(addr); }

bool same_address(const std::string& a, const std::string& b) { return unmapped(a) == unmapped(b); }

std::string who(const std::optional<int>& rank, int pid) {
  return rank ? fmt::format("rank {} (pid {})", *rank, pid) : fmt::format("pid {}", pid);
}

std::string endpoint(const std::string& addr, int port) {
  return addr.find(':') != std::string::npos ? fmt::format("[{}]:{}", addr, port) : fmt::format("{}:{}", addr, port);
}

const OwnedSocket* listener_of(const Snapshot& s, const std::string& addr, int port) {
  // A wildcard listener answers for `addr` only in a namespace that has that address: a socket of
  // the tree there uses it as its local end, or the listener's owner serves the store at it.
  auto has_address = [&](const OwnedSocket& l) {
    const ProcessInfo* p = s.process(l.pid);
    return (p && same_address(p->master_addr, addr)) ||
           std::any_of(s.sockets.begin(), s.sockets.end(),
                       [&](const OwnedSocket& o) { return o.netns == l.netns && same_address(o.socket.local, addr); });
  };
  const OwnedSocket* wildcard = nullptr;
  for (const auto& o : s.sockets) {
    if (o.socket.state != TcpState::listen || o.socket.local_port != port) continue;
    if (same_address(o.socket.local, addr)) return &o;
    if (core::is_unspecified_address(o.socket.local) && !wildcard && has_address(o)) wildcard = &o;
  }
  return wildcard;
}

void fix_with_shared_interface(core::Finding& f, const os::FileTree& tree, const Snapshot& s) {
  // Established connections between two processes of the tree, off loopback: the path that works
  // (or worked: CLOSE_WAIT, its peer closed it since, as the store's host that exited).
  std::map<std::string, int> votes;
  std::map<std::string, std::string> example;
  for (const auto& o : s.sockets) {
    bool worked = o.socket.state == TcpState::established || o.socket.state == TcpState::close_wait;
    if (!worked || core::is_loopback_address(o.socket.local) || same_address(o.socket.local, o.socket.peer)) {
      continue;
    }
    bool peer_in_tree = std::any_of(s.sockets.begin(), s.sockets.end(), [&](auto& p) {
      return p.socket.local_port == o.socket.peer_port && same_address(p.socket.local, o.socket.peer) &&
             p.netns != o.netns;
    });
    auto route = route_for(tree, o.pid, o.socket.peer);
    if (!peer_in_tree && !(route.found && route.connected)) continue;
    std::string iface = iface_of(tree, o.pid, o.socket.local);
    if (iface.empty()) continue;
    ++votes[iface];
    example.emplace(iface, fmt::format("{} reaches {} from {} on {}", who(o.rank, o.pid),
                                       endpoint(o.socket.peer, o.socket.peer_port), o.socket.local, iface));
  }
  std::set<std::string> keys;
  std::set<std::string> now;
  for (const auto& p : s.processes) {
    for (const auto& var : p.interface_env) {
      keys.insert(var.substr(0, var.find('=')));
      now.insert(var);
    }
  }
  if (keys.empty()) keys = {"GLOO_SOCKET_IFNAME", "NCCL_SOCKET_IFNAME"};
  std::string set_now =
      now.empty() ? "" : fmt::format(" (the job sets {})", core::join({now.begin(), now.end()}, ", "));
  if (votes.empty()) {
    f.fix.text = fmt::format(
        "Set {} (and MASTER_ADDR) to the interface and address the nodes share{}; `distdoctor preflight` names it.",
        core::join({keys.begin(), keys.end()}, " / "), set_now);
    return;
  }
  auto best = std::max_element(votes.begin(), votes.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
  f.evidence.push_back("the ranks' working connections use " + best + ": " + example[best]);
  for (const auto& k : keys) f.fix.env[k] = best;
  f.fix.text = fmt::format(
      "Use {} for the job's traffic on every node: set {}={}{}; it is the interface the ranks already reach each other "
      "over.",
      best, core::join({keys.begin(), keys.end()}, "=" + best + " and "), best, set_now);
}

std::vector<core::Finding> unreached_listeners(const os::FileTree& tree, const Snapshot& s) {
  std::vector<core::Finding> out;
  for (const auto& l : s.sockets) {
    if (l.socket.state != TcpState::listen || !core::is_routable_address(l.socket.local)) continue;
    // Somebody reached that address: a connection of the tree has it as its local end.
    bool reached = std::any_of(s.sockets.begin(), s.sockets.end(), [&](auto& o) {
      return o.socket.state != TcpState::listen && o.socket.state != TcpState::syn_sent && o.netns == l.netns &&
             same_address(o.socket.local, l.socket.local);
    });
    if (reached) continue;
    std::string here = iface_of(tree, l.pid, l.socket.local);
    // Its process talks to its peers from another interface.
    const OwnedSocket* working = nullptr;
    for (const auto& o : s.sockets) {
      // CLOSE_WAIT: a connection its peer has closed since (the store's host exited) still shows the
      // interface the process reached its peers over.
      bool talked = o.socket.state == TcpState::established || o.socket.state == TcpState::close_wait;
      if (o.pid != l.pid || !talked || !core::is_routable_address(o.socket.peer)) continue;
      std::string there = iface_of(tree, o.pid, o.socket.local);
      if (!there.empty() && there != here) working = &o;
    }
    if (!working || here.empty()) continue;
    std::string there = iface_of(tree, working->pid, working->socket.local);
    auto f =
        core::new_finding("watch.listen.unreached", core::Label::interface_mismatch, core::Severity::error,
                          fmt::format("nobody connects to {}'s listening socket {} on {}, while it talks to its peers "
                                      "over {}: the peers were given an address they cannot reach",
                                      who(l.rank, l.pid), endpoint(l.socket.local, l.socket.local_port), here, there));
    f.evidence = {fmt::format("{} listens on {} ({}); no connection of the job uses {}", who(l.rank, l.pid),
                              endpoint(l.socket.local, l.socket.local_port), here, l.socket.local),
                  fmt::format("its connection {} -> {} uses {}", working->socket.local,
                              endpoint(working->socket.peer, working->socket.peer_port), there)};
    if (const auto* p = owner(s, l.pid); p && !p->interface_env.empty()) {
      f.evidence.push_back(fmt::format("{} runs with {}", who(l.rank, l.pid), core::join(p->interface_env, " ")));
    }
    fix_with_shared_interface(f, tree, s);
    if (l.rank) f.ranks = {*l.rank};
    out.push_back(std::move(f));
  }
  return out;
}

MtuCheck check_mtu(PathProbe* probe, const OwnedSocket& s) {
  MtuCheck c;
  int mtu = static_cast<int>(s.socket.path_mtu);
  if (!probe || mtu <= k_small_echo) return c;
  std::string peer = unmapped(s.socket.peer);
  auto small = probe->echo(s.pid, peer, k_small_echo, k_echo_timeout_ms);
  if (small == Echo::not_possible) {
    c.evidence.push_back(
        fmt::format("could not send an ICMP echo to {} (needs root or CAP_NET_RAW, IPv4) to tell an MTU black hole "
                    "from a firewall; the connection's path MTU is {}",
                    peer, mtu));
    return c;
  }
  if (small == Echo::lost) {
    c.small_lost = true;
    c.evidence.push_back(
        fmt::format("a {}-byte ICMP echo to {} got no answer either: the path drops small packets too (or ICMP)",
                    k_small_echo, peer));
    return c;
  }
  auto big = probe->echo(s.pid, peer, mtu, k_echo_timeout_ms);
  if (big != Echo::lost) {
    c.both_answered = big == Echo::answered;
    c.evidence.push_back(
        fmt::format("ICMP echoes of {} and {} bytes (don't fragment) to {} are answered: not an MTU problem",
                    k_small_echo, mtu, peer));
    return c;
  }
  c.black_hole = true;
  c.evidence.push_back(
      fmt::format("a {}-byte ICMP echo to {} is answered; one of {} bytes (the connection's path MTU, don't fragment) "
                  "is lost, twice",
                  k_small_echo, peer, mtu));
  if (mtu > 1500 && probe->echo(s.pid, peer, 1500, k_echo_timeout_ms) == Echo::answered) {
    c.passes = 1500;
    c.evidence.push_back(fmt::format("a 1500-byte echo to {} is answered", peer));
  }
  return c;
}

}  // namespace dd::watch
