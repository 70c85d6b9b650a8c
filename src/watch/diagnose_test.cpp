// Diagnosis over fixture /proc trees (os::fake::MemoryFileTree) and a fake socket table: the same
// reads the real watch makes, with the states a stuck Gloo job shows.
#include "watch/diagnose.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "core/strings.hpp"
#include "os/fake/memory_file_tree.hpp"
#include "watch/blocked_elsewhere.hpp"
#include "watch/diagnose_fixture.hpp"
#include "watch/diagnose_peers.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

// wait4(-1, ...): a rank idle in a syscall that is no wait for peers, no sleep, no computing.
const std::string k_wait4 = "61 0xffffffff 0x7ffd 0x0 0x0 0x0 0x0 0x7ffd 0x7f";

// clusters-2026-12-07m w1/w2: a rank blocked outside the collectives is named with its syscall and
// what that syscall waits for; its stack is the step, the collective order only the last candidate
// (a collective of another kind shows as a wait on its sockets, not here).
TEST(Diagnose, RankBlockedElsewhereWhileOtherWaitsIsNamedWithItsSyscallNotAMismatch) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_wait4, "do_wait"}}};
  two_ranks(w, r0, r0, r1, r1);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.blocked-elsewhere");
  EXPECT_EQ(f[0].label, core::Label::other);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].title,
            "rank 0 (pid 100) waits in a collective that rank 1 (pid 200) has not joined: it is outside the "
            "collectives, its main thread blocked in wait4: a wait for a child process to end");
  EXPECT_EQ(f[0].fix.text.rfind("Look at what the rank waits for: `py-spy dump --pid 200` shows its Python stack", 0),
            0u)
      << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("`ps --ppid 200 -o pid,stat,etime,args` here shows it"), std::string::npos)
      << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("Only if that line is a collective or barrier the waiting ranks are not in"),
            std::string::npos)
      << f[0].fix.text;
}

TEST(Diagnose, SyscallHintsSayWhatTheSyscallWaitsForAndNothingForOthers) {
  EXPECT_EQ(syscall_hint("rt_sigtimedwait").what, "a wait for a signal (signal.sigwait, signal.sigtimedwait)");
  EXPECT_NE(syscall_hint("connect").what.find("a unix socket whose listener accepts nothing"), std::string::npos);
  EXPECT_NE(syscall_hint("connect").step.find("`ss -xp`"), std::string::npos);
  EXPECT_TRUE(syscall_hint("futex").what.empty());  // a wait for peers: rank_states.cpp's, never "elsewhere"
  EXPECT_TRUE(syscall_hint("ioctl").what.empty());
  // two ranks outside, seen from other nodes: each named with its node, one py-spy step each
  auto f = blocked_elsewhere_finding(
      "rank 0 (node0)", false,
      {{"rank 1 (node1)", 1, 41, "node1", "rt_sigtimedwait"}, {"rank 2 (node2)", 2, 0, "node2", "ioctl"}});
  EXPECT_EQ(f.title,
            "rank 0 (node0) waits in a collective that rank 1 (node1), rank 2 (node2) have not joined: rank 1 (node1) "
            "is outside the collectives, its main thread blocked in rt_sigtimedwait: a wait for a signal "
            "(signal.sigwait, signal.sigtimedwait); rank 2 (node2) is outside the collectives, its main thread blocked "
            "in ioctl");
  EXPECT_NE(f.fix.text.find("`py-spy dump --pid 41` on node1, `py-spy dump --pid PID-of-rank-2` on node2"),
            std::string::npos)
      << f.fix.text;
  EXPECT_EQ(f.hosts, (std::vector<std::string>{"node1", "node2"}));
}

// A SIGSTOPped rank sleeps in do_signal_stop like a rank idle elsewhere; its state T says why.
TEST(Diagnose, StoppedRankIsNamedWithKillContNotACollectiveMismatch) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'T', k_sleep, "do_signal_stop"}}};
  r1.state = 'T';
  add(w.before_tree, r0);
  add(w.before_tree, r1);
  add(w.after_tree, r0);
  add(w.after_tree, r1);
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established),
                sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
  }
  w.after_socks.table[1].recv_queue = 192;
  w.take({100, 200});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u) << f[0].id;
  EXPECT_EQ(f[0].id, "watch.rank.stopped");
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(
      f[0].title,
      "rank 1 (pid 200) is stopped (process state T or t in both snapshots): it cannot run until it is continued; "
      "rank 0 (pid 100) waits for it");
  EXPECT_NE(f[0].fix.text.find("`kill -CONT 200`"), std::string::npos) << f[0].fix.text;
  auto unread = std::find_if(f[0].evidence.begin(), f[0].evidence.end(),
                             [](auto& e) { return e.find("192 B received and unread") != std::string::npos; });
  EXPECT_NE(unread, f[0].evidence.end()) << core::join(f[0].evidence, "\n");
}

// clusters-2026-12-07l w3: a hung ptrace attacher holds rank 1 (state t in both snapshots);
// `kill -CONT` did nothing. The tracer is named from TracerPid, and the fix ends or detaches it.
TEST(Diagnose, ARankATracerHoldsNamesTheTracerNotKillCont) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 't', k_sleep, "ptrace_stop"}}};
  r1.state = 't';
  two_ranks(w, r0, r0, r1, r1);
  for (auto* t : {&w.before_tree, &w.after_tree})
    t->file("/proc/200/task/200/status", "Name:\tpython3\nState:\tt (tracing stop)\nTracerPid:\t4242\n")
        .file("/proc/4242/comm", "attacher.py\n");
  w.take({100, 200});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.rank.stopped");
  EXPECT_NE(f[0].title.find("; a tracer holds rank 1 (pid 200) by pid 4242 (attacher.py)"), std::string::npos)
      << f[0].title;
  EXPECT_NE(f[0].fix.text.find("A tracer's stop does not end with kill -CONT"), std::string::npos) << f[0].fix.text;
  EXPECT_EQ(f[0].fix.text.find("`kill -CONT 200` resumes it"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("`kill 4242`"), std::string::npos) << f[0].fix.text;
}

// State T in one snapshot only (a tracer's brief stop, e.g. py-spy reading the stack) is no evidence.
TEST(Diagnose, StoppedInOneSnapshotOnlyIsNotAStoppedRank) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1a{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_sleep, "hrtimer_nanosleep"}}};
  Proc r1b = r1a;
  r1b.state = 't';
  two_ranks(w, r0, r0, r1a, r1b);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.rank.not-in-collective");  // it sleeps (clock_nanosleep)
}

