// A stuck connection whose next hop this node's own neighbour table pins to a link-layer address
// by hand (clusters-2026-12-06g w2: `ip neigh replace 198.19.104.10 lladdr 02:00:5e:00:00:99 nud
// permanent dev c8eth0` on node1 mid-job; both nodes' watch blamed the other's routes and
// firewalls).
//  - watch.tcp.static-neighbour (one node): data queued and not acknowledged with retransmits, and
//    the owner's network namespace holds a PERMANENT (NUD_PERMANENT) entry for the connection's
//    next hop (the peer, or the gateway its route names), read through netlink (RTM_GETNEIGH,
//    PathProbe::neighbours). Said as seen: frames to that address go to that MAC; whether that MAC
//    is the peer's is not seen from one node (an echo of any size answered: the MAC reaches the peer,
//    no claim), so the entry is a candidate with the step that tells
//    (the peer's `ip link show`) and the `ip neigh del` that applies where they differ.
//  - merged: where another node's report carries the MAC of the interface holding that address
//    (RankActivity::addresses) and it differs, the entry is wrong (label no-route, the fix is the
//    `ip neigh del` on the entry's node), and that node's `watch.tcp.peer-silent` findings are its
//    evidence (the peer side does not send the user to its own routes and firewalls). The same MAC:
//    the entry is said not to be the cause. No report holding the address: the candidate stands.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "os/file_tree.hpp"
#include "watch/diagnose_network.hpp"
#include "watch/path_probe.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {

struct NodeReport;

// watch.tcp.static-neighbour for the stuck socket `s`; none without a probe or a PERMANENT entry
// (with a link-layer address) for its next hop.
std::optional<core::Finding> static_neighbour_finding(const os::FileTree& tree, const Snapshot& after, PathProbe* probe,
                                                      const OwnedSocket& s, const MtuCheck& mtu, const std::string& ev);

// "ADDR DEV MAC" lines: the non-loopback addresses of `pid`'s namespace with their link's MAC, and
// its PERMANENT neighbour entries (what a node report carries for the merge).
std::vector<std::string> address_macs(PathProbe* probe, int pid);
std::vector<std::string> static_neighbours(PathProbe* probe, int pid);

// The merged judgement above, on the nodes' reports before their findings are merged.
std::vector<NodeReport> judge_static_neighbours(std::vector<NodeReport> nodes);

}  // namespace dd::watch
