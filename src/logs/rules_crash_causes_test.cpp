// Rules whose message names its own cause or a short list of them: a SIGBUS inside NCCL's frames
// (/dev/shm), NCCL's CUDA-graph capture refusal (its CUDA runtime or the driver), CUDA's "system not
// yet initialized" (a driver daemon such as the Fabric Manager), and a rank's timed-out wait for
// rank 0's ncclUniqueId in the c10d store (rank 0 late), NCCL's "Duplicate GPU detected" (two ranks on
// one GPU), and the CUDA texts of a driver that lacks a call and of an unsupported operation. Each log is
// built from the printed format.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::any_label;
using test::evidence_has;
using test::find_id;
using test::has;

// UCX's handler: "[host:pid :thread:tid] Caught signal 7 (...)", then one frame per line.
std::string ucx_bus_error(const std::string& frames) {
  return "[trainer-3:3039 :0:3095] Caught signal 7 (Bus error: nonexistent physical address)\n"
         "==== backtrace (tid:   3095) ====\n"
         " 0 0x0000000000043090 killpg()  ???:0\n"
         " 1 0x000000000018bb41 __nss_database_lookup()  ???:0\n" +
         frames + "=================================\n";
}

TEST(LogsCrashCauses, BusErrorInNcclFramesPointsAtDevShm) {
  auto r = analyze_text(ucx_bus_error(" 2 0x000000000007587d ncclGroupEnd()  ???:0\n"
                                      " 3 0x0000000000059e97 ncclGetUniqueId()  ???:0\n"
                                      " 4 0x00000000000489b1 \?\?\?()  /usr/lib/x86_64-linux-gnu/libnccl.so.2:0\n"
                                      " 5 0x0000000000008609 start_thread()  ???:0\n"),
                        "worker.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "nccl.sigbus.shm");
  EXPECT_EQ(f.label, core::Label::shm_exhausted);
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_TRUE(evidence_has(f, "Caught signal 7 (Bus error")) << f.title;
  EXPECT_TRUE(evidence_has(f, "ncclGroupEnd()")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "df -h /dev/shm")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "NCCL_SHM_DISABLE=1")) << f.fix.text;
}

// A bus error whose frames are not NCCL's says nothing about NCCL's shared memory.
TEST(LogsCrashCauses, BusErrorOutsideNcclIsNotBlamedOnShm) {
  auto r = analyze_text(ucx_bus_error(" 2 0x000000000007587d memcpy_avx_unaligned()  ???:0\n"
                                      " 3 0x0000000000008609 start_thread()  ???:0\n"),
                        "worker.log");
  EXPECT_EQ(find_id(r, "nccl.sigbus.shm"), nullptr);
  for (const auto& f : r.findings) EXPECT_NE(f.label, core::Label::shm_exhausted) << f.id;
}

// NCCL frames in a trace with no bus error (an exception's stack) are not a SIGBUS either.
TEST(LogsCrashCauses, NcclFramesWithoutABusErrorSayNothing) {
  auto r = analyze_text(
      "==== backtrace (tid:   3095) ====\n"
      " 2 0x000000000007587d ncclGroupEnd()  ???:0\n"
      " 3 0x0000000000059e97 ncclGetUniqueId()  ???:0\n",
      "worker.log");
  EXPECT_EQ(find_id(r, "nccl.sigbus.shm"), nullptr);
}

// tests/corpus/logs-s20/jax-toolbox-183 (NVIDIA/JAX-Toolbox#183) as posted: gdb stops a JAX process's
// NCCL proxy thread on SIGBUS and its backtrace is in ncclShmOpen.
std::string gdb_bus_error(const std::string& frame0, const std::string& frame0_lib) {
  return "Thread 787 \"imagenet_fake_d\" received signal SIGBUS, Bus error.\n"
         "[Switching to Thread 0x7f45d7dff640 (LWP 3925)]\n"
         "0x00007f6b59544f3b in " +
         frame0 + " () from " + frame0_lib +
         "\n"
         "(gdb) bt\n"
         "#0 0x00007f6b59544f3b in " +
         frame0 + " ()\n  from " + frame0_lib +
         "\n"
         "#1 0x00007f6b595436d7 in ncclProxyService(void*) ()\n"
         "  from /usr/local/lib/python3.10/dist-packages/jaxlib/xla_extension.so\n"
         "#2 0x00007f6b5e7adb43 in start_thread (arg=<optimized out>) at ./nptl/pthread_create.c:442\n"
         "#3 0x00007f6b5e83ebb4 in clone () at ../sysdeps/unix/sysv/linux/x86_64/clone.S:100\n";
}

