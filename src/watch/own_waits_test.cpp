// A rank held up by its own process's wait (own_waits.hpp), from the held-out evaluation
// tests/data/stranger/clusters-2026-12-06e: w1 (rank 1 reads from its DataLoader worker, which
// stopped itself) and w3 (rank 1 blocks in TCPStore.get of a key rank 0 sets later).
#include <sys/syscall.h>

#include <gtest/gtest.h>

#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"
#include "watch/merge.hpp"
#include "watch/own_waits.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

bool says(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// "SYSCALL FD ..." as /proc/PID/task/TID/syscall shows a blocking read of fd `fd`.
std::string reading(long nr, int fd) { return fmt::format("{} {:#x} 0x7f10 0x4 0x0 0x0 0x0 0x7ffd 0x7f", nr, fd); }

// w1: rank 0 (pid 100) waits in its all_reduce; rank 1 (pid 200) reads fd 4, a unix socket (500)
// it connected to its worker's (pid 250) fd-passing listener (600); the worker is stopped (state T).
// `linked`: unix_diag shows the listener's accept queue holding socket 500.
World loader_stopped(bool linked, char worker_state = 'T') {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21, 500}, {{200, 'S', reading(SYS_read, 4), "unix_stream_read_generic"}}};
  Proc worker{250, 200, 1, 0, 0, {600}, {{250, worker_state, "62 0xfa 0x13", "do_signal_stop"}}};
  worker.state = worker_state;
  for (auto* t : {&w.before_tree, &w.after_tree}) {
    for (const auto& p : {r0, r1, worker}) add(*t, p);
  }
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established),
                sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
    if (linked) s->unix_table = {{500, false, 0, {}}, {600, true, 0, {500}}, {777, false, 0, {}}};
  }
  w.take({100, 200, 250});
  return w;
}

TEST(OwnWait, ARankReadingFromItsStoppedLoaderWorkerWaitsForThatChildNotInACollective) {
  auto w = loader_stopped(true);
  ASSERT_EQ(w.after.unix_sockets.size(), 2u);  // the sockets the tree holds, not socket 777
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.stopped-child");
  EXPECT_EQ(f[0].label, core::Label::other);
  EXPECT_EQ(f[0].severity, core::Severity::error);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].title,
            "rank 1 (pid 200) waits reading from its child pid 250 (python3), which is stopped (state T in both "
            "snapshots): not for a peer and not in a collective; rank 0 (pid 100) waits for it");
  EXPECT_TRUE(says(f[0].evidence[0],
                   "main thread in read on fd 4 (socket:[500]): that unix socket is connected to "
                   "pid 250's listening socket (socket:[600]), whose accept queue still holds it"))
      << f[0].evidence[0];
  EXPECT_TRUE(says(f[0].fix.text, "`kill -CONT 250` on the rank's node")) << f[0].fix.text;
  EXPECT_TRUE(says(f[0].fix.text, "What sent the stop is not seen here")) << f[0].fix.text;
  auto states = rank_states(w.after_tree, w.before, w.after, 100);
  ASSERT_EQ(states.size(), 2u);
  EXPECT_EQ(states[1].activity, Activity::waiting_child);
  EXPECT_TRUE(states[1].child_stopped);
}

// The socket's other end held by the child (an accepted connection) ties them the same way.
TEST(OwnWait, TheOtherEndOfTheRanksSocketHeldByTheStoppedChildTiesTheReadToIt) {
  auto w = loader_stopped(false);
  w.after_socks.unix_table = {{500, false, 600, {}}, {600, false, 500, {}}};
  w.take({100, 200, 250});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(says(f[0].title, "waits reading from its child pid 250 (python3)")) << f[0].title;
  EXPECT_TRUE(says(f[0].evidence[0], "the other end of that unix socket (socket:[600]) is pid 250's"));
}

// Without unix_diag's answer the read and the stopped child are told side by side, not tied; still
// no collective-mismatch.
TEST(OwnWait, AStoppedChildTheReadCannotBeTiedToIsToldNotClaimed) {
  auto w = loader_stopped(false);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.stopped-child");
  EXPECT_TRUE(says(f[0].title,
                   "rank 1 (pid 200) has a child process, pid 250 (python3), that is stopped (state T in "
                   "both snapshots) while its main thread waits in read on fd 4 (socket:[500]); whether "
                   "that read waits for the child is not seen here"))
      << f[0].title;
  EXPECT_FALSE(says(f[0].title, "waits reading from"));
  EXPECT_TRUE(says(f[0].fix.text, "`kill -CONT 250`")) << f[0].fix.text;
  EXPECT_TRUE(says(f[0].fix.text, "`ss -xp`")) << f[0].fix.text;
}

// A child a tracer holds (state t): kill -CONT does not resume it; the tracer is named as the step.
TEST(OwnWait, AChildATracerHoldsIsDetachedNotContinued) {
  auto w = loader_stopped(true, 't');
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(says(f[0].fix.text, "TracerPid")) << f[0].fix.text;
  EXPECT_FALSE(says(f[0].fix.text, "kill -CONT")) << f[0].fix.text;
}

