// tests/corpus/logs-s21 (a development set since its one measurement): its real excerpts and the
// sentences its RESULT.md found untrue. Each rule is tested on the real excerpt and one step short of it.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_report.hpp"
#include "logs/logs_test_util.hpp"
#include "report/style.hpp"

namespace dd::logs {
namespace {

using test::evidence_has;
using test::find_id;
using test::has;

// Each case: a log analysed, its first finding named as an error quoting the log, and the text
// report that must never read as healthy.
class LogsS21 : public ::testing::Test {
 protected:
  LogsReport r;

  // Analyses `log`; its first finding must be `id`, an error whose evidence quotes `quoted`.
  // nullptr (and a failure) when there is no finding.
  const core::Finding* first_error(const std::string& log, const std::string& id, const std::string& quoted) {
    r = analyze_text(log, "log.txt");
    if (r.findings.empty()) {
      ADD_FAILURE() << "no finding for " << id;
      return nullptr;
    }
    const auto& f = r.findings.front();
    EXPECT_EQ(f.id, id);
    EXPECT_EQ(f.severity, core::Severity::error);
    EXPECT_TRUE(evidence_has(f, quoted)) << f.title;
    return &f;
  }

  std::string text() const { return render_text(r, report::Style(false)); }

  // The text report of `r` says neither "OK:" nor "no communication problem".
  void expect_never_ok() const {
    std::string said = text();
    EXPECT_FALSE(has(said, "OK:")) << said;
    EXPECT_FALSE(has(said, "no communication problem")) << said;
  }
};

// nccl-379 (NVIDIA/nccl#379) as posted: NCCL's lines without their host:pid header.
const std::string k_s21_nccl_379 =
    "graph/xml.h:77 NCCL WARN Attribute arch of node cpu not found\n"
    "NCCL INFO graph/topo.cc:380 -> 3\n"
    "NCCL INFO graph/topo.cc:466 -> 3\n"
    "NCCL INFO graph/topo.cc:569 -> 3\n"
    "NCCL INFO init.cc:581 -> 3\n"
    "NCCL INFO init.cc:840 -> 3\n"
    "NCCL INFO group.cc:73 -> 3 [Async thread]\n";

TEST_F(LogsS21, CpuNodeWithoutArchNamesTheTopologyFile) {
  const auto* f = first_error(k_s21_nccl_379, "nccl.topo.cpu-attr-missing", "Attribute arch of node cpu not found");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->title, "no 'arch' attribute")) << f->title;
  EXPECT_TRUE(has(f->title, "NCCL_TOPO_FILE")) << f->title;
  EXPECT_TRUE(has(f->fix.text, "Loading topology file")) << f->fix.text;
  EXPECT_TRUE(has(f->fix.text, "grep -n '<cpu' FILE")) << f->fix.text;
  EXPECT_EQ(find_id(r, "nccl.warn"), nullptr);
  // The seven lines are NCCL's, header or not, and the run is no "0 errors".
  EXPECT_EQ(r.facts.nccl_lines, 7u);
  std::string said = text();
  EXPECT_TRUE(has(said, "7 NCCL line(s)")) << said;
  EXPECT_TRUE(has(said, "1 error")) << said;

  // aws-ofi-nccl-785: the same WARN with NCCL's header (the plugin's static p5 topology file).
  auto plugin = analyze_text(
      "2a8874e7d1e6:2196:2275 [1] graph/xml.h:101 NCCL WARN Attribute arch of node cpu not found\n"
      "2a8874e7d1e6:2196:2275 [1] NCCL INFO graph/topo.cc:493 -> 3\n",
      "log.txt");
  ASSERT_FALSE(plugin.findings.empty());
  EXPECT_EQ(plugin.findings.front().id, "nccl.topo.cpu-attr-missing");
}

// One step short: another node's attribute, or the topology loaded without a WARN, claims no topology file.
TEST_F(LogsS21, AnotherNodesAttributeIsNotTheCpuTopologyRule) {
  auto gpu = analyze_text("graph/xml.h:77 NCCL WARN Attribute busid of node nic not found\n", "log.txt");
  EXPECT_EQ(find_id(gpu, "nccl.topo.cpu-attr-missing"), nullptr);
  EXPECT_NE(find_id(gpu, "nccl.warn"), nullptr);
  auto loaded = analyze_text("node1:1:1 [0] NCCL INFO Loading topology file /tmp/topo.xml\n", "log.txt");
  EXPECT_EQ(find_id(loaded, "nccl.topo.cpu-attr-missing"), nullptr);
}

