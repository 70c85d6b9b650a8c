// lint.slurm.lightning-devices-tasks: a batch script whose srun step starts --ntasks-per-node tasks of
// a script whose Lightning Trainer asks for another number of devices (the third stranger's 17,
// tests/data/stranger/lint-2026-12-04c), read across the files of one run.
#include <gtest/gtest.h>

#include "lint/edits.hpp"
#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

const std::string k_tasks_id = "lint.slurm.lightning-devices-tasks";

std::string across(const std::string& name) { return std::string(DD_TEST_DATA_DIR) + "/lint/across/" + name; }

std::vector<const LintFinding*> found(const LintReport& r) {
  std::vector<const LintFinding*> out;
  for (const auto& f : r.findings)
    if (f.finding.id == k_tasks_id) out.push_back(&f);
  return out;
}

TEST(LintLightningTasks, DevicesAgainstTasksPerNodeAcrossFiles) {
  auto r = lint_paths({across("lightning_slurm")}, {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  auto fs = found(*r);
  ASSERT_EQ(fs.size(), 1u);
  const LintFinding& f = *fs[0];
  EXPECT_EQ(f.finding.severity, core::Severity::error);
  EXPECT_EQ(f.location.line, 4);
  EXPECT_NE(f.location.file.find("submit.sh"), std::string::npos);
  EXPECT_NE(f.finding.title.find("devices=8"), std::string::npos) << f.finding.title;
  EXPECT_NE(f.finding.title.find("train.py:7"), std::string::npos) << f.finding.title;
  ASSERT_EQ(f.edits.size(), 1u);
  EXPECT_EQ(f.edits[0].replacement, "#SBATCH --ntasks-per-node=8");
  // the edit applied gives the near-miss, which has no finding
  auto text = read_file(f.location.file);
  ASSERT_TRUE(text.ok());
  auto fixed = apply_edits(*text, f.edits);
  ASSERT_TRUE(fixed.ok());
  auto ok_text = read_file(across("lightning_slurm_ok/submit.sh"));
  ASSERT_TRUE(ok_text.ok());
  EXPECT_EQ(*fixed, *ok_text);
  auto ok = lint_paths({across("lightning_slurm_ok")}, {});
  ASSERT_TRUE(ok.ok());
  EXPECT_TRUE(found(*ok).empty());
  // one file alone cannot tell
  auto alone = lint_paths({across("lightning_slurm/submit.sh")}, {});
  ASSERT_TRUE(alone.ok());
  EXPECT_TRUE(found(*alone).empty());
}

}  // namespace
}  // namespace dd::lint
