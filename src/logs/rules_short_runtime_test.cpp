// "One step short" tests for the logs runtime rules (issue 28, item 5): the torch watchdog rules
// (a rank that never joined, different collectives, a data path that stalls across hosts), NCCL's
// size mismatch after init, an init some processes never finished, and the data-loader stall. Each
// positive log is followed by the same log without the one line or host that carries the cause.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::any_label;
using test::find_id;

std::string complete(const std::string& host, int pid, int rank, int nranks) {
  return host + ":" + std::to_string(pid) + ":" + std::to_string(pid) + " [0] NCCL INFO comm 0x" + std::to_string(pid) +
         " rank " + std::to_string(rank) + " nranks " + std::to_string(nranks) +
         " cudaDev 0 busId 1000 - Init COMPLETE\n";
}

std::string watchdog(int rank, int seq, const std::string& op) {
  return "[rank" + std::to_string(rank) + "]:[E ProcessGroupNCCL.cpp:607] [Rank " + std::to_string(rank) +
         "] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=" + std::to_string(seq) + ", OpType=" + op +
         ", Timeout(ms)=600000) ran for 600092 milliseconds before timing out.\n";
}

TEST(LogsShortRuntime, RankMissingNeedsTheMissingRankInTheLog) {
  // Four ranks on two hosts finished init; ranks 0-2 time out in one collective, rank 3 does not.
  std::string all = complete("rs-0", 10, 0, 4) + complete("rs-0", 11, 1, 4) + complete("rs-1", 12, 2, 4) +
                    complete("rs-1", 13, 3, 4) + watchdog(0, 88, "ALLGATHER") + watchdog(1, 88, "ALLGATHER") +
                    watchdog(2, 88, "ALLGATHER");
  auto claimed = analyze_text(all, "all.log");
  const auto* f = find_id(claimed, "collective.rank-missing");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->ranks, std::vector<int>{3});

  // One step short: rank 0's own log only. Ranks 1-3 are absent from the log, not shown absent
  // from the collective; a world of 4 is no evidence of where they are.
  auto one = analyze_text(complete("rs-0", 10, 0, 4) + watchdog(0, 88, "ALLGATHER"), "rank0.log");
  EXPECT_EQ(find_id(one, "collective.rank-missing"), nullptr);
  for (const auto& g : one.findings) EXPECT_EQ(g.title.find("never joined"), std::string::npos) << g.title;
  const auto* timeout = find_id(one, "collective.watchdog-timeout");
  ASSERT_NE(timeout, nullptr);
  EXPECT_EQ(timeout->severity, core::Severity::warning);
}

TEST(LogsShortRuntime, DataPathStallNeedsEveryRankOnTwoHostsTimingOut) {
  std::string both = complete("rs-m0", 10, 0, 2) + complete("rs-m1", 20, 1, 2) + watchdog(0, 1, "ALLREDUCE") +
                     watchdog(1, 1, "ALLREDUCE");
  auto claimed = analyze_text(both, "both.log");
  const auto* f = find_id(claimed, "net.data-path-stall");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::mtu_mismatch);

  // One step short: one host's log (rank 0 of 2). Its one GPU and nranks 2 say another rank runs
  // somewhere, not that init succeeded across hosts or that every rank timed out.
  auto one = analyze_text(complete("rs-m0", 10, 0, 2) + watchdog(0, 1, "ALLREDUCE"), "rank0.log");
  EXPECT_EQ(find_id(one, "net.data-path-stall"), nullptr);
  EXPECT_FALSE(any_label(one, core::Label::mtu_mismatch));
  EXPECT_NE(find_id(one, "collective.watchdog-timeout"), nullptr);
}

TEST(LogsShortRuntime, WatchdogDivergedNeedsTwoDifferentCollectives) {
  std::string start = complete("rs-d", 10, 0, 2) + complete("rs-d", 11, 1, 2);
  auto diverged = analyze_text(start + watchdog(0, 5, "ALLREDUCE") + watchdog(1, 4, "BROADCAST"), "d.log");
  const auto* f = find_id(diverged, "collective.watchdog-diverged");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);

  // One step short: both ranks time out in the same collective.
  auto same = analyze_text(start + watchdog(0, 5, "ALLREDUCE") + watchdog(1, 5, "ALLREDUCE"), "d.log");
  EXPECT_EQ(find_id(same, "collective.watchdog-diverged"), nullptr);
  EXPECT_FALSE(any_label(same, core::Label::collective_mismatch));
}

TEST(LogsShortRuntime, CollectiveMismatchFromASizeErrorNeedsAStartedJob) {
  const std::string size_error =
      "rs-n:31:40 [0] transport/net_ib.cc:1038 NCCL WARN NET/IB : req 0/1 tag 0 peer 198.18.40.2<58683> collective "
      "mismatch error, local size 496640 remote size 65536\n";
  auto claimed = analyze_text(complete("rs-n", 31, 0, 2) + size_error, "n.log");
  const auto* f = find_id(claimed, "collective.mismatch");
  ASSERT_NE(f, nullptr);

  // One step short: no sign the job got past init (no Init COMPLETE, no watchdog): the sizes NCCL
  // set up with differ, which different versions or settings explain; no collective is claimed.
  auto setup = analyze_text(size_error, "n.log");
  EXPECT_EQ(find_id(setup, "collective.mismatch"), nullptr);
  EXPECT_FALSE(any_label(setup, core::Label::collective_mismatch));
  EXPECT_NE(find_id(setup, "nccl.size-mismatch.setup"), nullptr);
}

