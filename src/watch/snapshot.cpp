#include "watch/snapshot.hpp"

#include <algorithm>
#include <set>

namespace dd::watch {

const ProcessInfo* Snapshot::process(int pid) const {
  for (const auto& p : processes) {
    if (p.pid == pid) return &p;
  }
  return nullptr;
}

const OwnedSocket* Snapshot::socket(std::uint64_t inode, const std::string& netns) const {
  for (const auto& s : sockets) {
    if (s.socket.inode == inode && s.netns == netns) return &s;
  }
  return nullptr;
}

const UnixSocket* Snapshot::unix_socket(std::uint64_t inode) const {
  for (const auto& u : unix_sockets) {
    if (u.inode == inode) return &u;
  }
  return nullptr;
}

bool Snapshot::is_store_socket(const OwnedSocket& s) const {
  const auto* p = process(s.pid);
  if (!p || !p->master_port) return false;
  return s.socket.local_port == *p->master_port || s.socket.peer_port == *p->master_port;
}

bool Snapshot::store_closed_for(int pid) const {
  const auto* p = process(pid);
  if (!p || !p->master_port) return false;
  return std::any_of(sockets.begin(), sockets.end(), [&](const OwnedSocket& s) {
    return s.pid == pid && s.socket.state == TcpState::close_wait && s.socket.peer_port == *p->master_port;
  });
}

std::uint64_t Snapshot::socket_bytes() const {
  std::uint64_t sum = 0;
  for (const auto& s : sockets) {
    if (!is_store_socket(s)) sum += s.socket.bytes_acked + s.socket.bytes_received;
  }
  return sum;
}

namespace {

// Snapshot::unix_sockets: one unix_diag dump per namespace, only while a process of the tree is
// stopped (the one rule that reads them); the sockets some process of the tree holds.
void read_unix_sockets(SocketSource& sockets, Snapshot& snap) {
  if (std::none_of(snap.processes.begin(), snap.processes.end(),
                   [](const ProcessInfo& p) { return p.state == 'T' || p.state == 't'; }))
    return;
  std::set<std::uint64_t> held;
  std::set<std::string> asked;
  for (const auto& p : snap.processes) held.insert(p.socket_inodes.begin(), p.socket_inodes.end());
  for (const auto& p : snap.processes) {
    if (p.socket_inodes.empty() || !asked.insert(p.netns).second) continue;
    for (auto& u : sockets.unix_sockets(p.pid)) {
      if (held.count(u.inode)) snap.unix_sockets.push_back(std::move(u));
    }
  }
}

}  // namespace

Snapshot take_snapshot(const os::FileTree& tree, SocketSource& sockets, const std::vector<int>& pids, double at_s,
                       CgroupMountsOnce& cgroups) {
  Snapshot snap;
  snap.at_s = at_s;
  for (int pid : pids) {
    auto p = read_process(tree, pid);
    if (!p) continue;
    if (p->job_env) {  // a rank's CPU quota and memory cgroup (cpu_limit.hpp)
      auto cg = read_process_cgroups(tree, pid, cgroups.get(tree));
      p->cpu_limit = std::move(cg.cpu_limit);
      p->memory_cgroup = std::move(cg.memory);
      p->frozen = std::move(cg.frozen);
    }
    snap.processes.push_back(std::move(*p));
  }
  // One socket dump per network namespace; keep the sockets some process of the tree owns.
  std::map<std::string, std::vector<TcpSocket>> by_ns;
  for (const auto& p : snap.processes) {
    if (p.socket_inodes.empty() || by_ns.count(p.netns)) continue;
    by_ns[p.netns] = sockets.tcp_sockets(p.pid);
  }
  std::set<std::pair<std::string, std::uint64_t>> taken;
  // Processes with a rank first, lowest pid first: a rank's own process owns a socket its forked
  // workers inherited.
  std::vector<const ProcessInfo*> order;
  for (const auto& p : snap.processes) order.push_back(&p);
  std::stable_sort(order.begin(), order.end(),
                   [](auto* a, auto* b) { return a->rank.has_value() > b->rank.has_value(); });
  for (const auto* p : order) {
    auto it = by_ns.find(p->netns);
    if (it == by_ns.end()) continue;
    std::set<std::uint64_t> mine(p->socket_inodes.begin(), p->socket_inodes.end());
    for (const auto& s : it->second) {
      if (!mine.count(s.inode) || !taken.insert({p->netns, s.inode}).second) continue;
      snap.sockets.push_back({s, p->pid, p->rank, p->netns});
    }
  }
  read_unix_sockets(sockets, snap);
  return snap;
}

}  // namespace dd::watch