constexpr const char* k_shm_open = "ncclShmOpen(char*, unsigned long, void**, void**, int, void**)";
constexpr const char* k_xla = "/usr/local/lib/python3.10/dist-packages/jaxlib/xla_extension.so";

TEST(LogsCrashCauses, SigbusInsideNcclShmOpenNamesAFullDevShm) {
  auto r = analyze_text(gdb_bus_error(k_shm_open, k_xla), "log.txt");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "nccl.shm.sigbus-in-open");
  EXPECT_EQ(f.label, core::Label::shm_exhausted);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(evidence_has(f, "received signal SIGBUS, Bus error")) << f.title;
  EXPECT_TRUE(evidence_has(f, "in ncclShmOpen(")) << f.title;
  EXPECT_TRUE(has(f.title, "/dev/shm is too small")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "df -h /dev/shm")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "--shm-size=1g")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "medium: Memory")) << f.fix.text;
  EXPECT_EQ(find_id(r, "nccl.sigbus.shm"), nullptr);
}

// One step short: the same SIGBUS with frame #0 outside NCCL's shared-memory open (here memcpy, with
// NCCL's proxy thread below it) keeps nccl.sigbus.shm's candidates; no frame at all, or Python's
// faulthandler "Bus error" alone (jax-ml/jax#17296), claims no shm cause; the ncclShmOpen frame
// without a signal (a debugger's plain backtrace) is no SIGBUS.
TEST(LogsCrashCauses, SigbusWithoutTheShmOpenFrameDoesNotClaimAFullDevShm) {
  auto other_frame =
      analyze_text(gdb_bus_error("__memmove_avx_unaligned_erms", "/lib/x86_64-linux-gnu/libc.so.6"), "log.txt");
  EXPECT_EQ(find_id(other_frame, "nccl.shm.sigbus-in-open"), nullptr);
  const auto* candidates = find_id(other_frame, "nccl.sigbus.shm");
  ASSERT_NE(candidates, nullptr);
  EXPECT_EQ(candidates->severity, core::Severity::warning);
  EXPECT_TRUE(has(candidates->fix.text, "NCCL_SHM_DISABLE=1")) << candidates->fix.text;

  for (const std::string& bare : {std::string("Thread 787 \"imagenet_fake_d\" received signal SIGBUS, Bus error.\n"),
                                  std::string("Fatal Python error: Bus error\n\n"
                                              "Thread 0x00007f50e814d000 (most recent call first):\n"
                                              "  File \"/opt/jax-source/jax/_src/interpreters/pxla.py\", line 1158 "
                                              "in __call__\n")}) {
    auto r = analyze_text(bare, "log.txt");
    EXPECT_FALSE(any_label(r, core::Label::shm_exhausted)) << bare;
    EXPECT_EQ(find_id(r, "nccl.shm.sigbus-in-open"), nullptr) << bare;
    // What it gets instead: the candidates, each with its step, the native backtrace among them.
    const auto* stage = find_id(r, "logs.not-enough-evidence");
    ASSERT_NE(stage, nullptr) << bare;
    EXPECT_TRUE(has(stage->title, "died of SIGBUS")) << stage->title;
    EXPECT_TRUE(has(stage->fix.text, "df -h /dev/shm")) << stage->fix.text;
    EXPECT_TRUE(has(stage->fix.text, "gdb -batch -ex run -ex bt")) << stage->fix.text;
    EXPECT_TRUE(has(stage->fix.text, "machine check")) << stage->fix.text;
  }

  auto no_signal = analyze_text(
      "(gdb) bt\n#0 0x00007f6b59544f3b in ncclShmOpen(char*, unsigned long, void**, void**, "
      "int, void**) ()\n",
      "log.txt");
  EXPECT_FALSE(any_label(no_signal, core::Label::shm_exhausted));
}

TEST(LogsCrashCauses, GraphCaptureRefusalNamesBothVersionCauses) {
  auto r = analyze_text(
      "node1:4021:4021 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n"
      "node1:4021:4021 [0] NCCL INFO NCCL version 2.19.3+cuda11.0\n"
      "node1:4021:4021 [0] misc/strongstream.cc:53 NCCL WARN NCCL cannot be captured in a graph if either it wasn't "
      "built with CUDA runtime >= 11.3 or if the installed CUDA driver < R465.\n"
      "node1:4021:4021 [0] NCCL INFO enqueue.cc:1932 -> 5\n",
      "vllm.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "nccl.graph-capture.unsupported");
  EXPECT_EQ(f.label, core::Label::version_mismatch);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "11.3") && has(f.title, "R465")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "nvidia-smi")) << f.fix.text;
  EXPECT_TRUE(evidence_has(f, "strongstream.cc:53")) << f.title;
}

