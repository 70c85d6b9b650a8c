// Snapshot: one look at the watched tree — every process (threads, counters, sockets) and the TCP
// sockets those processes own, with their kernel counters. Two snapshots a few seconds apart are
// what the diagnosis compares.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <vector>

#include "os/file_tree.hpp"
#include "watch/process_info.hpp"
#include "watch/socket_source.hpp"

namespace dd::watch {

struct OwnedSocket {
  TcpSocket socket;
  int pid = 0;              // first owner in the tree (a rank's own process before its children)
  std::optional<int> rank;  // owner's rank
  std::string netns;
};

struct Snapshot {
  double at_s = 0;  // seconds since watch started
  std::vector<ProcessInfo> processes;
  std::vector<OwnedSocket> sockets;
  // The unix stream sockets some process of the tree holds, read only when a process of the tree
  // is stopped (state T or t): what a rank blocked on a stopped child reads from (own_waits.hpp).
  std::vector<UnixSocket> unix_sockets;

  const ProcessInfo* process(int pid) const;
  const OwnedSocket* socket(std::uint64_t inode, const std::string& netns) const;
  const UnixSocket* unix_socket(std::uint64_t inode) const;
  // Bytes acked + received over the tree's sockets that are not the torch store's (the "socket
  // bytes" progress signal): TCPStore polls its join count every 10 ms while it waits for the
  // ranks (torch 1.13 TCPStore::waitForWorkers, ~9 KB/s), which is waiting, not progress.
  std::uint64_t socket_bytes() const;
  // A connection of the torch store: its owner's MASTER_PORT at either end (the server's accepted
  // connections have it as local port, each client's as peer port), or the store's listener.
  bool is_store_socket(const OwnedSocket& s) const;
  // `pid` holds a client connection to its MASTER_PORT that the store's end closed (CLOSE_WAIT):
  // the process serving the store exited or dropped it, so `pid` cannot be starting up.
  bool store_closed_for(int pid) const;
};

// Reads `pids` (vanished ones are skipped) and the sockets they own; the cgroup mounts through
// `cgroups`, kept by the caller across snapshots of the same tree.
Snapshot take_snapshot(const os::FileTree& tree, SocketSource& sockets, const std::vector<int>& pids, double at_s,
                       CgroupMountsOnce& cgroups);

}  // namespace dd::watch
