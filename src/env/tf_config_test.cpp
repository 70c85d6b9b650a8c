// TF_CONFIG validation, one JSON per row (nccl-facts §7.3).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "env/audit_test_util.hpp"

namespace dd::env {
namespace {

struct TfCase {
  const char* name;
  const char* json;
  std::vector<std::string> ids;  // expected tf-config.* ids, in any order; empty = valid
};

class EnvTfConfig : public ::testing::TestWithParam<TfCase> {};

TEST_P(EnvTfConfig, Findings) {
  const TfCase& c = GetParam();
  test::Scenario sc{{{"TF_CONFIG", c.json}}};
  sc.local.clear();  // no local addresses: the own-address rule stays silent (tested below)
  auto fs = test::audit_of(sc);
  std::vector<std::string> got;
  for (const auto& f : fs) {
    EXPECT_EQ(f.label, core::Label::tf_config) << f.id;
    EXPECT_EQ(f.severity, core::Severity::error) << f.id;
    EXPECT_EQ(f.evidence.at(0).rfind("TF_CONFIG (environment): ", 0), 0u) << f.evidence.at(0);
    got.push_back(f.id);
  }
  std::vector<std::string> want;
  for (const auto& id : c.ids) want.push_back("tf-config." + id);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
}

INSTANTIATE_TEST_SUITE_P(
    Table, EnvTfConfig,
    ::testing::Values(
        TfCase{
            "valid_workers", R"({"cluster":{"worker":["h1:2222","h2:2222"]},"task":{"type":"worker","index":1}})", {}},
        TfCase{
            "valid_chief", R"({"cluster":{"chief":["h0:1"],"worker":["h1:1"]},"task":{"type":"chief","index":0}})", {}},
        TfCase{"evaluator_outside", R"({"cluster":{"worker":["h1:1"]},"task":{"type":"evaluator","index":0}})", {}},
        TfCase{"one_host_two_ports",
               R"({"cluster":{"worker":["127.0.0.1:1","127.0.0.1:2"]},"task":{"type":"worker","index":0}})",
               {}},
        TfCase{"ipv6",
               R"({"cluster":{"worker":["[fd00:18::1]:2222","[fd00:18::2]:2222"]},"task":{"type":"worker","index":0}})",
               {}},
        TfCase{"sparse", R"({"cluster":{"worker":{"0":"h1:1","1":"h2:1"}},"task":{"type":"worker","index":1}})", {}},
        TfCase{"no_index_means_0", R"({"cluster":{"worker":["h1:1"]},"task":{"type":"worker"}})", {}},
        // TF int()s the index (TFConfigClusterResolver.task_id): a numeric string is task 1, not an error
        TfCase{"index_numeric_string",
               R"({"cluster":{"worker":["h1:1","h2:1"]},"task":{"type":"worker","index":"1"}})",
               {}},
        TfCase{"index_word",
               R"({"cluster":{"worker":["h1:1","h2:1"]},"task":{"type":"worker","index":"one"}})",
               {"task-malformed"}},
        TfCase{"index_string_out_of_range",
               R"({"cluster":{"worker":["h1:1","h2:1"]},"task":{"type":"worker","index":"2"}})",
               {"task-index-out-of-range"}},
        TfCase{"idx_key",
               R"({"cluster":{"worker":["h1:1","h2:1"]},"task":{"type":"worker","idx":1}})",
               {"task-index-missing"}},
        TfCase{"index_missing",
               R"({"cluster":{"worker":["h1:1","h2:1"]},"task":{"type":"worker"}})",
               {"task-index-missing"}},
        TfCase{"invalid_json", R"({cluster: {"worker": ["h1:1"]}})", {"invalid-json"}},
        TfCase{"single_quotes", R"({'cluster': {}})", {"invalid-json"}},
        TfCase{"number_overflow", "17e777", {"invalid-json"}},
        TfCase{"index_overflow",
               R"({"cluster":{"worker":["h1:1"]},"task":{"type":"worker","index":1e999}})",
               {"invalid-json"}},
        TfCase{"index_huge_unsigned",
               R"({"cluster":{"worker":["h1:1"]},"task":{"type":"worker","index":18446744073709551615}})",
               {"task-index-out-of-range"}},
        TfCase{"not_object", R"(["h1:1"])", {"not-object"}},
        TfCase{"cluster_missing", R"({"task":{"type":"worker","index":0}})", {"cluster-missing"}},
        TfCase{"cluster_malformed",
               R"({"cluster":{"worker":"h1:1"},"task":{"type":"worker","index":0}})",
               {"cluster-malformed"}},
        TfCase{"task_missing", R"({"cluster":{"worker":["h1:1","h2:1"]}})", {"task-missing"}},
        TfCase{"task_malformed", R"({"cluster":{"worker":["h1:1"]},"task":"worker"})", {"task-malformed"}},
        TfCase{"task_type_master",
               R"({"cluster":{"worker":["h1:1"]},"task":{"type":"master","index":0}})",
               {"task-type-invalid"}},
        TfCase{"task_type_absent",
               R"({"cluster":{"worker":["h1:1"]},"task":{"type":"ps","index":0}})",
               {"task-type-not-in-cluster"}},
        TfCase{"index_range",
               R"({"cluster":{"worker":["h1:1","h2:1"]},"task":{"type":"worker","index":2}})",
               {"task-index-out-of-range"}},
        TfCase{"index_negative",
               R"({"cluster":{"worker":["h1:1","h2:1"]},"task":{"type":"worker","index":-1}})",
               {"task-index-out-of-range"}},
        TfCase{"two_chiefs",
               R"({"cluster":{"chief":["h0:1","h3:1"],"worker":["h1:1"]},"task":{"type":"worker","index":0}})",
               {"multiple-chiefs"}},
        TfCase{"two_evaluators",
               R"({"cluster":{"worker":["h1:1"],"evaluator":["h5:1","h6:1"]},"task":{"type":"worker","index":0}})",
               {"multiple-evaluators"}},
        TfCase{"only_ps", R"({"cluster":{"ps":["h1:1"]},"task":{"type":"ps","index":0}})", {"no-chief-or-worker"}},
        TfCase{"localhost_mixed",
               R"({"cluster":{"worker":["localhost:1","h2:1"]},"task":{"type":"worker","index":0}})",
               {"localhost-in-multihost"}},
        TfCase{"loopback_mixed",
               R"({"cluster":{"chief":["127.0.0.1:1"],"worker":["h2:1"]},"task":{"type":"chief","index":0}})",
               {"localhost-in-multihost"}},
        TfCase{"ipv6_loopback_mixed",
               R"({"cluster":{"worker":["[::1]:1","h2:1"]},"task":{"type":"worker","index":0}})",
               {"localhost-in-multihost"}},
        TfCase{"debian_loopback_name_mixed",
               R"({"cluster":{"worker":["ip6-localhost:1","h2:1"]},"task":{"type":"worker","index":0}})",
               {"localhost-in-multihost"}},
        TfCase{"name_starting_127_is_a_host",
               R"({"cluster":{"worker":["127.example.org:1","h2:1"]},"task":{"type":"worker","index":0}})",
               {}},
        TfCase{"duplicate",
               R"({"cluster":{"worker":["h1:1","H1:1"]},"task":{"type":"worker","index":0}})",
               {"duplicate-address"}},
        TfCase{"ports",
               R"({"cluster":{"worker":["h1","h2:99999"]},"task":{"type":"worker","index":0}})",
               {"port-invalid", "port-invalid"}},
        TfCase{"no_host",
               R"({"cluster":{"worker":[":2222","h2:1"]},"task":{"type":"worker","index":0}})",
               {"address-malformed"}}),
    [](const ::testing::TestParamInfo<TfCase>& p) { return std::string(p.param.name); });

TEST(EnvTfConfigFix, IdxKeyIsRenamedToIndexAndTheFixedConfigIsClean) {
  auto fs = test::audit_of(
      test::Scenario{{{"TF_CONFIG", R"({"cluster":{"worker":["h1:1","h2:1"]},"task":{"type":"worker","idx":1}})"}}});
  const auto* f = test::find_id(fs, "tf-config.task-index-missing");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_NE(f->title.find("\"idx\""), std::string::npos) << f->title;
  ASSERT_EQ(f->fix.env.count("TF_CONFIG"), 1u);
  auto fixed_doc = nlohmann::json::parse(f->fix.env.at("TF_CONFIG"));
  EXPECT_EQ(fixed_doc["task"], (nlohmann::json{{"type", "worker"}, {"index", 1}}));
  test::Scenario fixed{{{"TF_CONFIG", f->fix.env.at("TF_CONFIG")}}};
  fixed.local.clear();
  auto again = test::audit_of(fixed);
  for (const auto& g : again) EXPECT_NE(g.severity, core::Severity::error) << g.id;
}

// fix-2026-12-07r p19: "fd00:18::11:12345" (an IPv6 address and its port, no brackets) was told
// "e.g. fd00:18::11:12345:12345", and the next run one more ":12345": the fix is the brackets, and
// the config written as it says gets no port finding; a bracketed address with no port gets an
// example in brackets too.
TEST(EnvTfConfigFix, AnIpv6AddressWithoutBracketsGetsThemAndTheFixedConfigHasNoPortFinding) {
  auto fs = test::audit_of(test::Scenario{
      {{"TF_CONFIG",
        R"({"cluster":{"worker":["fd00:18::11:12345","fd00:18::12:12345"]},"task":{"type":"worker","index":0}})"}}});
  const auto* f = test::find_id(fs, "tf-config.port-invalid");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_NE(f->title.find("without brackets"), std::string::npos) << f->title;
  EXPECT_NE(f->fix.text.find("\"[fd00:18::11]:12345\""), std::string::npos) << f->fix.text;
  EXPECT_EQ(test::find_id(fs, "tf-config.own-address-unresolvable"), nullptr) << test::ids(fs);
  auto again = test::audit_of(test::Scenario{
      {{"TF_CONFIG",
        R"({"cluster":{"worker":["[fd00:18::11]:12345","[fd00:18::12]:12345"]},"task":{"type":"worker","index":0}})"}}});
  EXPECT_EQ(test::find_id(again, "tf-config.port-invalid"), nullptr) << test::ids(again);
  auto no_port = test::audit_of(test::Scenario{
      {{"TF_CONFIG", R"({"cluster":{"worker":["[fd00:18::11]","h2:1"]},"task":{"type":"worker","index":1}})"}}});
  const auto* g = test::find_id(no_port, "tf-config.port-invalid");
  ASSERT_NE(g, nullptr) << test::ids(no_port);
  EXPECT_NE(g->fix.text.find("\"[fd00:18::11]:12345\""), std::string::npos) << g->fix.text;
  // review57: a last part above 65535 is no port (the general finding, no bracketed 99999); a text
  // that is itself a whole IPv6 address is offered both readings
  auto big = test::audit_of(test::Scenario{
      {{"TF_CONFIG", R"({"cluster":{"worker":["fd00:18::11:99999","h2:1"]},"task":{"type":"worker","index":1}})"}}});
  const auto* b = test::find_id(big, "tf-config.port-invalid");
  ASSERT_NE(b, nullptr) << test::ids(big);
  EXPECT_EQ(b->fix.text.find(":99999"), std::string::npos) << b->fix.text;
  auto whole = test::audit_of(test::Scenario{
      {{"TF_CONFIG", R"({"cluster":{"worker":["2001:db8::5:6:7:8","h2:1"]},"task":{"type":"worker","index":1}})"}}});
  const auto* w = test::find_id(whole, "tf-config.port-invalid");
  ASSERT_NE(w, nullptr) << test::ids(whole);
  EXPECT_NE(
      w->fix.text.find("\"[2001:db8::5:6:7]:8\" if the last group is the port, else \"[2001:db8::5:6:7:8]:PORT\""),
      std::string::npos)
      << w->fix.text;
}

TEST(EnvTfConfigFix, TaskTypeTypoGetsACorrectedTfConfig) {
  auto fs = test::audit_of(
      test::Scenario{{{"TF_CONFIG", R"({"cluster":{"worker":["h1:1"]},"task":{"type":"Worker","index":0}})"}}});
  const auto* f = test::find_id(fs, "tf-config.task-type-invalid");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(f->fix.env.count("TF_CONFIG"), 1u);
  test::Scenario fixed{{{"TF_CONFIG", f->fix.env.at("TF_CONFIG")}}};
  fixed.local.clear();
  auto again = test::audit_of(fixed);
  EXPECT_TRUE(again.empty()) << test::ids(again);
}

// A misspelt job name ("workers"): one finding, whose fix renames the job (its hosts kept); adding a
// "worker" job beside it would list every host twice. Renamed as said, no TF_CONFIG error is left.
TEST(EnvTfConfigFix, MisspeltJobIsRenamedNotAdded) {
  const std::string tfc = R"({"cluster": {"workers": ["h1:2222", "h2:2222"]}, "task": {"type": "worker", "index": 1}})";
  auto fs = test::audit_of(test::Scenario{{{"TF_CONFIG", tfc}}});
  std::vector<const core::Finding*> tf;
  for (const auto& f : fs)
    if (f.id.rfind("tf-config.", 0) == 0) tf.push_back(&f);
  ASSERT_EQ(tf.size(), 1u) << test::ids(fs);
  EXPECT_EQ(tf[0]->id, "tf-config.no-chief-or-worker");
  EXPECT_NE(tf[0]->fix.text.find("rename the job \"workers\" to \"worker\""), std::string::npos) << tf[0]->fix.text;
  auto doc = nlohmann::json::parse(tfc);
  doc["cluster"]["worker"] = doc["cluster"]["workers"];
  doc["cluster"].erase("workers");
  test::Scenario fixed{{{"TF_CONFIG", doc.dump()}}};
  fixed.local.clear();
  auto again = test::audit_of(fixed);
  for (const auto& g : again) EXPECT_NE(g.severity, core::Severity::error) << g.id;
  // With a chief, the worker task's own finding says the rename.
  auto with_chief = test::audit_of(test::Scenario{
      {{"TF_CONFIG",
        R"({"cluster": {"chief": ["h0:1"], "Workers": ["h1:1"]}, "task": {"type": "worker", "index": 0}})"}}});
  const auto* f = test::find_id(with_chief, "tf-config.task-type-not-in-cluster");
  ASSERT_NE(f, nullptr) << test::ids(with_chief);
  EXPECT_NE(f->fix.text.find("rename the job \"Workers\" to \"worker\""), std::string::npos) << f->fix.text;
  EXPECT_EQ(test::find_id(with_chief, "tf-config.no-chief-or-worker"), nullptr);
}

// fix-2026-12-07o p12: "chief" in a cluster of workers, on worker 0's machine. The fix makes the task
// that entry (adding a chief job beside it gave the cluster a task no process serves); with no own
// entry known, both readings are named.
TEST(EnvTfConfigOwnAddress, ATaskTypeMissingFromTheClusterBecomesThisMachinesEntry) {
  os::fake::FakeResolver r("node1");
  r.add("node1", "198.18.0.1").add("node2", "198.18.0.2");
  const std::string tf = R"({"cluster":{"worker":["node1:2222","node2:2222"]},"task":{"type":"chief","index":0}})";
  auto fs = test::audit_of(test::Scenario{{{"TF_CONFIG", tf}}}, r);
  const auto* f = test::find_id(fs, "tf-config.task-type-not-in-cluster");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_NE(f->fix.text.find("this machine is cluster.worker[0]: make the task that entry"), std::string::npos)
      << f->fix.text;
  ASSERT_TRUE(f->fix.env.count("TF_CONFIG"));
  auto fixed = nlohmann::json::parse(f->fix.env.at("TF_CONFIG"));
  EXPECT_EQ(fixed["task"], (nlohmann::json{{"type", "worker"}, {"index", 0}}));
  EXPECT_EQ(fixed["cluster"], nlohmann::json::parse(tf)["cluster"]);
  // the fixed value audited again: no task-type finding, no error
  auto again = test::audit_of(test::Scenario{{{"TF_CONFIG", f->fix.env.at("TF_CONFIG")}}}, r);
  for (const auto& g : again) EXPECT_NE(g.severity, core::Severity::error) << g.id << " " << g.title;
  // this machine in no entry: both readings, no value to export
  os::fake::FakeResolver other("node9");
  other.add("node1", "198.18.9.1").add("node2", "198.18.9.2");
  auto unknown = test::audit_of(test::Scenario{{{"TF_CONFIG", tf}}}, other);
  const auto* g = test::find_id(unknown, "tf-config.task-type-not-in-cluster");
  ASSERT_NE(g, nullptr) << test::ids(unknown);
  EXPECT_NE(g->fix.text.find("either the task is one of the cluster's jobs"), std::string::npos) << g->fix.text;
  EXPECT_FALSE(g->fix.env.count("TF_CONFIG"));
  // a loopback entry is local on every machine: it names none (review54)
  auto loop = test::audit_of(
      test::Scenario{
          {{"TF_CONFIG",
            R"({"cluster":{"worker":["127.0.0.1:2222","198.18.99.2:2222"]},"task":{"type":"chief","index":0}})"}}},
      r);
  const auto* h = test::find_id(loop, "tf-config.task-type-not-in-cluster");
  ASSERT_NE(h, nullptr) << test::ids(loop);
  EXPECT_EQ(h->fix.text.find("this machine is cluster."), std::string::npos) << h->fix.text;
  EXPECT_FALSE(h->fix.env.count("TF_CONFIG"));
}

// The task's own entry against this host's addresses (local: 127.0.0.1, 198.18.0.1, ::1).
TEST(EnvTfConfigOwnAddress, WrongIndexPointsAtAnotherHost) {
  os::fake::FakeResolver r("node1");
  r.add("node1", "198.18.0.1").add("node2", "198.18.0.2");
  auto with_index = [&](int i) {
    std::string tf =
        R"({"cluster":{"worker":["node1:2222","node2:2222","ghost:2222"]},"task":{"type":"worker","index":)" +
        std::to_string(i) + "}}";
    return test::audit_of(test::Scenario{{{"TF_CONFIG", tf}}}, r);
  };
  EXPECT_TRUE(with_index(0).empty()) << test::ids(with_index(0));
  auto wrong = with_index(1);
  const auto* f = test::find_id(wrong, "tf-config.own-address-not-local");
  ASSERT_NE(f, nullptr) << test::ids(wrong);
  EXPECT_EQ(f->severity, core::Severity::warning);
  EXPECT_NE(f->evidence.at(0).find("cluster.worker[1] = \"node2:2222\" resolves to 198.18.0.2"), std::string::npos);
  auto ghost = with_index(2);
  const auto* g = test::find_id(ghost, "tf-config.own-address-unresolvable");
  ASSERT_NE(g, nullptr) << test::ids(ghost);
  EXPECT_EQ(g->label, core::Label::hostname_resolution);
  // One machine's view (c12 of fix-2026-12-05e): a warning that says where it was seen and the
  // check to run on the nodes, not an error about the other nodes.
  EXPECT_EQ(g->severity, core::Severity::warning);
  EXPECT_NE(g->title.find("ghost does not resolve on this machine"), std::string::npos) << g->title;
  EXPECT_NE(g->fix.text.find("getent hosts ghost"), std::string::npos) << g->fix.text;
}

}  // namespace
}  // namespace dd::env

namespace dd::env {
namespace {

// A fifth stranger's e03: the localhost entry is worker 0 while this host is worker 2. The fix names
// the entry and does not tell this host to write its own address there.
TEST(EnvTfConfigFix, LocalhostEntryFixNamesTheEntryNotThisHost) {
  test::Scenario sc{
      {{"TF_CONFIG",
        R"({"cluster":{"worker":["localhost:12345","10.0.0.12:12345"]},"task":{"type":"worker","index":2}})"}}};
  sc.local.clear();
  auto fs = test::audit_of(sc);
  const auto* f = test::find_id(fs, "tf-config.localhost-in-multihost");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->fix.text,
            "replace localhost in cluster.worker[0] with the routable name or address of the node that runs that task "
            "(this host's only if it is that task), the same in every task's TF_CONFIG");
  const auto* range = test::find_id(fs, "tf-config.task-index-out-of-range");
  ASSERT_NE(range, nullptr) << test::ids(fs);
  EXPECT_EQ(range->fix.text, "use an index from 0 to 1, a different one on each worker task");
}

}  // namespace
}  // namespace dd::env
