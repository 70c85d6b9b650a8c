// What a rank does while the others wait (diagnose.hpp): sleeping and computing ranks are named as
// such, never as a collective-order bug; CPU shares are read against the machine's load; a rank
// whose store has closed is waiting, not starting up. Cases from the held-out evaluation
// tests/data/stranger/clusters-2026-12-05 (w2, w3, w5b).
#include <sys/syscall.h>

#include <gtest/gtest.h>

#include "core/strings.hpp"
#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"
#include "watch/diagnose_peers.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

const std::string k_running = "running";

// The machine the evaluation ran on: 2 CPUs at load 20.
void loaded(os::fake::MemoryFileTree& t) {
  t.file("/proc/loadavg", "20.00 18.50 15.00 23/812 4711\n");
  t.file("/proc/stat",
         "cpu  100 0 100 1000 0 0 0 0 0 0\ncpu0 50 0 50 500 0 0 0 0 0 0\n"
         "cpu1 50 0 50 500 0 0 0 0 0 0\nintr 0\n");
}

bool says(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// w2: rank 1 sleeps (time.sleep, main thread in clock_nanosleep) while rank 0 waits.
TEST(DiagnoseActivity, SleepingRankIsNamedAsSleepingNotAsACollectiveOrderBug) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_sleep, "hrtimer_nanosleep"}}};
  two_ranks(w, r0, r0, r1, r1);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.not-in-collective");
  EXPECT_EQ(f[0].label, core::Label::other);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].title,
            "rank 0 (pid 100) waits for its peer while rank 1 (pid 200) is sleeping (main thread in clock_nanosleep), "
            "not in a collective");
  EXPECT_FALSE(says(f[0].fix.text, "Every rank must call the same collectives in the same order")) << f[0].fix.text;
  EXPECT_TRUE(says(f[0].fix.text, "`py-spy dump --pid 200`")) << f[0].fix.text;
  EXPECT_TRUE(says(core::join(f[0].evidence, "\n"), "rank 1 (pid 200): sleeping, main thread in clock_nanosleep"));
}

// w3: rank 1 spins in a Python loop (state R, main thread running) and gets 20 % of a core on a
// machine at load 20: it computes; "outside the collectives" would be untrue.
TEST(DiagnoseActivity, BusyLoopUnderLoadIsComputingAndTheLoadIsInTheEvidence) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1a{200, 1, 1, 50, 1000, {21}, {{200, 'R', k_running, "0"}}};
  r1a.state = 'R';
  Proc r1b = r1a;
  r1b.cpu += 60;  // 20 % of a core over the 3 s window
  loaded(w.after_tree);
  two_ranks(w, r0, r0, r1a, r1b);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.not-in-collective");
  EXPECT_NE(f[0].title.find("rank 1 (pid 200) is computing (main thread in running), not in a collective"),
            std::string::npos)
      << f[0].title;
  std::string ev = core::join(f[0].evidence, "\n");
  EXPECT_FALSE(says(ev, "outside the collectives")) << ev;
  EXPECT_TRUE(says(ev, "load average 20.0 on 2 CPUs: a runnable thread gets about 10% of a core")) << ev;
}