// `watch --pid` on the stopped rank alone (its peers elsewhere): the same finding, no waiter named.
TEST(Diagnose, AttachedToAStoppedRankAloneNamesIt) {
  World w;
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'T', k_sleep, "do_signal_stop"}}};
  r1.state = 'T';
  add(w.before_tree, r1);
  add(w.after_tree, r1);
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
  }
  w.take({200});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.stopped");
  EXPECT_EQ(
      f[0].title,
      "rank 1 (pid 200) is stopped (process state T or t in both snapshots): it cannot run until it is continued");
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
  // clusters-2026-12-07l w4: input that still arrives is a slow job, not a hang: a warning, never STALLED
  EXPECT_EQ(f[0].severity, core::Severity::warning);
  EXPECT_EQ(f[0].title,
            "rank 1 (pid 200) reads input while rank 0 (pid 100) waits for it: its input still arrives (204800 bytes "
            "read in 3 s), so most likely a slow input pipeline setting the pace rather than a hang (a stall if the "
            "reading stops)")
      << f[0].title;
  EXPECT_NE(f[0].fix.text.find("raise --stall above it"), std::string::npos) << f[0].fix.text;
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

// w4 of clusters-2026-12-05b: rank 1's main thread polls its two DataLoader workers, which spin
// (state R) and each get 13 % of a core on a machine at load 16 on 2 CPUs; rank 0 waits for rank 1.
World loader_spin(std::uint64_t ticks_per_worker, bool loaded) {
  World w;
  const std::string k_poll = "7 0x7ffd 0x2 0xffffffff 0x0 0x0 0x0 0x7ffd 0x7f";
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_poll, "do_sys_poll"}}};
  two_ranks(w, r0, r0, r1, r1);
  for (int pid : {201, 202}) {
    Proc a{pid, 200, 1, 100, 0, {}, {{pid, 'R', "running", "0"}}};
    a.state = 'R';
    Proc b = a;
    b.cpu += ticks_per_worker;
    add(w.before_tree, a);
    add(w.after_tree, b);
  }
  if (loaded) {
    w.after_tree.file("/proc/loadavg", "16.00 15.50 14.20 17/900 4242\n");
    w.after_tree.file("/proc/stat", "cpu  1 2 3 4\ncpu0 1 1 1 1\ncpu1 1 1 1 1\nintr 0\n");
  }
  w.take({100, 200, 201, 202});
  return w;
}

TEST(Diagnose, MainThreadWaitingOnItsSpinningLoaderWorkersOnALoadedMachineIsInputSlow) {
  auto w = loader_spin(40, true);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.input.slow");
  EXPECT_EQ(f[0].severity, core::Severity::error);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  auto states = rank_states(w.after_tree, w.before, w.after, 100, machine_load(w.after_tree).share());
  ASSERT_EQ(states.size(), 2u);
  EXPECT_EQ(states[1].activity, Activity::reading_input);
  EXPECT_EQ(states[1].busy_workers, (std::vector<int>{201, 202}));
  EXPECT_NE(describe(states[1]).find("its worker processes (pid 201, 202) burn CPU 27% together"), std::string::npos)
      << describe(states[1]);
}

TEST(Diagnose, LoaderWorkersOneStepShortIdleMachineOrOneTickClaimNoInputPipeline) {
  // one step short: the same 27 % on an idle machine is not half a core
  auto idle = loader_spin(40, false);
  auto fi = diagnose(idle.after_tree, idle.before, idle.after, {}, 100);
  auto input = [](const core::Finding& f) { return f.id == "watch.input.slow"; };
  EXPECT_TRUE(std::none_of(fi.begin(), fi.end(), input));
  // one step short: each worker ran 1 clock tick in the window (a state sample, no CPU progress)
  auto tick = loader_spin(1, true);
  auto ft = diagnose(tick.after_tree, tick.before, tick.after, {}, 100);
  EXPECT_TRUE(std::none_of(ft.begin(), ft.end(), input));
  auto states = rank_states(tick.after_tree, tick.before, tick.after, 100, 0.125);
  ASSERT_EQ(states.size(), 2u);
  EXPECT_TRUE(states[1].busy_workers.empty());
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
  EXPECT_NE(f[0].evidence[0].find("198.18.1.1:40000 on eth0 -> 198.18.1.2:50000"), std::string::npos)
      << f[0].evidence[0];
}

// Both directions of the rank 0 <-> rank 1 connection hold unacked data and retransmit, on a path
// whose MTU the sockets believe is 9000.
void stuck_both_ways(World& w) {
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}, "net:[4026532002]"};
  two_ranks(w, r0, r0, r1, r1);
  for (auto* t : {&w.before_socks, &w.after_socks}) {
    for (auto& s : t->table) {
      s.send_queue = 1 << 20;
      s.path_mtu = 9000;
      s.send_mss = 8948;
      s.total_retrans = t == &w.before_socks ? 3 : 5;
      s.retransmits = 2;
    }
  }
  w.take({100, 200});
}

TEST(Diagnose, StuckQueueWhereSmallEchoesPassAndFullSizeOnesVanishIsMtuBlackHole) {
  World w;
  stuck_both_ways(w);
  FakeProbe probe;
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
  ASSERT_EQ(f.size(), 1u);  // both directions, one finding
  EXPECT_EQ(f[0].id, "watch.tcp.mtu-black-hole");
  EXPECT_EQ(f[0].label, core::Label::mtu_mismatch);
  EXPECT_EQ(f[0].ranks, (std::vector<int>{0, 1}));
  EXPECT_NE(f[0].title.find("path MTU 9000 on eth0"), std::string::npos) << f[0].title;
  EXPECT_NE(f[0].fix.text.find("ip link set eth0 mtu 1500"), std::string::npos) << f[0].fix.text;
  // small first, then the path MTU, then the standard size; once for the path, not per direction
  ASSERT_GE(probe.asked.size(), 3u);
  EXPECT_EQ(probe.asked[0], (std::pair<std::string, int>{"198.18.1.2", 84}));
  EXPECT_EQ(probe.asked[1], (std::pair<std::string, int>{"198.18.1.2", 9000}));
  EXPECT_EQ(probe.asked[2], (std::pair<std::string, int>{"198.18.1.2", 1500}));
  EXPECT_EQ(probe.asked.size(), 3u);
}

TEST(Diagnose, StuckQueueWhereEvenSmallEchoesVanishStaysAFirewall) {
  World w;
  stuck_both_ways(w);
  FakeProbe probe;
  probe.passes = 0;
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
  // Both ends of one connection: one finding that does not say which direction loses packets (a
  // lost acknowledgement and a lost segment look the same from either end).
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.tcp.dropped");
  EXPECT_EQ(f[0].ranks, (std::vector<int>{0, 1}));
  EXPECT_EQ(f[0].title,
            "packets between 198.18.1.1:40000 and 198.18.1.2:50000 are lost on the way (in one direction or both): "
            "data queued there is not acknowledged while the processes at both ends are alive");
  EXPECT_EQ(f[0].label, core::Label::firewall_or_port_blocked);
  EXPECT_NE(core::join(f[0].evidence, "\n").find("got no answer either"), std::string::npos);
  EXPECT_EQ(probe.asked.size(), 1u);  // only the small echo, once for the path
}

