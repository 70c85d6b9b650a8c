// The framework messages that name their own cause before any collective runs: torch's env://
// rendezvous without a variable, the store's port taken, Gloo's device address on no interface,
// TensorFlow without NCCL kernels. Each rule gets its real message and the same log one step short
// (the message gone, or the detail the finding rests on gone), which must not claim it.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::any_label;
using test::find_id;
using test::has;

constexpr const char* k_frames =
    "Traceback (most recent call last):\n"
    "  File \"train.py\", line 11, in <module>\n"
    "    torch.distributed.init_process_group(backend=\"nccl\")\n";

TEST(LogsLaunchMessages, AnUnsetRendezvousVariableIsNamedWithTheLaunchersThatSetIt) {
  for (const std::string var : {"MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE"}) {
    auto r = analyze_text(std::string(k_frames) +
                              "ValueError: Error initializing torch.distributed using env:// rendezvous: environment "
                              "variable " +
                              var + " expected, but not set\n",
                          "r0.log");
    const auto* f = find_id(r, "launch.env.unset");
    ASSERT_NE(f, nullptr) << var;
    EXPECT_EQ(f->label, core::Label::config_typo);
    EXPECT_EQ(f->severity, core::Severity::error);
    EXPECT_TRUE(has(f->title, "found no " + var + " in")) << f->title;
    EXPECT_TRUE(has(f->fix.text, "torchrun")) << f->fix.text;
    EXPECT_TRUE(has(f->fix.text, "srun and mpirun do not set " + var)) << f->fix.text;
    EXPECT_EQ(r.findings.front().id, "launch.env.unset");
  }
  // The traceback that ends at the raise (the message itself cut off) names the variable too.
  auto frame = analyze_text(std::string(k_frames) + "    raise _env_error(\"MASTER_ADDR\")\n", "r0.log");
  const auto* f = find_id(frame, "launch.env.unset");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->title, "found no MASTER_ADDR in")) << f->title;

  // One step short: the traceback without the error names nothing.
  auto bare = analyze_text(k_frames, "r0.log");
  EXPECT_EQ(find_id(bare, "launch.env.unset"), nullptr);
  EXPECT_FALSE(any_label(bare, core::Label::config_typo));
}

TEST(LogsLaunchMessages, APortInUseNamesThePortAndTheStepThatFindsItsHolderInEveryForm) {
  const std::string forms[] = {
      "RuntimeError: The server socket has failed to listen on any local network address. The server socket has "
      "failed to bind to [::]:29511 (errno: 98 - Address already in use). The server socket has failed to bind to "
      "0.0.0.0:29511 (errno: 98 - Address already in use).",
      "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. "
      "port: 29511, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
      "ConnectionError: Tried to launch distributed communication on port `29511`, but another process is "
      "utilizing it. Please specify a different port (such as using the `--main_process_port` flag or specifying a "
      "different `main_process_port` in your config file) and rerun your script.",
  };
  for (const auto& line : forms) {
    auto r = analyze_text(line + "\n", "r0.log");
    const auto* f = find_id(r, "launch.port.in-use");
    ASSERT_NE(f, nullptr) << line;
    EXPECT_EQ(f->severity, core::Severity::error);
    EXPECT_TRUE(has(f->title, "Port 29511 is already in use")) << f->title;
    EXPECT_TRUE(has(f->fix.text, "ss -ltnp \"sport = :29511\"")) << f->fix.text;
    EXPECT_EQ(r.findings.front().id, "launch.port.in-use");
  }
  // torch before 1.10: no port in the text, so none is claimed.
  auto old = analyze_text(
      "    store = TCPStore(master_addr, master_port, world_size, start_daemon, timeout)\n"
      "RuntimeError: Address already in use\n",
      "r0.log");
  const auto* f = find_id(old, "launch.port.in-use");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->title, "The rendezvous port is already in use")) << f->title;
  EXPECT_TRUE(has(f->fix.text, "sport = :$MASTER_PORT")) << f->fix.text;

  // One step short: the same listen failure for another reason (EACCES) is no port in use.
  auto denied = analyze_text(
      "RuntimeError: The server socket has failed to listen on any local network address. The server socket has "
      "failed to bind to [::]:80 (errno: 13 - Permission denied).\n",
      "r0.log");
  EXPECT_EQ(find_id(denied, "launch.port.in-use"), nullptr);
}

