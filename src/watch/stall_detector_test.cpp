#include "watch/stall_detector.hpp"

#include <gtest/gtest.h>

#include "watch/output_tracker.hpp"

namespace dd::watch {
namespace {

TEST(StallDetector, WarnsThenStallsWithoutProgressAndRearms) {
  StallDetector d(10, 5);
  EXPECT_EQ(d.update({0, 0, 0, 0}), StallEvent::none);
  EXPECT_EQ(d.update({4, 0, 0, 0}), StallEvent::none);
  EXPECT_EQ(d.update({5, 0, 0, 0}), StallEvent::warning);
  EXPECT_EQ(d.update({9, 0, 0, 0}), StallEvent::none);
  EXPECT_EQ(d.update({10, 0, 0, 0}), StallEvent::stall);
  EXPECT_EQ(d.update({20, 0, 0, 0}), StallEvent::none);  // reported once
  EXPECT_EQ(d.update({21, 10, 0, 0}), StallEvent::resumed);
  EXPECT_EQ(d.update({26, 10, 0, 0}), StallEvent::warning);  // re-armed: warning, then stall again
  EXPECT_EQ(d.update({31, 10, 0, 0}), StallEvent::stall);
}

TEST(StallDetector, OutputCountsUntilStepLinesAppear) {
  StallDetector d(10, 5);
  d.update({0, 0, 0, 0});
  EXPECT_EQ(d.update({8, 100, 0, 0}), StallEvent::none);   // plain output is progress
  EXPECT_EQ(d.update({12, 200, 1, 0}), StallEvent::none);  // a step line
  // after that, a chatty watchdog is not progress
  EXPECT_EQ(d.update({18, 300, 1, 0}), StallEvent::warning);
  EXPECT_EQ(d.update({22, 400, 1, 0}), StallEvent::stall);
}

TEST(StallDetector, SmallSocketTrafficIsNotProgressButBulkIs) {
  StallDetector d(10, 5);
  d.update({0, 0, 0, 1000});
  EXPECT_EQ(d.update({6, 0, 0, 1200}), StallEvent::warning);  // keep-alive bytes
  EXPECT_EQ(d.update({9, 0, 0, 1000 + StallDetector::k_socket_bytes}), StallEvent::none);
  EXPECT_DOUBLE_EQ(d.idle_s(9), 0);
}

TEST(StallDetector, BusyCpuCountsOnlyBeforeTheFirstStepLine) {
  StallDetector d(10, 5, 5);  // 5 ticks per second = 5 % of a core at 100 Hz
  d.update({0, 0, 0, 0, 0});
  EXPECT_EQ(d.update({9, 0, 0, 0, 900}), StallEvent::none);      // importing torch: busy, silent
  EXPECT_EQ(d.update({15, 0, 0, 0, 12}), StallEvent::warning);   // 2 ticks/s: idle threads
  EXPECT_EQ(d.update({16, 0, 0, 0, 100}), StallEvent::none);     // busy again
  EXPECT_EQ(d.update({17, 9, 1, 0, 0}), StallEvent::none);       // first step line
  EXPECT_EQ(d.update({23, 9, 1, 0, 600}), StallEvent::warning);  // now CPU alone is no progress
  EXPECT_EQ(d.update({27, 9, 1, 0, 400}), StallEvent::stall);
}

TEST(StallDetector, AStarvedImportStillCountsButTimerThreadsDoNot) {
  // Under two `yes` loads (system.watch.wrong-iface): an importing rank got ~15 ticks/s, a hung
  // job's busiest process 1-2 ticks per 1.5 s sample.
  StallDetector d(5, 3, 5);
  d.update({0, 0, 0, 0, 0});
  EXPECT_EQ(d.update({1.5, 0, 0, 0, 22}), StallEvent::none);
  EXPECT_EQ(d.update({6.0, 0, 0, 0, 70}), StallEvent::none);     // still importing, starved
  EXPECT_EQ(d.update({7.5, 30, 0, 3856, 3}), StallEvent::none);  // "joining": output
  EXPECT_EQ(d.update({9.0, 30, 0, 3856, 2}), StallEvent::none);
  EXPECT_EQ(d.update({10.5, 30, 0, 3856, 1}), StallEvent::warning);
  EXPECT_EQ(d.update({12.0, 30, 0, 3856, 2}), StallEvent::none);
  EXPECT_EQ(d.update({13.5, 30, 0, 3856, 2}), StallEvent::stall);
}

TEST(StallDetector, AttachedJobsNeverCountCpu) {
  StallDetector d(10, 5, 0);
  d.update({0, 0, 0, 0, 0});
  EXPECT_EQ(d.update({5, 0, 0, 0, 500}), StallEvent::warning);
  EXPECT_EQ(d.update({10, 0, 0, 0, 1000}), StallEvent::stall);
}

TEST(StepLines, RecognisesCommonProgressFormats) {
  for (const char* l : {"rank 0 step 12 loss 0.3", "Epoch 3/10", " 45%|####      | 45/100 [00:10<00:12, 4.51it/s]",
                        "iter 400 time 0.2", "global_step=17", "120/500 [=====>....] - ETA: 12s - loss: 0.4",
                        "Epoch 1:  12%|█▏        | 12/100 [00:03<00:22,  3.90s/it]"}) {
    EXPECT_TRUE(is_step_line(l)) << l;
  }
  for (const char* l : {"NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>", "stepping down", "loading model",
                        "Watchdog caught collective operation timeout", "misstep"}) {
    EXPECT_FALSE(is_step_line(l)) << l;
  }
}

TEST(OutputTracker, CountsBytesStepLinesAndKeepsNcclLinesAcrossChunks) {
  OutputTracker t;
  t.feed("rank 0 st");
  t.feed("ep 1\nnode1:12:12 [0] NCCL INFO Bootstrap : Using eth0\r");
  t.feed("12%|# | 12/100 [00:01<00:02, 4.0it/s]\r13%");
  EXPECT_EQ(t.bytes(), 104u);
  EXPECT_EQ(t.step_lines(), 2u);  // the unfinished "13%" is not counted yet
  EXPECT_EQ(t.kept_text(), "node1:12:12 [0] NCCL INFO Bootstrap : Using eth0\n");
}

TEST(OutputTracker, WarningsAndRepeatedLinesAreNotNews) {
  // Seen on a real cluster: MASTER_ADDR did not resolve; torch 1.13 printed this once a
  // second per rank, and every line counted as start-up progress.
  OutputTracker t;
  t.feed("rank 0 joining\n");
  EXPECT_EQ(t.news_bytes(), 15u);
  t.feed("WARNING: Logging before InitGoogleLogging() is written to STDERR\n");
  for (int s = 34; s < 40; ++s)
    t.feed("W20261204 19:23:" + std::to_string(s) +
           ".630797 11101 socket.cpp:601] [c10d] The IPv6 network addresses of "
           "(evqnode0, 29500) cannot be retrieved (gai error: -2 - Name or service not known).\n");
  t.feed("[W socket.cpp:601] [c10d] The client socket has failed to connect to [evqnode0]:29500\n");
  t.feed("/opt/train.py:12: UserWarning: TypedStorage is deprecated\n  warnings.warn(\n");
  EXPECT_EQ(t.news_bytes(), 15u);
  // one step short: a retry line of another kind (no warning prefix) is news once, then a repeat
  t.feed("connect attempt 1 failed\n");
  t.feed("connect attempt 2 failed\n");
  EXPECT_EQ(t.news_bytes(), 15u + 25u);
  t.feed("loading model\n");  // a new plain line is news
  EXPECT_EQ(t.news_bytes(), 15u + 25u + 14u);
  EXPECT_GT(t.bytes(), t.news_bytes());
}

TEST(OutputTracker, MemoryStaysBoundedForAHugeLine) {
  OutputTracker t;
  std::string chunk(1 << 20, 'x');
  for (int i = 0; i < 20; ++i) t.feed(chunk);
  t.feed("\n");
  EXPECT_EQ(t.bytes(), 20u * (1 << 20) + 1);
  EXPECT_EQ(t.step_lines(), 0u);
}

// A traceback the output ends in is the failure, never a step line ("... in batch 4").
TEST(OutputTracker, AnUncaughtExceptionTheOutputEndsInIsKeptAndIsNoStepLine) {
  OutputTracker t;
  t.feed("rank 1 step 3 loss 3.000\nTraceback (most recent call last):\n  File \"train.py\", line 26, in <module>\n");
  t.feed("    raise RuntimeError(\"rank 1: corrupt sample in batch 4\")\n");
  t.feed("RuntimeError: rank 1: corrupt sample in batch 4\n");
  EXPECT_EQ(t.uncaught_exception(), "RuntimeError: rank 1: corrupt sample in batch 4");
  EXPECT_EQ(t.last_step_line(), "rank 1 step 3 loss 3.000");
  EXPECT_EQ(t.step_lines(), 1u);
}

// One step short: a thread's exception (the main thread may run on), or output after the traceback.
TEST(OutputTracker, AThreadsTracebackOrOutputAfterTheTracebackIsNoUncaughtException) {
  OutputTracker t;
  t.feed("Exception in thread uploader:\nTraceback (most recent call last):\n  File \"x.py\", line 1\n");
  t.feed("OSError: upload failed\n");
  EXPECT_EQ(t.uncaught_exception(), "");
  OutputTracker u;
  u.feed("Traceback (most recent call last):\n  File \"x.py\", line 1\nValueError: bad\nrank 0 step 5 loss 1\n");
  EXPECT_EQ(u.uncaught_exception(), "");
  EXPECT_EQ(u.last_step_line(), "rank 0 step 5 loss 1");
}

// clusters-2026-12-07l w2: what a failed job said last, for the merged verdict to quote; warnings,
// step lines and a "... Error" word inside a sentence are not errors; a repeat is kept once.
TEST(OutputTracker, TheLastErrorLinesAreKeptInOrderAndWarningsAreNot) {
  OutputTracker t;
  t.feed("rank 1 step 3 loss 0.25\n/usr/lib/python3/dist-packages/torch/x.py:1: UserWarning: deprecated\n");
  t.feed("the Error handler was set up\n");
  EXPECT_TRUE(t.error_lines().empty());
  t.feed("rank 1 checkpoint write failed: [Errno 28] No space left on device; retrying in 2 s\n");
  t.feed("rank 1 checkpoint write failed: [Errno 28] No space left on device; retrying in 2 s\n");
  t.feed("terminate called after throwing an instance of 'c10::Error'\n");
  EXPECT_EQ(t.error_lines(), (std::vector<std::string>{
                                 "rank 1 checkpoint write failed: [Errno 28] No space left on device; retrying in 2 s",
                                 "terminate called after throwing an instance of 'c10::Error'"}));
  // the last two kept: an earlier error the job got past is not why it ended
  t.feed("torch.distributed.DistBackendError: later\n");
  EXPECT_EQ(t.error_lines(), (std::vector<std::string>{"terminate called after throwing an instance of 'c10::Error'",
                                                       "torch.distributed.DistBackendError: later"}));
  OutputTracker p;
  p.feed("Traceback (most recent call last):\n  File \"t.py\", line 3\ntorch.distributed.DistBackendError: x\n");
  EXPECT_EQ(p.error_lines(), std::vector<std::string>{"torch.distributed.DistBackendError: x"});
  OutputTracker r;  // torchrun's rank prefix (torch 2.x)
  r.feed("[rank1]: Traceback (most recent call last):\n[rank1]: RuntimeError: boom\n");
  EXPECT_EQ(r.error_lines(), std::vector<std::string>{"[rank1]: RuntimeError: boom"});
}

}  // namespace
}  // namespace dd::watch
