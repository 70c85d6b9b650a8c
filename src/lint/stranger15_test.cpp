// The fifteenth stranger's run (tests/data/stranger/fix-2026-12-06l): c02's all_reduce on a group
// whose only member is rank 0, called under `if rank == 0:`, was an ERROR (the real 2-rank Gloo job
// exits 0: a rank outside the group skips the collective); p03's MASTER_ADDR/MASTER_PORT assigned in
// the batch script without export were "OK". The one-step-short shapes stay as they were.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::case_text;
using test::ids;
using test::lint_as;

constexpr const char* k_rule = "lint.torch.collective-under-rank-branch";

const std::string k_stranger15_cases = "fix-2026-12-06l";  // tests/data/stranger/fix-2026-12-06l/cases

std::string script(const std::string& group, const std::string& branch) {
  return "import torch\nimport torch.distributed as dist\n\n\ndef main():\n"
         "    dist.init_process_group('gloo')\n    rank = dist.get_rank()\n"
         "    g = dist.new_group(" +
         group + ")\n    t = torch.tensor([1.0])\n" + branch + "    dist.barrier()\n\n\nmain()\n";
}

TEST(LintStranger15, CollectiveOnAGroupCalledByExactlyItsMembersIsQuiet) {
  auto fs = lint_as("c02.py", case_text(k_stranger15_cases, "c02_new_group_all_ranks.py"));
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
  EXPECT_FALSE(all_of(lint_as("p07.py", case_text(k_stranger15_cases, "p07_new_group_rank0_only.py")), k_rule).empty());
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

constexpr const char* k_unexported = "lint.slurm.assigned-not-exported";

// p03's train.py and `sbatch` as launch.sbatch, linted together as a folder: the findings of `id`.
std::vector<std::string> p03_titles(const std::string& sbatch, const std::string& id = k_unexported) {
  namespace fs = std::filesystem;
  static int n = 0;
  fs::path dir =
      fs::temp_directory_path() / ("dd-stranger15-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
  fs::create_directories(dir);
  std::ofstream(dir / "train.py", std::ios::binary)
      << case_text(k_stranger15_cases, "p03_master_addr_not_exported/train.py");
  std::ofstream(dir / "launch.sbatch", std::ios::binary) << sbatch;
  auto report = lint_paths({dir.string()}, {});
  std::error_code ec;
  fs::remove_all(dir, ec);
  EXPECT_TRUE(report.ok());
  std::vector<std::string> out;
  if (report.ok())
    for (const auto* f : all_of(report->findings, id)) out.push_back(f->finding.title);
  return out;
}

TEST(LintStranger15, MasterVariablesAssignedWithoutExportAboveSrunAreAnError) {
  auto titles = p03_titles(case_text(k_stranger15_cases, "p03_master_addr_not_exported/launch.sbatch"));
  ASSERT_EQ(titles.size(), 1u);
  EXPECT_NE(titles[0].find("MASTER_ADDR and MASTER_PORT are assigned in launch.sbatch without export"),
            std::string::npos)
      << titles[0];
  EXPECT_NE(titles[0].find("\"environment variable MASTER_ADDR expected, but not set\""), std::string::npos);
  // only the one not exported is named
  titles = p03_titles("MASTER_ADDR=$(hostname)\nexport MASTER_PORT=29500\nsrun python train.py\n");
  ASSERT_EQ(titles.size(), 1u);
  EXPECT_EQ(titles[0].find("MASTER_PORT"), std::string::npos) << titles[0];
}

TEST(LintStranger15, OneStepShortOfAnUnexportedAssignmentIsQuiet) {
  for (const char* sbatch :
       {"MASTER_ADDR=a\nMASTER_PORT=1\nexport MASTER_ADDR MASTER_PORT\nsrun python train.py\n",  // exported after
        "set -a\nMASTER_ADDR=a\nMASTER_PORT=1\nsrun python train.py\n",                          // allexport
        "MASTER_ADDR=a MASTER_PORT=1 srun python train.py\n",    // assignments of the srun command itself
        "srun python train.py\nMASTER_ADDR=a\nMASTER_PORT=1\n",  // after the launch
        "MASTER_ADDR=a\nMASTER_PORT=1\nsrun torchrun --nnodes=2 train.py\n"}) {  // torchrun sets them
    EXPECT_TRUE(p03_titles(sbatch).empty()) << sbatch;
  }
}

}  // namespace
}  // namespace dd::lint