TEST(Diagnose, StuckLoopbackConnectionBothEndsIsOneFindingOrderedByAddressAndPort) {
  // Both ends share 127.0.0.1: the pair is ordered by (address, port), so each end names the same pair.
  World w;
  stuck_both_ways(w);
  for (auto* t : {&w.before_socks, &w.after_socks}) {
    t->table[0].local = t->table[0].peer = t->table[1].local = t->table[1].peer = "127.0.0.1";
    t->table[0].path_mtu = t->table[1].path_mtu = 0;  // loopback: no MTU probe
  }
  w.take({100, 200});
  FakeProbe probe;
  probe.passes = 0;
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.tcp.dropped");
  EXPECT_EQ(f[0].ranks, (std::vector<int>{0, 1}));
  EXPECT_NE(f[0].title.find("packets between 127.0.0.1:40000 and 127.0.0.1:50000 are lost"), std::string::npos)
      << f[0].title;
}

TEST(Diagnose, StuckQueueWithFullSizeEchoesAnsweredOrNoProbeIsNoMtuFinding) {
  for (int mode : {0, 1, 2}) {  // everything passes, probes impossible, no probe at all
    World w;
    stuck_both_ways(w);
    FakeProbe probe;
    probe.passes = 9000;
    probe.possible = mode != 1;
    auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, mode == 2 ? nullptr : &probe);
    ASSERT_FALSE(f.empty()) << mode;
    EXPECT_EQ(f[0].id, "watch.tcp.dropped") << mode;
    if (mode == 1) {
      EXPECT_NE(f[0].evidence.back().find("could not send an ICMP echo"), std::string::npos);
    }
  }
}

// Rank 0 (node 0) listens for Gloo on 198.18.2.1 (eth1, GLOO_SOCKET_IFNAME=eth1); both ranks met at
// the store 198.18.1.1:29500 over eth0 (sockets 12 <-> 22).
void wrong_interface(World& w, bool rank1_connects) {
  std::vector<std::string> env = {"GLOO_SOCKET_IFNAME=eth1"};
  Proc r0{100, 1, 0, 50, 1000, {12, 13, 14}, {{100, 'S', k_futex, "futex_wait_queue"}}, "net:[4026532001]", env};
  Proc r1{200, 1, 1, 50, 1000, {22, 23}, {{200, 'S', k_futex, "futex_wait_queue"}}, "net:[4026532002]", env};
  for (auto* t : {&w.before_tree, &w.after_tree}) {
    add(*t, r0);
    add(*t, r1);
  }
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(12, "198.18.1.1", 29500, "198.18.1.2", 45000, TcpState::established),
                sock(22, "198.18.1.2", 45000, "198.18.1.1", 29500, TcpState::established),
                sock(13, "198.18.2.1", 37000, "0.0.0.0", 0, TcpState::listen)};
    if (rank1_connects) s->table.push_back(sock(23, "198.18.1.2", 51000, "198.18.2.1", 37000, TcpState::syn_sent));
  }
  w.take({100, 200});
}

TEST(Diagnose, ConnectToAnAddressOnlyAGatewayLeadsToNamesTheListenerAndTheSharedInterface) {
  World w;
  wrong_interface(w, true);
  // rank 1's namespace routes 198.18.2.0/24 only through its default gateway
  w.after_tree.file("/proc/200/net/route",
                    "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
                    "eth0\t00000000\tFE0112C6\t0003\t0\t0\t0\t00000000\t0\t0\t0\n"
                    "eth0\t000112C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n");
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.connect.off-network");
  EXPECT_EQ(f[0].label, core::Label::interface_mismatch);
  EXPECT_EQ(f[0].ranks, (std::vector<int>{1, 0}));
  EXPECT_NE(f[0].title.find("rank 1 (pid 200) cannot reach 198.18.2.1:37000, where rank 0 (pid 100) listens on eth1"),
            std::string::npos)
      << f[0].title;
  EXPECT_EQ(f[0].fix.env, (std::map<std::string, std::string>{{"GLOO_SOCKET_IFNAME", "eth0"}}));
  EXPECT_NE(core::join(f[0].evidence, "\n").find("rank 0 (pid 100) runs with GLOO_SOCKET_IFNAME=eth1"),
            std::string::npos);
}

TEST(Diagnose, ListeningSocketNobodyReachesWhileItsProcessTalksOverAnotherInterfaceIsInterfaceMismatch) {
  World w;
  wrong_interface(w, false);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.listen.unreached");
  EXPECT_EQ(f[0].label, core::Label::interface_mismatch);
  EXPECT_EQ(f[0].ranks, std::vector<int>{0});
  EXPECT_NE(f[0].title.find("198.18.2.1:37000 on eth1, while it talks to its peers over eth0"), std::string::npos)
      << f[0].title;
  EXPECT_EQ(f[0].fix.env.at("GLOO_SOCKET_IFNAME"), "eth0");
  // once a connection uses the listening address, the listener was reached: no such finding
  World ok;
  wrong_interface(ok, false);
  ok.after_socks.table.push_back(sock(14, "198.18.2.1", 37000, "198.18.2.9", 40000, TcpState::established));
  ok.take({100, 200});
  for (const auto& g : diagnose(ok.after_tree, ok.before, ok.after, {}, 100)) EXPECT_NE(g.id, "watch.listen.unreached");
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

// Issue 28 (docs/rules.md): a process without RANK that held connections and exited is not known
// to be a rank: its exit is said, nobody is said to wait for it.
TEST(Diagnose, GoneProcessWithoutRankIsNoRankTheOthersWaitFor) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  add(w.before_tree, r0);
  add(w.after_tree, r0);
  auto s = sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established);
  w.before_socks.table = {s};
  w.after_socks.table = {s};
  w.take({100});
  GoneRank helper{300, std::nullopt, "curl", 5, {"198.18.1.1"}};
  auto f = diagnose(w.after_tree, w.before, w.after, {helper}, 100);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.rank.exited");
  EXPECT_EQ(f[0].title.find("wait for it"), std::string::npos) << f[0].title;
  EXPECT_NE(f[0].title.find("pid 300 [curl]"), std::string::npos) << f[0].title;
  EXPECT_NE(f[0].title.find("no RANK"), std::string::npos) << f[0].title;
  EXPECT_TRUE(f[0].ranks.empty());
}

