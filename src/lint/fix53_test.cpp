// Issue 27: four causes the seventeenth stranger planted and lint missed (tests/data/stranger/
// fix-2026-12-07n, REPORT.md "Missed planted causes"), each beside its look-alikes: p01 MASTER_ADDR
// from the whole Slurm node list, p03 the job id as the port, p05 torchrun's static rendezvous said
// aloud without --node_rank, p25 a Job that reads JOB_COMPLETION_INDEX without being Indexed.
// tests/system/fix/fix53_cases.sh applies the edits for real (bash, PyYAML, a Gloo job).
#include <gtest/gtest.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::clean;
using test::fixed_once;
using test::ids;
using test::lint_as;

std::string case_text(const std::string& name) { return test::case_text("fix-2026-12-07n", name); }

using test::has;

TEST(LintFix53, MasterAddrFromTheWholeNodeListTakesTheFirstNode) {
  const std::string id = "lint.slurm.master-addr-node-list";
  std::string after = fixed_once("p01.sbatch", case_text("p01_master_nodelist.sbatch"), id);
  EXPECT_TRUE(has(after, "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"))
      << after;
  // On the command line, braces and the other list names too.
  after = fixed_once(
      "run.sbatch",
      "#SBATCH --nodes=4\nsrun torchrun --nnodes=4 --node_rank=$SLURM_NODEID --master_addr=${SLURM_NODELIST} "
      "train.py\n",
      id);
  EXPECT_TRUE(has(after, "--master_addr=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1) train.py"))
      << after;
  // One node: the list is one host. Already expanded: nothing to say.
  clean("one.sbatch", "#SBATCH --nodes=1\nexport MASTER_ADDR=$SLURM_JOB_NODELIST\nsrun torchrun train.py\n", id);
  clean("ok.sbatch",
        "#SBATCH -N 2\nexport MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
        "srun torchrun train.py\n",
        id);
  // a longer name that starts the same (review54 item 1), a line that only shows the list (item 12)
  clean("head.sbatch",
        "#SBATCH --nodes=2\nSLURM_JOB_NODELIST_HEAD=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
        "export MASTER_ADDR=$SLURM_JOB_NODELIST_HEAD\nsrun torchrun train.py\n",
        id);
  clean("echo.sbatch", "#SBATCH --nodes=2\necho \"MASTER_ADDR=$SLURM_JOB_NODELIST\"\nsrun torchrun train.py\n", id);
}

TEST(LintFix53, TheJobIdAsThePortIsBoundedIntoTheRange) {
  const std::string id = "lint.shell.port-out-of-range";
  std::string after = fixed_once("p03.sbatch", case_text("p03_port_jobid.sbatch"), id, core::Severity::warning);
  EXPECT_TRUE(has(after, "export MASTER_PORT=$((10000 + SLURM_JOB_ID % 50000))\n")) << after;
  after = fixed_once("run.sh", "torchrun --nnodes=2 --rdzv_endpoint=node0:${SLURM_JOBID} train.py\n", id,
                     core::Severity::warning);
  EXPECT_TRUE(has(after, "--rdzv_endpoint=node0:$((10000 + SLURM_JOBID % 50000)) train.py")) << after;
  // A default expansion, the id as a rendezvous id, a port that is a number: no claim.
  clean("a.sh", "export MASTER_PORT=${SLURM_JOB_ID:-29500}\n", id);
  clean("b.sh", "torchrun --rdzv_id=$SLURM_JOB_ID --master_port=29500 train.py\n", id);
  // a longer name (review54 item 2): quiet; two ports on one line: one edit for both; an array's id
  // is every task's: the edit uses SLURM_JOB_ID (item 15)
  clean("c.sh", "export MASTER_PORT=$SLURM_JOB_ID_OFFSET\n", id);
  after =
      fixed_once("d.sh", "torchrun --master_port $SLURM_JOBID --rdzv_endpoint=${MASTER_ADDR}:${SLURM_JOB_ID} t.py\n",
                 id, core::Severity::warning);
  EXPECT_TRUE(has(after,
                  "--master_port $((10000 + SLURM_JOBID % 50000)) --rdzv_endpoint=${MASTER_ADDR}:$((10000 + "
                  "SLURM_JOB_ID % 50000)) t.py"))
      << after;
  after = fixed_once("e.sh", "export MASTER_PORT=$SLURM_ARRAY_JOB_ID\n", id, core::Severity::warning);
  EXPECT_TRUE(has(after, "export MASTER_PORT=$((10000 + SLURM_JOB_ID % 50000))\n")) << after;
}

