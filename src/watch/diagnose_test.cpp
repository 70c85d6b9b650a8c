// Diagnosis over fixture /proc trees (os::fake::MemoryFileTree) and a fake socket table: the same
// reads the real watch makes, with the states a stuck Gloo job shows.
#include "watch/diagnose.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "os/fake/memory_file_tree.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {
namespace {

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
};

void add(os::fake::MemoryFileTree& t, const Proc& p) {
  std::string d = fmt::format("/proc/{}", p.pid);
  t.file(d + "/stat", fmt::format("{} (python3) S {} {} 0 0 0 0 0 0 0 0 {} 0 0 0 20 0 1 0", p.pid, p.ppid, p.pid, p.cpu));
  t.file(d + "/cmdline", std::string("/usr/bin/python3\0train.py", 25));
  t.file(d + "/io", fmt::format("rchar: {}\nwchar: 0\nread_bytes: 0\nwrite_bytes: 0\n", p.rchar));
  t.file(d + "/environ", p.rank ? fmt::format("PATH=/bin{}RANK={}{}", '\0', *p.rank, '\0') : std::string("PATH=/bin"));
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
         "eth0\t000112C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n");
}

class FakeSockets final : public SocketSource {
 public:
  std::vector<TcpSocket> table;
  std::vector<TcpSocket> tcp_sockets(int) override { return table; }
};

TcpSocket sock(std::uint64_t ino, std::string local, int lport, std::string peer, int pport, TcpState st) {
  TcpSocket s;
  s.inode = ino;
  s.local = std::move(local);
  s.local_port = lport;
  s.peer = std::move(peer);
  s.peer_port = pport;
  s.state = st;
  return s;
}

const std::string k_futex = "202 0x7f 0x80 0x0 0x0 0x0 0x0 0x7ffd 0x7f";
const std::string k_sleep = "230 0x1 0x0 0x7ffd 0x0 0x0 0x0 0x7ffd 0x7f";

struct World {
  os::fake::MemoryFileTree before_tree, after_tree;
  FakeSockets before_socks, after_socks;
  Snapshot before, after;
  void take(const std::vector<int>& pids) {
    before = take_snapshot(before_tree, before_socks, pids, 10);
    after = take_snapshot(after_tree, after_socks, pids, 13);
  }
};

// Two ranks connected 198.18.1.1:40000 <-> 198.18.1.2:50000 (sockets 11 and 21).
void two_ranks(World& w, const Proc& r0a, const Proc& r0b, const Proc& r1a, const Proc& r1b) {
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

TEST(Diagnose, RankIdleElsewhereWhileOtherWaitsIsCollectiveMismatch) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_sleep, "hrtimer_nanosleep"}}};
  two_ranks(w, r0, r0, r1, r1);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.collective.mismatch");
  EXPECT_EQ(f[0].label, core::Label::collective_mismatch);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_NE(f[0].title.find("rank 0 (pid 100) waits in a collective that rank 1 (pid 200) never joined"), std::string::npos)
      << f[0].title;
}

TEST(Diagnose, RankReadingFilesWhileOtherWaitsIsDataPipelineStall) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1a{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_sleep, "hrtimer_nanosleep"}}};
  Proc r1b = r1a;
  r1b.rchar += 200 * 1024;  // 200 KiB read from a file in 3 s, no socket byte
  two_ranks(w, r0, r0, r1a, r1b);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].label, core::Label::data_pipeline_stall);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
}

TEST(Diagnose, ForkedLoaderWorkerReadingCountsForItsRank) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  Proc worker_a{201, 200, 1, 10, 0, {21}, {{201, 'D', "0 0x14 0x7f 0x1000", "io_schedule"}}};  // read(fd 20)
  Proc worker_b = worker_a;
  worker_b.cpu += 2;
  add(w.before_tree, worker_a);
  add(w.after_tree, worker_b);
  two_ranks(w, r0, r0, r1, r1);
  w.take({100, 200, 201});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].label, core::Label::data_pipeline_stall);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  auto states = rank_states(w.after_tree, w.before, w.after, 100);
  ASSERT_EQ(states.size(), 2u);  // the worker belongs to rank 1, it is no rank of its own
  EXPECT_EQ(states[1].reading, "/data/train.bin");
}