// Issue 28: readers nobody waits for are no bottleneck of anyone's: a warning that says so; bytes
// that moved take back "not the network".
TEST(Diagnose, InputSlowOneStepShortNoRankWaitingOrBytesMovingClaimsLess) {
  {  // both ranks reading, none waiting
    World w;
    Proc r0a{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_sleep, "hrtimer_nanosleep"}}};
    Proc r1a{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_sleep, "hrtimer_nanosleep"}}};
    Proc r0b = r0a, r1b = r1a;
    r0b.rchar += 200 * 1024;
    r1b.rchar += 200 * 1024;
    two_ranks(w, r0a, r0b, r1a, r1b);
    auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].id, "watch.input.slow");
    EXPECT_EQ(f[0].severity, core::Severity::warning);
    EXPECT_EQ(f[0].title.find("bottleneck"), std::string::npos) << f[0].title;
    EXPECT_EQ(f[0].title.find("wait for"), std::string::npos) << f[0].title;
  }
  {  // rank 1 reads while rank 0 waits, but 1 MiB crossed the sockets in the window
    World w;
    Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
    Proc r1a{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_sleep, "hrtimer_nanosleep"}}};
    Proc r1b = r1a;
    r1b.rchar += 200 * 1024;
    add(w.before_tree, r0);
    add(w.before_tree, r1a);
    add(w.after_tree, r0);
    add(w.after_tree, r1b);
    w.before_socks.table = {sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established),
                            sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
    w.after_socks.table = w.before_socks.table;
    w.after_socks.table[0].bytes_received = 1 << 20;
    w.after_socks.table[1].bytes_acked = 1 << 20;
    w.take({100, 200});
    auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].id, "watch.input.slow");
    EXPECT_EQ(f[0].severity, core::Severity::warning);  // its input still arrives (204800 bytes)
    EXPECT_EQ(f[0].title.find("not the network"), std::string::npos) << f[0].title;
    EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  }
}

// clusters-2026-12-07l w1: a side thread of rank 1 blocks in a read of a FIFO (a ctypes call that holds
// the GIL) while the main thread waits on a futex at 1 % CPU: "busy reading input" and DataLoader
// advice were printed. The read that delivers nothing is named, with the lock the main thread waits
// on; the fix is the FIFO's writer. One step short: the main thread runs (not futex): busy wording.
TEST(Diagnose, ASideThreadBlockedInAReadWhileTheMainThreadWaitsOnALockIsNamed) {
  Proc r1a{200,
           1,
           1,
           50,
           1000,
           {21},
           {{200, 'S', "202 0x7f00 0x80 0x0", "futex_wait_queue"}, {201, 'S', "0 0x14 0x7f 0x1000", "anon_pipe_read"}}};
  Proc r1b = r1a;
  r1b.cpu += 3;  // 1 % of one core over the 3 s between the snapshots
  World w;
  add(w.before_tree, r1a);
  add(w.after_tree, r1b);
  w.after_tree.link("/proc/200/fd/20", "/tmp/c13e-hb.fifo");
  w.take({200});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.input.slow");
  EXPECT_NE(f[0].title.find("rank 1 (pid 200)'s thread 201 blocks in a read of /tmp/c13e-hb.fifo (nothing read in "),
            std::string::npos)
      << f[0].title;
  EXPECT_NE(f[0].title.find("while its main thread waits on a lock (futex, CPU 1%)"), std::string::npos) << f[0].title;
  EXPECT_EQ(f[0].title.find("busy"), std::string::npos) << f[0].title;
  EXPECT_NE(f[0].fix.text.find("Find why /tmp/c13e-hb.fifo delivers nothing"), std::string::npos) << f[0].fix.text;

  Proc runs = r1b;
  runs.threads[0] = {200, 'R', "running", "0"};
  World v;
  add(v.before_tree, r1a);
  add(v.after_tree, runs);
  v.after_tree.link("/proc/200/fd/20", "/tmp/c13e-hb.fifo");
  v.take({200});
  auto g = diagnose(v.after_tree, v.before, v.after, {}, 100);
  ASSERT_FALSE(g.empty());
  EXPECT_EQ(g[0].title.find("blocks in a read"), std::string::npos) << g[0].title;
}

