#include "watch/diagnose_neighbour.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "core/strings.hpp"
#include "watch/diagnose.hpp"
#include "watch/diagnose_local_link.hpp"
#include "watch/merge.hpp"

namespace dd::watch {

namespace {

constexpr std::string_view k_static_id = "watch.tcp.static-neighbour";

// "ADDR DEV MAC" as its three words; nullopt for anything else.
struct AddrLine {
  std::string addr, dev, mac;
};
std::optional<AddrLine> addr_line(const std::string& line) {
  std::vector<std::string> w;
  for (const auto& f : core::split(line, ' '))
    if (!f.empty()) w.push_back(f);
  if (w.size() != 3) return std::nullopt;
  return AddrLine{w[0], w[1], w[2]};
}

// The node (not `self`) whose ranks' namespaces hold `addr`, and that address's line.
std::optional<std::pair<std::size_t, AddrLine>> holder_of(const std::vector<NodeReport>& nodes, std::size_t self,
                                                          const std::string& addr) {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (i == self) continue;
    for (const auto& r : nodes[i].ranks)
      for (const auto& l : r.addresses)
        if (auto a = addr_line(l); a && a->addr == addr) return std::pair{i, *a};
  }
  return std::nullopt;
}

// Node `i`'s finding `f` told with the holder's MAC: wrong where it differs, not the cause where not.
void judge_one(std::vector<NodeReport>& nodes, std::size_t i, core::Finding& f, const AddrLine& entry) {
  auto held = holder_of(nodes, i, entry.addr);
  if (!held) return;
  auto& [j, own] = *held;
  std::string seen =
      fmt::format("{} reports {} on its interface {} with MAC {}", nodes[j].host, own.addr, own.dev, own.mac);
  if (own.mac == entry.mac) {
    f.evidence.push_back(seen + ": the same as the entry's, which is therefore not the cause");
    return;
  }
  f.label = core::Label::no_route;
  f.title = fmt::format(
      "{}'s static neighbour entry {} lladdr {} PERMANENT on {} is wrong: {}'s interface {} holds {} with MAC {}, so "
      "frames from {} to {} do not reach that interface",
      nodes[i].host, entry.addr, entry.mac, entry.dev, nodes[j].host, own.dev, own.addr, own.mac, nodes[i].host,
      entry.addr);
  f.evidence.push_back(seen + ", not the entry's " + entry.mac);
  f.fix.text = fmt::format(
      "On {} (in the rank's network namespace), remove the wrong entry:\n  ip neigh del {} dev {}\nThe kernel then "
      "finds {}'s MAC by ARP and the connection's retransmissions get through. Find what set it (a provisioning "
      "script, `ip neigh replace ... nud permanent`) so that it is not set again.",
      nodes[i].host, entry.addr, entry.dev, entry.addr);
  // The peer side waits on the same path: its silence is this entry's evidence, not a finding that
  // sends the user to its own routes and firewalls.
  // Only its findings about this node's addresses: one about a third node's peer is its own story.
  std::vector<std::string> mine;
  for (const auto& r : nodes[i].ranks)
    for (const auto& l : r.addresses)
      if (auto a = addr_line(l)) mine.push_back(a->addr);
  auto about_this_path = [&](const core::Finding& g) {
    return g.id == "watch.tcp.peer-silent" && std::any_of(mine.begin(), mine.end(), [&](const std::string& a) {
             for (auto at = g.title.find(a); at != std::string::npos; at = g.title.find(a, at + 1)) {
               std::size_t end = at + a.size();
               bool whole = (at == 0 || !std::isalnum(static_cast<unsigned char>(g.title[at - 1]))) &&
                            (end == g.title.size() || !std::isalnum(static_cast<unsigned char>(g.title[end])));
               if (whole) return true;
             }
             return false;
           });
  };
  auto& theirs = nodes[j].findings;
  for (const auto& g : theirs)
    if (about_this_path(g)) f.evidence.push_back("the other end, " + nodes[j].host + ", reports: " + g.title);
  theirs.erase(std::remove_if(theirs.begin(), theirs.end(), about_this_path), theirs.end());
}

}  // namespace

