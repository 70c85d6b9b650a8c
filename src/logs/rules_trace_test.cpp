// NCCL_DEBUG_SUBSYS=COLL across ranks (rules_runtime.cpp: collective.trace-mismatch,
// collective.trace-behind): the claim needs two processes' own lines at the same position; one
// step short of that (other positions, point-to-point calls, one process, a trace ending together)
// it is not made. The golden cases coll-trace-*.log hold the full examples.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::find_id;

std::string coll(const std::string& host, const std::string& op, int op_count, long count, const std::string& comm,
                 int nranks = 2) {
  return host + ":7:7 [0] NCCL INFO " + op + ": opCount " + std::to_string(op_count) +
         " sendbuff 0x1 recvbuff 0x1 count " + std::to_string(count) + " datatype 7 op 0 root 0 comm " + comm +
         " [nranks=" + std::to_string(nranks) + "] stream 0x2\n";
}

TEST(LogsTrace, DifferentCallsAtOnePositionAreAMismatchNamingBothLines) {
  auto r = analyze_text(coll("a", "AllReduce", 0, 8, "0xa1") + coll("b", "AllReduce", 0, 8, "0xb1") +
                            coll("a", "AllReduce", 1, 8, "0xa1") + coll("b", "AllGather", 1, 8, "0xb1"),
                        "t.log");
  const auto* f = find_id(r, "collective.trace-mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_NE(f->title.find("opCount 0x1 of communicator #1 (2 ranks)"), std::string::npos) << f->title;
  EXPECT_NE(f->title.find("AllReduce count 8 datatype 7 (float32) op 0 (sum)"), std::string::npos) << f->title;
  EXPECT_NE(f->title.find("AllGather"), std::string::npos) << f->title;
  ASSERT_EQ(f->evidence.size(), 2u);
  EXPECT_EQ(f->evidence[0].rfind("t.log:3:", 0), 0u) << f->evidence[0];
  EXPECT_EQ(f->evidence[1].rfind("t.log:4:", 0), 0u) << f->evidence[1];
}

TEST(LogsTrace, OneStepShortIsNoMismatch) {
  // the same calls; different calls at different positions; Send against Recv; one process
  // logging two different calls under one opCount (a group); different communicator sizes.
  const std::vector<std::string> quiet = {
      coll("a", "AllReduce", 0, 8, "0xa1") + coll("b", "AllReduce", 0, 8, "0xb1"),
      coll("a", "AllReduce", 0, 8, "0xa1") + coll("b", "Broadcast", 1, 8, "0xb1"),
      coll("a", "Send", 0, 8, "0xa1") + coll("b", "Recv", 0, 8, "0xb1"),
      coll("a", "AllReduce", 0, 8, "0xa1") + coll("a", "AllGather", 0, 8, "0xa1"),
      coll("a", "AllReduce", 0, 8, "0xa1", 2) + coll("b", "AllGather", 0, 8, "0xb1", 4),
  };
  for (const auto& text : quiet) {
    auto r = analyze_text(text, "t.log");
    EXPECT_EQ(find_id(r, "collective.trace-mismatch"), nullptr) << text;
  }
}

TEST(LogsTrace, ATraceEndingEarlierIsNamedAndOnlyANoteWithoutATimeout) {
  auto r = analyze_text(coll("a", "AllReduce", 0, 8, "0xa1") + coll("b", "AllReduce", 0, 8, "0xb1") +
                            coll("a", "AllReduce", 1, 8, "0xa1"),
                        "t.log");
  const auto* f = find_id(r, "collective.trace-behind");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::info);  // a log cut earlier looks the same
  EXPECT_NE(f->title.find("host b pid 7 at 0x0"), std::string::npos) << f->title;
  auto together = analyze_text(coll("a", "AllReduce", 0, 8, "0xa1") + coll("b", "AllReduce", 0, 8, "0xb1"), "t.log");
  EXPECT_EQ(find_id(together, "collective.trace-behind"), nullptr);
  auto alone = analyze_text(coll("a", "AllReduce", 0, 8, "0xa1") + coll("a", "AllReduce", 1, 8, "0xa1"), "t.log");
  EXPECT_EQ(find_id(alone, "collective.trace-behind"), nullptr);
}

}  // namespace
}  // namespace dd::logs
