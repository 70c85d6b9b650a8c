// A rank blocked writing to a pipe (pipe_write.hpp), from w1 of the held-out evaluation
// tests/data/stranger/clusters-2026-12-06g: rank 1 (pid 200) writes its step log into the stdin
// pipe of its child `sleep 3600` (pid 300, a log shipper that never reads); rank 0 (pid 100) waits
// in all_reduce. Earlier: "idle outside communication" and a collective mismatch in the merge.
#include <sys/syscall.h>

#include <gtest/gtest.h>

#include <algorithm>

#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"
#include "watch/process_info.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

bool says(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

std::string write_call(int fd) {
  return fmt::format("{} {:#x} 0x7f00 0x380000 0x0 0x0 0x0 0x7ffd 0x7f", SYS_write, fd);
}

// `main_syscall`: rank 1's main thread in the after snapshot (`first`: in the before snapshot when
// different); `reader_flags`: the fdinfo flags of the child's fd 0 on the pipe ("" for unreadable).
World pipe_world(const std::string& main_syscall, const std::string& reader_flags, const std::string& first = "") {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', main_syscall, "anon_pipe_write"}}};
  Proc r1_before = r1;
  if (!first.empty()) r1_before.threads = {{200, 'S', first, "anon_pipe_write"}};
  Proc child{300, 200, std::nullopt, 0, 0, {}, {{300, 'S', k_sleep, "hrtimer_nanosleep"}}};
  add(w.before_tree, r0);
  add(w.before_tree, r1_before);
  add(w.after_tree, r0);
  add(w.after_tree, r1);
  for (auto* t : {&w.before_tree, &w.after_tree}) {
    add(*t, child);
    t->link("/proc/200/fd/7", "pipe:[5551]");
    t->file("/proc/200/fdinfo/7", "pos:\t0\nflags:\t01\nmnt_id:\t14\nino:\t5551\n");
    t->link("/proc/300/fd/0", "pipe:[5551]");
    if (!reader_flags.empty()) t->file("/proc/300/fdinfo/0", "pos:\t0\nflags:\t" + reader_flags + "\nmnt_id:\t14\n");
    t->file("/proc/300/comm", "sleep\n");
    t->file("/proc/300/cmdline", std::string("sleep\0"
                                             "3600\0",
                                             11));
  }
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established),
                sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
  }
  w.take({100, 200, 300});
  return w;
}

// The one fdinfo reader (pipe_write's access mode, file_lock's inode): a whole key, trimmed.
TEST(PipeWrite, FdinfoFieldReadsOneWholeKey) {
  auto w = pipe_world(write_call(7), "00");
  EXPECT_EQ(fdinfo_field(w.after_tree, 200, 7, "flags"), "01");
  EXPECT_EQ(fdinfo_field(w.after_tree, 200, 7, "ino"), "5551");
  EXPECT_EQ(fdinfo_field(w.after_tree, 200, 7, "mnt"), "");    // not mnt_id
  EXPECT_EQ(fdinfo_field(w.after_tree, 300, 0, "ino"), "");    // no ino line (before 5.14)
  EXPECT_EQ(fdinfo_field(w.after_tree, 200, 8, "flags"), "");  // no such fd
}

TEST(PipeWrite, ARankBlockedWritingToAPipeNamesItsReaderNotACollective) {
  auto w = pipe_world(write_call(7), "00");
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u) << f[0].id;
  EXPECT_EQ(f[0].id, "watch.rank.pipe-write");
  EXPECT_EQ(f[0].severity, core::Severity::error);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].title,
            "rank 1 (pid 200) blocks writing to a pipe (fd 7, pipe:[5551]), not waiting for a peer and not in a "
            "collective: its main thread is in write (anon_pipe_write) in both snapshots; the pipe's read end is "
            "held by pid 300 (sleep, `sleep 3600`) fd 0; rank 0 (pid 100) waits for it");
  EXPECT_FALSE(says(f[0].title, "full")) << "not measured";
  EXPECT_TRUE(says(f[0].fix.text, "`kill 300`")) << f[0].fix.text;
  auto states = rank_states(w.after_tree, w.before, w.after, 100);
  ASSERT_EQ(states.size(), 2u);
  EXPECT_EQ(states[1].activity, Activity::pipe_write);
  EXPECT_TRUE(says(describe(states[1]), "blocked writing to a pipe, main thread in write")) << describe(states[1]);
}

