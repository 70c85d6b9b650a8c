// Launcher and framework rules (rules_launcher.cpp): Horovod's stall inspector names the ranks that
// did not submit and the tensors; different tensors only when two ranks each lack what the other
// submitted; torch elastic's first failure with SIGKILL as a candidate (with the dmesg step);
// DeepSpeed's launcher; Lightning's absent ranks. Each with the case one step short of the claim.
// The golden cases horovod-*.log, elastic-sigkill.log, deepspeed-launcher-exit.log and
// lightning-*.log hold the full logs.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/line_classifier.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::find_id;
using test::has;

const std::string k_stall =
    "[2023-06-12 10:02:44.512345: W /tmp/h/horovod/common/stall_inspector.cc:107] One or more tensors were submitted "
    "to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 60 "
    "seconds. This may indicate that different ranks are trying to submit different tensors or that only subset of "
    "ranks is submitting tensors, which will cause deadlock. \nMissing ranks:\n";

TEST(LogsLauncher, HorovodStallNamesTheMissingRanksAndTheirTensors) {
  auto r = analyze_text(k_stall + "2: [grad_a, grad_b]\n3: [grad_a, grad_b]\n", "h.log");
  const auto* f = find_id(r, "horovod.stall.missing-ranks");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_EQ(f->label, core::Label::other);
  EXPECT_TRUE(has(f->title, "rank(s) 2-3")) << f->title;
  EXPECT_TRUE(has(f->title, "rank 2: grad_a, grad_b; rank 3: grad_a, grad_b")) << f->title;
  EXPECT_EQ(f->ranks, (std::vector<int>{2, 3}));
  EXPECT_EQ(find_id(r, "horovod.stall.different-tensors"), nullptr);
}

TEST(LogsLauncher, HorovodCrossedSubmissionsAreDifferentTensors) {
  auto r = analyze_text(k_stall + "0!: [grad_a]\n1!: [grad_b]\n", "h.log");
  const auto* f = find_id(r, "horovod.stall.different-tensors");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::collective_mismatch);
  EXPECT_TRUE(has(f->title, "rank 0 submitted 'grad_b' but not 'grad_a', rank 1 submitted 'grad_a' but not 'grad_b'"))
      << f->title;
}

// One step short: one rank lacks more names than the other, but each name the second lacks the
// first lacks too (rank 1 may simply be behind on both): no claim of different tensors.
TEST(LogsLauncher, HorovodNestedMissingSetsAreNotDifferentTensors) {
  auto r = analyze_text(k_stall + "0: [grad_a]\n1: [grad_a, grad_b]\n", "h.log");
  EXPECT_EQ(find_id(r, "horovod.stall.different-tensors"), nullptr);
  EXPECT_NE(find_id(r, "horovod.stall.missing-ranks"), nullptr);
}

// One step short: a list cut at six names ("...") hides what the rank lacks.
TEST(LogsLauncher, HorovodCutListDecidesNoMismatch) {
  auto r = analyze_text(k_stall + "0: [a, b, c, d, e, f ...]\n1: [g]\n", "h.log");
  EXPECT_EQ(find_id(r, "horovod.stall.different-tensors"), nullptr);
  EXPECT_NE(find_id(r, "horovod.stall.missing-ranks"), nullptr);
}

// One step short: "N: [..]" lines far from any stall header are not Horovod's list.
TEST(LogsLauncher, RankListWithoutStallHeaderIsNoFinding) {
  auto r = analyze_text("0: [grad_a]\n1: [grad_b]\n", "h.log");
  EXPECT_EQ(find_id(r, "horovod.stall.missing-ranks"), nullptr);
  EXPECT_EQ(find_id(r, "horovod.stall.different-tensors"), nullptr);
}

const std::string k_table =
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
    "============================================================\n"
    "train.py FAILED\n"
    "------------------------------------------------------------\n"
    "Failures:\n"
    "[1]:\n"
    "  time      : 2024-06-12_10:05:04\n"
    "  host      : node-b\n"
    "  rank      : 5 (local_rank: 1)\n"
    "  exitcode  : -15 (pid: 901)\n"
    "  error_file: <N/A>\n"
    "  traceback : Signal 15 (SIGTERM) received by PID 901\n"
    "------------------------------------------------------------\n"
    "Root Cause (first observed failure):\n"
    "[0]:\n"
    "  time      : 2024-06-12_10:05:04\n"
    "  host      : node-a\n";

TEST(LogsLauncher, ElasticRootCauseSigkillIsAnOomCandidateWithTheStepThatTells) {
  auto r = analyze_text(k_table +
                            "  rank      : 3 (local_rank: 3)\n"
                            "  exitcode  : -9 (pid: 812)\n"
                            "  error_file: <N/A>\n"
                            "  traceback : Signal 9 (SIGKILL) received by PID 812\n",
                        "e.log");
  const auto* f = find_id(r, "launch.elastic.sigkill");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->ranks, (std::vector<int>{3}));
  EXPECT_EQ(f->hosts, (std::vector<std::string>{"node-a"}));
  EXPECT_TRUE(has(f->title, "rank 3 (local_rank 3) on node-a (pid 812) was killed by signal 9 (SIGKILL) first"))
      << f->title;
  EXPECT_TRUE(has(f->title, "often the kernel's OOM killer")) << f->title;
  EXPECT_TRUE(has(f->fix.text, "dmesg -T | grep -i")) << f->fix.text;
  EXPECT_TRUE(has(f->fix.text, "pid 812")) << f->fix.text;
}