// w2 of clusters-2026-12-05c, node 1's view: rank 1's main thread blocks in read() of a FIFO nobody
// writes (anon_pipe_read, CPU 0%, nothing read); its peer rank 0 is on another node. Blocked, not
// busy; "no rank on this node" waits (this node cannot see the others); no "more workers" fix.
TEST(Diagnose, RankBlockedReadingAFifoIsNamedBlockedOnItNotABusyPipeline) {
  World w;
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', "0 0x14 0x7f 0x1000", "anon_pipe_read"}}};
  add(w.before_tree, r1);
  add(w.after_tree, r1);
  w.after_tree.link("/proc/200/fd/20", "/tmp/c4run.WUbkQ4/shard.fifo");
  w.take({200});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.input.slow");
  EXPECT_EQ(f[0].severity, core::Severity::warning);
  EXPECT_EQ(f[0].title.rfind("rank 1 (pid 200) is blocked in a read of /tmp/c4run.WUbkQ4/shard.fifo (CPU 0%, nothing "
                             "read in ",
                             0),
            0u)
      << f[0].title;
  EXPECT_NE(f[0].title.find("and no rank on this node waits in a collective"), std::string::npos) << f[0].title;
  EXPECT_EQ(f[0].title.find("busy"), std::string::npos) << f[0].title;
  EXPECT_EQ(f[0].fix.text.find("num_workers"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("More DataLoader workers do not help a source that delivers nothing"), std::string::npos)
      << f[0].fix.text;

  // One step short: the same read burns CPU (2 ticks in the window): not blocked, the busy wording stays.
  Proc busy = r1;
  busy.cpu += 2;
  World v;
  add(v.before_tree, r1);
  add(v.after_tree, busy);
  v.after_tree.link("/proc/200/fd/20", "/tmp/c4run.WUbkQ4/shard.fifo");
  v.take({200});
  auto g = diagnose(v.after_tree, v.before, v.after, {}, 100);
  ASSERT_EQ(g.size(), 1u);
  EXPECT_NE(g[0].title.find("is busy reading input and no rank on this node waits"), std::string::npos) << g[0].title;
}

// --- whom a waiting process waits for (diagnose_peers.hpp); each rule also fed one step short ---

const std::string k_recv_fd3 = "45 0x3 0x7f 0x10000 0x0 0x0 0x0 0x7ffd 0x7f";  // recvfrom(3, ...)

bool has_id(const std::vector<core::Finding>& fs, const std::string& id) {
  return std::any_of(fs.begin(), fs.end(), [&](auto& f) { return f.id == id; });
}

std::string ids(const std::vector<core::Finding>& fs) {
  std::string out;
  for (const auto& f : fs) out += f.id + " ";
  return out;
}

// One process (pid 100, rank `rank`, environment `env`) with socket 11 198.18.1.1:40000 -> peer:port,
// a peer outside the tree; `received` bytes arrive in the window.
World one_waiter(std::optional<int> rank, std::vector<std::string> env, const std::string& main, std::uint64_t received,
                 const std::string& peer = "198.18.1.2", int port = 50000) {
  World w;
  Proc p{100, 1, rank, 50, 1000, {11}, {{100, 'S', main, "wait_woken"}}};
  p.env = std::move(env);
  add(w.before_tree, p);
  add(w.after_tree, p);
  auto s = sock(11, "198.18.1.1", 40000, peer, port, TcpState::established);
  s.bytes_received = 5000;
  s.bytes_acked = 7000;
  w.before_socks.table = {s};
  s.bytes_received += received;
  s.last_data_recv_ms = received ? 10 : 12000;
  w.after_socks.table = {s};
  w.take({100});
  return w;
}

TEST(DiagnosePeers, PlainProcessBlockedInRecvOnASilentPeerGetsTheSocketFindingNotACollective) {
  auto w = one_waiter(std::nullopt, {}, k_recv_fd3, 0, "127.0.0.1", 29555);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.socket.silent-peer");
  EXPECT_EQ(f[0].label, core::Label::other);
  EXPECT_NE(f[0].title.find("pid 100 [python3] waits on 127.0.0.1:29555 (main thread in recvfrom)"), std::string::npos)
      << f[0].title;
  EXPECT_NE(f[0].title.find("nothing received for 12 s"), std::string::npos) << f[0].title;
  EXPECT_EQ(f[0].title.find("collective"), std::string::npos) << f[0].title;
}

TEST(DiagnosePeers, PlainProcessOneStepShortPeerSentBytesClaimsNoSilentPeer) {
  auto w = one_waiter(std::nullopt, {}, k_recv_fd3, 200, "127.0.0.1", 29555);  // 200 bytes arrived
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  EXPECT_FALSE(has_id(f, "watch.socket.silent-peer"));
  EXPECT_FALSE(has_id(f, "watch.collective.mismatch"));
}

TEST(DiagnosePeers, RankWaitingOnAQuietHealthyPeerNamesTheAddressAndTheOnlyOtherRank) {
  auto w = one_waiter(1, {"WORLD_SIZE=2", "MASTER_ADDR=198.18.1.2", "MASTER_PORT=29500"}, k_futex, 0);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.peer.silent");
  EXPECT_EQ(f[0].ranks, (std::vector<int>{1, 0}));  // the waiting rank, then the peer's
  EXPECT_NE(f[0].title.find("rank 1 (pid 100) waits on 198.18.1.2:50000 (rank 0): connection open and healthy"),
            std::string::npos)
      << f[0].title;
  // nothing of rank 1's is in flight: a node that can no longer send looks the same (CI of stop 54)
  EXPECT_NE(f[0].title.find("rank 0 is stopped, busy, in another collective, or its node can no longer send here"),
            std::string::npos)
      << f[0].title;
  EXPECT_NE(f[0].fix.text.find("`ip -br addr` there shows whether 198.18.1.2 is still on an interface"),
            std::string::npos)
      << f[0].fix.text;
  EXPECT_NE(core::join(f[0].evidence, "\n")
                .find("WORLD_SIZE=2: rank 0 is the only other rank, and 198.18.1.2 is MASTER_ADDR"),
            std::string::npos)
      << core::join(f[0].evidence, "\n");
}

// clusters-2026-12-06g w3, one step short of a rank: WORLD_SIZE=2, but the silent peer is an address
// the job does not show (not MASTER_ADDR, no store connection, no watched rank there): a config
// service outside the job. It is named by its address only, never "rank 0".
TEST(DiagnosePeers, RankOneStepShortPeerAddressNotOfTheJobNamesNoRank) {
  auto w =
      one_waiter(1, {"WORLD_SIZE=2", "MASTER_ADDR=198.18.1.10", "MASTER_PORT=29500"}, k_futex, 0, "198.18.1.50", 8080);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.peer.silent");
  EXPECT_EQ(f[0].ranks, (std::vector<int>{1}));
  EXPECT_NE(f[0].title.find("rank 1 (pid 100) waits on 198.18.1.50:8080: connection open and healthy"),
            std::string::npos)
      << f[0].title;
  EXPECT_EQ(f[0].title.find("rank 0"), std::string::npos) << f[0].title;
  EXPECT_EQ(core::join(f[0].evidence, "\n").find("only other rank"), std::string::npos);
}

// clusters-2026-12-06g w3: rank 1's main thread waits in recv() on a service outside the job that
// accepted and never answers: named as an address the job does not hold, no rank, no collective.
TEST(DiagnosePeers, RankBlockedReadingAServiceOutsideTheJobNamesNoRankAndNoCollective) {
  auto w = one_waiter(1, {"WORLD_SIZE=2", "MASTER_ADDR=198.18.1.10", "MASTER_PORT=29500"}, k_recv_fd3, 0, "198.18.1.50",
                      8080);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.peer.silent");
  EXPECT_EQ(f[0].ranks, (std::vector<int>{1}));
  EXPECT_NE(f[0].title.find("rank 1 (pid 100) waits on 198.18.1.50:8080, an address no connection of the job seen "
                            "here holds: its main thread is blocked in recvfrom on that connection"),
            std::string::npos)
      << f[0].title;
  EXPECT_EQ(f[0].title.find("collective"), std::string::npos) << f[0].title;
  EXPECT_EQ(f[0].title.find("(rank"), std::string::npos) << f[0].title;
  EXPECT_NE(f[0].fix.text.find("Look at the service at 198.18.1.50:8080"), std::string::npos) << f[0].fix.text;
  // One step short: the job ties the address (MASTER_ADDR: the only other rank's host): no "outside" wording.
  auto tied = one_waiter(1, {"WORLD_SIZE=2", "MASTER_ADDR=198.18.1.50", "MASTER_PORT=29500"}, k_recv_fd3, 0,
                         "198.18.1.50", 8080);
  auto g = diagnose(tied.after_tree, tied.before, tied.after, {}, 100);
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].title.find("an address no connection of the job"), std::string::npos) << g[0].title;
}

TEST(DiagnosePeers, RankOneStepShortWithoutWorldSizeNamesTheAddressButNoRank) {
  auto w = one_waiter(0, {}, k_futex, 0);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.peer.silent");
  EXPECT_NE(f[0].title.find("waits on 198.18.1.2:50000: "), std::string::npos) << f[0].title;
  EXPECT_EQ(f[0].title.find("rank 1"), std::string::npos) << f[0].title;
  EXPECT_EQ(f[0].ranks, std::vector<int>{0});  // the waiting rank only: no peer rank known
}

TEST(DiagnosePeers, RankOneStepShortPeerStillSendsClaimsNoSilentPeer) {
  auto w = one_waiter(0, {"WORLD_SIZE=2"}, k_futex, 300);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  EXPECT_FALSE(has_id(f, "watch.peer.silent"));
  EXPECT_FALSE(has_id(f, "watch.collective.mismatch"));  // one rank seen: no collective to compare
}

// What the merged verdict reads to tell which rank a peer address is (merge.hpp).
TEST(DiagnosePeers, AWaitingRanksLinksAreItsLocalEndsAndThePeersItWaitsOn) {
  auto w = one_waiter(0, {"WORLD_SIZE=3", "MASTER_ADDR=198.18.1.1", "MASTER_PORT=29500"}, k_futex, 0);
  RankState r;
  r.rank = 0;
  r.pid = 100;
  r.activity = Activity::in_collective;
  auto l = rank_links(w.after_tree, w.before, w.after, r);
  EXPECT_EQ(l.endpoints, std::vector<std::string>{"198.18.1.1:40000"});
  EXPECT_EQ(l.waits_on, std::vector<std::string>{"198.18.1.2:50000"});
}

