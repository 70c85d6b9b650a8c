// Issue 27: misses of the twenty-third stranger (tests/data/stranger/fix-2026-12-07t) that lint can
// see in the file itself, each beside its look-alikes: p07 `--nnodes="$SLURM_NTASKS"` with 8 tasks per
// node; p21 `#SBATCH --nodes=2-4` with `torchrun --nnodes=2`; p19 `root_rank=hvd.local_rank()`; p20 an
// accelerate config with `distributed_type: 'NO'` and `num_machines: 2`.
#include <gtest/gtest.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::case_text;
using test::clean;
using test::fixed_once;
using test::has;
using test::ids;
using test::lint_as;

TEST(LintFix58, NnodesFromTheTaskCountIsChangedToTheNodeCount) {
  const std::string id = "lint.slurm.nnodes-from-ntasks";
  const std::string text = case_text("fix-2026-12-07t", "p07_nnodes_ntasks.sbatch");
  auto fs = lint_as("p07.sbatch", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->finding.severity, core::Severity::error);
  const std::string after = fixed_once("p07.sbatch", text, id);
  EXPECT_TRUE(has(after, "torchrun --nnodes=\"$SLURM_NNODES\" --nproc_per_node=8")) << after;
  clean("p07.sbatch", after, id);
  // braces and the other name; one step short: SLURM_NNODES itself, and a file no batch system runs
  EXPECT_EQ(all_of(lint_as("a.sbatch",
                           "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n"
                           "srun torchrun --nnodes ${SLURM_NPROCS} t.py\n"),
                   id)
                .size(),
            1u);
  // review59: one task per node (the counts agree), and single quotes (the step expands it): quiet
  EXPECT_TRUE(all_of(lint_as("d.sbatch",
                             "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n"
                             "srun torchrun --nnodes=$SLURM_NTASKS t.py\n"),
                     id)
                  .empty());
  EXPECT_TRUE(all_of(lint_as("e.sbatch",
                             "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=8\n"
                             "srun --ntasks-per-node=1 bash -c 'torchrun --nnodes=$SLURM_NTASKS t.py'\n"),
                     id)
                  .empty());
  EXPECT_TRUE(all_of(lint_as("b.sbatch", "#!/bin/bash\n#SBATCH -N 2\nsrun torchrun --nnodes=$SLURM_NNODES t.py\n"), id)
                  .empty());
  EXPECT_TRUE(all_of(lint_as("c.sh", "#!/bin/bash\ntorchrun --nnodes=$SLURM_NTASKS t.py\n"), id).empty());
}

TEST(LintFix58, ANodeRangeBesideAFixedNnodesAsksForThatCount) {
  const std::string id = "lint.slurm.nodes-range-fixed-nnodes";
  const std::string text = case_text("fix-2026-12-07t", "p21_sbatch_nodes_range.sbatch");
  auto fs = lint_as("p21.sbatch", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "#SBATCH --nodes=2-4 lets Slurm grant 2 to 4 nodes"))
      << found[0]->finding.title;
  const std::string after = fixed_once("p21.sbatch", text, id);
  EXPECT_TRUE(has(after, "\n#SBATCH --nodes=2\n")) << after;
  clean("p21.sbatch", after, id);
  // one step short: an elastic --nnodes=2:4, a fixed --nodes=2, a count outside the range
  auto none = [&](const std::string& t) { return all_of(lint_as("r.sbatch", t), id).empty(); };
  EXPECT_TRUE(none("#!/bin/bash\n#SBATCH --nodes=2-4\nsrun torchrun --nnodes=2:4 t.py\n"));
  EXPECT_TRUE(none("#!/bin/bash\n#SBATCH --nodes=2\nsrun torchrun --nnodes=2 t.py\n"));
  EXPECT_TRUE(none("#!/bin/bash\n#SBATCH --nodes=2-4\nsrun torchrun --nnodes=8 t.py\n"));
  // review59: a step with its own node count, and no srun (one launcher on the batch node): quiet;
  // the top of the range: the risk is the low side
  EXPECT_TRUE(none("#!/bin/bash\n#SBATCH --nodes=2-4\nsrun --nodes=2 --ntasks=2 torchrun --nnodes=2 t.py\n"));
  EXPECT_TRUE(none("#!/bin/bash\n#SBATCH --nodes=2-4\ntorchrun --nnodes=2 t.py\n"));
  const auto top_fs = lint_as("t.sbatch", "#!/bin/bash\n#SBATCH --nodes=2-4\nsrun torchrun --nnodes=4 t.py\n");
  auto top = all_of(top_fs, id);
  ASSERT_EQ(top.size(), 1u);
  EXPECT_TRUE(has(top[0]->finding.title, "with fewer, the rendezvous waits for agents that never start"));
  EXPECT_FALSE(has(top[0]->finding.title, "past 4")) << top[0]->finding.title;
}