// One step short: exit code 1 is an exception in the worker, not a kill: no OOM candidate.
TEST(LogsLauncher, ElasticExitCodeOneNamesTheTracebackNotOom) {
  auto r = analyze_text(k_table + "  rank      : 3 (local_rank: 3)\n  exitcode  : 1 (pid: 812)\n", "e.log");
  const auto* f = find_id(r, "launch.elastic.exit");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->title, "rank 3 (local_rank 3) on node-a (pid 812) exited with code 1 first")) << f->title;
  EXPECT_FALSE(has(f->title + f->fix.text, "OOM")) << f->title;
  EXPECT_EQ(find_id(r, "launch.elastic.sigkill"), nullptr);
}

TEST(LogsLauncher, ElasticAgentLineAloneNamesTheLocalRank) {
  auto r = analyze_text(
      "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 20810 closing signal SIGTERM\n"
      "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 3 (pid: 20813) of binary: "
      "/usr/bin/python3\n",
      "e.log");
  const auto* f = find_id(r, "launch.elastic.sigkill");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->title, "the worker with local_rank 3 (pid 20813) was killed by signal 9")) << f->title;
  EXPECT_TRUE(has(f->title, "closed 1 other process(es)")) << f->title;
}

TEST(LogsLauncher, DeepSpeedLauncherExitNamesTheLocalRank) {
  auto r = analyze_text(
      "[2024-03-01 10:12:40,402] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', "
      "'--local_rank=1'] exits with return code = 1\n",
      "d.log");
  const auto* f = find_id(r, "launch.deepspeed.exit");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->title, "DeepSpeed's launcher reports the worker with local_rank 1 exited with code 1"))
      << f->title;
}

TEST(LogsLauncher, CalledProcessErrorDiedWithSignal) {
  std::string scratch;
  auto p = parse_line("subprocess.CalledProcessError: Command '['python', 'a.py']' died with <Signals.SIGKILL: 9>.",
                      scratch);
  EXPECT_EQ(p.event.kind, EventKind::launcher_exit);
  EXPECT_EQ(p.event.exit_code, -9);
  EXPECT_EQ(p.event.err_text, "SIGKILL");
  p = parse_line("subprocess.CalledProcessError: Command '['python', 'a.py']' returned non-zero exit status 2.",
                 scratch);
  EXPECT_EQ(p.event.exit_code, 2);
}

TEST(LogsLauncher, LightningNamesAbsentRanksOnlyWithoutAllRegistered) {
  const std::string init =
      "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/4\nInitializing distributed: GLOBAL_RANK: 1, MEMBER: 2/4\n";
  auto r = analyze_text(init, "l.log");
  const auto* f = find_id(r, "lightning.init.ranks-absent");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->title, "ranks 0-1 of 4")) << f->title;
  EXPECT_TRUE(has(f->title, "no line of ranks 2-3")) << f->title;
  // One step short: rank 0 printed that every rank registered.
  r = analyze_text(init + "All distributed processes registered. Starting with 4 processes\n", "l.log");
  EXPECT_EQ(find_id(r, "lightning.init.ranks-absent"), nullptr);
}

TEST(LogsLauncher, RendezvousTimeoutNamesTheCandidatesNotNcclDebug) {
  // torchrun's agent on a node whose rendezvous never completed (torch 1.12's traceback, as
  // pytorch/pytorch#80772 shows it; dynamic_rendezvous.py raises the class without a message).
  const std::string frames =
      "Traceback (most recent call last):\n"
      "  File \"/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/agent/server/api.py\", line 538, "
      "in _rendezvous\n"
      "    store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()\n"
      "  File \"/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py\", "
      "line 637, in run\n"
      "    raise RendezvousTimeoutError()\n";
  const std::string exception = "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError\n";
  auto r = analyze_text(frames + exception, "agent.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "elastic.rendezvous.timeout");
  EXPECT_EQ(f.label, core::Label::other);  // candidates, no cause
  EXPECT_EQ(f.severity, core::Severity::warning);
  ASSERT_EQ(f.evidence.size(), 1u);
  EXPECT_TRUE(has(f.evidence.front(), "agent.log:6:")) << f.evidence.front();
  for (const char* step :
       {"getent hosts <rendezvous host>", "nc -zv -w 5 <rendezvous host> <port>", "--rdzv-id", "join_timeout=1800"})
    EXPECT_TRUE(has(f.fix.text, step)) << step << " in " << f.fix.text;
  EXPECT_EQ(find_id(r, "logs.not-enough-evidence"), nullptr);  // the log's own line says where it stopped
  // One step short: the frames alone (their "raise" line is source text) say no rendezvous timed out.
  r = analyze_text(frames, "agent.log");
  EXPECT_EQ(find_id(r, "elastic.rendezvous.timeout"), nullptr);
}

}  // namespace
}  // namespace dd::logs