// One step short: the same 20 % on an idle machine is below half of the core a runnable thread
// would get there; and a rank whose main thread waits in futex is waiting at 20 % under load too
// (its helper threads spin while it waits: w5b's rank 1 burned 16-25 % in init).
TEST(DiagnoseActivity, OneStepShortTwentyPercentOnAnIdleMachineOrInFutexIsNotComputing) {
  Proc r1a{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1b = r1a;
  r1b.cpu += 60;
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  loaded(w.after_tree);
  two_ranks(w, r0, r0, r1a, r1b);
  auto states = rank_states(w.after_tree, w.before, w.after, 100, machine_load(w.after_tree).share());
  ASSERT_EQ(states.size(), 2u);
  EXPECT_EQ(states[1].activity, Activity::in_collective);

  World idle;
  Proc spin_a{200, 1, 1, 50, 1000, {21}, {{200, 'R', k_running, "0"}}};
  Proc spin_b = spin_a;
  spin_b.cpu += 60;
  two_ranks(idle, r0, r0, spin_a, spin_b);
  auto idle_states = rank_states(idle.after_tree, idle.before, idle.after, 100, machine_load(idle.after_tree).share());
  EXPECT_EQ(idle_states[1].activity, Activity::elsewhere);
}

TEST(DiagnoseActivity, MachineLoadReadsLoadAverageAndCpus) {
  os::fake::MemoryFileTree t;
  EXPECT_EQ(machine_load(t).share(), 1);  // unreadable: no correction
  EXPECT_EQ(machine_load(t).note(), "");
  loaded(t);
  auto m = machine_load(t);
  EXPECT_EQ(m.cpus, 2);
  EXPECT_DOUBLE_EQ(m.load1, 20);
  EXPECT_DOUBLE_EQ(m.share(), 0.1);
  t.file("/proc/loadavg", "1.50 1.00 1.00 2/300 9\n");
  EXPECT_EQ(machine_load(t).share(), 1);  // load below the CPUs: a runnable thread gets a whole core
}

// w5b: rank 0 (the store's host) exited; rank 1 hangs in init with its store connections in
// CLOSE_WAIT and its Gloo listener on an interface nobody reaches.
World store_gone(bool other_open) {
  World w;
  Proc r1{200, 1, 1, 50, 1000, {40, 41, 42, 43}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  r1.env = {"WORLD_SIZE=2", "MASTER_ADDR=c2node0", "MASTER_PORT=29500"};
  add(w.before_tree, r1);
  add(w.after_tree, r1);
  auto a = sock(40, "198.18.1.2", 44558, "198.18.1.1", 29500, TcpState::close_wait);
  auto b = sock(41, "198.18.1.2", 44560, "198.18.1.1", 29500, TcpState::close_wait);
  auto listener = sock(42, "198.18.2.2", 34391, "0.0.0.0", 0, TcpState::listen);  // on eth1
  auto open = sock(43, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established);
  for (auto* t : {&w.before_socks, &w.after_socks}) {
    t->table = {a, b, listener};
    if (other_open) t->table.push_back(open);
  }
  w.take({200});
  return w;
}

TEST(DiagnoseActivity, StoreThatClosedItsConnectionsIsNamedAndIsNoStartUp) {
  auto w = store_gone(false);
  EXPECT_TRUE(w.after.store_closed_for(200));  // the stall detector does not take its CPU for start-up
  auto f = store_closed(w.after);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.store.closed");
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_TRUE(says(f[0].title,
                   "the torch store at 198.18.1.1:29500 (MASTER_ADDR=c2node0) closed its connections "
                   "to rank 1 (pid 200)"))
      << f[0].title;
  EXPECT_EQ(f[0].evidence.size(), 2u);
  // The whole diagnosis: the listener nobody reaches (it talked to the store over eth0) comes first.
  auto all = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].id, "watch.listen.unreached");
  EXPECT_EQ(all[0].fix.env.at("GLOO_SOCKET_IFNAME"), "eth0");
  EXPECT_EQ(all[1].id, "watch.store.closed");
}

// One step short: the rank holds an open connection besides the store's (the job formed and runs
// on): the store closing is no evidence that it waits for a job that ended.
TEST(DiagnoseActivity, OneStepShortAnOpenPeerConnectionBesidesTheClosedStoreClaimsNoClosedStore) {
  auto w = store_gone(true);
  EXPECT_TRUE(store_closed(w.after).empty());
  auto plain = store_gone(false);
  plain.after.processes[0].master_port.reset();  // no MASTER_PORT: no store to speak of
  EXPECT_FALSE(plain.after.store_closed_for(200));
  EXPECT_TRUE(store_closed(plain.after).empty());
}

