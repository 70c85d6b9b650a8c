// The CPU quota of a rank's cgroup (cgroup v1 and v2 fixture trees) and the throttled rank it
// reveals in a stall (clusters-2026-12-07i w3: quota 1 ms per 1 s, the rank runnable at CPU 0%).
#include "watch/cpu_limit.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "core/strings.hpp"
#include "os/fake/memory_file_tree.hpp"
#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

const std::string k_mountinfo_v1 =
    "30 25 0:26 / /sys/fs/cgroup rw - tmpfs tmpfs rw,mode=755\n"
    "31 30 0:27 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
    "32 30 0:28 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
    "40 30 0:35 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";

// Rank 1's cgroup job7/step0 under a v1 `cpu` hierarchy; the quota sits on job7.
void v1_tree(os::fake::MemoryFileTree& t, int pid, std::uint64_t periods, std::uint64_t throttled) {
  t.file("/proc/self/mountinfo", k_mountinfo_v1);
  t.file(fmt::format("/proc/{}/cgroup", pid), "4:memory:/job7\n1:cpu:/job7/step0\n0::/\n");
  t.file("/sys/fs/cgroup/cpu/job7/step0/cpu.cfs_quota_us", "-1\n");
  t.file("/sys/fs/cgroup/cpu/job7/step0/cpu.cfs_period_us", "100000\n");
  t.file("/sys/fs/cgroup/cpu/job7/cpu.cfs_quota_us", "1000\n");
  t.file("/sys/fs/cgroup/cpu/job7/cpu.cfs_period_us", "1000000\n");
  t.file("/sys/fs/cgroup/cpu/job7/cpu.stat",
         fmt::format("nr_periods {}\nnr_throttled {}\nthrottled_time {}\n", periods, throttled, throttled * 999000000));
}

TEST(CpuLimit, V1QuotaOnAnAncestorIsFoundWithItsCounters) {
  os::fake::MemoryFileTree t;
  v1_tree(t, 200, 100, 99);
  auto c = read_process_cgroups(t, 200, cgroup_mounts(t)).cpu_limit;
  ASSERT_TRUE(c);
  EXPECT_EQ(c->dir, "/sys/fs/cgroup/cpu/job7");
  EXPECT_FALSE(c->v2);
  EXPECT_EQ(c->quota_us, 1000);
  EXPECT_EQ(c->period_us, 1000000);
  EXPECT_EQ(c->nr_periods, 100u);
  EXPECT_EQ(c->nr_throttled, 99u);
  EXPECT_EQ(c->throttled_us, 99u * 999000u);
  EXPECT_EQ(c->allowance(), "1 ms of CPU per 1000 ms, 0.1 % of one core");
  EXPECT_EQ(c->unlimit_command(), "echo -1 > '/sys/fs/cgroup/cpu/job7/cpu.cfs_quota_us'");
  EXPECT_FALSE(c->container_view);
}

