// "One step short" tests for logs rules whose claim goes beyond the line they read (issue 28's rule
// audit, docs/rules.md): a cause read from a symptom (IB length errors = MTU, GDR disabled = the
// peer-memory module, NCCL's subnet check = different subnets), from someone's report (the
// NCCL_P2P_DISABLE=1 workaround), from what another rank did (a peer that closed its connection
// failed first) or from a peer address (0.0.0.0/8 = a numeric hostname, a netmask or multicast = a
// mistyped endpoint, loopback, Debian's 127.0.1.1). Each log carries the one thing the cause rests
// on; the same log without it (or with the nearest line that lacks it) must not claim the cause.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::any_label;
using test::find_id;
using test::has;

TEST(LogsShortHypotheses, MtuMismatchNeedsALengthOrAccessWorkQueueError) {
  auto length = analyze_text(
      "sh-a:101:130 [0] transport/net_ib.cc:100 NCCL WARN NET/IB : mlx5_0:1 Got async event : local access "
      "violation work queue error\n",
      "r0.log");
  const auto* f = find_id(length, "nccl.ib.mtu-mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::mtu_mismatch);
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_TRUE(has(f->fix.text, "ibv_devinfo")) << f->fix.text;

  // One step short: an IB completion error of another status (12, retries exceeded) is an IB
  // failure, not the MTU.
  auto retry = analyze_text(
      "sh-a:101:130 [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 198.18.0.2<57888> "
      "with status=12 opcode=1 len=0 vendor err 129 (Send)\n",
      "r0.log");
  EXPECT_EQ(find_id(retry, "nccl.ib.mtu-mismatch"), nullptr);
  EXPECT_FALSE(any_label(retry, core::Label::mtu_mismatch));
}

TEST(LogsShortHypotheses, GdrDisabledNeedsNcclsDisabledLine) {
  auto off = analyze_text(
      "sh-a:101:130 [0] NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0' (no module)\n", "r0.log");
  const auto* f = find_id(off, "nccl.gdr.disabled");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::gdr_or_driver);
  EXPECT_EQ(f->severity, core::Severity::warning);

  // One step short: the same HCA with GDR enabled.
  auto on = analyze_text("sh-a:101:130 [0] NCCL INFO NET/IB : GPU Direct RDMA Enabled for HCA 0 'mlx5_0'\n", "r0.log");
  EXPECT_EQ(find_id(on, "nccl.gdr.disabled"), nullptr);
  EXPECT_FALSE(any_label(on, core::Label::gdr_or_driver));
}

TEST(LogsShortHypotheses, P2pDisableHelpsNeedsTheReportThatItWorked) {
  auto worked = analyze_text("Setting NCCL_P2P_DISABLE=1 fixed it for me.\n", "thread.txt");
  const auto* f = find_id(worked, "nccl.p2p.disable-helps");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::p2p_failure);

  // One step short: the variable only set (an export, NCCL's own echo of it), no word that it helped.
  auto set = analyze_text(
      "export NCCL_P2P_DISABLE=1\n"
      "sh-a:101:101 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1.\n",
      "r0.log");
  EXPECT_EQ(find_id(set, "nccl.p2p.disable-helps"), nullptr);
  EXPECT_FALSE(any_label(set, core::Label::p2p_failure));
}

TEST(LogsShortHypotheses, CommIdOtherSubnetNeedsNcclsNoInterfaceInTheSubnetLine) {
  auto other = analyze_text(
      "sh-b:202:202 [0] misc/socket.cc:261 NCCL WARN NET/Socket : No interface found in the same subnet as remote "
      "address 198.19.0.5<12345>\n",
      "r1.log");
  const auto* f = find_id(other, "nccl.comm-id.other-subnet");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::interface_mismatch);

  // One step short: NCCL_COMM_ID set and echoed, no subnet failure.
  auto echoed =
      analyze_text("sh-b:202:202 [0] NCCL INFO NCCL_COMM_ID set by environment to 198.19.0.5:12345\n", "r1.log");
  EXPECT_EQ(find_id(echoed, "nccl.comm-id.other-subnet"), nullptr);
  EXPECT_FALSE(any_label(echoed, core::Label::interface_mismatch));
}

