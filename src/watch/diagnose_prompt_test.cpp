// A rank at a prompt, ranks that all compute, a rank whose thread died (diagnose.hpp): cases from the held-out
// evaluation tests/data/stranger/clusters-2026-12-06h (w1: rank 1 at a `(Pdb) ` prompt reading its stdin FIFO was
// called "busy reading input ... the input pipeline is the bottleneck"; w4: every rank computes 45 s and "no known
// cause was found" contradicted that evidence; w2: rank 1's prefetch thread died and "every rank waits for its peers"
// was said).
#include <sys/syscall.h>

#include <gtest/gtest.h>

#include "core/strings.hpp"
#include "watch/diagnose.hpp"
#include "watch/diagnose_fixture.hpp"
#include "watch/output_tracker.hpp"

namespace dd::watch {
namespace {

using namespace fixture;

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

std::string read_of(int fd) { return fmt::format("{} {:#x} 0x7ffd 0x400 0x0 0x0 0x0 0x7ffd 0x7f", SYS_read, fd); }

// w1: rank 0 waits in its all_reduce (futex); rank 1's main thread reads fd 0, a FIFO, at CPU ~0.
// `fd`: the fd rank 1's main thread reads; `stdin_target`: what its fd 0 is.
World at_prompt(int fd, const std::string& stdin_target, std::uint64_t cpu_gain = 0, std::uint64_t read_gain = 0) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1a{200, 1, 1, 50, 1000, {21}, {{200, 'S', read_of(fd), "pipe_read"}}};
  Proc r1b = r1a;
  r1b.cpu += cpu_gain;
  r1b.rchar += read_gain;
  for (auto* t : {&w.before_tree, &w.after_tree}) t->link("/proc/200/fd/0", stdin_target);
  two_ranks(w, r0, r0, r1a, r1b);
  return w;
}

TEST(StdinWait, ARankReadingItsStdinAtAPdbPromptIsNamedWithTheAnswerNotThePipeline) {
  auto w = at_prompt(0, "/run/c9/stdin.1");
  auto states = rank_states(w.after_tree, w.before, w.after, 100);
  ASSERT_EQ(states.size(), 2u);
  EXPECT_EQ(states[1].activity, Activity::stdin_wait);
  EXPECT_EQ(states[1].main_read, "fd 0 (/run/c9/stdin.1)");
  // two ranks in the tree: whose output ends in the prompt is not known, so none is quoted
  EXPECT_EQ(rank_states(w.after_tree, w.before, w.after, 100, 1, "", "(Pdb) ")[1].prompt, "");
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.stdin-wait");
  EXPECT_EQ(f[0].severity, core::Severity::error);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_TRUE(has(f[0].title, "rank 1 (pid 200) waits on its standard input, fd 0 (/run/c9/stdin.1)")) << f[0].title;
  EXPECT_TRUE(has(f[0].title, "rank 0 (pid 100) waits for it")) << f[0].title;
  EXPECT_FALSE(has(f[0].title, "input pipeline")) << f[0].title;
  EXPECT_TRUE(has(f[0].fix.text, "type `c`")) << f[0].fix.text;
  EXPECT_TRUE(has(f[0].fix.text, "`export PYTHONBREAKPOINT=0`")) << f[0].fix.text;
  EXPECT_FALSE(has(f[0].fix.text, "num_workers")) << f[0].fix.text;
  EXPECT_TRUE(
      has(core::join(f[0].evidence, "\n"), "rank 1 (pid 200): waiting on its standard input, main thread in read"))
      << core::join(f[0].evidence, "\n");
}

// A tree of one rank (a node of `watch --rendezvous`), rank 1, its main thread reading fd 0, a pipe.
World one_rank_on_a_pipe() {
  World w;
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', read_of(0), "pipe_read"}}};
  for (auto* t : {&w.before_tree, &w.after_tree}) {
    add(*t, r1);
    t->link("/proc/200/fd/0", "pipe:[4711]");
  }
  for (auto* s : {&w.before_socks, &w.after_socks})
    s->table = {sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
  w.take({200});
  return w;
}

// The tree's one rank (a node of `watch --rendezvous`): its output's last text, with no line end
// after it, is its prompt and is quoted.
TEST(StdinWait, TheOneRanksPromptIsQuotedFromItsOutput) {
  World w = one_rank_on_a_pipe();
  OutputTracker out;
  out.feed("rank 1 step 3 loss 1.0\n> train.py(107)<module>()\n-> breakpoint()\n(Pdb) ");
  EXPECT_EQ(out.prompt(), "(Pdb) ");
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, nullptr, nullptr, out.uncaught_exception(), out.prompt());
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.stdin-wait");
  EXPECT_TRUE(has(f[0].title,
                  "fd 0 (pipe:[4711]), CPU 0 % of a core, no data read, after its output printed `(Pdb) ` (no line end "
                  "after it): a "
                  "debugger's prompt (a breakpoint() or pdb.set_trace() stopped it there)"))
      << f[0].title;
  EXPECT_TRUE(has(f[0].fix.text, "type `c` (continue) at the `(Pdb) ` prompt")) << f[0].fix.text;
}

TEST(StdinWait, OutputEndingInALineEndHasNoPrompt) {
  OutputTracker out;
  out.feed("rank 1 step 3\n");
  EXPECT_EQ(out.prompt(), "");
  out.feed("Continue? [y/N] ");
  EXPECT_EQ(out.prompt(), "Continue? [y/N] ");
}

// One step short: the main thread reads a data file (fd 7), or reads fd 0 while burning CPU or
// while reading a kB or more from files: no prompt claim.
TEST(StdinWaitShort, ReadingAnotherFdOrComputingOrReadingDataIsNoStdinWait) {
  auto other_fd = at_prompt(7, "/run/c9/stdin.1");
  other_fd.after_tree.link("/proc/200/fd/7", "/data/train.bin");
  EXPECT_NE(rank_states(other_fd.after_tree, other_fd.before, other_fd.after, 100)[1].activity, Activity::stdin_wait);
  auto busy = at_prompt(0, "/run/c9/stdin.1", 150);  // 50 % of a core over the 3 s window
  EXPECT_NE(rank_states(busy.after_tree, busy.before, busy.after, 100)[1].activity, Activity::stdin_wait);
  auto data = at_prompt(0, "/run/c9/stdin.1", 0, 1 << 20);  // stdin carries data: an input pipeline
  EXPECT_NE(rank_states(data.after_tree, data.before, data.after, 100)[1].activity, Activity::stdin_wait);
  for (auto* w : {&other_fd, &busy, &data}) {
    for (const auto& g : diagnose(w->after_tree, w->before, w->after, {}, 100))
      EXPECT_NE(g.id, "watch.rank.stdin-wait");
  }
}

// w4: every rank's main thread runs user code with CPU: an observation at INFO, never a warning
// that no cause was found.
TEST(AllComputing, EveryRankComputingAndNoneWaitingIsAnInfoSayingSo) {
  World w;
  Proc r0a{100, 1, 0, 50, 1000, {11}, {{100, 'R', "running", "0"}}},
      r1a{200, 1, 1, 50, 1000, {21}, {{200, 'R', "running", "0"}}};
  Proc r0b = r0a, r1b = r1a;
  r0b.cpu += 200;
  r1b.cpu += 200;
  two_ranks(w, r0a, r0b, r1a, r1b);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.stall.all-computing");
  EXPECT_EQ(f[0].severity, core::Severity::info);
  EXPECT_TRUE(
      has(f[0].title, "every rank here computes (rank 0 (pid 100), rank 1 (pid 200): main thread running its own code"))
      << f[0].title;
  EXPECT_FALSE(has(f[0].title, "no known cause")) << f[0].title;
}

// At load 20 on 2 CPUs a rank computing got 2 % of a core (below its share: "outside the collectives"
// to the one-rank rules): its main thread runs its own code and its CPU time grows, so it computes.
TEST(AllComputing, UnderLoadAMainThreadRunningWithCpuBelowItsShareCountsAsComputing) {
  World w;
  Proc r0a{100, 1, 0, 50, 1000, {11}, {{100, 'R', "running", "0"}}},
      r1a{200, 1, 1, 50, 1000, {21}, {{200, 'R', "running", "0"}}};
  Proc r0b = r0a, r1b = r1a;
  r0b.cpu += 6;  // 2 % of a core over the 3 s window
  r1b.cpu += 6;
  w.after_tree.file("/proc/loadavg", "20.60 18.50 15.00 23/812 4711\n");
  w.after_tree.file("/proc/stat", "cpu  1 0 1 1 0 0 0 0 0 0\ncpu0 1 0 1 1 0 0 0 0 0 0\ncpu1 1 0 1 1 0 0 0 0 0 0\n");
  two_ranks(w, r0a, r0b, r1a, r1b);
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.stall.all-computing");
  // one step short: no CPU time at all is no computing
  World idle;
  two_ranks(idle, r0a, r0a, r1a, r1a);
  for (const auto& g : diagnose(idle.after_tree, idle.before, idle.after, {}, 100))
    EXPECT_NE(g.id, "watch.stall.all-computing");
}

// One step short: one rank computes while the other waits: not "every rank computes".
TEST(AllComputingShort, OneRankWaitingIsNotAllComputing) {
  World w;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1a{200, 1, 1, 50, 1000, {21}, {{200, 'R', "running", "0"}}};
  Proc r1b = r1a;
  r1b.cpu += 200;
  two_ranks(w, r0, r0, r1a, r1b);
  for (const auto& g : diagnose(w.after_tree, w.before, w.after, {}, 100)) EXPECT_NE(g.id, "watch.stall.all-computing");
}

// w2: rank 1's prefetch thread died on FileNotFoundError; its output holds the thread's traceback.
TEST(ThreadDeath, AThreadTracebackIsParsedWithItsNameAndLastLineAndStaysAfterMoreOutput) {
  OutputTracker out;
  out.feed(
      "rank 1 step 3 loss 1.0\nException in thread prefetch:\nTraceback (most recent call last):\n"
      "  File \"/usr/lib/python3.11/threading.py\", line 1038, in _bootstrap_inner\n    self.run()\n"
      "FileNotFoundError: [Errno 2] No such file or directory: '/tmp/c9/shards/shard4'\n"
      "[W socket.cpp:601] a warning after it\n");
  EXPECT_EQ(out.thread_death().name, "prefetch");
  EXPECT_EQ(out.thread_death().exception,
            "FileNotFoundError: [Errno 2] No such file or directory: '/tmp/c9/shards/shard4'");
  EXPECT_EQ(out.uncaught_exception(), "");  // a thread's, not the main thread's
  OutputTracker main_only;
  main_only.feed("Traceback (most recent call last):\n  File \"x.py\", line 1\nRuntimeError: boom\n");
  EXPECT_TRUE(main_only.thread_death().empty());
  EXPECT_EQ(main_only.uncaught_exception(), "RuntimeError: boom");
}

World one_waiting_rank() {
  World w;
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  for (auto* t : {&w.before_tree, &w.after_tree}) add(*t, r1);
  for (auto* s : {&w.before_socks, &w.after_socks})
    s->table = {sock(21, "198.18.1.2", 50000, "198.18.1.1", 40000, TcpState::established)};
  w.take({200});
  return w;
}

TEST(ThreadDeath, TheOneRankWaitingAfterItsThreadDiedNamesTheThreadTheExceptionAndTheMissingFile) {
  auto w = one_waiting_rank();
  ThreadDeath d{"prefetch", "FileNotFoundError: [Errno 2] No such file or directory: '/tmp/c9/shards/shard4'"};
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, nullptr, nullptr, "", "", d);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.thread-died");
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
  EXPECT_TRUE(has(f[0].title, "rank 1 (pid 200)'s thread `prefetch` died")) << f[0].title;
  EXPECT_TRUE(has(f[0].title, "`FileNotFoundError: [Errno 2] No such file or directory: '/tmp/c9/shards/shard4'`"))
      << f[0].title;
  EXPECT_TRUE(has(f[0].title, "its main thread lives on and waits (futex")) << f[0].title;
  EXPECT_FALSE(has(f[0].title, "every rank waits")) << f[0].title;
  EXPECT_TRUE(has(f[0].fix.text, "/tmp/c9/shards/shard4, is missing on this node")) << f[0].fix.text;
  EXPECT_TRUE(has(f[0].fix.text, "`kill 200`")) << f[0].fix.text;
}