TEST(CpuLimit, V2CpuMaxInsideAContainersCgroupMount) {
  os::fake::MemoryFileTree t;
  // a container sees its own cgroup as the mount's root; /proc/PID/cgroup names it from there
  t.file("/proc/self/mountinfo", "40 30 0:35 /kubepods/pod1 /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
  t.file("/proc/200/cgroup", "0::/kubepods/pod1/ctr\n");
  t.file("/sys/fs/cgroup/ctr/cpu.max", "max 100000\n");
  t.file("/sys/fs/cgroup/cpu.max", "50000 100000\n");
  t.file("/sys/fs/cgroup/cpu.stat", "usage_usec 9\nnr_periods 40\nnr_throttled 30\nthrottled_usec 1500000\n");
  auto c = read_process_cgroups(t, 200, cgroup_mounts(t)).cpu_limit;
  ASSERT_TRUE(c);
  EXPECT_EQ(c->dir, "/sys/fs/cgroup");
  EXPECT_TRUE(c->v2);
  EXPECT_EQ(c->quota_us, 50000);
  EXPECT_EQ(c->nr_throttled, 30u);
  EXPECT_EQ(c->throttled_us, 1500000u);
  EXPECT_TRUE(c->container_view);  // no path on the node: the fix names the container's limit
  // a neighbouring pod's cgroup (pod10 beside pod1) or one outside the namespace's root: not this mount's
  t.file("/proc/300/cgroup", "0::/kubepods/pod10/ctr\n");
  EXPECT_FALSE(read_process_cgroups(t, 300, cgroup_mounts(t)).cpu_limit);
  t.file("/proc/301/cgroup", "0::/../ctr2\n");
  EXPECT_FALSE(read_process_cgroups(t, 301, cgroup_mounts(t)).cpu_limit);
}

// watch in a namespace whose /sys is a fresh sysfs (`ip netns exec`): no cgroup mount of its own;
// the files are read through the root of its nearest ancestor that has one and may be read (its
// parent 70 has none, 60 has, init's is closed), and the paths said stay the node's.
TEST(CpuLimit, WithoutACgroupMountOfItsOwnItReadsThroughAnAncestorsRoot) {
  os::fake::MemoryFileTree t;
  t.file("/proc/self/mountinfo", "50 40 0:60 / /sys rw - sysfs sysfs rw\n");
  t.file("/proc/self/stat", "80 (distdoctor) S 70 80 80 0");
  t.file("/proc/70/stat", "70 (ip) S 60 70 70 0");
  t.file("/proc/70/mountinfo", "50 40 0:60 / /sys rw - sysfs sysfs rw\n");
  t.file("/proc/60/stat", "60 (bash) S 1 60 60 0");
  t.file("/proc/60/mountinfo", k_mountinfo_v1);
  t.file("/proc/200/cgroup", "1:cpu:/job7\n");
  t.file("/proc/60/root/sys/fs/cgroup/cpu/job7/cpu.cfs_quota_us", "20000\n");
  t.file("/proc/60/root/sys/fs/cgroup/cpu/job7/cpu.cfs_period_us", "100000\n");
  t.file("/proc/60/root/sys/fs/cgroup/cpu/job7/cpu.stat", "nr_periods 9\nnr_throttled 8\nthrottled_time 0\n");
  auto c = read_process_cgroups(t, 200, cgroup_mounts(t)).cpu_limit;
  ASSERT_TRUE(c);
  EXPECT_EQ(c->dir, "/sys/fs/cgroup/cpu/job7");
  EXPECT_EQ(c->nr_throttled, 8u);
  EXPECT_EQ(c->unlimit_command(), "echo -1 > '/sys/fs/cgroup/cpu/job7/cpu.cfs_quota_us'");
}

// One step short: no quota anywhere up to the root (v1 -1, v2 "max"), or unreadable files.
TEST(CpuLimitShort, NoQuotaOrNoCgroupFileIsNoLimit) {
  os::fake::MemoryFileTree t;
  t.file("/proc/self/mountinfo", k_mountinfo_v1);
  t.file("/proc/200/cgroup", "1:cpu:/job7\n");
  t.file("/sys/fs/cgroup/cpu/job7/cpu.cfs_quota_us", "-1\n");
  t.file("/sys/fs/cgroup/cpu/job7/cpu.cfs_period_us", "100000\n");
  t.file("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", "-1\n");
  t.file("/sys/fs/cgroup/cpu/cpu.cfs_period_us", "100000\n");
  EXPECT_FALSE(read_process_cgroups(t, 200, cgroup_mounts(t)).cpu_limit);
  EXPECT_FALSE(read_process_cgroups(t, 300, cgroup_mounts(t)).cpu_limit);  // no /proc/300/cgroup
  os::fake::MemoryFileTree v2;
  v2.file("/proc/self/mountinfo", "40 30 0:35 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
  v2.file("/proc/200/cgroup", "0::/a\n");
  v2.file("/sys/fs/cgroup/a/cpu.max", "max 100000\n");
  EXPECT_FALSE(read_process_cgroups(v2, 200, cgroup_mounts(v2)).cpu_limit);
}

TEST(CpuLimitShort, ThrottledInFewPeriodsOrBrieflyOrAnotherCgroupIsNotThrottled) {
  CpuLimit b{"/sys/fs/cgroup/cpu/job7", "", false, 1000, 1000000, 100, 99, 0};
  CpuLimit a = b;
  EXPECT_FALSE(throttled_between(b, a, 3));  // no new throttled period
  a.nr_periods = 110, a.nr_throttled = 103, a.throttled_us = 3000000;
  EXPECT_FALSE(throttled_between(b, a, 3));  // 4 of the 10 periods it ran in: mostly within its quota
  a.nr_throttled = 104;
  EXPECT_TRUE(throttled_between(b, a, 3));  // 5 of 10, held 3 s of 3
  a.throttled_us = 1000000;
  EXPECT_FALSE(throttled_between(b, a, 3));  // held 1 s of a 3 s window: nr_periods counts only active periods
  a.throttled_us = 3000000;
  CpuLimit moved = a;
  moved.dir = "/sys/fs/cgroup/cpu/other";
  EXPECT_FALSE(throttled_between(b, moved, 3));
  CpuLimit recreated = a;
  recreated.nr_periods = 5;  // the counters went back: another cgroup at the same path
  EXPECT_FALSE(throttled_between(b, recreated, 3));
}

const std::string k_running = "running";

// w3 of clusters-2026-12-07i: rank 0 waits in a collective, rank 1 runs its own code at CPU 0%
// while its cgroup is throttled in every period: the quota is named, not a collective mismatch.
TEST(CpuThrottled, ARunnableRankItsQuotaHoldsIsNamedWithTheCommandThatLiftsIt) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'R', k_running, "0"}}};
  r1.state = 'R';
  two_ranks(w, r0, r0, r1, r1);
  v1_tree(w.before_tree, 200, 100, 99);
  v1_tree(w.after_tree, 200, 103, 102);
  w.take({100, 200});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.rank.cpu-throttled");
  EXPECT_EQ(f[0].title,
            "rank 1 (pid 200) gets 0.0% of one core though it has threads ready to run: its cgroup's CPU quota is "
            "used up and the kernel throttles it; rank 0 (pid 100) waits for it");
  EXPECT_NE(f[0].fix.text.find("`echo -1 > '/sys/fs/cgroup/cpu/job7/cpu.cfs_quota_us'`"), std::string::npos)
      << f[0].fix.text;
  auto ev = core::join(f[0].evidence, "\n");
  EXPECT_NE(ev.find("cgroup /sys/fs/cgroup/cpu/job7 allows 1 ms of CPU per 1000 ms, 0.1 % of one core "
                    "(cpu.cfs_quota_us); throttled in 3 of the 3 periods it ran in between the snapshots"),
            std::string::npos)
      << ev;
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
}