std::optional<core::Finding> static_neighbour_finding(const os::FileTree& tree, const Snapshot& after, PathProbe* probe,
                                                      const OwnedSocket& s, const MtuCheck& mtu,
                                                      const std::string& ev) {
  if (!probe) return std::nullopt;
  std::string peer = unmapped(s.socket.peer);
  auto route = route_for(tree, s.pid, peer);
  std::string hop = route.gateway.empty() ? peer : route.gateway;
  auto table = probe->neighbours(s.pid);
  auto e = std::find_if(table.begin(), table.end(),
                        [&](auto& n) { return n.permanent && !n.lladdr.empty() && same_address(n.addr, hop); });
  if (e == table.end()) return std::nullopt;
  PeerRank pr = peer_rank(after, s);
  std::string entry = fmt::format("{} lladdr {} PERMANENT on {}", e->addr, e->lladdr, e->dev);
  auto f = core::new_finding(
      std::string(k_static_id), core::Label::other, core::Severity::error,
      fmt::format("{}{} stopped acknowledging data from {}, and this node has a static neighbour entry {}; frames to "
                  "{} go to that MAC, which is {}'s only if that is its interface's MAC (not seen from this node)",
                  peer, pr.rank ? fmt::format(" (rank {})", *pr.rank) : "", unmapped(s.socket.local), entry, e->addr,
                  e->addr));
  f.evidence = {ev, fmt::format("{}'s network namespace holds the neighbour entry {} (NUD_PERMANENT: set by hand, "
                                "never re-resolved by ARP){}",
                                who(s.rank, s.pid), entry,
                                route.gateway.empty() ? "" : fmt::format(", the gateway of its route to {}", peer))};
  f.evidence.insert(f.evidence.end(), mtu.evidence.begin(), mtu.evidence.end());
  if (pr.rank) f.evidence.push_back(pr.why);
  f.fix.text = fmt::format(
      "Compare {} with the MAC of the interface that holds {} on its node (`ip link show` there; its `distdoctor "
      "watch --rendezvous` report carries it). If they differ, the entry is wrong: on this node, in {}'s network "
      "namespace:\n  ip neigh del {} dev {}\n(ARP then finds the right MAC). If they match, the entry is not the "
      "cause: the peer's node's own watch tells what it sees.",
      e->lladdr, e->addr, who(s.rank, s.pid), e->addr, e->dev);
  if (s.rank) f.ranks = {*s.rank};
  return f;
}

std::vector<std::string> address_macs(PathProbe* probe, int pid) {
  std::vector<std::string> out;
  if (!probe) return out;
  auto links = probe->links(pid);
  for (const auto& a : probe->addresses(pid)) {
    auto link = std::find_if(links.begin(), links.end(), [&](const os::LinkEntry& l) { return l.name == a.link; });
    if (!a.loopback && link != links.end() && !link->mac.empty())
      out.push_back(fmt::format("{} {} {}", a.addr, a.link, link->mac));
  }
  return out;
}

std::vector<std::string> static_neighbours(PathProbe* probe, int pid) {
  std::vector<std::string> out;
  if (!probe) return out;
  for (const auto& n : probe->neighbours(pid))
    if (n.permanent && !n.lladdr.empty() && !n.dev.empty())
      out.push_back(fmt::format("{} {} {}", n.addr, n.dev, n.lladdr));
  return out;
}

std::vector<NodeReport> judge_static_neighbours(std::vector<NodeReport> nodes) {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    for (auto& f : nodes[i].findings) {
      if (f.id != k_static_id) continue;
      // The entry this finding names (its title, written above from the same entry), judged once.
      std::optional<AddrLine> named;
      for (const auto& r : nodes[i].ranks) {
        if (std::find(f.ranks.begin(), f.ranks.end(), r.rank) == f.ranks.end()) continue;
        for (const auto& l : r.static_neighbours) {
          auto entry = addr_line(l);
          if (entry && f.title.find("entry " + entry->addr + " lladdr " + entry->mac) != std::string::npos)
            named = entry;
        }
      }
      if (named) judge_one(nodes, i, f, *named);
    }
  }
  return nodes;
}

}  // namespace dd::watch