// NCCL's final connect failure to `addr` (the format of rules_short_network_test.cpp).
std::string refused_connect(const std::string& addr) {
  return "sh-a:410:430 [0] NCCL INFO Call to connect returned Connection refused, retrying\n"
         "sh-a:410:430 [0] misc/socket.cc:556 NCCL WARN Net : Connect to " +
         addr + "<41234> failed : Connection refused\n";
}

TEST(LogsShortHypotheses, PeerClosedNeedsAConnectionThePeerClosed) {
  auto closed = analyze_text(
      "sh-a:410:430 [0] misc/socket.cc:47 NCCL WARN socketProgress: Connection closed by remote peer "
      "198.18.0.3<36138>\n",
      "r0.log");
  const auto* f = find_id(closed, "net.peer.closed");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::other);
  EXPECT_EQ(f->severity, core::Severity::warning);
  EXPECT_TRUE(has(f->title, "probably failed first")) << f->title;

  // One step short: the peer refused the connection (nothing listened): no claim that it failed first.
  auto refused = analyze_text(refused_connect("198.18.0.3"), "r0.log");
  EXPECT_EQ(find_id(refused, "net.peer.closed"), nullptr);
  EXPECT_NE(find_id(refused, "net.peer.blocked"), nullptr);
}

// What a peer's address alone says: each address class against a routable address with the same
// refusal, which says only that the port is closed.
TEST(LogsShortHypotheses, PeerAddressRulesNeedTheAddressClass) {
  struct Case {
    const char* addr;
    const char* id;
    core::Label label;
  };
  for (const Case& c : {Case{"0.0.117.42", "net.peer.numeric-hostname", core::Label::hostname_resolution},
                        Case{"255.255.255.0", "net.peer.not-a-host-address", core::Label::config_typo},
                        Case{"224.0.0.251", "net.peer.not-a-host-address", core::Label::config_typo},
                        Case{"127.0.0.1", "net.peer.loopback", core::Label::loopback_interface}}) {
    auto r = analyze_text(refused_connect(c.addr), "r0.log");
    const auto* f = find_id(r, c.id);
    ASSERT_NE(f, nullptr) << c.addr;
    EXPECT_EQ(f->label, c.label) << c.addr;
    EXPECT_EQ(f->severity, core::Severity::error) << c.addr;
    EXPECT_TRUE(has(f->title, c.addr)) << f->title;
  }
  auto routable = analyze_text(refused_connect("198.18.0.3"), "r0.log");
  for (const char* id : {"net.peer.numeric-hostname", "net.peer.not-a-host-address", "net.peer.loopback"})
    EXPECT_EQ(find_id(routable, id), nullptr) << id;
  for (core::Label l : {core::Label::hostname_resolution, core::Label::config_typo, core::Label::loopback_interface})
    EXPECT_FALSE(any_label(routable, l)) << to_string(l);
}

TEST(LogsShortHypotheses, DebianAliasLineNeedsTheAddress127011) {
  auto alias = analyze_text("127.0.1.1 sh-node01\n", "hosts.txt");
  const auto* f = find_id(alias, "net.hostname.debian-alias");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::hostname_resolution);
  EXPECT_EQ(f->severity, core::Severity::warning);

  // One step short: the plain loopback entry every /etc/hosts has.
  auto plain = analyze_text("127.0.0.1 localhost\n", "hosts.txt");
  EXPECT_EQ(find_id(plain, "net.hostname.debian-alias"), nullptr);
  EXPECT_FALSE(any_label(plain, core::Label::hostname_resolution));
}

}  // namespace
}  // namespace dd::logs
