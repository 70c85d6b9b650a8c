// A rank blocked writing to storage, from w2 of the held-out evaluation
// tests/data/stranger/clusters-2026-12-07k: rank 1 (pid 200) writes a checkpoint shard and its
// fsync waits in state D (folio_wait_bit) on a disk throttled to 16 KiB/s; rank 0 (pid 100) waits in
// all_reduce. Earlier: "reading input, main thread in syscall 74" and "the input pipeline is the
// bottleneck".
#include <sys/syscall.h>

#include <gtest/gtest.h>

#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

std::string call(long nr, int fd) { return fmt::format("{} {:#x} 0x0 0x0 0x0 0x0 0x0 0x7ffd 0x7f", nr, fd); }

World write_world(const std::string& before_call, char before_state, const std::string& after_call, char after_state) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1b{200, 1, 1, 50, 1000, {21}, {{200, before_state, before_call, "folio_wait_bit"}}};
  Proc r1a{200, 1, 1, 50, 1000, {21}, {{200, after_state, after_call, "folio_wait_bit"}}};
  two_ranks(w, r0, r0, r1b, r1a);
  for (auto* t : {&w.before_tree, &w.after_tree}) t->link("/proc/200/fd/7", "/ckpt/step4/shard1.pt");
  w.take({100, 200});
  return w;
}

TEST(StorageWrite, ARankInAnFsyncThatWaitsForTheDiskIsNamedNotInputOrACollective) {
  auto w = write_world(call(SYS_fsync, 7), 'D', call(SYS_fsync, 7), 'D');
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.rank.storage-write");
  EXPECT_EQ(f[0].title,
            "rank 1 (pid 200) is blocked writing to storage, not waiting for a peer and not in a collective: its "
            "main thread sleeps in state D in fsync of fd 7 (/ckpt/step4/shard1.pt) in both snapshots; rank 0 "
            "(pid 100) waits for it");
  EXPECT_NE(f[0].fix.text.find("`iostat -x 1`"), std::string::npos) << f[0].fix.text;
  for (const auto& g : f) {
    EXPECT_NE(g.id, "watch.input.slow") << g.title;
    EXPECT_EQ(g.title.find("reading input"), std::string::npos) << g.title;
  }
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
}

// One step short: the fsync in state D in one snapshot only (a write that completes), or a read in
// state D: no storage-write claim.
TEST(StorageWriteShort, OneSnapshotOrAReadIsNoStorageWrite) {
  auto once = write_world(call(SYS_fsync, 7), 'S', call(SYS_fsync, 7), 'D');
  for (const auto& g : diagnose(once.after_tree, once.before, once.after, {}, 100))
    EXPECT_NE(g.id, "watch.rank.storage-write") << g.title;
  auto read = write_world(call(SYS_read, 7), 'D', call(SYS_read, 7), 'D');
  for (const auto& g : diagnose(read.after_tree, read.before, read.after, {}, 100))
    EXPECT_NE(g.id, "watch.rank.storage-write") << g.title;
}

}  // namespace
}  // namespace dd::watch