// aws-ofi-nccl-1020 (aws/aws-ofi-nccl#1020), the whole one-line log.
TEST_F(LogsS21, OfiGetinfoNoDataNamesTheEfaDevices) {
  const auto* f = first_error(
      "[2025-10-16 22:16:08] ip-172-31-3-90:1929:1937 [0] nccl_net_ofi_rdma_init:7978 NCCL WARN NET/OFI OFI "
      "fi_getinfo() call failed: No data available\n",
      "net.ofi.no-provider", "fi_getinfo() call failed: No data available");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::ib_misconfiguration);
  EXPECT_TRUE(has(f->fix.text, "fi_info -p efa")) << f->fix.text;
  EXPECT_TRUE(has(f->fix.text, "--device=/dev/infiniband/uverbs0")) << f->fix.text;
  EXPECT_TRUE(has(f->fix.text, "vpc.amazonaws.com/efa")) << f->fix.text;
}

// One step short: fi_getinfo failing with another error is not "no provider".
TEST_F(LogsS21, OfiGetinfoOtherErrorIsNotNoProvider) {
  r = analyze_text(
      "ip-1:1929:1937 [0] nccl_net_ofi_rdma_init:7978 NCCL WARN NET/OFI OFI fi_getinfo() call failed: "
      "Function not implemented\n",
      "log.txt");
  EXPECT_EQ(find_id(r, "net.ofi.no-provider"), nullptr);
  EXPECT_NE(find_id(r, "nccl.warn"), nullptr);
}

// dist-lr-7 (ctliu3/dist-lr#7), the whole log as posted.
const std::string k_s21_dist_lr =
    "[.../dist-lr]% bash examples/local.sh 1 1 bin/distlr \n"
    "Server mode: sync\n"
    "[14:57:01] .../repos/dist-lr/ps-lite/include/dmlc/logging.h:208: [14:57:01] "
    ".../repos/dist-lr/ps-lite/src/van.cc:70: Check failed: (my_node_.port) != (-1) bind failed\n"
    "terminate called after throwing an instance of 'dmlc::Error'\n"
    "  what():  [14:57:01] .../repos/dist-lr/ps-lite/src/van.cc:70: Check failed: (my_node_.port) != (-1) bind "
    "failed\n"
    "Init weight\n"
    "Worker[0]: start working...\n"
    "examples/local.sh: line 51:  8247 Aborted                 (core dumped) ${bin} ${arg}\n";

TEST_F(LogsS21, PsLiteBindFailedNamesTheHeldPort) {
  const auto* f = first_error(k_s21_dist_lr, "pslite.bind-failed", "Check failed: (my_node_.port) != (-1) bind failed");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->title, "DMLC_PS_ROOT_PORT")) << f->title;
  EXPECT_TRUE(has(f->fix.text, "ss -ltnp \"sport = :PORT\" (PORT: the job's DMLC_PS_ROOT_PORT")) << f->fix.text;
  EXPECT_TRUE(has(f->fix.text, "export DMLC_PS_ROOT_PORT=ANOTHER_PORT")) << f->fix.text;
  expect_never_ok();
}

// One step short: the same abort after another failed CHECK names no port, but is never OK: the
// fatal lines are quoted and no NCCL_DEBUG re-run is offered for a ps-lite job.
TEST_F(LogsS21, OtherCheckFailedAbortIsAFailureWithoutACause) {
  std::string other = k_s21_dist_lr;
  for (std::size_t at = other.find("(my_node_.port) != (-1) bind failed"); at != std::string::npos;
       at = other.find("(my_node_.port) != (-1) bind failed"))
    other.replace(at, 35, "num_servers > 0");
  r = analyze_text(other, "log.txt");
  EXPECT_EQ(find_id(r, "pslite.bind-failed"), nullptr);
  ASSERT_EQ(r.findings.size(), 1u);
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "logs.not-enough-evidence");
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "A process failed")) << f.title;
  EXPECT_TRUE(has(f.title, "no rule of distdoctor names its cause")) << f.title;
  EXPECT_TRUE(evidence_has(f, "terminate called after throwing an instance of 'dmlc::Error'")) << f.title;
  EXPECT_TRUE(evidence_has(f, "Check failed: num_servers > 0")) << f.title;
  EXPECT_TRUE(f.fix.env.empty());
  expect_never_ok();
  EXPECT_TRUE(has(text(), "1 error")) << text();
}