TEST(LogsCrashCauses, SystemNotYetInitializedIsADriverDaemon) {
  auto r = analyze_text(
      "# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20\n"
      "#\n"
      "# Using devices\n"
      "gpu-node: Test CUDA failure common.cu:941 'system not yet initialized'\n"
      " .. gpu-node pid 54340: Test failure common.cu:891\n",
      "all_reduce_perf.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "cuda.system-not-ready");
  EXPECT_EQ(f.label, core::Label::gdr_or_driver);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.fix.text, "nvidia-fabricmanager")) << f.fix.text;
  EXPECT_TRUE(evidence_has(f, "common.cu:941")) << f.title;
}

TEST(LogsCrashCauses, UniqueIdStoreTimeoutNamesRankZeroLateWithItsCandidates) {
  auto r = analyze_text(
      "Running tokenizer on train dataset:  41%|####      | 943000/2300000 [29:51<42:58, 526.31 examples/s]\n"
      "Traceback (most recent call last):\n"
      "  File \"/workspace/main.py\", line 377, in <module>\n"
      "RuntimeError: [7] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value "
      "store by key '0', but store->get('0') got error: Socket Timeout\n"
      "Exception raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:604 (most recent call first)\n",
      "rank7.log");
  const auto* f = find_id(r, "torch.nccl.unique-id-timeout");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(r.findings.front().label, core::Label::data_pipeline_stall);  // the progress bar's own finding may lead
  EXPECT_EQ(f->label, core::Label::data_pipeline_stall);
  EXPECT_EQ(f->severity, core::Severity::warning);
  EXPECT_TRUE(has(f->fix.text, "py-spy dump")) << f->fix.text;
  EXPECT_TRUE(has(f->fix.text, "timeout")) << f->fix.text;
  EXPECT_TRUE(evidence_has(*f, "store->get('0') got error: Socket Timeout")) << f->title;
}

// A store connection that broke is not a late rank 0 (its store went away): not this rule.
TEST(LogsCrashCauses, UniqueIdStoreResetIsNotCalledLate) {
  auto r = analyze_text(
      "Traceback (most recent call last):\n"
      "torch.distributed.DistBackendError: [3] is setting up NCCL communicator and retrieving "
      "ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: "
      "Connection reset by peer\n",
      "rank3.log");
  EXPECT_EQ(find_id(r, "torch.nccl.unique-id-timeout"), nullptr);
  for (const auto& f : r.findings) EXPECT_NE(f.label, core::Label::data_pipeline_stall) << f.id;
}

// NCCL 2.17+ prints the device as its PCI bus id ("%lx"); mpirun --tag-output prefixes each rank's line.
TEST(LogsCrashCauses, DuplicateGpuNamesTheRanksAndTheDevice) {
  auto r = analyze_text(
      "[1,1]<stdout>:gpu-a:2201:2290 [0] NCCL INFO NCCL version 2.18.3+cuda12.1\n"
      "[1,1]<stdout>:\n"
      "[1,1]<stdout>:gpu-a:2201:2290 [0] init.cc:639 NCCL WARN Duplicate GPU detected : rank 1 and rank 0 both on "
      "CUDA device 3b000\n"
      "[1,1]<stdout>:gpu-a:2201:2290 [0] NCCL INFO init.cc:1100 -> 5\n"
      "[1,0]<stdout>:gpu-a:2200:2291 [0] init.cc:639 NCCL WARN Duplicate GPU detected : rank 0 and rank 1 both on "
      "CUDA device 3b000\n"
      "[1,0]<stdout>:gpu-a:2200:2291 [0] NCCL INFO init.cc:1100 -> 5\n",
      "horovod.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "nccl.duplicate-gpu");
  EXPECT_EQ(f.label, core::Label::other);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "rank 1 and rank 0 both on CUDA device 3b000")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "torch.cuda.set_device(local_rank)")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "CUDA_VISIBLE_DEVICES")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "nvidia-smi -L")) << f.fix.text;
  EXPECT_TRUE(evidence_has(f, "init.cc:639")) << f.title;
  EXPECT_EQ(f.hosts, std::vector<std::string>{"gpu-a"});
}

