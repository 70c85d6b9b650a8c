// logs.not-enough-evidence says how far the log got and the candidates for that stage, each with
// the step that tells it apart; it never names a cause (label other, severity info).
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::has;

const core::Finding& only_note(const LogsReport& r) {
  EXPECT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings.front().id, "logs.not-enough-evidence");
  EXPECT_EQ(r.findings.front().severity, core::Severity::info);
  EXPECT_EQ(r.findings.front().label, core::Label::other);
  return r.findings.front();
}

TEST(LogsNotEnoughEvidence, NoNcclLineAsksForTheRerunAndSaysWhereTheVariablesMustReach) {
  auto r = analyze_text("Epoch 1\nloading data\n", "train.log");
  const auto& f = only_note(r);
  EXPECT_TRUE(has(f.title, "no NCCL_DEBUG=INFO lines")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "every rank inherits them")) << f.fix.text;
  EXPECT_EQ(f.fix.env.at("NCCL_DEBUG"), "INFO");
  EXPECT_EQ(f.fix.env.at("NCCL_DEBUG_SUBSYS"), "INIT,NET");
}

// Lines that report an error in a form no rule reads (logs-s22: oneCCL's CCL_ERROR|, HCCL's [ERROR], a
// Python exception's last line) never read as OK: a warning that quotes the first, no cause named.
TEST(LogsNotEnoughEvidence, ErrorLinesNoRuleReadsMakeAWarningThatQuotesTheFirst) {
  for (const char* line : {"RuntimeError: createHCCLComm: HCCL function error: HcclGetRootInfo, error code is 11",
                           "2024:08:21-10:24:26:( 4456) |CCL_ERROR| atl_ofi.cpp:243 init: can't find suitable provider",
                           "[rank0]: [ERROR] 2025-03-26-17:01:03 DIST call hccl api failed.",
                           "  oneCCL: atl_ofi_comm.cpp:232 init_transport: EXCEPTION: failed to initialize ATL"}) {
    auto r = analyze_text(std::string("Epoch 1\n") + line + "\n", "train.log");
    ASSERT_EQ(r.findings.size(), 1u) << line;
    const auto& f = r.findings.front();
    EXPECT_EQ(f.id, "logs.not-enough-evidence");
    EXPECT_EQ(f.severity, core::Severity::warning) << line;
    EXPECT_EQ(f.label, core::Label::other);
    EXPECT_TRUE(has(f.title, "The log holds 1 line that reports an error (the first: \"")) << f.title;
    EXPECT_TRUE(has(f.title, "no rule of distdoctor names their cause")) << f.title;
    EXPECT_FALSE(f.fix.env.count("NCCL_DEBUG")) << "no NCCL line: a oneCCL or HCCL job prints none whatever it says";
  }
  // a line that only mentions errors is none: "error: 0" counters, lower-case prose, a metric named
  // "... Error:", pip's resolver notice (review54 item 4)
  auto quiet = analyze_text(
      "Epoch 1 loss 0.3 error: 0\nretrying after an error\n2024-01-01 INFO Mean Absolute Error: 0.12\n"
      "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed.\n",
      "train.log");
  ASSERT_EQ(quiet.findings.size(), 1u);
  EXPECT_EQ(quiet.findings.front().severity, core::Severity::info) << quiet.findings.front().title;
  // Ray Tune's stage keeps its advice when its TuneError line is there too (item 5)
  auto ray = analyze_text(
      "2023-01-10 08:03:12,001\tERROR tune.py:758 -- Trials did not complete: [TorchTrainer_1a2b3_00000]\n"
      "ray.tune.error.TuneError: ('Trials did not complete', [TorchTrainer_1a2b3_00000])\n",
      "tune.log");
  ASSERT_EQ(ray.findings.size(), 1u);
  EXPECT_TRUE(has(ray.findings.front().title, "Ray Tune reports trials that did not complete"))
      << ray.findings.front().title;
}

// A bare torch line with NCCL's "unhandled system error" and no INFO line: NCCL did start, so the
// candidates are the error's (a container's /dev/shm, another system call), not "NCCL never started";
// no cause is named (a bare line does not say whether the job ran on one host).
TEST(LogsNotEnoughEvidence, BareSystemErrorGivesTheShmAndSyscallCandidates) {
  auto r = analyze_text(
      "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1169, unhandled system "
      "error, NCCL version 2.10.3\nncclSystemError: System call (socket, malloc, munmap, etc) failed.\n",
      "rank0.log");
  const auto& f = only_note(r);
  EXPECT_TRUE(has(f.title, "NCCL reported an error that names no cause")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "NCCL_SHM_DISABLE=1")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "--ipc=host")) << f.fix.text;
  EXPECT_FALSE(has(f.fix.text, "stopped before NCCL started")) << f.fix.text;
}

