// A rank blocked taking a file lock (file_lock.hpp), from w1 of the held-out evaluation
// tests/data/stranger/clusters-2026-12-06f: a leftover process (pid 7700) holds flock on the
// checkpoint lock, rank 1 (pid 200) blocks in flock on it, rank 0 (pid 100) waits in all_reduce.
#include <fcntl.h>
#include <sys/syscall.h>

#include <gtest/gtest.h>

#include <algorithm>

#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

bool says(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

const std::string k_locks =
    "1: FLOCK  ADVISORY  WRITE 7700 00:2a:91234 0 EOF\n"
    "1: -> FLOCK  ADVISORY  WRITE 200 00:2a:91234 0 EOF\n"
    "2: POSIX  ADVISORY  WRITE 55 00:2a:111 0 EOF\n";

// `main_syscall`: rank 1's main thread in both snapshots (`first`: in the before snapshot, when
// different); `locks`: /proc/locks ("" for none readable).
World lock_world(const std::string& main_syscall, const std::string& locks, const std::string& first = "") {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', main_syscall, "locks_lock_inode_wait"}}};
  Proc r1_before = r1;
  if (!first.empty()) r1_before.threads = {{200, 'S', first, "locks_lock_inode_wait"}};
  add(w.before_tree, r0);
  add(w.before_tree, r1_before);
  add(w.after_tree, r0);
  add(w.after_tree, r1);
  for (auto* t : {&w.before_tree, &w.after_tree}) {
    t->link("/proc/200/fd/5", "/ckpt/.lock");
    t->file("/proc/200/fdinfo/5", "pos:\t0\nflags:\t02\nmnt_id:\t30\nino:\t91234\n");
    if (!locks.empty()) t->file("/proc/locks", locks);
    t->file("/proc/7700/cmdline", std::string("python3\0uploader.py\0--resume", 29));
  }
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established),
                sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
  }
  w.take({100, 200});
  return w;
}

std::string flock_call() { return fmt::format("{} 0x5 0x2 0x0 0x0 0x0 0x0 0x7ffd 0x7f", SYS_flock); }

TEST(FileLock, ARankBlockedInFlockWaitsForTheLockItsHolderHoldsNotInACollective) {
  auto w = lock_world(flock_call(), k_locks);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.file-lock");
  EXPECT_EQ(f[0].severity, core::Severity::error);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].title,
            "rank 1 (pid 200) waits for a file lock, not for a peer and not in a collective: its main thread is "
            "blocked in flock on fd 5 (/ckpt/.lock), held by pid 7700 (`python3 uploader.py --resume`); rank 0 (pid "
            "100) waits for it");
  EXPECT_TRUE(says(f[0].evidence[1], "/proc/locks: 1: FLOCK  ADVISORY  WRITE 7700 00:2a:91234")) << f[0].evidence[1];
  EXPECT_TRUE(says(f[0].fix.text, "`kill 7700`")) << f[0].fix.text;
  auto states = rank_states(w.after_tree, w.before, w.after, 100);
  ASSERT_EQ(states.size(), 2u);
  EXPECT_EQ(states[1].activity, Activity::file_lock);
  EXPECT_TRUE(says(describe(states[1]), "blocked taking a file lock, main thread in flock")) << describe(states[1]);
}

TEST(FileLock, FcntlSetlkwIsALockWaitAndFcntlGetlkIsNot) {
  auto wait = lock_world(fmt::format("{} 0x5 {:#x} 0x7ffd 0x0 0x0 0x0 0x7ffd 0x7f", SYS_fcntl, F_SETLKW), k_locks);
  auto f = diagnose(wait.after_tree, wait.before, wait.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(says(f[0].title, "blocked in fcntl on fd 5 (/ckpt/.lock), held by pid 7700")) << f[0].title;
  auto get = lock_world(fmt::format("{} 0x5 {:#x} 0x7ffd 0x0 0x0 0x0 0x7ffd 0x7f", SYS_fcntl, F_GETLK), k_locks);
  for (const auto& g : diagnose(get.after_tree, get.before, get.after, {}, 100))
    EXPECT_NE(g.id, "watch.rank.file-lock");
}

// One step short: no waiter line of the rank in /proc/locks (unreadable, or another pid's wait):
// the lock wait is told, no holder is named, and the fix gives the steps that find it.
TEST(FileLockShort, NoWaiterLineInProcLocksNamesNoHolder) {
  for (const std::string& locks :
       {std::string(), std::string("1: FLOCK  ADVISORY  WRITE 7700 00:2a:91234 0 EOF\n"
                                   "1: -> FLOCK  ADVISORY  WRITE 999 00:2a:91234 0 EOF\n")}) {
    auto w = lock_world(flock_call(), locks);
    auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].id, "watch.rank.file-lock");
    EXPECT_FALSE(says(f[0].title, "held by")) << f[0].title;
    EXPECT_FALSE(says(f[0].fix.text, "7700")) << f[0].fix.text;
    EXPECT_TRUE(says(f[0].fix.text, "/proc/locks")) << f[0].fix.text;
    EXPECT_TRUE(std::any_of(f[0].evidence.begin(), f[0].evidence.end(),
                            [](auto& e) { return says(e, "who holds the lock is not seen here"); }));
  }
}

// One step short: the waiter's line on another inode than the fd's (fdinfo's ino): no holder named.
TEST(FileLockShort, AWaiterLineOnAnotherFileNamesNoHolder) {
  auto w = lock_world(flock_call(),
                      "1: FLOCK  ADVISORY  WRITE 7700 00:2a:5 0 EOF\n1: -> FLOCK  ADVISORY  WRITE 200 00:2a:5 0 EOF\n");
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_FALSE(says(f[0].title, "held by")) << f[0].title;
}

// One step short: in flock in one snapshot only (it took the lock since): no lock wait claimed.
TEST(FileLockShort, FlockInOneSnapshotOnlyIsNoLockWait) {
  auto w = lock_world(flock_call(), k_locks, k_futex);
  for (const auto& g : diagnose(w.after_tree, w.before, w.after, {}, 100)) EXPECT_NE(g.id, "watch.rank.file-lock");
}

}  // namespace
}  // namespace dd::watch