// torch raises ncclInvalidUsage and prints NCCL's last error on its own line: the cause, not the opaque error.
TEST(LogsCrashCauses, DuplicateGpuInTorchsLastErrorOutranksInvalidUsage) {
  auto r = analyze_text(
      "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py\", line 3744, in "
      "barrier\n"
      "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/"
      "ProcessGroupNCCL.cpp:1727, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.19.3\n"
      "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.\n"
      "Last error:\n"
      "Duplicate GPU detected : rank 5 and rank 4 both on CUDA device 1a000\n",
      "train.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "nccl.duplicate-gpu");
  EXPECT_TRUE(has(f.title, "rank 5 and rank 4 both on CUDA device 1a000")) << f.title;
}

// cudaErrorCallRequiresNewerDriver through NCCL's CUDACHECK; the failures it causes later follow it.
TEST(LogsCrashCauses, CallMissingInTheDriverIsADriverOlderThanTheBuild) {
  auto r = analyze_text(
      "[1,0]<stdout>:5a1c:174:239 [0] NCCL INFO NCCL version 2.9.6+cuda11.3\n"
      "[1,0]<stdout>:5a1c:174:239 [0] enqueue.cc:802 NCCL WARN Cuda failure 'API call is not supported in the "
      "installed CUDA driver'\n"
      "[1,0]<stdout>:5a1c:174:239 [0] init.cc:895 NCCL WARN Cuda failure 'invalid device ordinal'\n",
      "rank0.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "cuda.driver.too-old");
  EXPECT_EQ(f.label, core::Label::version_mismatch);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.fix.text, "nvidia-smi") && has(f.fix.text, "torch.version.cuda")) << f.fix.text;
  EXPECT_TRUE(evidence_has(f, "enqueue.cc:802")) << f.title;
}

// cudaErrorNotSupported at init names no cause: the finding says what was seen and the candidates.
TEST(LogsCrashCauses, OperationNotSupportedListsItsCandidates) {
  auto r = analyze_text(
      "vm-7:508:508 [0] NCCL INFO NCCL version 2.27.5+cuda12.9\n"
      "vm-7:508:508 [0] init.cc:426 NCCL WARN Cuda failure 'operation not supported'\n"
      "vm-7:508:508 [0] NCCL INFO init.cc:1437 -> 1\n",
      "worker.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "nccl.cuda.operation-not-supported");
  EXPECT_EQ(f.label, core::Label::gdr_or_driver);
  EXPECT_TRUE(has(f.title, "'operation not supported'")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "enable_uvm") && has(f.fix.text, "nvidia-smi topo -p2p r")) << f.fix.text;
  EXPECT_TRUE(evidence_has(f, "init.cc:426")) << f.title;
  EXPECT_EQ(f.hosts, std::vector<std::string>{"vm-7"});
}

// Another CUDA error text is neither rule's.
TEST(LogsCrashCauses, OtherCudaFailuresAreNotUnsupportedOperations) {
  auto r = analyze_text("vm-7:508:508 [0] init.cc:426 NCCL WARN Cuda failure 'out of memory'\n", "worker.log");
  EXPECT_EQ(find_id(r, "nccl.cuda.operation-not-supported"), nullptr);
  EXPECT_EQ(find_id(r, "nccl.duplicate-gpu"), nullptr);
}

// The catalogue's torch.dataloader.shm entry (an shm_error event, reported as nccl.shm.exhausted)
// takes torch's own texts (c10/core/MapAllocator.cpp when shm_open fails, the DataLoader's bus-error
// line), not any line holding "shm_open": a gdb thread or frame of that name (issue 27) says nothing
// about /dev/shm.
TEST(LogsCrashCauses, DataLoaderShmTakesTorchsTextNotAnyShmOpen) {
  auto torch = analyze_text(
      "RuntimeError: unable to open shared memory object </torch_52868_1950128645> in read-write mode: No space "
      "left on device (28)\n",
      "worker.log");
  const auto* f = find_id(torch, "nccl.shm.exhausted");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::shm_exhausted);
  for (const char* line : {"[New Thread 0x7f3a2b7fe640 (LWP 4242) \"shm_open_pool\"]\n",
                           "#3 0x00007f6b595436d7 in shm_open_retry (name=0x55 \"/x\") at util.c:40\n",
                           "Unable to open shared memory object. Error: Permission denied\n"}) {
    auto r = analyze_text(line, "gdb.txt");
    EXPECT_FALSE(any_label(r, core::Label::shm_exhausted)) << line;
  }
}

}  // namespace
}  // namespace dd::logs
