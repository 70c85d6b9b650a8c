// The tenth stranger's run (tests/data/stranger/fix-2026-12-05g): a collective moved out of a rank
// branch without the line computing what it reads, and a statement moved above the strategy without
// the line it reads. Each case is read as the stranger wrote it and the printed fix applied; the
// applied files also run (a two-rank Gloo job, python3) in tests/system/lint/fix_cases.sh.
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

std::string stranger_case(const std::string& name) {
  std::ifstream in(std::string(DD_TEST_DATA_DIR) + "/stranger/fix-2026-12-05g/cases/" + name);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

const std::string k_branch = "lint.torch.collective-under-rank-branch";

// c02: `correct, total = evaluate(...)` then two all_reduce calls under `if rank == 0:`. The edit
// carries the tuple assignment out of the branch with the collectives; the print stays on rank 0.
TEST(LintStranger10, RankBranchEditCarriesTheTupleThatFeedsTheCollective) {
  const std::string text = stranger_case("c02_eval_rank0_allreduce.py");
  auto fs = lint_as("c02.py", text);
  auto found = all_of(fs, k_branch);
  ASSERT_EQ(found.size(), 2u) << ids(fs);
  ASSERT_FALSE(found[0]->edits.empty()) << found[0]->finding.fix.text;
  std::string after = test::fixed("c02.py", text, fs);
  auto l = lines_of(after);
  ASSERT_GE(l.size(), 46u) << after;
  EXPECT_EQ(l[40], "        correct, total = evaluate(model, loader, device)") << after;
  EXPECT_EQ(l[41], "        dist.all_reduce(correct)") << after;
  EXPECT_EQ(l[42], "        dist.all_reduce(total)") << after;
  EXPECT_EQ(l[43], "        if rank == 0:") << after;
  EXPECT_EQ(l[44], "            print(f\"epoch {epoch}: acc={(correct / total).item():.3f}\")") << after;
  auto again = lint_as("c02.py", after);
  EXPECT_TRUE(all_of(again, k_branch).empty()) << after << "\n" << ids(again);
}

// The same branch where the computing function also writes a file: running it on every rank is not
// the lint's call. No edit; the prose names the line that computes what the collective reads.
TEST(LintStranger10, RankBranchWithOutputBeforeTheCollectiveIsProseNamingTheLines) {
  std::string text = stranger_case("c02_eval_rank0_allreduce.py");
  const std::string ret = "    return correct, total\n";
  auto at = text.find(ret);
  ASSERT_NE(at, std::string::npos);
  text.insert(at, "    torch.save(model.state_dict(), \"eval.pt\")\n");
  auto fs = lint_as("c02.py", text);
  auto found = all_of(fs, k_branch);
  ASSERT_EQ(found.size(), 2u) << ids(fs);
  for (const auto* f : found) {
    EXPECT_TRUE(f->edits.empty()) << f->finding.fix.text;
    EXPECT_NE(f->finding.fix.text.find("move lines 43-"), std::string::npos) << f->finding.fix.text;
  }
}

}  // namespace
}  // namespace dd::lint