// One step short: the same rank with a quota the kernel did not throttle in the window, or a rank
// with no thread ready to run (asleep in time.sleep): no throttling claim.
TEST(CpuThrottledShort, NoNewThrottledPeriodOrAWaitingMainThreadIsNoThrottledRank) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'R', k_running, "0"}}};
  two_ranks(w, r0, r0, r1, r1);
  v1_tree(w.before_tree, 200, 100, 99);
  v1_tree(w.after_tree, 200, 100, 99);
  w.take({100, 200});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  for (const auto& g : f) EXPECT_NE(g.id, "watch.rank.cpu-throttled") << g.title;

  World s;
  Proc r1s{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_sleep, "hrtimer_nanosleep"}}};
  two_ranks(s, r0, r0, r1s, r1s);
  v1_tree(s.before_tree, 200, 100, 99);
  v1_tree(s.after_tree, 200, 103, 102);
  s.take({100, 200});
  auto g = diagnose(s.after_tree, s.before, s.after, {}, 100);
  ASSERT_FALSE(g.empty());
  EXPECT_EQ(g[0].id, "watch.rank.not-in-collective");  // it sleeps: its own time.sleep, not the quota

  // a rank waiting in a collective with no thread in state R, its cgroup throttled (a sibling's use)
  World c;
  Proc r1c{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  two_ranks(c, r0, r0, r1c, r1c);
  v1_tree(c.before_tree, 200, 100, 99);
  v1_tree(c.after_tree, 200, 103, 102);
  c.take({100, 200});
  for (const auto& h : diagnose(c.after_tree, c.before, c.after, {}, 100))
    EXPECT_NE(h.id, "watch.rank.cpu-throttled") << h.title;
}

// One step short: a quota of a quarter core or more, which siblings in the cgroup may use up, is no
// evidence about the rank, even throttled.
TEST(CpuThrottledShort, AQuotaOfAQuarterCoreOrMoreIsNoThrottledRank) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'R', k_running, "0"}}};
  two_ranks(w, r0, r0, r1, r1);
  for (auto* t : {&w.before_tree, &w.after_tree}) {
    v1_tree(*t, 200, t == &w.before_tree ? 100 : 103, t == &w.before_tree ? 99 : 102);
    t->file("/sys/fs/cgroup/cpu/job7/cpu.cfs_quota_us", "250000\n");
  }
  w.take({100, 200});
  for (const auto& g : diagnose(w.after_tree, w.before, w.after, {}, 100))
    EXPECT_NE(g.id, "watch.rank.cpu-throttled") << g.title;
}

