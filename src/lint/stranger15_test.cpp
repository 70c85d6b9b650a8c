// The fifteenth stranger's run (tests/data/stranger/fix-2026-12-06l): c02's all_reduce on a group
// whose only member is rank 0, called under `if rank == 0:`, was an ERROR (the real 2-rank Gloo job
// exits 0: a rank outside the group skips the collective). The one-step-short shapes stay errors.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::ids;
using test::lint_as;

constexpr const char* k_rule = "lint.torch.collective-under-rank-branch";

std::string stranger15_case(const std::string& name) {
  std::ifstream in(std::string(DD_TEST_DATA_DIR) + "/stranger/fix-2026-12-06l/cases/" + name, std::ios::binary);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string script(const std::string& group, const std::string& branch) {
  return "import torch\nimport torch.distributed as dist\n\n\ndef main():\n"
         "    dist.init_process_group('gloo')\n    rank = dist.get_rank()\n"
         "    g = dist.new_group(" +
         group + ")\n    t = torch.tensor([1.0])\n" + branch + "    dist.barrier()\n\n\nmain()\n";
}

TEST(LintStranger15, CollectiveOnAGroupCalledByExactlyItsMembersIsQuiet) {
  auto fs = lint_as("c02.py", stranger15_case("c02_new_group_all_ranks.py"));
  EXPECT_TRUE(all_of(fs, k_rule).empty()) << ids(fs);
  for (const auto& [group, branch] : std::vector<std::pair<std::string, std::string>>{
           {"[0]", "    if rank == 0:\n        dist.all_reduce(t, group=g)\n"},
           {"ranks=[0, 1]", "    if rank in (0, 1):\n        dist.all_reduce(t, group=g)\n"},
           {"ranks=[3]", "    if 3 == rank:\n        dist.broadcast(t, 3, group=g)\n"}}) {
    auto quiet = lint_as("q.py", script(group, branch));
    EXPECT_TRUE(all_of(quiet, k_rule).empty()) << group << " / " << branch << ids(quiet);
  }
}

TEST(LintStranger15, OneStepShortOfExactlyTheMembersStaysAnError) {
  // new_group itself only on rank 0 (p07): a collective every rank must call
  EXPECT_FALSE(all_of(lint_as("p07.py", stranger15_case("p07_new_group_rank0_only.py")), k_rule).empty());
  for (const auto& [group, branch] : std::vector<std::pair<std::string, std::string>>{
           // a member (rank 1) never calls it
           {"ranks=[0, 1]", "    if rank == 0:\n        dist.all_reduce(t, group=g)\n"},
           // the members are in the else-branch, not the one the call is in
           {"[0]", "    if rank == 0:\n        pass\n    else:\n        dist.all_reduce(t, group=g)\n"},
           // the world group, not the subgroup
           {"[0]", "    if rank == 0:\n        dist.all_reduce(t)\n"},
           // members not written as literals
           {"list(range(2))", "    if rank == 0:\n        dist.all_reduce(t, group=g)\n"},
           // a condition that tests more than the rank
           {"[0]", "    if rank == 0 and t.sum() > 0:\n        dist.all_reduce(t, group=g)\n"}}) {
    auto fs = lint_as("s.py", script(group, branch));
    EXPECT_FALSE(all_of(fs, k_rule).empty()) << group << " / " << branch << ids(fs);
  }
}

}  // namespace
}  // namespace dd::lint