TEST(LintFix53, AStaticRendezvousSaidAloudWithoutANodeRankBecomesC10d) {
  const std::string id = "lint.torch.static-rendezvous-no-node-rank";
  auto fs = lint_as("p05.sh", case_text("p05_static_rdzv.sh"));
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "--rdzv_backend=static without --node_rank")) << found[0]->finding.title;
  std::string after = fixed_once("p05.sh", case_text("p05_static_rdzv.sh"), id);
  EXPECT_TRUE(has(after, "    --rdzv_backend=c10d --rdzv_endpoint=10.20.0.11:29500 \\\n")) << after;
  // Each node given its rank, or c10d already: no finding.
  clean("r.sh", "torchrun --nnodes=2 --node_rank=$NODE_RANK --rdzv_backend=static --rdzv_endpoint=h:29500 t.py\n", id);
  clean("c.sh", "torchrun --nnodes=2 --rdzv_backend=c10d --rdzv_endpoint=h:29500 t.py\n", id);
  // No endpoint to keep: prose, saying to use c10d instead of adding a second backend flag.
  fs = lint_as("s.sh", "torchrun --nnodes=2 --rdzv_backend=static t.py\n");
  found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(found[0]->edits.empty());
  EXPECT_TRUE(has(found[0]->finding.fix.text, "use --rdzv_backend=c10d --rdzv_endpoint=RANK0_HOST:29500"))
      << found[0]->finding.fix.text;
}

// The eighteenth stranger's p07 (tests/data/stranger/fix-2026-12-07o): an endpoint and no backend is
// still torchrun's static rendezvous; the edit puts `--rdzv_backend c10d` before the endpoint's flag.
TEST(LintFix53, AnEndpointWithoutABackendIsStaticToo) {
  const std::string id = "lint.torch.static-rendezvous-no-node-rank";
  const std::string p07 = test::case_text("fix-2026-12-07o", "p07_rdzv_no_backend.sbatch");
  auto fs = lint_as("p07.sbatch", p07);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "with --rdzv_endpoint and no --rdzv_backend (static, torchrun's default)"))
      << found[0]->finding.title;
  std::string after = fixed_once("p07.sbatch", p07, id);
  EXPECT_TRUE(has(after, "    --rdzv_id $SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint $head_node:29500 \\\n"))
      << after;
  clean("n.sh", "torchrun --nnodes=2 --node_rank=1 --rdzv_endpoint=h:29500 t.py\n", id);
  // PET_RDZV_BACKEND is --rdzv_backend's default (review54 item 3): c10d there is no static rendezvous;
  // static there is, and the fix is prose (the flag is not on the line)
  clean("pet.sh", "export PET_RDZV_BACKEND=c10d\ntorchrun --nnodes=2 --rdzv_endpoint=node01:29500 t.py\n", id);
  fs = lint_as("pets.sh", "export PET_RDZV_BACKEND=static\ntorchrun --nnodes=2 --rdzv_endpoint=node01:29500 t.py\n");
  found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "with PET_RDZV_BACKEND=static without --node_rank"))
      << found[0]->finding.title;
  EXPECT_TRUE(found[0]->edits.empty());
}

