// A rank held up writing to a pipe (clusters-2026-12-06g w1: rank 1 writes its step log into the
// stdin pipe of a child `sleep 3600`, a log shipper that never reads; rank 0 waits for it in
// all_reduce). Not a collective mismatch and not "idle": its main thread is in write(2) or
// writev(2) on the same fd in BOTH snapshots, and that fd is a pipe (/proc/PID/fd/N ->
// "pipe:[INODE]"). The readers are the processes of /proc (as watch sees it: its own pid
// namespace) holding pipe:[INODE] open for reading (their fdinfo `flags:` access mode O_RDONLY or
// O_RDWR); each is named (pid, comm, cmdline) only where found. How full the pipe is cannot be read
// from outside (FIONREAD needs the fd itself): the finding says "blocks writing", never "full".
#pragma once

#include "core/finding.hpp"
#include "os/file_tree.hpp"
#include "watch/diagnose.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {

// Sets r's activity to pipe_write (pipe, pipe_readers) where p's main thread blocks writing to a
// pipe in both snapshots; leaves r alone otherwise (and where r is stopped or waits for a child).
void note_pipe_write(const os::FileTree& tree, const Snapshot& before, const ProcessInfo& p, RankState& r);

// watch.rank.pipe-write for r (pipe_write). `waiters`: "; rank 0 (pid 7) waits for it" or "".
core::Finding pipe_write_finding(const RankState& r, const std::string& waiters);

}  // namespace dd::watch