// vllm-ascend-4725: HCCL's init failure, no NCCL line; never OK.
TEST_F(LogsS21, HcclInitFailureIsNeverOk) {
  r = analyze_text(
      "[ERROR] HCCL(60570,):2025-12-04-14:46:07.911.323 [hccl_communicator_host.cc:274] [60570][Init]call trace: "
      "hcclRet -> 7\n"
      "[ERROR] HCCL(60570,):2025-12-04-14:46:07.911.325 [hccl_comm.cc:115] [60570][HcclComm][Init]errNo"
      "[0x0000000005000007] hccl initialize failed\n"
      "[ERROR] HCCL(60570,):2025-12-04-14:46:07.911.327 [op_base.cc:1097] [60570][InitCommRootInfo]errNo"
      "[0x0000000005000007] hcclComm init error\n",
      "log.txt");
  ASSERT_EQ(r.findings.size(), 1u);
  const auto& f = r.findings.front();
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "hccl initialize failed")) << f.title;
  EXPECT_FALSE(has(text(), "OK:"));
}

// mxnet-3685 (apache/mxnet#3685): the scheduler registers its own host's nodes, then the user stops it.
const std::string k_s21_mxnet =
    "$ ../../tools/launch.py --launcher ssh -n 2 -s 1 -H hosts  python train_mnist.py --network lenet --gpus "
    "0,1,2,3 --kv-store dist_sync\n"
    "[17:16:55] src/van.cc:69: Bind to role=scheduler, id=1, ip=158.1xx.x.80, port=9091, is_recovery=0\n"
    "[17:17:00] src/van.cc:155: ? => 1. Meta: request=0, timestamp=0, control={ cmd=ADD_NODE, node={ "
    "role=server, ip=158.1xx.x.80, port=50368, is_recovery=0 } }\n";

TEST_F(LogsS21, KilledBySignalIsAStoppedJobNotOk) {
  r = analyze_text(k_s21_mxnet + "Killed by signal 2.\nKilled by signal 2.\nKilled by signal 2.\n", "log.txt");
  ASSERT_EQ(r.findings.size(), 1u);
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "logs.not-enough-evidence");
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_TRUE(has(f.title, "stopped from outside (\"Killed by signal 2.\")")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "nc -vz ADDRESS PORT")) << f.fix.text;
  expect_never_ok();
}

// One step short: the same lines without the stop are a note, as before (nothing says it failed).
TEST_F(LogsS21, SameLogWithoutTheStopStaysANote) {
  r = analyze_text(k_s21_mxnet, "log.txt");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings.front().severity, core::Severity::info);
}

// trtllm-4238: NCCL lines with only a rank prefix are counted, and a failed NCCL call is an error.
TEST_F(LogsS21, RankPrefixedNcclLinesCountAndAFailedCallIsAnError) {
  const std::string warn =
      "[1] enqueue.cc:1500 NCCL WARN Cuda failure 1 'invalid argument'\n"
      "[1] NCCL INFO group.cc:242 -> 1\n";
  r = analyze_text(warn +
                       "Failed, NCCL error /home/jenkins/tensorrt_llm/thop/allreduceOp.cpp:308 'unhandled cuda "
                       "error (run with NCCL_DEBUG=INFO for details)'\n",
                   "log.txt");
  EXPECT_EQ(r.facts.nccl_lines, 2u);
  const auto* f = find_id(r, "nccl.warn");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_TRUE(evidence_has(*f, "unhandled cuda error")) << f->title;
  // One step short: the WARN without the failed call stays a warning.
  auto alone = analyze_text(warn, "log.txt");
  const auto* w = find_id(alone, "nccl.warn");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->severity, core::Severity::warning);
}

}  // namespace
}  // namespace dd::logs