TEST(DiagnosePeers, ALinksWaitsOnIsEmptyWhereThePeerSendsOrTheRankDoesNotWait) {
  // one step short: 300 bytes arrived in the window; then: the rank computes
  auto w = one_waiter(0, {"WORLD_SIZE=3"}, k_futex, 300);
  RankState r;
  r.rank = 0;
  r.pid = 100;
  r.activity = Activity::in_collective;
  auto l = rank_links(w.after_tree, w.before, w.after, r);
  EXPECT_EQ(l.endpoints, std::vector<std::string>{"198.18.1.1:40000"});
  EXPECT_TRUE(l.waits_on.empty());
  auto q = one_waiter(0, {"WORLD_SIZE=3"}, k_futex, 0);
  r.activity = Activity::computing;
  EXPECT_TRUE(rank_links(q.after_tree, q.before, q.after, r).waits_on.empty());
}

TEST(DiagnosePeers, PeerWhoseReceiveWindowIsFullIsSilentNotDropped) {
  World w;
  Proc p{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  p.env = {"WORLD_SIZE=2"};
  add(w.before_tree, p);
  add(w.after_tree, p);
  auto s = sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established);
  s.send_queue = 65536;  // queued, none acked, no retransmits: the peer host ACKs a zero window
  w.before_socks.table = {s};
  w.after_socks.table = {s};
  w.take({100});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.peer.silent");
  EXPECT_NE(f[0].title.find("receive window is full"), std::string::npos) << f[0].title;
}

TEST(DiagnosePeers, TwoRanksOfTheTreeWaitingOnEachOtherAloneIsCollectiveMismatch) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  r0.env = r1.env = {"WORLD_SIZE=2"};
  two_ranks(w, r0, r0, r1, r1);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.collective.mismatch");
  EXPECT_EQ(f[0].ranks, (std::vector<int>{0, 1}));
}

// Rank 0 serves the store on 29500 with one client connection, its own; `extra` adds sockets.
World store_world(std::vector<TcpSocket> extra, std::vector<std::uint64_t> extra_inodes, int world_size = 2,
                  bool polls = true) {
  World w;
  std::vector<std::uint64_t> inodes = {30, 31, 32};
  inodes.insert(inodes.end(), extra_inodes.begin(), extra_inodes.end());
  Proc p{100, 1, 0, 50, 1000, inodes, {{100, 'S', k_sleep, "hrtimer_nanosleep"}}};
  p.env = {"WORLD_SIZE=" + std::to_string(world_size), "MASTER_ADDR=198.18.1.1", "MASTER_PORT=29500"};
  add(w.before_tree, p);
  add(w.after_tree, p);
  auto listener = sock(30, "0.0.0.0", 29500, "0.0.0.0", 0, TcpState::listen);
  auto accepted = sock(31, "198.18.1.1", 29500, "198.18.1.1", 41000, TcpState::established);
  auto client = sock(32, "198.18.1.1", 41000, "198.18.1.1", 29500, TcpState::established);
  w.before_socks.table = {listener, accepted, client};
  // 3 s of TCPStore polling: ~26 KB through the store's connections
  for (auto* s : {&accepted, &client}) {
    s->bytes_received += polls ? 13000 : 0;
    s->bytes_acked += polls ? 13000 : 0;
  }
  w.after_socks.table = {listener, accepted, client};
  for (auto& e : extra) {
    w.before_socks.table.push_back(e);
    w.after_socks.table.push_back(e);
  }
  w.take({100});
  return w;
}

TEST(DiagnosePeers, StoreWithFewerClientsThanWorldSizeAndNoMeshIsARankThatNeverJoined) {
  auto w = store_world({}, {});
  const auto* p = w.after.process(100);
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->job_env);
  EXPECT_EQ(p->world_size, 2);
  EXPECT_EQ(p->master_port, 29500);
  EXPECT_EQ(p->master_addr, "198.18.1.1");
  EXPECT_EQ(w.after.socket_bytes(), w.before.socket_bytes());  // the store's polling is not progress
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.store.incomplete");
  EXPECT_EQ(f[0].title, "1 of 2 ranks never joined the store at 198.18.1.1:29500: rank 0 (pid 100) waits for it");
  EXPECT_NE(core::join(f[0].evidence, "\n").find("1 client connection, rank 0 (pid 100) itself"), std::string::npos)
      << core::join(f[0].evidence, "\n");
}

TEST(DiagnosePeers, StoreOneStepShortEveryRankConnectedOrMeshFormedClaimsNoMissingRank) {
  // a second client connection, from the other node: both ranks joined
  auto joined = store_world({sock(33, "198.18.1.1", 29500, "198.18.1.2", 33546, TcpState::established)}, {33});
  EXPECT_FALSE(has_id(diagnose(joined.after_tree, joined.before, joined.after, {}, 100), "watch.store.incomplete"));
  // a data connection besides the store's: the process group formed (a rank that left closes its store connection)
  auto formed = store_world({sock(34, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established)}, {34});
  EXPECT_FALSE(has_id(diagnose(formed.after_tree, formed.before, formed.after, {}, 100), "watch.store.incomplete"));
}

// w3 of clusters-2026-12-05b: WORLD_SIZE=3; rank 1 on 198.18.1.2 holds two connections (its client
// and its callback client), rank 0 one to itself, rank 2 never started: 3 connections, 2 ranks.
std::vector<TcpSocket> rank1_two_connections() {
  return {sock(33, "198.18.1.1", 29500, "198.18.1.2", 33546, TcpState::established),
          sock(35, "198.18.1.1", 29500, "198.18.1.2", 33550, TcpState::established)};
}

TEST(DiagnosePeers, StoreClientsAreCountedAsRanksByHostNotByConnection) {
  auto w = store_world(rank1_two_connections(), {33, 35}, 3);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.store.incomplete");
  EXPECT_EQ(f[0].title, "1 of 3 ranks never joined the store at 198.18.1.1:29500: rank 0 (pid 100) waits for it");
  auto ev = core::join(f[0].evidence, "\n");
  EXPECT_NE(ev.find("3 client connections, rank 0 (pid 100) itself, 2 from 198.18.1.2 (one rank or several)"),
            std::string::npos)
      << ev;
  EXPECT_NE(ev.find("1 of this host by process, 1 other host(s) as one rank each at least"), std::string::npos) << ev;
  // WORLD_SIZE=4: one host may run one rank or two; at least 1 never joined, at most 2
  auto w4 = store_world(rank1_two_connections(), {33, 35}, 4);
  auto f4 = diagnose(w4.after_tree, w4.before, w4.after, {}, 100);
  ASSERT_EQ(f4.size(), 1u);
  EXPECT_EQ(f4[0].title.rfind("at least 1 of 4 ranks never joined", 0), 0u) << f4[0].title;
}

