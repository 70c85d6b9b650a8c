// "One step short" tests for the logs transport and hypothesis rules (issue 28, item 5): each
// rule's cause is carried by one thing in the log (the second version, the host on the other
// transport, the other plugin, a socket type of the other transport, the one host, a channel without
// GDR, the IPoIB interface, the NCCL failure beside a verbs warning); dropping it drops the claim.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::any_label;
using test::find_id;

std::string node(const std::string& host, const std::string& pid, const std::string& version,
                 const std::string& network) {
  std::string h = host + ":" + pid + ":" + pid + " [0] NCCL INFO ";
  return h + "NCCL version " + version + "+cuda12.1\n" + h + "Bootstrap : Using eth0:198.18.6." + pid + "<0>\n" + h +
         "Using network " + network + "\n";
}

TEST(LogsShortTransport, VersionMismatchNeedsASecondVersion) {
  auto two = analyze_text(node("st-a", "1", "2.18.3", "Socket") + node("st-b", "2", "2.19.3", "Socket"), "both.log");
  const auto* f = find_id(two, "nccl.version.mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);

  // One step short: both hosts print one release (builds differ only after '+').
  auto one = analyze_text(node("st-a", "1", "2.18.3", "Socket") + node("st-b", "2", "2.18.3", "Socket"), "both.log");
  EXPECT_EQ(find_id(one, "nccl.version.mismatch"), nullptr);
  EXPECT_FALSE(any_label(one, core::Label::version_mismatch));
}

TEST(LogsShortTransport, MixedTransportsNeedAProcessOnEachTransport) {
  auto mixed = analyze_text(node("st-a", "1", "2.18.3", "IB") + node("st-b", "2", "2.18.3", "Socket"), "both.log");
  const auto* f = find_id(mixed, "nccl.net.mixed-transports");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);

  // One step short: the host on the other transport.
  auto same = analyze_text(node("st-a", "1", "2.18.3", "Socket") + node("st-b", "2", "2.18.3", "Socket"), "both.log");
  EXPECT_EQ(find_id(same, "nccl.net.mixed-transports"), nullptr);
  EXPECT_FALSE(any_label(same, core::Label::ib_misconfiguration));
}

TEST(LogsShortTransport, PluginMismatchNeedsHostsOnDifferentPlugins) {
  const std::string internal =
      "st-b:42:42 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal net plugin.\n";
  const std::string external = "st-a:41:41 [0] NCCL INFO NET/Plugin: Loaded net plugin NCCL RDMA Plugin v8 (v8)\n";
  ASSERT_NE(find_id(analyze_text(external + internal, "both.log"), "nccl.net.plugin-mismatch"), nullptr);

  // One step short: both hosts run the internal net code.
  const std::string internal_a =
      "st-a:41:41 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal net plugin.\n";
  EXPECT_EQ(find_id(analyze_text(internal_a + internal, "both.log"), "nccl.net.plugin-mismatch"), nullptr);
}

TEST(LogsShortTransport, SocketTypeMismatchNeedsTheTwoTransportsTypes) {
  const std::string h = "st-n:31:61 [0] misc/socket.cc:441 NCCL WARN socketFinalizeAccept: wrong type ";
  ASSERT_NE(find_id(analyze_text(h + "4 != 3\n", "n.log"), "nccl.net.socket-type-mismatch"), nullptr);

  // One step short: a type that is neither NET/IB's nor NET/Socket's says nothing about transports.
  auto other = analyze_text(h + "2 != 3\n", "n.log");
  EXPECT_EQ(find_id(other, "nccl.net.socket-type-mismatch"), nullptr);
  EXPECT_FALSE(any_label(other, core::Label::ib_misconfiguration));
}

// Two GPUs of one host that started NCCL's init and never finished it.
const std::string k_init_started =
    "st-g:40:40 [0] NCCL INFO Bootstrap : Using eth0:198.18.11.1<0>\n"
    "st-g:41:41 [1] NCCL INFO comm 0x2 rank 1 nranks 2 cudaDev 1 busId 82000 - Init START\n"
    "st-g:40:40 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 3000 - Init START\n";

TEST(LogsShortTransport, SingleHostStallNeedsOneHostAndAnInitThatNeverEnded) {
  auto claimed = analyze_text(k_init_started, "g.log");
  const auto* f = find_id(claimed, "nccl.p2p.single-host-stall");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::warning);

  // One step short: init completed on both GPUs and no watchdog fired.
  auto done =
      analyze_text(k_init_started +
                       "st-g:40:40 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 3000 - Init COMPLETE\n"
                       "st-g:41:41 [1] NCCL INFO comm 0x2 rank 1 nranks 2 cudaDev 1 busId 82000 - Init COMPLETE\n",
                   "g.log");
  EXPECT_EQ(find_id(done, "nccl.p2p.single-host-stall"), nullptr);
  // Nor when the second rank runs on another host (P2P does not cross hosts).
  auto two_hosts = analyze_text(
      "st-g:40:40 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 3000 - Init START\n"
      "st-h:41:41 [0] NCCL INFO comm 0x2 rank 1 nranks 2 cudaDev 0 busId 3000 - Init START\n",
      "gh.log");
  EXPECT_EQ(find_id(two_hosts, "nccl.p2p.single-host-stall"), nullptr);
  EXPECT_FALSE(any_label(two_hosts, core::Label::p2p_failure));
}

