#include "watch/diagnose_firewall.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/address.hpp"
#include "core/strings.hpp"
#include "watch/diagnose_network.hpp"
#include "watch/netns.hpp"

namespace dd::watch {

RuleMatch rules_dropping(const Rulesets& rules, const OwnedSocket& s, int port, firewall::Direction direction,
                         firewall::Packet packet) {
  RuleMatch out;
  auto it = rules.find(s.netns);
  if (it == rules.end()) return out;
  for (const auto& b : firewall::find_blocks(it->second, port, direction, packet)) {
    out.evidence.push_back(
        fmt::format("{}'s network namespace: nftables {}", who(s.rank, s.pid), firewall::describe(b, port)));
    std::string where = fmt::format("in {}'s network namespace (on its node)", who(s.rank, s.pid));
    out.fixes.push_back(
        b.handle
            ? fmt::format("{}, remove the rule that drops TCP port {}:\n  {}\nor accept the port ahead of it:\n  {}",
                          where, port, firewall::removal_command(b, port), firewall::accept_command(b, port))
            : fmt::format("{}, accept TCP port {} ahead of the chain's policy drop:\n  {}", where, port,
                          firewall::accept_command(b, port)));
  }
  return out;
}

namespace {

// Why the listener's ranks expect peers from outside its namespace: its owner's WORLD_SIZE is
// larger than the ranks the tree runs there. "" when nothing says so (a one-node job whose port the
// host's firewall keeps from other hosts waits for nobody there).
std::string remote_peers_expected(const Snapshot& s, const OwnedSocket& l) {
  const ProcessInfo* p = s.process(l.pid);
  if (!p || !p->world_size || *p->world_size < 2) return {};
  std::set<int> here;
  for (const auto& q : s.processes) {
    if (q.rank && q.netns == l.netns) here.insert(*q.rank);
  }
  if (static_cast<int>(here.size()) >= *p->world_size) return {};
  return fmt::format("{} runs with WORLD_SIZE={}; {} of those ranks run in its network namespace", who(l.rank, l.pid),
                     *p->world_size, here.size());
}

}  // namespace

std::vector<core::Finding> firewalled_listeners(const Snapshot& s, const Rulesets& rules,
                                                const std::set<std::pair<std::string, int>>& named) {
  std::vector<core::Finding> out;
  std::set<std::pair<std::string, int>> done = named;
  for (const auto& l : s.sockets) {
    if (l.socket.state != TcpState::listen || core::is_loopback_address(unmapped(l.socket.local))) continue;
    if (!done.insert({l.netns, l.socket.local_port}).second) continue;
    // A peer from another address connected to this port: the rule does not keep every peer out.
    bool remote_peer = std::any_of(s.sockets.begin(), s.sockets.end(), [&](const OwnedSocket& o) {
      return o.netns == l.netns && o.socket.state == TcpState::established &&
             o.socket.local_port == l.socket.local_port && !same_address(o.socket.peer, o.socket.local) &&
             !core::is_loopback_address(unmapped(o.socket.peer));
    });
    if (remote_peer) continue;
    std::string expected = remote_peers_expected(s, l);
    if (expected.empty()) continue;
    auto rules_here = rules_dropping(rules, l, l.socket.local_port, firewall::Direction::input);
    if (rules_here.empty()) continue;
    auto f = core::new_finding(
        "watch.listen.firewalled", core::Label::firewall_or_port_blocked, core::Severity::error,
        fmt::format("{} listens on {}, and its namespace's firewall drops new TCP connections to port "
                    "{}: ranks on other hosts cannot connect to it",
                    who(l.rank, l.pid), endpoint(l.socket.local, l.socket.local_port), l.socket.local_port));
    f.evidence.push_back(fmt::format("{} listens on {}; no peer from another address is connected to that port",
                                     who(l.rank, l.pid), endpoint(l.socket.local, l.socket.local_port)));
    f.evidence.push_back(std::move(expected));
    for (auto& e : rules_here.evidence) f.evidence.push_back(std::move(e));
    f.fix.text = core::join(rules_here.fixes, "\n");
    if (l.rank) f.ranks = {*l.rank};
    out.push_back(std::move(f));
  }
  return out;
}

Rulesets read_rulesets(const os::FirewallSource& source, const Snapshot& s) {
  Rulesets out;
  std::set<std::string> tried;
  for (const auto& sock : s.sockets) {
    if (sock.netns.empty() || !tried.insert(sock.netns).second) continue;
    core::Result<std::string> text = core::Error{core::ErrorKind::not_found, "namespace not entered"};
    if (!run_in_netns(sock.pid, [&] { text = source.nft_ruleset_json(); }) || !text) continue;
    auto doc = nlohmann::json::parse(*text, nullptr, false);
    if (!doc.is_discarded()) out[sock.netns] = std::move(doc);
  }
  return out;
}

}  // namespace dd::watch
