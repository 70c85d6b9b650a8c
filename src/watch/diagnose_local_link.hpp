// A stuck connection whose own end cannot send: its local address sits on an interface of its
// owner's network namespace that is down (clusters-2026-12-06e w2: `ip link set dev c6eth0 down`
// on node1 mid-job, which node1's own watch blamed on the peer).
//  - watch.tcp.local-link-down: data queued and not acknowledged in both snapshots, and the
//    interface holding the connection's local address (getifaddrs in the owner's namespace,
//    PathProbe::addresses) is not UP, or UP without carrier (not RUNNING), while the namespace's
//    routing table has no route to the peer or routes it through that same interface. The fault
//    is named on this node, with the interface and its state; the peer is not blamed. Fix: an
//    interface that is not UP gets `ip link set dev IF up` (the kernel restores the route of its
//    own prefix; a gateway route the link took with it is named as the step after); one without
//    carrier gets the steps (cable, switch port, a veth's other end), no command.
// peer_rank(): which rank a peer address is where the evidence says so (WORLD_SIZE=2: the only
// other rank, when the address is also the store's host or another watched rank's), for the titles
// that name a peer.
#pragma once

#include <optional>
#include <string>

#include "core/finding.hpp"
#include "os/file_tree.hpp"
#include "watch/path_probe.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {

struct PeerRank {
  std::optional<int> rank;
  std::string why;  // "rank 0 (pid 42) runs with WORLD_SIZE=2: rank 1 is the only other rank"
};
PeerRank peer_rank(const Snapshot& after, const OwnedSocket& s);

// watch.tcp.local-link-down for the stuck socket `s` (see above); none when `probe` is null, lists
// no address of the namespace, or the local address's interface is up and running.
std::optional<core::Finding> local_link_down(const os::FileTree& tree, const Snapshot& after, PathProbe* probe,
                                             const OwnedSocket& s, const std::string& ev);

}  // namespace dd::watch
