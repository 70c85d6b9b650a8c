// The eleventh stranger's run (tests/data/stranger/fix-2026-12-05h): a CRLF sbatch whose broken `\`
// continuation produced a second, wrong finding; MASTER_ADDR=localhost in a Windows .bat; `$i` in
// an ssh string that also sources a virtualenv; a flag quoted under another name. Each case is read
// as the stranger wrote it and the printed fix applied; tests/system/lint/stranger11_cases.sh runs
// the applied files (lint --fix, a fake ssh).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::ids;
using test::lint_as;

std::string stranger11_case(const std::string& name) {
  std::ifstream in(std::string(DD_TEST_DATA_DIR) + "/stranger/fix-2026-12-05h/cases/" + name, std::ios::binary);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// p18: every line ends in CRLF; lines 11-13 are one torchrun command continued with `\`. The CR
// ends it on line 11, so the rendezvous flags of line 12 never reach torchrun: no finding may read
// the command as if they did not exist (or did). The CRLF finding comes first and names the lines;
// its edit applied, the flags are read and nothing is left.
TEST(LintStranger11, CrlfBrokenContinuationLeavesOnlyTheCrlfFinding) {
  const std::string text = stranger11_case("p18_crlf_edited_on_windows.sbatch");
  ASSERT_NE(text.find("\\\r\n"), std::string::npos);
  auto fs = lint_as("p18.sbatch", text);
  ASSERT_FALSE(fs.empty());
  EXPECT_EQ(fs[0].finding.id, "lint.shell.crlf-line-endings") << ids(fs);
  EXPECT_TRUE(all_of(fs, "lint.torch.static-rendezvous-no-node-rank").empty()) << ids(fs);
  for (const auto& f : fs) {
    bool on_command = f.location.line >= 11 && f.location.line <= 13;
    EXPECT_FALSE(on_command && f.finding.id != "lint.shell.crlf-line-endings") << f.finding.id;
  }
  std::string said;
  for (const auto& e : fs[0].finding.evidence) said += e + "\n";
  EXPECT_NE(said.find("lines 11-13 are one command continued with `\\`"), std::string::npos) << said;
  EXPECT_NE(said.find("1 finding on those lines left out"), std::string::npos) << said;
  std::string after = test::fixed("p18.sbatch", text, fs);
  EXPECT_EQ(after.find('\r'), std::string::npos);
  auto again = lint_as("p18.sbatch", after);
  EXPECT_TRUE(again.empty()) << ids(again);
}

// A CRLF file without a continued command keeps its other findings (nothing was read wrongly).
TEST(LintStranger11, CrlfWithoutContinuationKeepsTheOtherFindings) {
  const std::string text =
      "#!/bin/bash\r\n#SBATCH --nodes=2\r\nsrun torchrun --nnodes=2 --nproc_per_node=4 train.py\r\n";
  auto fs = lint_as("run.sbatch", text);
  ASSERT_FALSE(fs.empty());
  EXPECT_EQ(fs[0].finding.id, "lint.shell.crlf-line-endings") << ids(fs);
  EXPECT_FALSE(all_of(fs, "lint.torch.static-rendezvous-no-node-rank").empty()) << ids(fs);
}

}  // namespace
}  // namespace dd::lint