TEST(DiagnosePeers, StoreOneStepShortNobodyPollsItOrEveryHostCountedClaimsNoMissingRank) {
  // one step short: the same clients, but nothing polls the store (no rank waits for ranks to arrive)
  auto quiet = store_world(rank1_two_connections(), {33, 35}, 3, false);
  EXPECT_FALSE(has_id(diagnose(quiet.after_tree, quiet.before, quiet.after, {}, 100), "watch.store.incomplete"));
  // one step short: a third host connected, one rank each at least
  auto third = rank1_two_connections();
  third.push_back(sock(36, "198.18.1.1", 29500, "198.18.1.3", 40100, TcpState::established));
  auto all = store_world(third, {33, 35, 36}, 3);
  EXPECT_FALSE(has_id(diagnose(all.after_tree, all.before, all.after, {}, 100), "watch.store.incomplete"));
}

// The nftables ruleset of a namespace, as libnftables' JSON API gives it (captured from real nft
// output: tests/data/nftables).
nlohmann::json ruleset(const std::string& name) {
  std::ifstream in(std::string(DD_TEST_DATA_DIR) + "/nftables/" + name + ".json");
  std::stringstream ss;
  ss << in.rdbuf();
  return nlohmann::json::parse(ss.str());
}

// rank 0 (namespace ...001) listens on 198.18.1.1:29500 with WORLD_SIZE=2; rank 1 (namespace ...002)
// connects to it when `rank1_connects` (a SYN that stays), else rank 1 is not in the tree.
void store_behind_firewall(World& w, bool rank1_connects) {
  std::vector<std::string> env = {"WORLD_SIZE=2", "MASTER_ADDR=198.18.1.1", "MASTER_PORT=29500"};
  Proc r0{100, 1, 0, 50, 1000, {12}, {{100, 'S', k_futex, "futex_wait_queue"}}, "net:[4026532001]", env};
  Proc r1{200, 1, 1, 50, 1000, {22}, {{200, 'S', k_sleep, "hrtimer_nanosleep"}}, "net:[4026532002]", env};
  for (auto* t : {&w.before_tree, &w.after_tree}) {
    add(*t, r0);
    if (rank1_connects) add(*t, r1);
  }
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(12, "198.18.1.1", 29500, "0.0.0.0", 0, TcpState::listen)};
    if (rank1_connects) s->table.push_back(sock(22, "198.18.1.2", 45000, "198.18.1.1", 29500, TcpState::syn_sent));
  }
  if (rank1_connects)
    w.take({100, 200});
  else
    w.take({100});
}

TEST(DiagnoseFirewall, ConnectThatNeverCompletesNamesTheListenersDropRuleAndTheCommandThatRemovesIt) {
  World w;
  store_behind_firewall(w, true);
  Rulesets rules{{"net:[4026532001]", ruleset("drop-port")}, {"net:[4026532002]", ruleset("empty")}};
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, nullptr, &rules);
  ASSERT_EQ(f.size(), 1u) << ids(f);  // one defect, one finding: no second one for the listener
  EXPECT_EQ(f[0].id, "watch.connect.no-answer");
  EXPECT_EQ(f[0].label, core::Label::firewall_or_port_blocked);
  EXPECT_NE(f[0].title.find("198.18.1.1:29500 never completes: an nftables rule drops it"), std::string::npos)
      << f[0].title;
  std::string ev = core::join(f[0].evidence, "\n");
  EXPECT_NE(ev.find("rank 0 (pid 100)'s network namespace: nftables table inet t chain input handle"),
            std::string::npos)
      << ev;
  EXPECT_NE(ev.find(": tcp dport 29500 drop"), std::string::npos) << ev;
  EXPECT_NE(f[0].fix.text.find("in rank 0 (pid 100)'s network namespace (on its node)"), std::string::npos)
      << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("\n  nft delete rule inet t input handle "), std::string::npos) << f[0].fix.text;

  // A SYN to another host's address: rank 0 listens on the wildcard address, but nothing shows its
  // namespace has 198.18.1.9, so its ruleset says nothing about that connect.
  World elsewhere;
  store_behind_firewall(elsewhere, true);
  elsewhere.after_socks.table = {sock(12, "0.0.0.0", 29500, "0.0.0.0", 0, TcpState::listen),
                                 sock(22, "198.18.1.2", 45000, "198.18.1.9", 29500, TcpState::syn_sent)};
  elsewhere.take({100, 200});
  auto other = diagnose(elsewhere.after_tree, elsewhere.before, elsewhere.after, {}, 100, nullptr, &rules);
  // (rank 0's own firewalled listener is then a finding of its own: nobody reached it)
  ASSERT_EQ(ids(other), "watch.connect.no-answer watch.listen.firewalled ");
  EXPECT_NE(other[0].title.find("198.18.1.9:29500 never completes: a firewall drops it or nothing listens there"),
            std::string::npos)
      << other[0].title;

  // The same connect with rulesets that drop nothing (or none read): the finding keeps both candidates.
  for (const Rulesets& none : {Rulesets{{"net:[4026532001]", ruleset("accept-before-drop")}}, Rulesets{}}) {
    auto g = diagnose(w.after_tree, w.before, w.after, {}, 100, nullptr, &none);
    ASSERT_EQ(g.size(), 1u);
    EXPECT_NE(g[0].title.find("a firewall drops it or nothing listens there"), std::string::npos) << g[0].title;
    EXPECT_EQ(core::join(g[0].evidence, "\n").find("nftables"), std::string::npos);
  }
}

TEST(DiagnoseFirewall, ListenerWhoseOwnFirewallDropsItsPortIsNamedOnlyWhenRanksRunElsewhere) {
  World w;
  store_behind_firewall(w, false);
  Rulesets rules{{"net:[4026532001]", ruleset("drop-port")}};
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, nullptr, &rules);
  auto it = std::find_if(f.begin(), f.end(), [](auto& x) { return x.id == "watch.listen.firewalled"; });
  ASSERT_NE(it, f.end());
  EXPECT_EQ(it->ranks, std::vector<int>{0});
  EXPECT_NE(it->title.find("rank 0 (pid 100) listens on 198.18.1.1:29500, and its namespace's firewall drops new TCP "
                           "connections to port 29500"),
            std::string::npos)
      << it->title;
  std::string ev = core::join(it->evidence, "\n");
  EXPECT_NE(ev.find("WORLD_SIZE=2; 1 of those ranks run in its network namespace"), std::string::npos) << ev;
  EXPECT_NE(it->fix.text.find("nft delete rule inet t input handle"), std::string::npos);

  // One step short each: no WORLD_SIZE (a one-node job), a peer from another address connected, a
  // ruleset that accepts the port first, the listener on loopback.
  World one;
  store_behind_firewall(one, false);
  one.after_tree.file("/proc/100/environ", std::string("PATH=/bin\0RANK=0\0", 17));
  one.take({100});
  World reached;
  store_behind_firewall(reached, false);
  reached.after_socks.table.push_back(sock(13, "198.18.1.1", 29500, "198.18.1.2", 45000, TcpState::established));
  reached.after_tree.link("/proc/100/fd/9", "socket:[13]");
  reached.take({100});
  World lo;
  store_behind_firewall(lo, false);
  lo.after_socks.table = {sock(12, "127.0.0.1", 29500, "0.0.0.0", 0, TcpState::listen)};
  lo.take({100});
  Rulesets accepting{{"net:[4026532001]", ruleset("accept-before-drop")}};
  for (auto [world, rs] :
       {std::pair{&one, &rules}, std::pair{&reached, &rules}, std::pair{&w, &accepting}, std::pair{&lo, &rules}}) {
    for (const auto& g : diagnose(world->after_tree, world->before, world->after, {}, 100, nullptr, rs))
      EXPECT_NE(g.id, "watch.listen.firewalled") << g.title;
  }
}