// The readers told apart, in one place for a node's verdict and the merged one.
TEST(DiagnoseActivity, ReadersAllBlockedNameWhatTheyBlockOnEachOnceAndOfferNoWorkers) {
  auto b = blocked_readers({"/tmp/a.fifo", "/tmp/a.fifo", "/mnt/data"});
  EXPECT_TRUE(b.all);
  EXPECT_EQ(b.sources, (std::vector<std::string>{"/tmp/a.fifo", "/mnt/data"}));
  EXPECT_NE(b.fix().find("Find why /tmp/a.fifo, /mnt/data delivers nothing"), std::string::npos) << b.fix();
  EXPECT_EQ(b.fix().find("num_workers"), std::string::npos) << b.fix();
}

TEST(DiagnoseActivity, OneStepShortAReaderThatIsNotBlockedKeepsThePipelineAdvice) {
  auto b = blocked_readers({"/tmp/a.fifo", ""});  // the second reader reads, or burns CPU
  EXPECT_FALSE(b.all);
  EXPECT_EQ(b.sources, std::vector<std::string>{"/tmp/a.fifo"});
  EXPECT_NE(b.fix().find("more DataLoader workers (num_workers)"), std::string::npos) << b.fix();
  EXPECT_FALSE(blocked_readers({}).all);  // no reader: nothing blocks
}

// w1 of clusters-2026-12-05d: rank 1's main thread raised; a thread that is not a daemon keeps the
// process alive, its main thread in futex and its connection to rank 0 open and quiet.
World one_quiet_rank(const std::vector<Thread>& threads) {
  World w;
  Proc r1{200, 1, 1, 50, 1000, {21}, threads};
  add(w.before_tree, r1);
  add(w.after_tree, r1);
  for (auto* s : {&w.before_socks, &w.after_socks})
    s->table = {sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
  w.take({200});
  return w;
}

TEST(RankState, OutputEndingInAnExceptionWithTheProcessAliveIsTheFailureNotAWaitOnAPeer) {
  auto w = one_quiet_rank({{200, 'S', k_futex, "futex_do_wait"}, {201, 'S', k_sleep, "hrtimer_nanosleep"}});
  const std::string exc = "RuntimeError: rank 1: corrupt sample in batch 4";
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, nullptr, nullptr, exc);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.raised");
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_EQ(f[0].title, "rank 1 (pid 200)'s output ends in a Python traceback, `" + exc +
                            "`, and its process lives on (2 threads): if its main thread raised it, rank 1 will never "
                            "join its peers' collectives");
  std::string ev = core::join(f[0].evidence, "\n");
  EXPECT_TRUE(says(ev, "/proc/200/task: 2 threads: 200 python3 in futex, 201 python3 in clock_nanosleep")) << ev;
  EXPECT_FALSE(says(ev, "step line")) << ev;
  EXPECT_TRUE(says(f[0].fix.text, "daemon=True")) << f[0].fix.text;
  EXPECT_TRUE(says(f[0].fix.text, "os._exit(1)")) << f[0].fix.text;
}

// One step short: no exception in the output, or two ranks in the tree (whose output it is, is not
// known): the rank is not said to have raised.
TEST(RankStateShort, NoExceptionOrTwoRanksInTheTreeIsNoRaisedRank) {
  auto w = one_quiet_rank({{200, 'S', k_futex, "futex_do_wait"}});
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  for (const auto& g : f) EXPECT_NE(g.id, "watch.rank.raised");
  World two;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  two_ranks(two, r0, r0, r1, r1);
  auto states = rank_states(two.after_tree, two.before, two.after, 100, 1, "RuntimeError: boom");
  ASSERT_EQ(states.size(), 2u);
  for (const auto& r : states) EXPECT_EQ(r.activity, Activity::in_collective);
}

