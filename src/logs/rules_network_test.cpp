// The chosen-interface rules claim a job across hosts only when the log names more than one host
// a world larger than the ranks one log shows is no such evidence.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::find_id;

// Rank 0 of an 8-GPU job on one host, its own log only: NCCL on lo, nranks 8.
const std::string k_one_rank_of_eight =
    "node7:2001:2001 [0] NCCL INFO Bootstrap : Using [0]lo:127.0.0.1<0>\n"
    "node7:2001:2001 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>\n"
    "NCCL version 2.18.3+cuda12.1\n"
    "node7:2001:2050 [0] NCCL INFO comm 0x55d0c8a0 rank 0 nranks 8 cudaDev 0 busId 1000 - Init COMPLETE\n";

TEST(LogsCrossHost, OneRankOfAOneHostJobIsNoJobAcrossHosts) {
  auto r = analyze_text(k_one_rank_of_eight, "rank0.log");
  for (const auto& f : r.findings) {
    EXPECT_EQ(f.title.find("spans hosts"), std::string::npos) << f.id << ": " << f.title;
  }
  const auto* lo = find_id(r, "nccl.iface.loopback");
  ASSERT_NE(lo, nullptr);  // said, but as the open question it is
  EXPECT_EQ(lo->severity, core::Severity::warning);
  EXPECT_NE(lo->title.find("harmless if every rank runs on that host, a hang if any runs on another"),
            std::string::npos)
      << lo->title;
}

TEST(LogsCrossHost, TwoHostsInTheLogAreAJobAcrossHosts) {
  std::string two_hosts = k_one_rank_of_eight +
                          "node8:3002:3002 [0] NCCL INFO Bootstrap : Using [0]lo:127.0.0.1<0>\n"
                          "node8:3002:3002 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>\n";
  auto r = analyze_text(two_hosts, "both.log");
  const auto* lo = find_id(r, "nccl.iface.loopback");
  ASSERT_NE(lo, nullptr);
  EXPECT_EQ(lo->severity, core::Severity::error);
  EXPECT_NE(lo->title.find("in a job that spans hosts"), std::string::npos) << lo->title;
}

// NCCL's "Call to connect returned ..., retrying" (a catalogue entry marked "retried") is no final
// failure: alone it makes the peer finding a warning; NCCL's final "Connect to ... failed" WARN makes
// it an error.
TEST(LogsPeerRetry, RetryLinesAloneAreAWarningAndTheFinalFailureAnError) {
  const std::string retries =
      "node1:101:130 [0] NCCL INFO Call to connect returned Connection refused, retrying\n"
      "node1:101:130 [0] NCCL INFO Call to connect returned Connection refused, retrying\n";
  auto only = analyze_text(retries, "rank1.log");
  const core::Finding* peer = nullptr;
  for (const auto& f : only.findings)
    for (const auto& e : f.evidence)
      if (e.find("retrying") != std::string::npos) peer = &f;
  ASSERT_NE(peer, nullptr);
  EXPECT_EQ(peer->severity, core::Severity::warning) << peer->id;

  auto final = analyze_text(
      retries +
          "node1:101:130 [0] misc/socket.cc:556 NCCL WARN Net : Connect to 10.0.0.2<43925> failed : Connection "
          "refused\n",
      "rank1.log");
  const core::Finding* blocked = nullptr;
  for (const auto& f : final.findings)
    for (const auto& e : f.evidence)
      if (e.find("Connect to 10.0.0.2<43925> failed") != std::string::npos) blocked = &f;
  ASSERT_NE(blocked, nullptr);
  EXPECT_EQ(blocked->severity, core::Severity::error) << blocked->id;
}

}  // namespace
}  // namespace dd::logs