TEST(LintFix58, AHorovodRootThatDiffersByRankBecomesRankZero) {
  const std::string id = "lint.horovod.root-rank-varies";
  const std::string text = case_text("fix-2026-12-07t", "p19_hvd_broadcast_local_root.py");
  auto fs = lint_as("p19.py", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->location.line, 16);
  const std::string after = fixed_once("p19.py", text, id);
  EXPECT_TRUE(has(after, "hvd.broadcast_parameters(model.state_dict(), root_rank=0)\n")) << after;
  clean("p19.py", after, id);
  // one step short: root_rank=0 (the next line of p19), a constant named otherwise, a loop's name (a gather)
  EXPECT_TRUE(all_of(lint_as("q.py", "import horovod.torch as hvd\nhvd.broadcast_parameters(s, root_rank=ROOT)\n"), id)
                  .empty());
  EXPECT_TRUE(all_of(lint_as("g.py",
                             "import horovod.torch as hvd\nfor rank in range(hvd.size()):\n"
                             "    out.append(hvd.broadcast(t, root_rank=rank, name=str(rank)))\n"),
                     id)
                  .empty());
  EXPECT_EQ(all_of(lint_as("r.py", "import horovod.torch as hvd\nhvd.broadcast(t, root_rank=hvd.rank())\n"), id).size(),
            1u);
}

TEST(LintFix58, AnAccelerateConfigThatIsNotDistributedOnTwoMachines) {
  const std::string id = "lint.accelerate.not-distributed";
  const std::string text = case_text("fix-2026-12-07t", "p20_accelerate_no_distributed.yaml");
  auto fs = lint_as("p20.yaml", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const std::string after = fixed_once("p20.yaml", text, id);
  EXPECT_TRUE(has(after, "\ndistributed_type: MULTI_GPU\n")) << after;
  clean("p20.yaml", after, id);
  // one step short: one machine, SageMaker; prose (no edit) where use_cpu is true, in a flow mapping,
  // or with the value on the next line (review59: those edits lost keys)
  EXPECT_TRUE(all_of(lint_as("one.yaml", "distributed_type: 'NO'\nnum_machines: 1\nnum_processes: 1\n"), id).empty());
  EXPECT_TRUE(
      all_of(lint_as("sm.yaml", "compute_environment: AMAZON_SAGEMAKER\ndistributed_type: 'NO'\nnum_machines: 2\n"), id)
          .empty());
  for (const std::string prose :
       {"distributed_type: NO\nnum_machines: 2\nuse_cpu: true\n", "{distributed_type: 'NO', num_machines: 2}\n",
        "distributed_type:\n  'NO'\nnum_machines: 2\n"}) {
    auto ps = lint_as("p.yaml", prose);
    auto g = all_of(ps, id);
    ASSERT_EQ(g.size(), 1u) << prose << ids(ps);
    EXPECT_TRUE(g[0]->edits.empty()) << prose;
  }
}

}  // namespace
}  // namespace dd::lint
