// Fixtures of the watch diagnosis tests: fake /proc trees (os::fake::MemoryFileTree) and socket
// tables with the states a stuck Gloo job shows, two snapshots a few seconds apart.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "os/fake/memory_file_tree.hpp"
#include "watch/path_probe.hpp"
#include "watch/snapshot.hpp"
#include "watch/socket_source.hpp"

namespace dd::watch::fixture {

struct Thread {
  int tid;
  char state;
  std::string syscall;  // "/proc/.../syscall" text
  std::string wchan;
};

struct Proc {
  int pid, ppid;
  std::optional<int> rank;
  std::uint64_t cpu = 0, rchar = 0;
  std::vector<std::uint64_t> sockets;
  std::vector<Thread> threads;
  std::string netns = "net:[4026532001]";
  std::vector<std::string> env = {};  // more VAR=VALUE in its environ
  char state = 'S';                   // the process's state in /proc/PID/stat
};

inline void add(os::fake::MemoryFileTree& t, const Proc& p) {
  std::string d = fmt::format("/proc/{}", p.pid);
  t.file(d + "/stat",
         fmt::format("{} (python3) {} {} {} 0 0 0 0 0 0 0 0 {} 0 0 0 20 0 1 0", p.pid, p.state, p.ppid, p.pid, p.cpu));
  t.file(d + "/cmdline", std::string("/usr/bin/python3\0train.py", 25));
  t.file(d + "/io", fmt::format("rchar: {}\nwchar: 0\nread_bytes: 0\nwrite_bytes: 0\n", p.rchar));
  std::string environ = p.rank ? fmt::format("PATH=/bin{}RANK={}{}", '\0', *p.rank, '\0') : std::string("PATH=/bin");
  for (const auto& v : p.env) environ += v + std::string(1, '\0');
  t.file(d + "/environ", environ);
  t.link(d + "/ns/net", p.netns);
  t.dir(d + "/fd");
  int fd = 3;
  for (auto ino : p.sockets) t.link(fmt::format("{}/fd/{}", d, fd++), fmt::format("socket:[{}]", ino));
  t.link(d + "/fd/20", "/data/train.bin");
  for (const auto& th : p.threads) {
    std::string td = fmt::format("{}/task/{}", d, th.tid);
    t.file(td + "/stat", fmt::format("{} (python3) {} {} 0 0 0 0 0 0 0 0 0 0 0 0", th.tid, th.state, p.ppid));
    t.file(td + "/syscall", th.syscall + "\n");
    t.file(td + "/wchan", th.wchan);
  }
  t.file(d + "/net/route",
         "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
         "eth0\t00000000\t0101A8C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n"
         "eth0\t000112C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n"
         // a second interface, 198.18.2.0/24, on no network the other nodes share
         "eth1\t000212C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n");
}

// Echo answers by packet size: up to `passes` bytes answered, larger ones lost; records each ask.
// addresses(): `entries`, for every pid.
class FakeProbe final : public PathProbe {
 public:
  int passes = 1500;
  bool possible = true;
  std::vector<std::pair<std::string, int>> asked;
  std::vector<os::AddressEntry> entries;                   // what addresses() lists for every pid
  std::vector<os::NeighbourEntry> neighbour_entries = {};  // what neighbours() lists for every pid
  std::vector<os::LinkEntry> link_entries = {};            // what links() lists for every pid
  Echo echo(int, const std::string& addr, int bytes, int) override {
    asked.emplace_back(addr, bytes);
    if (!possible) return Echo::not_possible;
    return bytes <= passes ? Echo::answered : Echo::lost;
  }
  std::vector<os::AddressEntry> addresses(int) override { return entries; }
  std::vector<os::LinkEntry> links(int) override { return link_entries; }
  std::vector<os::NeighbourEntry> neighbours(int) override { return neighbour_entries; }
};

class FakeSockets final : public SocketSource {
 public:
  std::vector<TcpSocket> table;
  std::vector<UnixSocket> unix_table = {};
  std::vector<TcpSocket> tcp_sockets(int) override { return table; }
  std::vector<UnixSocket> unix_sockets(int) override { return unix_table; }
};

inline TcpSocket sock(std::uint64_t ino, std::string local, int lport, std::string peer, int pport, TcpState st) {
  TcpSocket s;
  s.inode = ino;
  s.local = std::move(local);
  s.local_port = lport;
  s.peer = std::move(peer);
  s.peer_port = pport;
  s.state = st;
  return s;
}

inline const std::string k_futex = "202 0x7f 0x80 0x0 0x0 0x0 0x0 0x7ffd 0x7f";
inline const std::string k_sleep = "230 0x1 0x0 0x7ffd 0x0 0x0 0x0 0x7ffd 0x7f";

struct World {
  os::fake::MemoryFileTree before_tree, after_tree;
  FakeSockets before_socks, after_socks;
  Snapshot before, after;
  void take(const std::vector<int>& pids) {
    CgroupMountsOnce before_cgroups, after_cgroups;
    before = take_snapshot(before_tree, before_socks, pids, 10, before_cgroups);
    after = take_snapshot(after_tree, after_socks, pids, 13, after_cgroups);
  }
};

// Two ranks connected 198.18.1.1:40000 <-> 198.18.1.2:50000 (sockets 11 and 21).
inline void two_ranks(World& w, const Proc& r0a, const Proc& r0b, const Proc& r1a, const Proc& r1b) {
  add(w.before_tree, r0a);
  add(w.before_tree, r1a);
  add(w.after_tree, r0b);
  add(w.after_tree, r1b);
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established),
                sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
  }
  w.take({100, 200});
}

}  // namespace dd::watch::fixture
