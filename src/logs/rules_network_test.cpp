// The chosen-interface rules claim a job across hosts only when the log names more than one host
// a world larger than the ranks one log shows is no such evidence.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "logs/analyzer.hpp"

namespace dd::logs {
namespace {

const core::Finding* find(const LogsReport& r, const std::string& id) {
  auto it = std::find_if(r.findings.begin(), r.findings.end(), [&](auto& f) { return f.id == id; });
  return it == r.findings.end() ? nullptr : &*it;
}

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
  const auto* lo = find(r, "nccl.iface.loopback");
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
  const auto* lo = find(r, "nccl.iface.loopback");
  ASSERT_NE(lo, nullptr);
  EXPECT_EQ(lo->severity, core::Severity::error);
  EXPECT_NE(lo->title.find("in a job that spans hosts"), std::string::npos) << lo->title;
}

}  // namespace
}  // namespace dd::logs
