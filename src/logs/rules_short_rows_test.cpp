// "One step short" tests for the logs rules that had a test but no row in docs/rules.md, or
// neither (issue 28, item 5): the peer address's family (IPv6 link-local), the error that says no
// route, the host name in Gloo's message, the launcher's report of a failed worker and its exit code.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::any_label;
using test::find_id;

// NCCL's final connect failure to `addr` with `error`.
std::string failed_connect(const std::string& addr, const std::string& error) {
  return "sr-a:410:430 [0] misc/socket.cc:556 NCCL WARN Net : Connect to " + addr + "<41234> failed : " + error + "\n";
}

TEST(LogsShortRows, Ipv6LinkLocalNeedsALinkLocalPeerAddress) {
  auto link_local = analyze_text(failed_connect("fe80::a00:27ff:fe4e:66a2%ib0", "Connection refused"), "r0.log");
  const auto* f = find_id(link_local, "net.peer.ipv6-link-local");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);

  // One step short: the same refusal from a global IPv6 address.
  auto global = analyze_text(failed_connect("fd00:18::2", "Connection refused"), "r0.log");
  EXPECT_EQ(find_id(global, "net.peer.ipv6-link-local"), nullptr);
  EXPECT_FALSE(any_label(global, core::Label::ipv6_link_local));
}

TEST(LogsShortRows, NoRouteNeedsTheErrorThatSaysSo) {
  auto unreachable = analyze_text(failed_connect("198.18.0.3", "No route to host"), "r0.log");
  const auto* f = find_id(unreachable, "net.peer.no-route");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::no_route);

  // One step short: a timeout says nothing of routes (a firewall, a wrong address, a late peer).
  auto timed_out = analyze_text(failed_connect("198.18.0.3", "Connection timed out"), "r0.log");
  EXPECT_EQ(find_id(timed_out, "net.peer.no-route"), nullptr);
  EXPECT_FALSE(any_label(timed_out, core::Label::no_route));
  EXPECT_NE(find_id(timed_out, "net.peer.timed-out"), nullptr);
}

TEST(LogsShortRows, GlooHostNameRuleNeedsTheHostNameForm) {
  const std::string enforce = "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:";
  auto host = analyze_text(enforce + "127] rp != nullptr. Unable to find address for: dgx-1.ai\n", "r0.log");
  const auto* f = find_id(host, "gloo.hostname.no-local-address");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::hostname_resolution);

  // One step short: Gloo's message about an interface name (GLOO_SOCKET_IFNAME), not the host name.
  auto iface = analyze_text(enforce + "83] ifa != nullptr. Unable to find address for: eth7\n", "r0.log");
  EXPECT_EQ(find_id(iface, "gloo.hostname.no-local-address"), nullptr);
  EXPECT_FALSE(any_label(iface, core::Label::hostname_resolution));
  EXPECT_NE(find_id(iface, "gloo.ifname.matches-nothing"), nullptr);
}

// torch elastic's failure table for one worker with `exitcode`.
std::string elastic_failure(const std::string& exitcode) {
  return "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
         "============================================================\n"
         "train.py FAILED\n"
         "------------------------------------------------------------\n"
         "Root Cause (first observed failure):\n"
         "[0]:\n"
         "  time      : 2024-06-12_10:05:04\n"
         "  host      : node-a\n"
         "  rank      : 3 (local_rank: 3)\n"
         "  exitcode  : " +
         exitcode + " (pid: 812)\n";
}

TEST(LogsShortRows, WorkerSignalNeedsANegativeExitCode) {
  auto signal = analyze_text(elastic_failure("-11"), "e.log");
  const auto* f = find_id(signal, "launch.elastic.signal");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->ranks, (std::vector<int>{3}));

  // One step short: exit code 11 is the program's own exit, not a signal.
  auto exit = analyze_text(elastic_failure("11"), "e.log");
  EXPECT_EQ(find_id(exit, "launch.elastic.signal"), nullptr);
  EXPECT_NE(find_id(exit, "launch.elastic.exit"), nullptr);
}

TEST(LogsShortRows, WorkerExitNeedsTheFailedWorkersRow) {
  ASSERT_NE(find_id(analyze_text(elastic_failure("1"), "e.log"), "launch.elastic.exit"), nullptr);
  const std::string subprocess =
      "subprocess.CalledProcessError: Command '['python', 'train.py']' returned non-zero exit status 1.\n";
  ASSERT_NE(find_id(analyze_text(subprocess, "s.log"), "launch.subprocess.exit"), nullptr);

  // One step short: the launcher's table without the failed worker's rows names no worker.
  std::string header = elastic_failure("1");
  header.resize(header.find("[0]:"));
  auto none = analyze_text(header, "e.log");
  for (const char* id : {"launch.elastic.exit", "launch.elastic.signal", "launch.elastic.sigkill"})
    EXPECT_EQ(find_id(none, id), nullptr) << id;
}

std::string ifname_line(const std::string& value) {
  return "sr-i:51:51 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to " + value + "\n";
}

TEST(LogsShortRows, IfnameIgnoredNeedsAValueNcclSkips) {
  ASSERT_NE(find_id(analyze_text(ifname_line("e"), "i.log"), "nccl.ifname.ignored"), nullptr);
  // One step short: two characters, which NCCL uses as a prefix.
  EXPECT_EQ(find_id(analyze_text(ifname_line("en"), "i.log"), "nccl.ifname.ignored"), nullptr);
}

TEST(LogsShortRows, IfnameQuotedNeedsAQuoteInTheValue) {
  ASSERT_NE(find_id(analyze_text(ifname_line("\"eth0\""), "i.log"), "nccl.ifname.quoted"), nullptr);
  // One step short: the bare name.
  EXPECT_EQ(find_id(analyze_text(ifname_line("eth0"), "i.log"), "nccl.ifname.quoted"), nullptr);
}

}  // namespace
}  // namespace dd::logs