// One step short: no thread died, or two ranks in the tree (whose output it is, is not known).
TEST(ThreadDeathShort, NoThreadTracebackOrTwoRanksIsNoThreadDeath) {
  auto w = one_waiting_rank();
  for (const auto& g : diagnose(w.after_tree, w.before, w.after, {}, 100)) EXPECT_NE(g.id, "watch.rank.thread-died");
  World two;
  Proc r0{100, 1, 0, 50, 1000, {11}, {{100, 'S', k_futex, "futex_wait_queue"}}};
  Proc r1{200, 1, 1, 50, 1000, {21}, {{200, 'S', k_futex, "futex_wait_queue"}}};
  two_ranks(two, r0, r0, r1, r1);
  ThreadDeath d{"prefetch", "FileNotFoundError: x"};
  for (const auto& g : diagnose(two.after_tree, two.before, two.after, {}, 100, nullptr, nullptr, "", "", d))
    EXPECT_NE(g.id, "watch.rank.thread-died");
}

// No prompt seen and fd 0 a pipe: a prompt and a writer that stopped writing are both candidates
// (a rank fed by `producer | python train.py` looks the same from /proc); the finding names both,
// the CPU measured, and the command that finds the pipe's holders.
TEST(StdinWait, APipeWithNoPromptSeenNamesBothCandidatesAndHowToFindTheWriter) {
  auto w = at_prompt(0, "pipe:[4711]");
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "watch.rank.stdin-wait");
  EXPECT_TRUE(has(f[0].title, "CPU 0 % of a core, no data read")) << f[0].title;
  EXPECT_TRUE(has(f[0].title, "or the program that writes into that pipe has stopped writing")) << f[0].title;
  EXPECT_FALSE(has(f[0].title, "near 0")) << f[0].title;
  EXPECT_TRUE(has(f[0].fix.text, R"(`find /proc/[0-9]*/fd -lname 'pipe:\[4711\]' 2>/dev/null`)")) << f[0].fix.text;
  // the writer comes first: an answer cannot be typed into a pipe
  EXPECT_EQ(f[0].fix.text.find("If the rank's output does not end in a prompt, the program that writes into that pipe "
                               "is stuck"),
            0u)
      << f[0].fix.text;
  EXPECT_FALSE(has(f[0].fix.text, "input pipeline is not involved")) << f[0].fix.text;
}