// w2 of clusters-2026-12-05d: rank 1's main thread is in wait4 for its child `sh -c 'sleep 3600'`
// (subprocess.run), which runs `sleep 3600`; both children inherited RANK=1.
World rank_with_child(bool child_before, std::uint64_t child_ticks = 0) {
  World w;
  std::string wait4 = fmt::format("{} 0xc9 0x7ffd 0x0 0x0 0x0 0x0 0x7ffd 0x7f", SYS_wait4);
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', wait4, "do_wait"}}};
  Proc sh{201, 200, 1, 0, 0, {}, {{201, 'S', wait4, "do_wait"}}};
  Proc sleep{202, 201, 1, 0, 0, {}, {{202, 'S', k_sleep, "hrtimer_nanosleep"}}};
  add(w.before_tree, r0);
  add(w.before_tree, r1);
  Proc sh_after = sh;
  sh_after.cpu += child_ticks;  // CPU the child used in the 3 s window
  for (const auto& p : {r0, r1, sh_after, sleep}) add(w.after_tree, p);
  if (child_before) {
    add(w.before_tree, sh);
    add(w.before_tree, sleep);
  }
  w.after_tree.file("/proc/201/cmdline", std::string("sh\0-c\0sleep 3600\0", 18));
  w.after_tree.file("/proc/202/cmdline", std::string("sleep\0003600\0", 11));
  for (auto* s : {&w.before_socks, &w.after_socks}) {
    s->table = {sock(11, "198.18.1.1", 40000, "198.18.1.2", 50000, TcpState::established),
                sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
  }
  w.take({100, 200, 201, 202});
  return w;
}

TEST(RankState, ARankInWait4ForItsOwnChildWaitsForThatChildNotInACollective) {
  auto w = rank_with_child(true);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.waits-on-child");
  EXPECT_EQ(f[0].label, core::Label::other);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_TRUE(says(f[0].title,
                   "rank 1 (pid 200) waits for its own child process pid 201 (`sh -c 'sleep 3600'`, state S), which "
                   "runs pid 202 (`sleep 3600`, state S), not for a peer and not in a collective; rank 0 (pid 100) "
                   "waits for it"))
      << f[0].title;
  EXPECT_TRUE(says(f[0].fix.text, "`kill 201`")) << f[0].fix.text;
  EXPECT_TRUE(says(f[0].fix.text, "timeout=")) << f[0].fix.text;
  auto states = rank_states(w.after_tree, w.before, w.after, 100);
  ASSERT_EQ(states.size(), 2u);  // the children that inherited RANK=1 are no ranks
  EXPECT_EQ(states[1].activity, Activity::waiting_child);
  EXPECT_EQ(states[1].child, 201);
}

// clusters-2026-12-07m w4 (clean): the child works at full CPU (a compressor, 40 s): a long step, not a
// hang: a warning that says so and no `kill` (pasted, it crashed the job); one step short: 40 % of a
// core: the error and the kill stay.
TEST(RankState, AChildThatWorksIsALongStepNotAHang) {
  auto w = rank_with_child(true, 290);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.waits-on-child");
  EXPECT_EQ(f[0].severity, core::Severity::warning);
  EXPECT_TRUE(says(f[0].title, "which is busy (CPU 97% of a core in 3 s): most likely a long step of the job's own"))
      << f[0].title;
  EXPECT_FALSE(says(f[0].fix.text, "`kill")) << f[0].fix.text;  // no command to paste: it ended that work
  EXPECT_TRUE(says(f[0].fix.text, "raise --stall")) << f[0].fix.text;
  auto idle = rank_with_child(true, 120);
  auto g = diagnose(idle.after_tree, idle.before, idle.after, {}, 100);
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].severity, core::Severity::error);
  EXPECT_TRUE(says(g[0].fix.text, "`kill 201`")) << g[0].fix.text;
}

// One step short: the child appeared only in the second snapshot (a short command may just have
// started): no claim that the rank waits for it.
TEST(RankStateShort, AChildSeenInOneSnapshotOnlyIsNotWaitedFor) {
  auto w = rank_with_child(false);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  for (const auto& g : f) EXPECT_NE(g.id, "watch.rank.waits-on-child");
}

}  // namespace
}  // namespace dd::watch