TEST(Diagnose, UnackedQueueWithRetransmitsToALivePeerIsDropped) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  two_ranks(w, r0, r0, r1, r1);
  w.before_socks.table[0].send_queue = 65536;
  w.before_socks.table[0].total_retrans = 3;
  w.after_socks.table[0].send_queue = 65536;
  w.after_socks.table[0].total_retrans = 5;
  w.after_socks.table[0].retransmits = 4;
  w.take({100, 200});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.tcp.dropped");
  EXPECT_EQ(f[0].label, core::Label::firewall_or_port_blocked);
  EXPECT_NE(f[0].evidence[0].find("198.18.1.1:40000 on eth0 -> 198.18.1.2:50000"), std::string::npos) << f[0].evidence[0];
}

TEST(Diagnose, ConnectThatHangsOffNetworkIsInterfaceMismatchOnNetworkIsFirewall) {
  for (auto [peer, label] : {std::pair{"10.9.9.9", core::Label::interface_mismatch},
                             std::pair{"198.18.1.7", core::Label::firewall_or_port_blocked}}) {
    World w;
    Proc r0{100, 1, 0, 50, 1000, {31}, {{100, 'S', k_futex, "futex_wait_queue"}}};
    add(w.before_tree, r0);
    add(w.after_tree, r0);
    for (auto* s : {&w.before_socks, &w.after_socks}) {
      s->table = {sock(31, "198.18.1.1", 41000, peer, 29500, TcpState::syn_sent)};
    }
    w.take({100});
    auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
    ASSERT_EQ(f.size(), 1u) << peer;
    EXPECT_EQ(f[0].label, label) << peer;
  }
}

TEST(Diagnose, GoneRankIsNamedAndExplainsItsSilentSockets) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  add(w.before_tree, r0);
  add(w.after_tree, r0);
  auto s = sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established);
  s.send_queue = 4096;
  s.retransmits = 3;
  w.before_socks.table = {s};
  s.total_retrans = 2;
  w.after_socks.table = {s};
  w.take({100});
  GoneRank g{200, 1, "python3", 12, {"198.18.1.2"}};
  auto f = diagnose(w.after_tree, w.before, w.after, {g}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.exited");
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
}

TEST(ProcessInfo, ReadsStatThreadsSocketsRankAndTree) {
  os::fake::MemoryFileTree t;
  add(t, {100, 1, 3, 250, 77, {11, 12}, {{100, 'S', k_futex, "futex_wait_queue"}, {101, 'R', "running", "0"}}});
  add(t, {300, 100, std::nullopt, 0, 0, {}, {}});
  auto p = read_process(t, 100);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->comm, "python3");
  EXPECT_EQ(p->cpu_ticks, 250u);
  EXPECT_EQ(p->rchar, 77u);
  EXPECT_EQ(p->rank, 3);
  EXPECT_EQ(p->socket_inodes, (std::vector<std::uint64_t>{11, 12}));
  ASSERT_EQ(p->threads.size(), 2u);
  EXPECT_EQ(syscall_name(p->threads[0].syscall), "futex");
  EXPECT_EQ(p->threads[1].syscall, -1);
  EXPECT_EQ(descendants(parent_links(t), {100}, true), (std::vector<int>{100, 300}));
  EXPECT_EQ(descendants(parent_links(t), {100}, false), (std::vector<int>{300}));
  EXPECT_FALSE(read_process(t, 999));
}

TEST(Route, LongestPrefixAndConnectedness) {
  os::fake::MemoryFileTree t;
  add(t, {100, 1, 0, 0, 0, {}, {}});
  auto on = route_for(t, 100, "198.18.1.2");
  EXPECT_TRUE(on.found && on.connected);
  EXPECT_EQ(on.iface, "eth0");
  auto off = route_for(t, 100, "::ffff:10.1.2.3");
  EXPECT_TRUE(off.found);
  EXPECT_FALSE(off.connected);
}

}  // namespace
}  // namespace dd::watch
