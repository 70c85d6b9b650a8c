// A rank held up taking a file lock (clusters-2026-12-06f w1: a leftover process holds flock on the
// checkpoint lock; rank 1 blocks in flock, rank 0 waits for it in all_reduce). Not a collective
// mismatch and not "idle": its main thread is in flock(2), or in fcntl(2) with F_SETLKW or
// F_OFD_SETLKW, in BOTH snapshots. The file is the fd's target (/proc/PID/fd/N); /proc/locks ties
// the wait to a lock: the blocked waiter's line ("N: -> FLOCK ... PID DEV:INODE ...") and, under
// the same number, the holder's line, whose pid is the holder named (with /proc/HOLDER/cmdline).
// Without the waiter's line in /proc/locks no holder is named, only the steps that find it.
#pragma once

#include "core/finding.hpp"
#include "os/file_tree.hpp"
#include "watch/diagnose.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {

// Sets r's activity to file_lock (lock, lock_holder, lock_holder_cmd, lock_lines) where p's main
// thread waits for a file lock in both snapshots; leaves r alone otherwise (and where r is stopped).
void note_file_lock(const os::FileTree& tree, const Snapshot& before, const ProcessInfo& p, RankState& r);

// watch.rank.file-lock for r (file_lock). `waiters`: "; rank 0 (pid 7) waits for it" or "".
core::Finding file_lock_finding(const RankState& r, const std::string& waiters);

}  // namespace dd::watch