// The eighteenth stranger's p15: a broadcast in the `else` of `if rank == 0:` was said to run where
// `rank == 0` holds, and its fix spoke of a return the file does not have and moved rank 0's lines.
TEST(LintFix53, ACollectiveInAnElseBranchIsNamedWithTheElsesRanks) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  auto fs = lint_as("p15.py", test::case_text("fix-2026-12-07o", "p15_broadcast_receivers_only.py"));
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const auto& f = found[0]->finding;
  EXPECT_TRUE(has(f.title, "broadcast() only on the ranks where `rank != 0` holds")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "dist.broadcast(vocab, src=0)  # outside the rank branch, at the indentation of line 11"))
      << f.fix.text;
  EXPECT_FALSE(has(f.fix.text, "returns before it")) << f.fix.text;
  EXPECT_FALSE(has(f.fix.text, "move lines")) << f.fix.text;
  // An elif with its own rank test is named by that test.
  fs = lint_as("elif.py",
               "import torch.distributed as dist\n\ndef f():\n    rank = dist.get_rank()\n    if rank == 0:\n"
               "        print(\"a\")\n    elif rank == 1:\n        dist.barrier()\n");
  found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "only on the ranks where `rank == 1` holds")) << found[0]->finding.title;
  // An else after that elif holds where both tests failed (review54 item 6).
  fs =
      lint_as("else.py",
              "import torch, torch.distributed as dist\n\ndef f():\n    rank = dist.get_rank()\n    t = torch.ones(1)\n"
              "    if rank == 0:\n        print(\"a\")\n    elif rank == 1:\n        print(\"b\")\n    else:\n"
              "        dist.all_reduce(t)\n");
  found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "only on the ranks where `rank != 0 and rank != 1` holds"))
      << found[0]->finding.title;
}

TEST(LintFix53, AJobThatReadsItsCompletionIndexBecomesIndexed) {
  const std::string id = "lint.k8s.job-not-indexed";
  std::string after = fixed_once("p25.yaml", case_text("p25_job_not_indexed.yaml"), id);
  EXPECT_TRUE(has(after, "  completions: 2\n  completionMode: Indexed\n  parallelism: 2\n")) << after;
  // Indexed already, or the pods define the variable themselves: none.
  std::string indexed = after;
  clean("indexed.yaml", indexed, id);
  const std::string own =
      "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\nspec:\n  completions: 2\n  template:\n    spec:\n"
      "      containers:\n        - name: t\n          image: i\n          args: "
      "[\"--node_rank=$(JOB_COMPLETION_INDEX)\"]\n"
      "          env:\n            - name: JOB_COMPLETION_INDEX\n              value: \"0\"\n";
  clean("own.yaml", own, id);
  // No completions key to write after: prose.
  const std::string bare =
      "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\nspec:\n  template:\n    spec:\n"
      "      containers:\n        - name: t\n          image: i\n          args: "
      "[\"--node_rank=$(JOB_COMPLETION_INDEX)\"]\n";
  auto fs = lint_as("bare.yaml", bare);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(found[0]->edits.empty());
  EXPECT_TRUE(has(found[0]->finding.title, "`--node_rank=$(JOB_COMPLETION_INDEX)`")) << found[0]->finding.title;
  EXPECT_TRUE(has(found[0]->finding.title, "leaves `$(JOB_COMPLETION_INDEX)` as literal text"))
      << found[0]->finding.title;
  // a longer name is none (review54 item 11); a shell's `$JOB_COMPLETION_INDEX` is unset, not literal
  std::string longer = bare;
  longer.replace(longer.find("$(JOB_COMPLETION_INDEX)"), 23, "$(JOB_COMPLETION_INDEX_UNUSED)");
  clean("longer.yaml", longer, id);
  std::string shell = bare;
  shell.replace(shell.find("[\"--node_rank=$(JOB_COMPLETION_INDEX)\"]"), 39,
                "[\"-c\", \"torchrun --node_rank=$JOB_COMPLETION_INDEX t.py\"]");
  fs = lint_as("shell.yaml", shell);
  found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << shell << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "the index is unset (empty) in every pod")) << found[0]->finding.title;
}

}  // namespace
}  // namespace dd::lint