TEST(DiagnoseFirewall, StuckOpenConnectionNamesTheRuleThatDropsItsPacketsWithoutCtState) {
  // As on a real cluster: `tcp dport 32768-60999 drop` (no ct state) added to node 1
  // mid-job; rank 1's end of the open connection is on port 50000.
  World w;
  stuck_both_ways(w);
  FakeProbe probe;
  probe.passes = 0;
  Rulesets rules{{"net:[4026532001]", ruleset("empty")}, {"net:[4026532002]", ruleset("established")}};
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe, &rules);
  ASSERT_EQ(f.size(), 1u) << ids(f);
  EXPECT_EQ(f[0].id, "watch.tcp.dropped");
  EXPECT_EQ(f[0].title,
            "packets between 198.18.1.1:40000 and 198.18.1.2:50000 are dropped by an nftables rule: "
            "data queued there is not acknowledged while the processes at both ends are alive");
  std::string ev = core::join(f[0].evidence, "\n");
  EXPECT_NE(ev.find("rank 1 (pid 200)'s network namespace: nftables table inet t chain input handle 3: tcp dport "
                    "32768-60999 drop"),
            std::string::npos)
      << ev;
  EXPECT_EQ(ev.find("rank 0 (pid 100)'s network namespace: nftables"), std::string::npos) << ev;
  EXPECT_NE(f[0].fix.text.find("in rank 1 (pid 200)'s network namespace (on its node), remove the rule that drops TCP "
                               "port 50000:\n  nft delete rule inet t input handle 3"),
            std::string::npos)
      << f[0].fix.text;

  // One step short each: an open connection passes `ct state established,related accept` ahead of
  // the chain's policy drop; a rule for new connections only (ct state new) never sees its packets.
  for (const char* name : {"policy-drop", "accept-before-drop"}) {
    Rulesets accepting{{"net:[4026532002]", ruleset(name)}};
    auto g = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe, &accepting);
    ASSERT_EQ(g.size(), 1u) << name;
    EXPECT_NE(g[0].title.find("are lost on the way (in one direction or both)"), std::string::npos) << g[0].title;
    EXPECT_EQ(core::join(g[0].evidence, "\n").find("nftables"), std::string::npos) << name;
  }
}

// W7 of clusters-2026-12-05: a node's switch port drops every frame mid-job. Both rulesets read
// and empty, the small echo lost too: no rule and no MTU black hole to send the user to.
TEST(DiagnoseFirewall, StuckConnectionWithNoRuleOnEitherEndAndSmallEchoLostIsALossyPathNotARule) {
  World w;
  stuck_both_ways(w);
  FakeProbe probe;
  probe.passes = 0;
  Rulesets empty{{"net:[4026532001]", ruleset("empty")}, {"net:[4026532002]", ruleset("empty")}};
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe, &empty);
  ASSERT_EQ(f.size(), 1u) << ids(f);
  EXPECT_EQ(f[0].id, "watch.tcp.dropped");
  EXPECT_EQ(f[0].label, core::Label::no_route);
  EXPECT_EQ(f[0].title,
            "packets between 198.18.1.1:40000 and 198.18.1.2:50000 are lost on the path (in one direction or both): "
            "data queued there is not acknowledged, small ICMP echoes are lost too, while the processes at both "
            "ends are alive");
  EXPECT_NE(core::join(f[0].evidence, "\n").find("neither has a drop or reject rule or a drop policy"),
            std::string::npos);
  const std::string& fix = f[0].fix.text;
  EXPECT_EQ(fix.find("MTU black hole:"), std::string::npos) << fix;
  EXPECT_EQ(fix.find("look for a rule"), std::string::npos) << fix;
  EXPECT_NE(fix.find("link or port down"), std::string::npos) << fix;
  EXPECT_NE(fix.find("`ip route get 198.18.1.2`"), std::string::npos) << fix;

  // One step short: node 1's ruleset unread. A rule there stays a candidate; an MTU black hole
  // does not (the small echo was lost).
  Rulesets one{{"net:[4026532001]", ruleset("empty")}};
  auto g = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe, &one);
  ASSERT_EQ(g.size(), 1u) << ids(g);
  EXPECT_EQ(g[0].label, core::Label::firewall_or_port_blocked);
  EXPECT_NE(g[0].title.find("are lost on the way"), std::string::npos) << g[0].title;
  EXPECT_NE(g[0].fix.text.find("look for a rule that drops TCP to port 40000 or 50000"), std::string::npos)
      << g[0].fix.text;
  EXPECT_EQ(g[0].fix.text.find("MTU black hole"), std::string::npos) << g[0].fix.text;

  // One step short: node 1's ruleset drops packets by address (`ip saddr ... drop`, system.watch.firewall),
  // a rule the port matcher cannot judge: it stays a candidate, no "lost on the path".
  Rulesets judged{{"net:[4026532001]", ruleset("empty")}, {"net:[4026532002]", ruleset("unknown")}};
  auto u = diagnose(w.after_tree, w.before, w.after, {}, 100, &probe, &judged);
  ASSERT_EQ(u.size(), 1u) << ids(u);
  EXPECT_EQ(u[0].label, core::Label::firewall_or_port_blocked);
  EXPECT_NE(u[0].fix.text.find("look for a rule that drops TCP"), std::string::npos) << u[0].fix.text;

  // One step short the other way: both rulesets read, but the small echo passes (and the big one
  // too: no black hole seen either). Neither node's rule is the cause; one between them may be.
  FakeProbe answers;
  answers.passes = 9000;
  auto h = diagnose(w.after_tree, w.before, w.after, {}, 100, &answers, &empty);
  ASSERT_EQ(h.size(), 1u) << ids(h);
  EXPECT_EQ(h[0].label, core::Label::firewall_or_port_blocked);
  EXPECT_NE(h[0].fix.text.find("has a drop or reject rule: look at firewalls between the nodes"), std::string::npos)
      << h[0].fix.text;
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
