// lint/edits.hpp: composing several findings' edits on one line, applying them, and the unified
// diff (checked against GNU patch in tests/system/lint/roundtrip.sh).
#include "lint/edits.hpp"

#include <gtest/gtest.h>

namespace dd::lint {
namespace {

LintFinding with_edit(const std::string& id, int line, int end_line, const std::string& replacement) {
  LintFinding f{core::new_finding(id, core::Label::other, core::Severity::warning, id), {"f", line}, {}};
  f.finding.fix.text = replacement;
  f.edits.push_back({"f", line, end_line, replacement});
  return f;
}

TEST(LintEdits, ChangesOnDifferentCharactersOfOneLineCompose) {
  std::string text = "a\ndocker run img x(1)\nb\n";
  std::vector<LintFinding> fs = {with_edit("one", 2, 2, "docker run --network=host img x(1)"),
                                 with_edit("two", 2, 2, "docker run --ipc=host img x(1)"),
                                 with_edit("three", 2, 2, "docker run img x(2)")};
  compose_edits(fs, text);
  for (const auto& f : fs) {
    ASSERT_EQ(f.edits.size(), 1u) << f.finding.id;
    EXPECT_EQ(f.edits[0].replacement, "docker run --network=host --ipc=host img x(2)") << f.finding.id;
    EXPECT_EQ(f.finding.fix.text, "docker run --network=host --ipc=host img x(2)") << f.finding.id;
  }
  auto fixed = apply_edits(text, edits_of(fs, "f"));
  ASSERT_TRUE(fixed);
  EXPECT_EQ(*fixed, "a\ndocker run --network=host --ipc=host img x(2)\nb\n");
}

TEST(LintEdits, OverlappingChangesKeepTheFirstFindingsEdit) {
  std::string text = "x = f(4)\n";
  std::vector<LintFinding> fs = {with_edit("one", 1, 1, "x = f(5)"), with_edit("two", 1, 1, "x = f(6)")};
  compose_edits(fs, text);
  ASSERT_EQ(fs[0].edits.size(), 1u);
  EXPECT_EQ(fs[0].edits[0].replacement, "x = f(5)");
  EXPECT_TRUE(fs[1].edits.empty());
  EXPECT_EQ(fs[1].finding.fix.text, "x = f(6)");  // prose stays: a second run applies it
}

TEST(LintEdits, LineForLineEditsComposeAcrossContinuationLines) {
  std::string text = "docker run img \\\n  python -m torch.distributed.launch t.py\n";
  std::vector<LintFinding> fs = {with_edit("flag", 1, 1, "docker run --ipc=host img \\"),
                                 with_edit("launcher", 1, 2, "docker run img \\\n  torchrun t.py")};
  compose_edits(fs, text);
  ASSERT_EQ(fs[1].edits.size(), 1u);
  EXPECT_EQ(fs[0].edits, fs[1].edits);
  EXPECT_EQ(fs[0].edits[0].line, 1);
  EXPECT_EQ(fs[0].edits[0].end_line, 2);
  EXPECT_EQ(fs[0].edits[0].replacement, "docker run --ipc=host img \\\n  torchrun t.py");
}

TEST(LintEdits, ApplyKeepsCrlfAndTheMissingFinalNewline) {
  auto fixed = apply_edits("a\r\nb\r\nc", {{"f", 2, 2, "B"}, {"f", 3, 3, "C"}});
  ASSERT_TRUE(fixed);
  EXPECT_EQ(*fixed, "a\r\nB\r\nC");
  auto removed = apply_edits("a\nb\nc\n", {{"f", 2, 2, ""}});
  ASSERT_TRUE(removed);
  EXPECT_EQ(*removed, "a\nc\n");
  auto grown = apply_edits("a\nb\n", {{"f", 1, 1, "x\ny"}});
  ASSERT_TRUE(grown);
  EXPECT_EQ(*grown, "x\ny\nb\n");
}

TEST(LintEdits, ApplyRefusesOverlapsAndEditsOutsideTheText) {
  EXPECT_FALSE(apply_edits("a\nb\n", {{"f", 1, 2, "x"}, {"f", 2, 2, "y"}}));
  EXPECT_FALSE(apply_edits("a\nb\n", {{"f", 3, 3, "x"}}));
  EXPECT_FALSE(apply_edits("a\nb\n", {{"f", 2, 1, "x"}}));
}

TEST(LintEdits, UnifiedDiffHunksAndNumbers) {
  std::string text;
  for (int i = 1; i <= 20; ++i) text += "l" + std::to_string(i) + "\n";
  std::string d = unified_diff("t.py", text, {{"t.py", 2, 2, "L2\nL2b"}, {"t.py", 18, 18, "L18"}});
  EXPECT_EQ(d,
            "--- a/t.py\n+++ b/t.py\n"
            "@@ -1,5 +1,6 @@\n l1\n-l2\n+L2\n+L2b\n l3\n l4\n l5\n"
            "@@ -15,6 +16,6 @@\n l15\n l16\n l17\n-l18\n+L18\n l19\n l20\n");
  EXPECT_EQ(unified_diff("t.py", text, {}), "");
  EXPECT_EQ(
      unified_diff("t", "a\nb", {{"t", 2, 2, "c"}}),
      "--- a/t\n+++ b/t\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n");
}

}  // namespace
}  // namespace dd::lint