TEST(LogsLaunchMessages, GlooAddressOnNoInterfaceSaysANumericHostNameOnlyFor0Slash8) {
  const std::string gloo =
      "RuntimeError: [enforce fail at /pytorch/third_party/gloo/gloo/transport/tcp/device.cc:212] ifa != nullptr. "
      "Unable to find interface for: ";
  auto numeric = analyze_text(gloo + "[0.0.0.189]\n", "r0.log");
  const auto* f = find_id(numeric, "gloo.device.address-not-local");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::hostname_resolution);
  EXPECT_TRUE(has(f->title, "address 0.0.0.189 is on no network interface")) << f->title;
  EXPECT_TRUE(has(f->title, "made only of digits")) << f->title;
  EXPECT_TRUE(has(f->fix.text, "GLOO_SOCKET_IFNAME")) << f->fix.text;
  EXPECT_TRUE(has(f->fix.text, "getent hosts $(hostname)")) << f->fix.text;

  // One step short: another address is not on this node either, but no digit-only name is claimed.
  auto other = analyze_text(gloo + "[198.18.4.7]\n", "r0.log");
  const auto* g = find_id(other, "gloo.device.address-not-local");
  ASSERT_NE(g, nullptr);
  EXPECT_FALSE(has(g->title, "digits")) << g->title;
  // Gloo's "Unable to find address for" (an interface name) stays the interface rule's.
  auto name = analyze_text(
      "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:84] ifa != nullptr. Unable "
      "to find address for: eth7\n",
      "r0.log");
  EXPECT_EQ(find_id(name, "gloo.device.address-not-local"), nullptr);
}

constexpr const char* k_tf_error =
    "tensorflow.python.framework.errors_impl.InvalidArgumentError: No OpKernel was registered to support Op "
    "'NcclAllReduce' used by {{node Adam/NcclAllReduce}}with these attrs: [reduction=\"sum\", shared_name=\"c1\", "
    "T=DT_FLOAT, num_devices=4]\n"
    "Registered devices: [CPU, GPU]\n"
    "Registered kernels:\n"
    "  <no registered kernels>\n";

TEST(LogsLaunchMessages, TensorflowWithoutNcclKernelsFixesTheStrategyTheLogShows) {
  auto alone = analyze_text(k_tf_error, "w0.log");
  const auto* f = find_id(alone, "tf.nccl.no-kernel");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::windows_no_nccl);
  EXPECT_TRUE(has(f->title, "NcclAllReduce")) << f->title;
  EXPECT_TRUE(has(f->fix.text, "does not show which strategy")) << f->fix.text;
  EXPECT_TRUE(has(f->fix.text, "HierarchicalCopyAllReduce")) << f->fix.text;
  EXPECT_TRUE(has(f->fix.text, "CommunicationImplementation.RING")) << f->fix.text;

  auto one = analyze_text(
      std::string(
          "INFO:tensorflow:Using MirroredStrategy with devices ('/job:localhost/replica:0/task:0/device:GPU:0', "
          "'/job:localhost/replica:0/task:0/device:GPU:1')\n") +
          k_tf_error,
      "w0.log");
  f = find_id(one, "tf.nccl.no-kernel");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->fix.text, "cross_device_ops=tf.distribute.HierarchicalCopyAllReduce()")) << f->fix.text;
  EXPECT_FALSE(has(f->fix.text, "RING")) << f->fix.text;

  // A multi-worker job prints a MirroredStrategy line too: it must keep its multi-worker strategy.
  auto multi = analyze_text(
      std::string("INFO:tensorflow:Using MirroredStrategy with devices ('/job:worker/task:0',)\n"
                  "INFO:tensorflow:MultiWorkerMirroredStrategy with cluster_spec = {'worker': ['198.18.0.6:10090', "
                  "'198.18.0.3:10088']}, task_type = 'worker', task_id = 0, num_workers = 2, local_devices = "
                  "('/job:worker/task:0',), communication = CommunicationImplementation.AUTO\n") +
          k_tf_error,
      "w0.log");
  f = find_id(multi, "tf.nccl.no-kernel");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->fix.text, "Keep the multi-worker strategy")) << f->fix.text;
  EXPECT_FALSE(has(f->fix.text, "cross_device_ops")) << f->fix.text;

  // One step short: a missing kernel of another op is no NCCL finding.
  auto other = analyze_text(
      "InvalidArgumentError: No OpKernel was registered to support Op 'CudnnRNN' used by {{node lstm/CudnnRNN}}with "
      "these attrs: [T=DT_FLOAT]\n",
      "w0.log");
  EXPECT_EQ(find_id(other, "tf.nccl.no-kernel"), nullptr);
  EXPECT_FALSE(any_label(other, core::Label::windows_no_nccl));
}

}  // namespace
}  // namespace dd::logs
