// The fourteenth stranger's run (tests/data/stranger/fix-2026-12-06k): the fixes that broke the job
// (p28 a second /dev/shm mount beside the pod's `medium: memory` one; p30 bash lines for a .bat) and
// c08's prefetch(buffer_size=AUTOTUNE) called a fixed size. tests/system/lint/stranger14_cases.sh
// applies the fixes with PyYAML and lint --fix.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <set>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::case_text;
using test::ids;
using test::lint_as;

const std::string k_stranger14_cases = "fix-2026-12-06k";  // tests/data/stranger/fix-2026-12-06k/cases

TEST(LintStranger14, ShmVolumeWithWrongCaseMediumIsEditedNotMountedTwice) {
  const std::string text = case_text(k_stranger14_cases, "p28_k8s_shm_medium_lower.yaml");
  auto fs = lint_as("p28.yaml", text);
  EXPECT_TRUE(all_of(fs, "lint.k8s.no-shm-volume").empty()) << ids(fs);
  auto found = all_of(fs, "lint.k8s.shm-medium");
  ASSERT_EQ(found.size(), 2u) << ids(fs);
  for (const auto* f : found) {
    EXPECT_EQ(f->finding.severity, core::Severity::warning);
    ASSERT_EQ(f->edits.size(), 1u);
    EXPECT_EQ(f->edits[0].replacement, "                medium: Memory");
  }
  std::string after = test::fixed("p28.yaml", text, fs);
  YAML::Node doc = YAML::Load(after);
  for (const char* role : {"Master", "Worker"}) {
    YAML::Node spec = doc["spec"]["pytorchReplicaSpecs"][role]["template"]["spec"];
    ASSERT_EQ(spec["volumes"].size(), 1u) << after;
    EXPECT_EQ(spec["volumes"][0]["emptyDir"]["medium"].as<std::string>(), "Memory");
    EXPECT_EQ(spec["volumes"][0]["emptyDir"]["sizeLimit"].as<std::string>(), "16Gi");
    std::set<std::string> paths;
    for (const auto& m : spec["containers"][0]["volumeMounts"])
      EXPECT_TRUE(paths.insert(m["mountPath"].as<std::string>()).second) << after;
  }
  auto again = lint_as("p28.yaml", after);
  EXPECT_TRUE(all_of(again, "lint.k8s.shm-medium").empty() && all_of(again, "lint.k8s.no-shm-volume").empty())
      << ids(again);
}

TEST(LintStranger14, BatchSetWithBlanksIsCmdSetWithout) {
  const std::string text = case_text(k_stranger14_cases, "p30_bat_set_spaces.bat");
  auto fs = lint_as("p30.bat", text);
  EXPECT_TRUE(all_of(fs, "env.unknown-name").empty()) << ids(fs);
  auto found = all_of(fs, "lint.batch.set-blanks");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->finding.fix.text, "set MASTER_ADDR=10.0.0.5");
  EXPECT_EQ(found[0]->finding.fix.text.find("export"), std::string::npos);
  EXPECT_TRUE(found[0]->finding.fix.env.empty());
  std::string after = test::applied(text, *found[0]);
  EXPECT_NE(after.find("\r\nset MASTER_ADDR=10.0.0.5\r\n"), std::string::npos) << after;
  EXPECT_TRUE(lint_as("p30.bat", after).empty()) << ids(lint_as("p30.bat", after));
  // c07's `set "NAME=value"` is the quoted form, not blanks around '='
  auto c07 = lint_as("c07.bat", case_text(k_stranger14_cases, "c07_bat_quoted_set.bat"));
  EXPECT_TRUE(all_of(c07, "lint.batch.set-blanks").empty()) << ids(c07);
}

TEST(LintStranger14, PrefetchAutotuneByKeywordIsNoFixedSize) {
  const std::string text = case_text(k_stranger14_cases, "c08_tfdata_experimental_autotune.py");
  auto fs = lint_as("c08.py", text);
  EXPECT_TRUE(all_of(fs, "lint.tf.data-pipeline-incomplete").empty()) << ids(fs);
  std::string fixed_size = text;
  fixed_size.replace(fixed_size.find("buffer_size=tf.data.experimental.AUTOTUNE"), 41, "buffer_size=8");
  auto noted = lint_as("c08.py", fixed_size);
  EXPECT_EQ(all_of(noted, "lint.tf.data-pipeline-incomplete").size(), 1u) << fixed_size << "\n" << ids(noted);
}

}  // namespace
}  // namespace dd::lint