// The result's enum name alone is the same result: the catalogue entry nccl.error-string.system
// recognises both spellings, so the rule asks the entry, not a copy of the text.
TEST(LogsNotEnoughEvidence, SystemErrorByItsEnumNameAloneGivesTheSameCandidates) {
  auto r = analyze_text(
      "Traceback (most recent call last):\n"
      "ncclSystemError: System call (socket, malloc, munmap, etc) failed.\n",
      "rank0.log");
  // The traceback is a fatal line (logs-s21): the same note, now a warning that quotes it. A traceback
  // alone does not say the process ended (a handled exception prints one too): not "A process failed".
  ASSERT_EQ(r.findings.size(), 1u);
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "logs.not-enough-evidence");
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_TRUE(has(f.title, "The log shows a Python traceback (\"Traceback (most recent call last):\")")) << f.title;
  EXPECT_FALSE(has(f.title, "A process failed")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "NCCL_SHM_DISABLE=1")) << f.fix.text;
}

// Two ranks on two hosts, neither logged Init COMPLETE (when some did, nccl.init.incomplete speaks):
// the note names the processes and their last lines, and the candidates of the connection stage
// (preflight is the step).
TEST(LogsNotEnoughEvidence, InitNotLoggedOnOneProcessNamesItAndItsLastLine) {
  const std::string log =
      "nodeA:100:100 [0] NCCL INFO Bootstrap : Using [0]eth0:198.18.0.1<0>\n"
      "nodeA:100:100 [0] NCCL INFO NET/Socket : Using [0]eth0:198.18.0.1<0>\n"
      "nodeB:200:200 [0] NCCL INFO Bootstrap : Using [0]eth0:198.18.0.2<0>\n"
      "nodeB:200:200 [0] NCCL INFO NET/Socket : Using [0]eth0:198.18.0.2<0>\n";
  auto r = analyze_text(log, "both.log");
  const auto& f = only_note(r);
  EXPECT_TRUE(has(f.title, "2 of 2 NCCL process(es) logged no \"Init COMPLETE\" (nodeA:100, nodeB:200)")) << f.title;
  ASSERT_FALSE(f.evidence.empty());
  EXPECT_TRUE(has(f.evidence.front(), "both.log:2:")) << f.evidence.front();
  EXPECT_TRUE(has(f.evidence.back(), "both.log:4:")) << f.evidence.back();
  EXPECT_TRUE(has(f.fix.text, "distdoctor preflight")) << f.fix.text;
  EXPECT_FALSE(has(f.title, "cause:")) << "no cause is claimed";
}

// Every process logged Init COMPLETE and nothing else: the candidates after init (COLL tracing,
// py-spy / watch, one run with NCCL_P2P_DISABLE=1), and COLL in the variables to set.
TEST(LogsNotEnoughEvidence, InitCompleteEverywhereGivesTheAfterInitCandidates) {
  const std::string log =
      "nodeA:100:100 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 1000 - Init COMPLETE\n"
      "nodeA:101:101 [1] NCCL INFO comm 0x2 rank 1 nranks 2 cudaDev 1 busId 2000 - Init COMPLETE\n";
  auto r = analyze_text(log, "node.log");
  const auto& f = only_note(r);
  EXPECT_TRUE(has(f.title, "NCCL init completed on rank(s) 0-1 and no error follows")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "(1) a rank called a different collective")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "py-spy dump")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "NCCL_P2P_DISABLE=1")) << f.fix.text;
  EXPECT_EQ(f.fix.env.at("NCCL_DEBUG_SUBSYS"), "INIT,NET,COLL");
  EXPECT_TRUE(has(f.fix.text, "If the job hung after these lines")) << f.fix.text;
}

// Any warning or error elsewhere silences the note.
TEST(LogsNotEnoughEvidence, SilentWhenAnotherRuleWarns) {
  const std::string log =
      "nodeA:100:100 [0] NCCL INFO Bootstrap : Using [0]lo:127.0.0.1<0>\n"
      "nodeB:200:200 [0] NCCL INFO Bootstrap : Using [0]lo:127.0.0.1<0>\n";
  auto r = analyze_text(log, "two.log");
  for (const auto& f : r.findings) EXPECT_NE(f.id, "logs.not-enough-evidence") << f.title;
}