TEST(LogsShortTransport, GdrAsymmetricNeedsAChannelWithoutGdr) {
  const std::string gdr = "st-a:21:30 [0] NCCL INFO Channel 00/0 : 9[1a000] -> 2[6b000] [send] via NET/IB/0/GDRDMA\n";
  ASSERT_NE(find_id(analyze_text(gdr + "st-b:22:31 [0] NCCL INFO Channel 00/0 : 9[1a000] -> 2[6b000] [receive] via "
                                       "NET/IB/1\n",
                                 "both.log"),
                    "nccl.gdr.asymmetric"),
            nullptr);

  // One step short: every channel uses GPUDirect RDMA.
  auto all = analyze_text(gdr +
                              "st-b:22:31 [0] NCCL INFO Channel 00/0 : 9[1a000] -> 2[6b000] [receive] via "
                              "NET/IB/1/GDRDMA\n",
                          "both.log");
  EXPECT_EQ(find_id(all, "nccl.gdr.asymmetric"), nullptr);
  EXPECT_FALSE(any_label(all, core::Label::gdr_or_driver));
}

std::string bootstrap_failure(const std::string& iface) {
  return "st-i:50:50 [0] NCCL INFO Bootstrap : Using " + iface +
         ":198.18.20.1<0>\n"
         "st-i:50:50 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 7000 - Init START\n"
         "st-i:50:54 [0] NCCL INFO misc/socket.cc:567 -> 2\n"
         "st-i:50:54 [0] NCCL INFO bootstrap.cc:270 -> 2\n";
}

TEST(LogsShortTransport, IpoibBootstrapNeedsTheBootstrapOnIpoib) {
  auto claimed = analyze_text(bootstrap_failure("ib0"), "i.log");
  const auto* f = find_id(claimed, "nccl.bootstrap.ipoib");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::interface_mismatch);

  // One step short: the same failure over Ethernet names no fabric.
  auto eth = analyze_text(bootstrap_failure("eth0"), "i.log");
  EXPECT_EQ(find_id(eth, "nccl.bootstrap.ipoib"), nullptr);
  // Nor over an IPoIB interface the user chose with NCCL_SOCKET_IFNAME.
  auto chosen = analyze_text(
      "st-i:50:50 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to ib0\n" + bootstrap_failure("ib0"), "i.log");
  EXPECT_EQ(find_id(chosen, "nccl.bootstrap.ipoib"), nullptr);
}

TEST(LogsShortTransport, VerbsProviderIsTheCauseOnlyBesideAnNcclFailure) {
  const std::string verbs =
      "#   Rank  0 Pid   4242 on    st-v7 device  0 [0x00] Tesla V100-SXM2-32GB\n"
      "libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0\n";
  auto claimed = analyze_text(verbs + "st-v7: Test NCCL failure common.cu:775 'internal error'\n", "v.log");
  const auto* f = find_id(claimed, "ib.verbs.provider-missing");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::warning);

  // One step short: no NCCL failure. The provider line alone is a note.
  auto alone = analyze_text(verbs, "v.log");
  EXPECT_EQ(find_id(alone, "ib.verbs.provider-missing"), nullptr);
  const auto* note = find_id(alone, "ib.verbs.provider-missing-info");
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->severity, core::Severity::info);
}

TEST(LogsShortTransport, SystemErrorIsShmOnlyOnOneKnownHost) {
  const std::string failure = "Test NCCL failure common.cu:777 'unhandled system error'\n";
  auto claimed = analyze_text(
      "#   Rank  0 Pid   1688 on    st-box1 device  0 [0x18] GeForce RTX 2080 Ti\n"
      "#   Rank  1 Pid   1688 on    st-box1 device  1 [0x3b] GeForce RTX 2080 Ti\n"
      "st-box1: " +
          failure,
      "box.log");
  const auto* f = find_id(claimed, "nccl.system-error.single-host");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::shm_exhausted);

  // One step short: the host. A bare failure does not say the job ran on one host.
  auto bare = analyze_text(
      "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269, unhandled system error, "
      "NCCL version 2.18.1\n",
      "r.log");
  EXPECT_EQ(find_id(bare, "nccl.system-error.single-host"), nullptr);
  EXPECT_FALSE(any_label(bare, core::Label::shm_exhausted));
}

TEST(LogsShortTransport, UnhandledCudaErrorIsTheDriverOnlyWithNothingElseToGoOn) {
  const std::string bare =
      "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269, unhandled cuda error "
      "(run with NCCL_DEBUG=INFO for details), NCCL version 2.18.1\n";
  ASSERT_NE(find_id(analyze_text(bare, "r.log"), "nccl.cuda-error.driver-runtime"), nullptr);

  // One step short of "nothing else": the failing CUDA call is in the log, and it names P2P.
  auto named = analyze_text(
      "st-p:70:76 [2] transport/p2p.cc:272 NCCL WARN Cuda failure 'peer access is not supported "
      "between these two devices'\n" +
          bare,
      "r.log");
  EXPECT_EQ(find_id(named, "nccl.cuda-error.driver-runtime"), nullptr);
  EXPECT_NE(find_id(named, "nccl.p2p.failed"), nullptr);
}

}  // namespace
}  // namespace dd::logs