// clusters-2026-12-07j w1: rank 1's thread sleeps in state D in mem_cgroup_oom_synchronize in both
// snapshots (a v1 memory cgroup at its limit, OOM killer off): it waits for memory, named with the
// command that lifts the limit; never "reading input". One step short: D in one snapshot only, or in
// an I/O wait: no memory claim.
TEST(MemoryWait, ARankInAMemoryCgroupsOomWaitIsNamedWithItsLimit) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'D', k_running, "mem_cgroup_oom_synchronize"}}};
  two_ranks(w, r0, r0, r1, r1);
  for (auto* t : {&w.before_tree, &w.after_tree}) {
    t->file("/proc/self/mountinfo", k_mountinfo_v1);
    t->file("/proc/200/cgroup", "4:memory:/job7\n1:cpu:/\n");
  }
  w.take({100, 200});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.rank.memory-wait");
  EXPECT_EQ(f[0].label, core::Label::resource_limits);
  EXPECT_NE(f[0].title.find("rank 1 (pid 200) waits for memory in the kernel, not for a peer and not in a collective"),
            std::string::npos)
      << f[0].title;
  EXPECT_NE(f[0].title.find("; rank 0 (pid 100) waits for it"), std::string::npos) << f[0].title;
  EXPECT_NE(f[0].fix.text.find("`echo -1 > '/sys/fs/cgroup/memory/job7/memory.limit_in_bytes'`"), std::string::npos)
      << f[0].fix.text;
  for (const auto& g : f) EXPECT_NE(g.id, "watch.input.slow") << g.title;

  World once;
  Proc r1s{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  two_ranks(once, r0, r0, r1s, r1);
  for (const auto& g : diagnose(once.after_tree, once.before, once.after, {}, 100))
    EXPECT_NE(g.id, "watch.rank.memory-wait") << g.title;
  World io;
  Proc r1io{200, 1, 1, 50, 1000, {21}, {{200, 'D', k_running, "nfs_wait_on_request"}}};
  two_ranks(io, r0, r0, r1io, r1io);
  for (const auto& g : diagnose(io.after_tree, io.before, io.after, {}, 100))
    EXPECT_NE(g.id, "watch.rank.memory-wait") << g.title;
}

// clusters-2026-12-07k w1: rank 1 in a v1 freezer cgroup set FROZEN; its thread sleeps in state D
// with wchan hrtimer_nanosleep (an ordinary one). Named as frozen with the thaw command, never
// "reading input". One step short: frozen in one snapshot only, or the cgroup THAWED: no claim.
TEST(Frozen, ARankInAFrozenFreezerCgroupIsNamedWithTheThawCommand) {
  auto world = [](const std::string& before_state, const std::string& after_state) {
    World w;
    Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
    Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'D', k_sleep, "hrtimer_nanosleep"}}};
    r1.state = 'D';
    two_ranks(w, r0, r0, r1, r1);
    for (auto* t : {&w.before_tree, &w.after_tree}) {
      t->file("/proc/self/mountinfo",
              k_mountinfo_v1 + "33 30 0:29 / /sys/fs/cgroup/freezer rw,relatime - cgroup cgroup rw,freezer\n");
      t->file("/proc/200/cgroup", "5:freezer:/slot1\n4:memory:/\n1:cpu:/\n");
      t->file("/sys/fs/cgroup/freezer/slot1/freezer.state", (t == &w.before_tree ? before_state : after_state) + "\n");
    }
    w.take({100, 200});
    return w;
  };
  auto w = world("FROZEN", "FROZEN");
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].id, "watch.rank.frozen");
  EXPECT_EQ(f[0].title,
            "rank 1 (pid 200) is frozen by a cgroup freezer, not waiting for a peer and not in a collective: its "
            "cgroup is frozen in both snapshots and its threads cannot run until it is thawed; rank 0 (pid 100) "
            "waits for it");
  EXPECT_NE(f[0].fix.text.find("`echo THAWED > '/sys/fs/cgroup/freezer/slot1/freezer.state'`"), std::string::npos)
      << f[0].fix.text;
  for (const auto& g : f) EXPECT_NE(g.id, "watch.input.slow") << g.title;
  for (auto [b, a] : {std::pair<std::string, std::string>{"THAWED", "FROZEN"}, {"THAWED", "THAWED"}}) {
    auto s = world(b, a);
    for (const auto& g : diagnose(s.after_tree, s.before, s.after, {}, 100))
      EXPECT_NE(g.id, "watch.rank.frozen") << b << " " << a << ": " << g.title;
  }
}

}  // namespace
}  // namespace dd::watch
