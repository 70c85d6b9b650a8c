// Whom a waiting process waits for, from its own sockets (diagnose.hpp, after the socket rules
// found nothing stuck in a queue). Each finding says what was seen and from where, and the cause
// only as far as that carries:
//  - watch.store.incomplete: a rank serves the torch store (a listener on its MASTER_PORT), has no
//    connection but the store's (the process group never formed), and fewer ranks than WORLD_SIZE
//    joined it. Ranks, not connections: a torch rank holds one or two (client, callback client),
//    so clients of this host count by process and every other host as one rank at least (at most
//    WORLD_SIZE minus those are missing); at least WORLD_SIZE minus every connection are missing,
//    or one while the store is polled (torch polls it only while it waits for ranks to arrive).
//  - watch.peer.silent: a rank of a distributed job waits (main thread in futex/poll/recv) and its
//    connections to peers outside the tree are open and healthy (nothing unacked, no
//    retransmits) or the peer's receive window is full, and nothing arrives: the peer process is
//    stopped, busy or in another collective; which one, only a look at the peer tells. The peer is
//    named by address and, where the evidence allows, by rank (WORLD_SIZE=2: the only other rank;
//    a process of the tree) or as the store's host. Its `ranks`: the waiting rank, then the ranks of
//    the peers it names (a structured copy of the title's "(rank N)", which the merge reads).
//  - watch.store.closed: the store's end closed a rank's store connections (below);
//  - watch.socket.silent-peer: the same for a process that is no distributed job (no launcher or
//    framework variable in its environment, no torch/TensorFlow/NCCL/Horovod library mapped):
//    the plain socket finding, naming the connection its main thread reads when it reads one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "os/file_tree.hpp"
#include "watch/diagnose.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {

// watch.store.closed: a rank's connections to the torch store (its MASTER_PORT) are in CLOSE_WAIT
// (the store's end closed them: the process serving the store exited or dropped it) and the rank
// has no other established connection: it waits for a job that has ended there. One finding per
// rank; the store's own process, when it is in the tree, is never in CLOSE_WAIT to itself.
std::vector<core::Finding> store_closed(const Snapshot& after);

// The part of watch.peer.silent's fix that sends the user to `--rendezvous`; the merged verdict,
// which that produced, drops it.
inline constexpr std::string_view k_rendezvous_advice =
    ", or run watch on every node with --rendezvous, whose merged verdict compares every rank's state";

std::optional<core::Finding> store_join_incomplete(const Snapshot& before, const Snapshot& after);

// One finding per waiting process with silent peers outside the tree; empty when none.
std::vector<core::Finding> silent_peers(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                                        const std::vector<RankState>& states);

// A rank's connections as data, for the merged verdict to tell which rank a peer address is
// (merge.hpp): the local ends ("198.18.1.2:40000") of its established connections that are not
// the store's, and the peer ends of the silent connections that watch.peer.silent names for it
// (empty unless it is a distributed job's rank that waits on such peers); and those of its
// connections that carried data it sent (sends: each with how long ago it last sent).
struct RankLinks {
  std::vector<std::string> endpoints, waits_on;
  std::vector<PeerSend> sends = {};
};
RankLinks rank_links(const os::FileTree& tree, const Snapshot& before, const Snapshot& after, const RankState& r);

// A launcher's variable in the environment, or a distributed framework's library in /proc/PID/maps.
bool is_distributed_job(const os::FileTree& tree, const ProcessInfo& p);

}  // namespace dd::watch