// One step short: no process seen holding the pipe open for reading (the child's fd write-only,
// or its fdinfo unreadable): the write is told, no reader named, the fix gives the steps.
TEST(PipeWriteShort, NoReaderFoundNamesNoReader) {
  for (const std::string& flags : {std::string("01"), std::string()}) {
    auto w = pipe_world(write_call(7), flags);
    auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].id, "watch.rank.pipe-write");
    EXPECT_FALSE(says(f[0].title, "read end is held")) << f[0].title;
    EXPECT_FALSE(says(f[0].fix.text, "300")) << f[0].fix.text;
    EXPECT_TRUE(says(f[0].fix.text, "grep -F 'pipe:[5551]'")) << f[0].fix.text;
  }
}

// clusters-2026-12-07j w2: rank 1's main thread in sendto on a unix datagram socket (a log socket
// nobody reads), wchan unix_wait_for_peer, in both snapshots: it blocks sending, named with the step
// that finds the other end; never a collective mismatch. One step short: a send on a socket whose
// wait is not a unix one (a TCP socket's sk_stream_wait_memory): no claim here.
TEST(PipeWrite, ARankBlockedSendingOnAUnixSocketIsNamed) {
  auto world = [](const std::string& wchan) {
    World w;
    Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
    std::string call = fmt::format("{} 0x9 0x7f00 0x40 0x0 0x7ffd 0x6e 0x7ffd 0x7f", SYS_sendto);
    Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', call, wchan}}};
    add(w.before_tree, r0);
    add(w.before_tree, r1);
    add(w.after_tree, r0);
    add(w.after_tree, r1);
    for (auto* t : {&w.before_tree, &w.after_tree}) t->link("/proc/200/fd/9", "socket:[7788]");
    for (auto* s : {&w.before_socks, &w.after_socks}) {
      s->table = {sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established),
                  sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
    }
    w.take({100, 200});
    return w;
  };
  auto w = world("unix_wait_for_peer");
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.rank.pipe-write");
  EXPECT_TRUE(says(f[0].title,
                   "rank 1 (pid 200) blocks sending on a unix socket (fd 9, socket:[7788]), not waiting "
                   "for a peer and not in a collective: its main thread is in sendto (unix_wait_for_peer)"))
      << f[0].title;
  EXPECT_TRUE(says(f[0].title, "; rank 0 (pid 100) waits for it")) << f[0].title;
  EXPECT_TRUE(says(f[0].fix.text, "`peer=$(ss -xpH | awk '$6 == 7788 {print $8}'); ss -xp | grep -w \"$peer\"`"))
      << f[0].fix.text;
  for (const auto& g : f) EXPECT_NE(g.label, core::Label::collective_mismatch) << g.title;
  auto tcp = world("sk_stream_wait_memory");
  for (const auto& g : diagnose(tcp.after_tree, tcp.before, tcp.after, {}, 100))
    EXPECT_NE(g.id, "watch.rank.pipe-write") << g.title;
}

// One step short: in write in one snapshot only (the pipe drained since), or a write to a file:
// no pipe write claimed.
TEST(PipeWriteShort, AWriteInOneSnapshotOnlyOrToAFileIsNoPipeWrite) {
  auto once = pipe_world(write_call(7), "00", k_futex);
  for (const auto& g : diagnose(once.after_tree, once.before, once.after, {}, 100))
    EXPECT_NE(g.id, "watch.rank.pipe-write");
  auto file = pipe_world(write_call(20), "00");  // fd 20: /data/train.bin
  for (const auto& g : diagnose(file.after_tree, file.before, file.after, {}, 100))
    EXPECT_NE(g.id, "watch.rank.pipe-write");
}

}  // namespace
}  // namespace dd::watch
