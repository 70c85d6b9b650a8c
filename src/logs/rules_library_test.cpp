// Rules on lines of libraries around NCCL whose meaning depends on what else the log holds:
// hipBLASLt's "Could not load" (the open-files limit only when no "Cannot read" error came first)
// and a printed TF_CONFIG whose tasks all name this machine (two TF_CONFIG mistakes to tell apart).
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::find_id;
using test::has;

const std::string k_lib =
    "/opt/venv/lib/python3.11/site-packages/torch/lib/hipblaslt/library/TensileLibrary_lazy_gfx942.dat";

TEST(LogsHipblaslt, CouldNotLoadAloneIsTheOpenFilesLimitAsAWarning) {
  auto r = analyze_text(
      "\nrocblaslt error: Could not load " + k_lib + "\n\nrocblaslt error: Could not load " + k_lib + "\n", "vllm.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "rocm.hipblaslt.load-failed");
  EXPECT_EQ(f.label, core::Label::resource_limits);
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_TRUE(has(f.title, "TensileLibrary_lazy_gfx942.dat")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "ulimit -n")) << f.fix.text;
  EXPECT_EQ(f.evidence.size(), 2u);
  // The title says what the log shows (no 'Cannot read' line in it), never that the check passed.
  EXPECT_TRUE(has(f.title, "no 'Cannot read' line before it in this log")) << f.title;
  EXPECT_FALSE(has(f.title, "passed")) << f.title;
}

// One step short: hipBLASLt's read check failed first, so the file is missing and the limit is not claimed.
TEST(LogsHipblaslt, CannotReadBeforeItNamesTheFileNotTheLimit) {
  auto r = analyze_text("rocblaslt error: Cannot read " + k_lib +
                            ": No such file or directory\nrocblaslt error: Could not load " + k_lib + "\n",
                        "vllm.log");
  EXPECT_EQ(find_id(r, "rocm.hipblaslt.load-failed"), nullptr);
  const auto* f = find_id(r, "rocm.hipblaslt.unreadable");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::other);
  EXPECT_TRUE(has(f->title, "No such file or directory")) << f->title;
  for (const auto& g : r.findings) EXPECT_NE(g.label, core::Label::resource_limits) << g.id;
}

// An open-files error in the read check is os.limits' own finding; the load failure adds nothing.
TEST(LogsHipblaslt, TooManyOpenFilesIsOsLimitsAlone) {
  auto r = analyze_text("rocblaslt error: Cannot read " + k_lib +
                            ": Too many open files\nrocblaslt error: Could not load " + k_lib + "\n",
                        "vllm.log");
  ASSERT_FALSE(r.findings.empty());
  EXPECT_EQ(r.findings.front().id, "os.limits");
  EXPECT_EQ(find_id(r, "rocm.hipblaslt.load-failed"), nullptr);
  EXPECT_EQ(find_id(r, "rocm.hipblaslt.unreadable"), nullptr);
}

TEST(LogsTfConfigOneHost, ScriptPrintOfWorkersAllOnLocalhostNamesBothCandidates) {
  auto r = analyze_text(
      "TF_CONFIG:{\"cluster\": {\"worker\": [\"localhost:12345\", \"localhost:23456\"]}, \"task\": {\"type\": "
      "\"worker\", \"index\": 0}}\n",
      "worker0.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "tf.config.printed.one-host-cluster");
  EXPECT_EQ(f.label, core::Label::tf_config);
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_TRUE(has(f.title, "2 tasks")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "routable name or address")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "Single-worker MultiWorkerMirroredStrategy")) << f.fix.text;
}

// One step short: one task, or tasks on other machines (one of them local is env's localhost-in-multihost,
// through the TF_CONFIG check the command passes), is no one-host cluster.
TEST(LogsTfConfigOneHost, OneTaskOrOtherMachinesIsNoOneHostCluster) {
  for (const char* line : {
           "TF_CONFIG={'cluster': {'worker': ['localhost:2222']}, 'task': {'type': 'worker', 'index': 0}}",
           "TF_CONFIG={'cluster': {'worker': ['198.18.0.1:2222', '198.18.0.2:2222']}, 'task': {'type': 'worker', "
           "'index': 0}}",
           "TF_CONFIG={'cluster': {'chief': ['localhost:2222'], 'worker': ['h2:2222']}, 'task': {'type': 'chief', "
           "'index': 0}}",
       }) {
    auto r = analyze_text(std::string(line) + "\n", "worker0.log");
    EXPECT_EQ(find_id(r, "tf.config.printed.one-host-cluster"), nullptr) << line;
  }
}

// A mistake the TF_CONFIG check finds is the finding; the one-host candidates stay out.
TEST(LogsTfConfigOneHost, SilentWhenTheTfConfigCheckFoundAMistake) {
  auto check = [](const std::string&) {
    auto f = core::new_finding("tf-config.duplicate-address", core::Label::tf_config, core::Severity::error,
                               "two TF_CONFIG tasks share one host:port");
    return std::vector<core::Finding>{f};
  };
  auto r = analyze_text(
      "TF_CONFIG: {\"cluster\": {\"worker\": [\"localhost:1\", \"localhost:1\"]}, \"task\": {\"type\": \"worker\", "
      "\"index\": 0}}\n",
      "worker0.log", check);
  EXPECT_EQ(find_id(r, "tf.config.printed.one-host-cluster"), nullptr);
  EXPECT_NE(find_id(r, "tf.config.printed.duplicate-address"), nullptr);
}

}  // namespace
}  // namespace dd::logs