// Ray Tune's end of a failed trainer with no NCCL line: the errors are in the trials' error.txt files;
// the note points there and gives Ray Train's own NCCL_SOCKET_IFNAME default as a candidate, no cause.
TEST(LogsNotEnoughEvidence, RayTuneTrialsThatDidNotCompletePointAtErrorTxtAndRayTrainsIfname) {
  auto r = analyze_text(
      "| TorchTrainer_1a2b3_00000 |            1 | /home/ray/ray_results/TorchTrainer_1a2b3_00000_0/error.txt |\n"
      "2023-01-10 08:03:12,001\tERROR tune.py:758 -- Trials did not complete: [TorchTrainer_1a2b3_00000]\n",
      "driver.log");
  const auto& f = only_note(r);
  EXPECT_TRUE(has(f.title, "[TorchTrainer_1a2b3_00000]")) << f.title;
  EXPECT_TRUE(has(f.title, "error.txt")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "runtime_env")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "\"en,eth,bond\"")) << f.fix.text;
  EXPECT_FALSE(has(f.fix.text, "stopped before NCCL started")) << f.fix.text;
  EXPECT_EQ(f.evidence.size(), 1u);
}

// The error line names its NCCL release (torch's "..., NCCL version 2.7.8"): the build itself joins the
// candidates, as a candidate with the step that tells (the same job in a current image), never as the cause.
TEST(LogsNotEnoughEvidence, AnErrorLineThatNamesItsReleaseAddsTheBuildAsACandidate) {
  auto r = analyze_text(
      "NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:825, unhandled system error, NCCL version 2.7.8\n",
      "worker.log");
  const auto& f = only_note(r);
  EXPECT_TRUE(has(f.fix.text, "(3) the NCCL build itself (the error line names NCCL 2.7.8)")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "NCCL_SHM_DISABLE=1")) << f.fix.text;
}

// One step short: no release in the line (or words where the release would be), no build candidate.
TEST(LogsNotEnoughEvidence, AnErrorLineWithoutAReleaseHasNoBuildCandidate) {
  for (const std::string line :
       {"RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:825, unhandled system error\n",
        "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:825, unhandled system error, NCCL version unknown\n"}) {
    auto r = analyze_text(line, "worker.log");
    const auto& f = only_note(r);
    EXPECT_FALSE(has(f.fix.text, "the NCCL build itself")) << f.fix.text;
  }
}

// TensorFlow created its session and nothing else is in the log: if it hung, it hung in the first
// collective; the note names the candidates (connection set-up, NCCL builds that differ between the
// hosts, a rank that never arrived) and the lines it saw, and says that the hang is the user's report.
TEST(LogsNotEnoughEvidence, TensorFlowSessionCreatedPointsAtTheFirstCollective) {
  auto r = analyze_text(
      "INFO:tensorflow:Running local_init_op.\nINFO:tensorflow:Done running local_init_op.\n"
      "INFO:tensorflow:Running local_init_op.\nINFO:tensorflow:Done running local_init_op.\n",
      "horovod.log");
  const auto& f = only_note(r);
  EXPECT_TRUE(has(f.title, "TensorFlow created its session (\"Done running local_init_op\", 2 line(s))")) << f.title;
  ASSERT_EQ(f.evidence.size(), 2u);
  EXPECT_TRUE(has(f.evidence[0], "horovod.log:2: INFO:tensorflow:Done running local_init_op.")) << f.evidence[0];
  EXPECT_TRUE(has(f.fix.text, "If the job hung after these lines, it hung in its first collective")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "prints \"NCCL version\" on every rank")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "\"Bootstrap : Using\"")) << f.fix.text;
  EXPECT_EQ(f.fix.env.at("NCCL_DEBUG"), "INFO");
}

// One step short: the session was still being created ("Running" without "Done"): the no-NCCL-line stage.
TEST(LogsNotEnoughEvidence, SessionNotYetCreatedIsTheNoNcclLineStage) {
  auto r = analyze_text("INFO:tensorflow:Graph was finalized.\nINFO:tensorflow:Running local_init_op.\n", "tf.log");
  const auto& f = only_note(r);
  EXPECT_TRUE(has(f.title, "no NCCL_DEBUG=INFO lines")) << f.title;
  EXPECT_FALSE(has(f.fix.text, "first collective")) << f.fix.text;
}

}  // namespace
}  // namespace dd::logs