// A terminal cannot be a stalled writer: only the prompt is named.
TEST(StdinWait, ATerminalWithNoPromptSeenNamesOnlyThePrompt) {
  auto w = at_prompt(0, "/dev/pts/3");
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(has(f[0].title, "a prompt waits for an answer on its terminal")) << f[0].title;
  EXPECT_FALSE(has(f[0].title, "stopped writing")) << f[0].title;
  EXPECT_FALSE(has(f[0].fix.text, "find /proc")) << f[0].fix.text;
}

// What fd 0 is decides the other candidate (review54): a socket's peer (no holders command), and
// where fd 0 could not be read ("?"), no writer and no empty command.
TEST(StdinWait, ASocketOrAnUnreadableFdZeroNamesNoPipe) {
  auto sock_in = at_prompt(0, "socket:[991]");
  auto f = diagnose(sock_in.after_tree, sock_in.before, sock_in.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(has(f[0].title, "or the peer at the other end of that socket has stopped writing")) << f[0].title;
  EXPECT_FALSE(has(f[0].fix.text, "find /proc")) << f[0].fix.text;
  EXPECT_FALSE(has(f[0].fix.text, "``")) << f[0].fix.text;
  auto unknown = at_prompt(0, "?");
  f = diagnose(unknown.after_tree, unknown.before, unknown.after, {}, 100);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(has(f[0].title, "what its fd 0 is could not be read")) << f[0].title;
  EXPECT_FALSE(has(f[0].title, "pipe")) << f[0].title;
  EXPECT_FALSE(has(f[0].fix.text, "``")) << f[0].fix.text;
  EXPECT_FALSE(has(f[0].fix.text, "is stuck")) << f[0].fix.text;
}

// A prompt with control characters (an ANSI colour, a bell) is quoted escaped, never raw.
TEST(StdinWait, APromptsControlCharactersAreEscaped) {
  World w = one_rank_on_a_pipe();
  auto f = diagnose(w.after_tree, w.before, w.after, {}, 100, nullptr, nullptr, "", "\x1b[1m(Pdb)\x1b[0m \a");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].title.find('\x1b'), std::string::npos) << f[0].title;
  EXPECT_EQ(f[0].fix.text.find('\x1b'), std::string::npos) << f[0].fix.text;
  EXPECT_EQ(f[0].title.find('\a'), std::string::npos) << f[0].title;
}

}  // namespace
}  // namespace dd::watch
