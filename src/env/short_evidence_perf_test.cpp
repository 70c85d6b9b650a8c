// Issue 28, the rule audit (docs/rules.md, env): the performance rules (env/rules_perf.cpp) and
// TF_CONFIG's task rules (env/tf_config.cpp), each fed its evidence one step short.
#include <gtest/gtest.h>

#include "env/audit_test_util.hpp"

namespace dd::env {
namespace {

using test::audit_of;
using test::audit_with;
using test::find_id;
using test::ids;
using test::Scenario;

TEST(EnvShort, TransportSwitchedOffNeedsANonZeroValueAndSaysTheNumberNcclReads) {
  for (const char* name : {"NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE"}) {
    std::string id = std::string(name) == "NCCL_P2P_DISABLE" ? "env.perf.p2p-disabled" : "env.perf.shm-disabled";
    // one step short: 0 (NCCL's default) switches nothing off
    auto zero = audit_with({{name, "0"}});
    EXPECT_EQ(find_id(zero, id), nullptr) << ids(zero);
    // 2 is as good as 1 to NCCL: the title says 2, not 1
    auto two = audit_with({{name, "2"}});
    const auto* f = find_id(two, id);
    ASSERT_NE(f, nullptr) << ids(two);
    EXPECT_EQ(f->title.rfind(std::string(name) + "=2 ", 0), 0u) << f->title;
    EXPECT_EQ(f->severity, core::Severity::warning);
  }
  // IB switched off where no IB device is seen: nothing is lost, no claim
  EXPECT_EQ(find_id(audit_with({{"NCCL_IB_DISABLE", "1"}}, false), "env.perf.ib-disabled"), nullptr);
  auto ib = audit_with({{"NCCL_IB_DISABLE", "1"}}, true);
  ASSERT_NE(find_id(ib, "env.perf.ib-disabled"), nullptr) << ids(ib);
}

TEST(EnvShort, NetSocketWithIbNeedsAnIbDevice) {
  EXPECT_EQ(find_id(audit_with({{"NCCL_NET", "Socket"}}, false), "env.perf.net-socket-with-ib"), nullptr);
  EXPECT_EQ(find_id(audit_with({{"NCCL_NET", "IB"}}, true), "env.perf.net-socket-with-ib"), nullptr);
  auto fs = audit_with({{"NCCL_NET", "Socket"}}, true);
  const auto* f = find_id(fs, "env.perf.net-socket-with-ib");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->severity, core::Severity::warning);
}

TEST(EnvShort, NsocksWithoutNthreadsNeedsNthreadsUnset) {
  // one step short: NCCL_SOCKET_NTHREADS set beside it, so the sockets are opened
  auto both = audit_with({{"NCCL_NSOCKS_PERTHREAD", "4"}, {"NCCL_SOCKET_NTHREADS", "2"}});
  EXPECT_EQ(find_id(both, "env.perf.nsocks-without-nthreads"), nullptr) << ids(both);
  EXPECT_EQ(find_id(both, "env.perf.socket-count-capped"), nullptr) << ids(both);  // 8 <= 64
  auto alone = audit_with({{"NCCL_NSOCKS_PERTHREAD", "4"}});
  const auto* f = find_id(alone, "env.perf.nsocks-without-nthreads");
  ASSERT_NE(f, nullptr) << ids(alone);
  // the claim is conditional on the NIC: "on hosts that are not AWS or GCP"
  EXPECT_NE(f->title.find("not AWS or GCP"), std::string::npos) << f->title;
}

TEST(EnvShort, DebugTraceIsAWarningInfoOnlyANote) {
  auto info = audit_with({{"NCCL_DEBUG", "INFO"}});
  const auto* i = find_id(info, "env.perf.debug-info");
  ASSERT_NE(i, nullptr) << ids(info);
  EXPECT_EQ(i->severity, core::Severity::info);
  EXPECT_EQ(find_id(audit_with({{"NCCL_DEBUG", "WARN"}}), "env.perf.debug-info"), nullptr);
  EXPECT_EQ(find_id(audit_with({{"NCCL_DEBUG", "WARN"}}), "env.perf.debug-trace"), nullptr);
}

std::string tf(const std::string& workers, const std::string& task) {
  return R"({"cluster":{"worker":[)" + workers + R"(]},"task":)" + task + "}";
}

TEST(EnvShort, TfConfigTaskIndexMissingNeedsAJobOfSeveralTasks) {
  // one step short: a job of one task, where TensorFlow's index 0 is the only one
  auto one = audit_with({{"TF_CONFIG", tf(R"("198.18.0.1:2222")", R"({"type":"worker"})")}});
  EXPECT_EQ(find_id(one, "tf-config.task-index-missing"), nullptr) << ids(one);
  auto two = audit_with({{"TF_CONFIG", tf(R"("198.18.0.1:2222","198.18.0.2:2222")", R"({"type":"worker"})")}});
  const auto* f = find_id(two, "tf-config.task-index-missing");
  ASSERT_NE(f, nullptr) << ids(two);
  EXPECT_NE(f->title.find("a job of 2 tasks"), std::string::npos) << f->title;
  // a string index TensorFlow reads as int("1") is an index
  auto str =
      audit_with({{"TF_CONFIG", tf(R"("198.18.0.2:2222","198.18.0.1:2222")", R"({"type":"worker","index":"1"})")}});
  EXPECT_EQ(find_id(str, "tf-config.task-index-missing"), nullptr) << ids(str);
}

TEST(EnvShort, TfConfigTaskTypeInvalidNeedsATypeTensorFlowRejects) {
  for (const char* type : {"chief", "worker", "evaluator", "ps"}) {
    auto fs =
        audit_with({{"TF_CONFIG", tf(R"("198.18.0.1:2222")", R"({"type":")" + std::string(type) + R"(","index":0})")}});
    EXPECT_EQ(find_id(fs, "tf-config.task-type-invalid"), nullptr) << type << ": " << ids(fs);
  }
  auto master = audit_with({{"TF_CONFIG", tf(R"("198.18.0.1:2222")", R"({"type":"master","index":0})")}});
  const auto* f = find_id(master, "tf-config.task-type-invalid");
  ASSERT_NE(f, nullptr) << ids(master);
  EXPECT_NE(f->fix.text.find("\"chief\""), std::string::npos) << f->fix.text;
}

TEST(EnvShort, TfConfigOwnAddressNotLocalNeedsThisHostsAddressesRead) {
  // this host's addresses not read: nothing to compare the task's entry with
  Scenario unknown =
      Scenario({{"TF_CONFIG", tf(R"("198.18.0.2:2222","198.18.0.9:2222")", R"({"type":"worker","index":1})")}});
  unknown.local.clear();
  auto none = audit_of(unknown);
  EXPECT_EQ(find_id(none, "tf-config.own-address-not-local"), nullptr) << ids(none);
  Scenario read = unknown;
  read.local = {"127.0.0.1", "198.18.0.1"};
  auto fs = audit_of(read);
  const auto* f = find_id(fs, "tf-config.own-address-not-local");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->severity, core::Severity::warning);  // one node's view: the index may be the wrong half
}

}  // namespace
}  // namespace dd::env