// One step short: the worker runs (state S): no claim about a child.
TEST(OwnWaitShort, ARunningWorkerIsNotAStoppedChild) {
  auto w = loader_stopped(true, 'S');
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  for (const auto& g : f) EXPECT_NE(g.id, "watch.rank.stopped-child");
}

// w3: rank 1 (pid 200) blocks in recvfrom on fd 4, its client connection (22) to the store at
// 198.18.1.1:29500 (MASTER_ADDR, MASTER_PORT); rank 0 waits in its all_reduce. `store_in`: bytes the
// store connection receives between the snapshots.
World store_get(std::uint64_t store_in) {
  World w;
  std::vector<std::string> env = {std::string("MASTER_ADDR=198.18.1.1"), std::string("MASTER_PORT=29500")};
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}, "net:[4026532001]", env};
  Proc r1{200, 1, 1, 50, 1000, {21, 22}, {{200, 'S', reading(SYS_recvfrom, 4), "wait_woken"}}, "net:[4026532001]", env};
  for (auto* t : {&w.before_tree, &w.after_tree}) {
    add(*t, r0);
    add(*t, r1);
  }
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established),
                sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established),
                sock(22, "::ffff:198.18.1.2", 36238, "::ffff:198.18.1.1", 29500, TcpState::established)};
  }
  w.before_socks.table[2].bytes_received = 5000;
  w.after_socks.table[2].bytes_received = 5000 + store_in;
  w.take({100, 200});
  return w;
}

TEST(OwnWait, ARankBlockedInAReceiveFromTheStoreWaitsAtTheStoreNotForItsPeers) {
  auto w = store_get(0);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.store-wait");
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].title,
            "rank 1 (pid 200) waits at the torch store (198.18.1.1:29500), not for its peers: its main thread is "
            "blocked in recvfrom on its connection to the store and received nothing in 3 s: a get or wait of a key "
            "no rank has set yet, or a barrier at the store; rank 0 (pid 100) waits for it");
  EXPECT_TRUE(says(f[0].evidence[0], "fd 4 (socket:[22]), its connection 198.18.1.2:36238 -> 198.18.1.1:29500"))
      << f[0].evidence[0];
  EXPECT_TRUE(says(f[0].fix.text, "`py-spy dump --pid 200`")) << f[0].fix.text;
  EXPECT_TRUE(says(f[0].fix.text,
                   "`/usr/bin/python3 -c \"import datetime, torch.distributed as d; "
                   "d.TCPStore('198.18.1.1', 29500, is_master=False"))
      << f[0].fix.text;
  EXPECT_FALSE(says(f[0].title, "ckpt_dir"));
  auto states = rank_states(w.after_tree, w.before, w.after, 100);
  EXPECT_EQ(states[1].activity, Activity::store_wait);
  EXPECT_EQ(states[1].store, "198.18.1.1:29500");
}

// One step short: the store connection received bytes in the window (new_group's barrier polls):
// not a blocked get; watch.rank.at-store's rule, not this one.
TEST(OwnWaitShort, AStoreConnectionThatReceivesIsNoBlockedGet) {
  auto w = store_get(18000);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  for (const auto& g : f) EXPECT_NE(g.id, "watch.rank.store-wait");
}

// The merged verdict: node 1's own finding is the cause; node 0's silent peer (rank 1) is its
// evidence, and no cross-node rule claims a collective-mismatch (06f w1's file lock and 06g w1's
// pipe write too: "rank 0 waits on rank 1, rank 1 blocks writing to a pipe").
TEST(OwnWait, TheMergedVerdictKeepsTheRanksOwnWaitAndAbsorbsTheSilentPeer) {
  for (auto [id, activity] : {std::pair{"watch.rank.stopped-child", Activity::waiting_child},
                              std::pair{"watch.rank.store-wait", Activity::store_wait},
                              std::pair{"watch.rank.file-lock", Activity::file_lock},
                              std::pair{"watch.rank.pipe-write", Activity::pipe_write}}) {
    auto own = core::new_finding(id, core::Label::other, core::Severity::error, "rank 1 (pid 8112) waits");
    own.ranks = {1};
    auto silent = core::new_finding("watch.peer.silent", core::Label::other, core::Severity::error,
                                    "rank 0 (pid 7) waits on 198.18.9.2:5 (rank 1)");
    silent.ranks = {0, 1};
    NodeReport n0, n1;
    n0.host = "node0";
    n0.stalls = 1;
    n0.findings = {silent};
    n0.ranks = {RankActivity{0, Activity::in_collective, 7, "rank 0: waiting"}};
    n1.node = 1;
    n1.host = "node1";
    n1.stalls = 1;
    n1.findings = {own};
    n1.ranks = {RankActivity{1, activity, 8112, "rank 1: own wait"}};
    auto f = merge_reports({n0, n1}, {});
    ASSERT_EQ(f.size(), 1u) << id;
    EXPECT_EQ(f[0].id, id);
    EXPECT_EQ(f[0].title, "rank 1 (pid 8112) waits; rank 0 (node0) waits on it");
    EXPECT_EQ(f[0].hosts, std::vector<std::string>{"node1"});
    EXPECT_EQ(activity_from_key(activity_key(activity)), activity);
  }
}

}  // namespace
}  // namespace dd::watch