TEST(LogsShortRuntime, InitIncompleteNeedsOneProcessThatFinished) {
  std::string stuck = "rs-h:21:43 [1] NCCL INFO comm 0x4 rank 1 nranks 2 cudaDev 1 busId 2000 - Init START\n";
  auto claimed = analyze_text(complete("rs-h", 20, 0, 2) + stuck, "h.log");
  const auto* f = find_id(claimed, "nccl.init.incomplete");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->ranks, std::vector<int>{1});

  // One step short: no process finished, so nothing shows the others could.
  EXPECT_EQ(find_id(analyze_text(stuck, "h.log"), "nccl.init.incomplete"), nullptr);
}

TEST(LogsShortRuntime, DataPipelineStallNeedsNoCommunicationError) {
  const std::string loader = "RuntimeError: DataLoader timed out after 600 seconds\n";
  ASSERT_NE(find_id(analyze_text(loader, "t.log"), "data.pipeline-stall"), nullptr);

  // One step short of "the stall is in data loading": a refused connection to a peer is in the log too.
  auto refused = analyze_text(
      loader +
          "rs-c:41:43 [0] misc/socket.cc:556 NCCL WARN Net : Connect to 198.18.0.2<43925> failed : Connection "
          "refused\n",
      "t.log");
  EXPECT_EQ(find_id(refused, "data.pipeline-stall"), nullptr);
  EXPECT_NE(find_id(refused, "net.peer.blocked"), nullptr);
}

TEST(LogsShortRuntime, GlooReadPastBufferIsACollectiveSizeMismatch) {
  // torch with the Gloo backend, rank 0 given a tensor of another size (NVIDIA/nccl#1394's form).
  const std::string head =
      "rank 1: all_reduce of 32000 floats\n"
      "terminate called after throwing an instance of 'gloo::EnforceNotMet'\n";
  const std::string enforce =
      "  what():  [enforce fail at /opt/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:446] "
      "op.preamble.length <= op.nbytes. 256000 vs 128000\n";
  auto seen = analyze_text(head + enforce + "Aborted (core dumped)\n", "g.log");
  ASSERT_FALSE(seen.findings.empty());
  EXPECT_EQ(seen.findings.front().id, "collective.mismatch");
  EXPECT_EQ(seen.findings.front().label, core::Label::collective_mismatch);
  EXPECT_NE(seen.findings.front().evidence.front().find("256000 vs 128000"), std::string::npos);

  // One step short: the enforce line is what names the sizes; the abort alone says nothing of them.
  auto quiet = analyze_text(head + "Aborted (core dumped)\n", "g.log");
  EXPECT_EQ(find_id(quiet, "collective.mismatch"), nullptr);
  EXPECT_FALSE(any_label(quiet, core::Label::collective_mismatch));
}

TEST(LogsShortRuntime, HorovodStallWithoutItsRankListNamesBothCandidatesNotAMismatch) {
  // Horovod's stall inspector warning as TensorFlow jobs print it (tensorflow/tensorflow#46863's form),
  // the rank list cut off.
  const std::string before = "[1,0]<stdout>:Epoch 1/10\n";
  const std::string warning =
      "[2021-02-02 21:19:07.345988: W /tmp/pip-install/horovod/common/stall_inspector.cc:105] One or more "
      "tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for "
      "remainder of ranks for more than 10 seconds. This may indicate that different ranks are trying to submit "
      "different tensors or that only subset of ranks is submitting tensors, which will cause deadlock. \n"
      "Missing ranks:\n";
  auto seen = analyze_text(before + warning, "h.log");
  ASSERT_FALSE(seen.findings.empty());
  const auto& f = seen.findings.front();
  EXPECT_EQ(f.id, "horovod.stall.unlisted");
  // Ranks that stopped or fell behind give the same warning: no collective mismatch is claimed.
  EXPECT_EQ(f.label, core::Label::other);
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_NE(f.title.find("stopped or fell behind"), std::string::npos) << f.title;
  EXPECT_NE(f.title.find("different tensors"), std::string::npos) << f.title;
  EXPECT_FALSE(any_label(seen, core::Label::collective_mismatch));
  EXPECT_NE(f.fix.text.find("HOROVOD_TIMELINE"), std::string::npos);

  // One step short: the same log without the stall inspector's warning.
  auto quiet = analyze_text(before + "Missing ranks:\n", "h.log");
  EXPECT_EQ(find_id(quiet, "horovod.stall.unlisted"), nullptr);
  EXPECT_FALSE(any_label(quiet, core::Label::collective_mismatch));
}

}  // namespace
}  // namespace dd::logs
