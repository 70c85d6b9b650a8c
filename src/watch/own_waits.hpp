// A rank held up by a wait of its own process that the peers' states cannot show (clusters-2026-12-06e
// w1, w3). Both are read from the one file descriptor its main thread blocks on (read, readv,
// recvfrom or recvmsg: /proc/PID/task/PID/syscall's first argument):
//  - a unix socket or pipe while a child process of the rank (a DataLoader worker, ...) is stopped
//    (state T or t in both snapshots). The read is tied to that child when unix_diag shows the
//    socket's other end is the child's, or the child's listening socket holds the connection
//    unaccepted in its accept queue (a worker's fd-passing listener): "waits reading from its child
//    pid C (python3), which is stopped" (watch.rank.stopped-child); without that tie the stopped
//    child and the read are told side by side, and the step that ties them is named;
//  - its client connection to the torch store (MASTER_PORT at the far end), which received nothing
//    in the window: it waits at the store (a get or wait of a key no rank has set yet, or a barrier),
//    not for its peers (watch.rank.store-wait). Polling the store (new_group's barrier) moves bytes
//    and is watch.rank.at-store's.
#pragma once

#include <string>
#include <string_view>

#include "core/finding.hpp"
#include "os/file_tree.hpp"
#include "watch/diagnose.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {

// Sets r's activity to waiting_child (child, child_stopped, child_link, main_read) or store_wait
// (store, main_read) where the rank's main thread blocks as above; leaves r alone otherwise, and
// where r is stopped or already waits for a child in wait4.
void note_own_wait(const os::FileTree& tree, const Snapshot& before, const Snapshot& after, const ProcessInfo& p,
                   RankState& r);

// watch.rank.stopped-child for r (child_stopped). `waiters`: "; rank 0 (pid 7) waits for it" or "".
core::Finding stopped_child_finding(const os::FileTree& tree, const Snapshot& after, const RankState& r,
                                    long ticks_per_s, const std::string& waiters);

// watch.rank.store-wait for r (store_wait); `window_s`: the seconds between the snapshots.
core::Finding store_receive_finding(const Snapshot& after, const RankState& r, double window_s,
                                    const std::string& waiters);

// The ids above: a rank held up by its own process (merge.cpp).
bool is_own_wait(std::string_view id);

}  // namespace dd::watch
