// Issue 27, fix51: the fifteenth stranger's misses (tests/data/stranger/fix-2026-12-06l) as rules with
// their fixes applied, each beside the clean look-alike of that set: p10 LOCAL_RANK as the rank on
// two nodes, p01 `srun torchrun --node_rank=0`, p24 `mpirun --host a,b` without slots, p04 the
// "rank 0 first" barrier without its release, p11 TF_CONFIG in single quotes, p13 a .bat `set`
// with a trailing blank, p08 Lightning's self.log(sync_dist=True) on rank 0 only, p26
// timedelta(1800) (days), p16 `$VAR` in exec-form k8s args, p23 WORLD_SIZE not NNODES x
// NPROC_PER_NODE. tests/system/lint/roundtrip.sh and fix51_cases.sh apply the edits with the real
// parsers (bash, PyYAML, Python's ast) and run p04 as a torch Gloo job.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "env/audit_test_util.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::clean;
using test::fixed_once;
using test::ids;
using test::lint_as;

// A case of the 15th held-out run (tests/data/stranger/fix-2026-12-06l).
std::string case_text(const std::string& name) { return test::case_text("fix-2026-12-06l", name); }

const core::Severity warning = core::Severity::warning;

TEST(LintFix51, LocalRankAsTheRankOnTwoNodesReadsRank) {
  const std::string id = "lint.torch.local-rank-as-rank";
  const std::string p10 = case_text("p10_local_rank_as_rank.py");
  auto fs = lint_as("p10.py", p10);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("LOCAL_RANK, the worker's index on its own node, in a multi-node script"),
            std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p10.py", p10, id, warning);
  // the call reads RANK; LOCAL_RANK keeps picking the device
  EXPECT_NE(after.find("rank=int(os.environ[\"RANK\"]), world_size=world_size)"), std::string::npos) << after;
  EXPECT_NE(after.find("local_rank = int(os.environ[\"LOCAL_RANK\"])\n"), std::string::npos) << after;
  EXPECT_NE(after.find("torch.cuda.set_device(local_rank)"), std::string::npos) << after;
  // one step short: one node (nothing shows a second), RANK itself, another launcher's local rank
  std::string one = p10;
  one.replace(one.find("NNODES = int(os.environ.get(\"NNODES\", \"2\"))\n"), 46, "");
  clean("one.py", one, id);
  clean("rank.py",
        "import os\nimport torch.distributed as dist\nNNODES = int(os.environ['NNODES'])\n"
        "dist.init_process_group('nccl', rank=int(os.environ['RANK']), world_size=8)\n",
        id);
  clean("ompi.py",
        "import os\nimport torch.distributed as dist\nNNODES = int(os.environ['NNODES'])\n"
        "dist.init_process_group('nccl', rank=int(os.environ['OMPI_COMM_WORLD_LOCAL_RANK']), world_size=8)\n",
        id);
  // the Slurm form keeps its own id
  auto slurm = lint_as("s.py",
                       "import os\nimport torch.distributed as dist\n"
                       "dist.init_process_group('nccl', rank=int(os.environ['SLURM_LOCALID']), world_size=8)\n");
  EXPECT_EQ(all_of(slurm, "lint.slurm.local-id-as-rank").size(), 1u) << ids(slurm);
  EXPECT_TRUE(all_of(slurm, id).empty()) << ids(slurm);
}

TEST(LintFix51, SrunTorchrunWithALiteralNodeRankGetsTheC10dRendezvous) {
  const std::string id = "lint.remote.same-node-rank";
  const std::string p01 = case_text("p01_srun_literal_node_rank.sbatch");
  auto fs = lint_as("p01.sbatch", p01);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("--node_rank=0 is written into the one command srun runs on every node"),
            std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p01.sbatch", p01, id);
  EXPECT_NE(after.find("srun torchrun --nnodes=2 --nproc_per_node=8 \\\n"
                       "    --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \\\n"
                       "    pretrain.py --config configs/7b.yaml\n"),
            std::string::npos)
      << after;
  EXPECT_TRUE(all_of(lint_as("p01.sbatch", after), "lint.torch.static-rendezvous-no-node-rank").empty());
  // the per-task form (c09), one node, and a rendezvous already there: no finding
  clean("c09.sbatch", case_text("c09_sbatch_port_mod.sbatch"), id);
  clean("one.sbatch", "#SBATCH --nodes=1\nsrun torchrun --nnodes=1 --node_rank=0 --master_addr=a t.py\n", id);
  clean("n1.sbatch", "#SBATCH --nodes=2\nsrun -N1 torchrun --nnodes=2 --node_rank=0 --master_addr=a t.py\n", id);
}

TEST(LintFix51, MpirunHostsWithoutSlotsAreOneSlotEach) {
  const std::string id = "lint.launch.np-exceeds-slots";
  const std::string p24 = case_text("p24_mpirun_host_no_slots.sh");
  auto fs = lint_as("p24.sh", p24);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("asks for 8 processes, but --host node01,node02 offers 2 slots (1 + 1)"),
            std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p24.sh", p24, id);
  EXPECT_NE(after.find("mpirun -np 8 --host node01:4,node02:4 -bind-to none"), std::string::npos) << after;
  clean("c08.sh", case_text("c08_mpirun_host_slots.sh"), id);
  // MPICH's mpiexec (no -x / -mca), a batch script (the allocation's slots), a hostfile, ppr mapping
  clean("mpich.sh", "mpiexec -n 8 -hosts a,b python t.py\n", id);
  clean("job.sbatch", "#!/bin/bash\n#SBATCH --nodes=2\nmpirun -np 8 --host a,b -x PATH python t.py\n", id);
  clean("hf.sh", "mpirun -np 8 --hostfile hosts --host a,b -x PATH python t.py\n", id);
  clean("ppr.sh", "mpirun -np 8 --host a,b --map-by ppr:4:node -x PATH python t.py\n", id);
  // not divisible: prose, no edit
  auto odd_fs = lint_as("odd.sh", "mpirun -np 7 -H a,b -x PATH python t.py\n");
  auto odd = all_of(odd_fs, id);
  ASSERT_EQ(odd.size(), 1u);
  EXPECT_TRUE(odd[0]->edits.empty());
}

TEST(LintFix51, RankZeroFirstBarrierGetsItsReleaseNotADedent) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  const std::string p04 = case_text("p04_barrier_release_missing.py");
  auto fs = lint_as("p04.py", p04);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("\"rank 0 first\" shape"), std::string::npos) << found[0]->finding.title;
  EXPECT_NE(found[0]->finding.title.find("`if rank == 0: dist.barrier()` after that line"), std::string::npos);
  std::string after = fixed_once("p04.py", p04, id);
  EXPECT_NE(after.find("    if rank != 0:\n        dist.barrier()\n    download_dataset(root)\n"
                       "    if rank == 0:\n        dist.barrier()\n\n"),
            std::string::npos)
      << after;
  clean("c01.py", case_text("c01_barrier_download_pair.py"), id);
  // the work holds a collective: not this shape (the general fix)
  std::string coll = p04;
  coll.replace(coll.find("    download_dataset(root)\n"), 27, "    dist.all_reduce(torch.ones(1))\n");
  auto coll_fs = lint_as("c.py", coll);
  auto other = all_of(coll_fs, id);
  ASSERT_FALSE(other.empty());
  EXPECT_EQ(other[0]->finding.title.find("rank 0 first"), std::string::npos) << other[0]->finding.title;
}

TEST(LintFix51, TfConfigInSingleQuotesBecomesTheFilesOwnJson) {
  const std::string p11 = case_text("p11_tfconfig_python_quotes.sh");
  auto fs = lint_as("p11.sh", p11);
  auto found = all_of(fs, "tf-config.invalid-json");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->finding.fix.text.find("host1"), std::string::npos) << found[0]->finding.fix.text;
  std::string after = fixed_once("p11.sh", p11, "tf-config.invalid-json");
  EXPECT_NE(after.find("export TF_CONFIG='{\"cluster\": {\"worker\": [\"10.40.0.11:12345\", \"10.40.0.12:12345\"]}, "
                       "\"task\": {\"type\": \"worker\", \"index\": 0}}'\n"),
            std::string::npos)
      << after;
  // not convertible (a Python True): prose with placeholders, never example hosts
  auto py_fs = lint_as("t.sh", "export TF_CONFIG=\"{'cluster': {'worker': ['a:1']}, 'x': True}\"\n");
  auto py = all_of(py_fs, "tf-config.invalid-json");
  ASSERT_EQ(py.size(), 1u);
  EXPECT_EQ(py[0]->finding.fix.text.find("host1"), std::string::npos) << py[0]->finding.fix.text;
}

TEST(LintFix51, BatchSetWithATrailingBlankIsTrimmed) {
  const std::string id = "lint.batch.set-blanks";
  const std::string p13 = case_text("p13_bat_trailing_space.bat");
  auto fs = lint_as("p13.bat", p13);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("MASTER_ADDR is \"10.0.0.5 \", not \"10.0.0.5\""), std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p13.bat", p13, id);
  EXPECT_NE(after.find("\r\nset MASTER_ADDR=10.0.0.5\r\nset MASTER_PORT=29500\r\n"), std::string::npos) << after;
  clean("q.bat", "set \"MASTER_ADDR=10.0.0.5\" \r\n", id);  // quoted: the blank is outside
  clean("o.bat", "set MY_NOTE=hello \r\n", id);             // not a variable the stack reads
}

TEST(LintFix51, LightningSyncDistLogOnRankZeroIsACollective) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  const std::string p08 = case_text("p08_lightning_log_sync_rank0.py");
  auto fs = lint_as("p08.py", p08);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("log() only on the ranks where `self.trainer.is_global_zero` holds"),
            std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p08.py", p08, id);
  EXPECT_NE(after.find("        loss = torch.nn.functional.cross_entropy(self.layer(x), y)\n"
                       "        self.log(\"val_loss\", loss, sync_dist=True)\n\n"),
            std::string::npos)
      << after;
  // without sync_dist (or rank_zero_only=True) nothing is reduced: no finding
  std::string plain = p08;
  plain.replace(plain.find(", sync_dist=True"), 16, ", rank_zero_only=True");
  clean("plain.py", plain, id);
}

TEST(LintFix51, TimedeltaOfOneNumberIsDays) {
  const std::string id = "lint.torch.timeout-days";
  const std::string p26 = case_text("p26_timeout_days.py");
  auto fs = lint_as("p26.py", p26);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("this is 1800 days, not 1800 seconds"), std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p26.py", p26, id, warning);
  EXPECT_NE(after.find("dist.init_process_group(\"gloo\", timeout=datetime.timedelta(seconds=1800))\n"),
            std::string::npos)
      << after;
  clean("c11.py", case_text("c11_timeout_minutes.py"), id);
  const std::string head = "import datetime\nimport torch.distributed as dist\n";
  clean("d.py", head + "dist.init_process_group('gloo', timeout=datetime.timedelta(7))\n", id);  // a week
  clean("t.py", head + "dist.init_process_group('gloo', timeout=datetime.timedelta(0, 1800))\n", id);
  // Python's other spellings of a number are read as Python reads them (review of stop 48: `1_800`
  // read as 1 was missed).
  for (const std::string days : {"1_800", "0x708", "1.8e3"}) {
    auto other = lint_as("u.py", head + "dist.init_process_group('gloo', timeout=datetime.timedelta(" + days + "))\n");
    EXPECT_EQ(all_of(other, id).size(), 1u) << days << ": " << ids(other);
  }
  clean("o.py", head + "dist.init_process_group('gloo', timeout=datetime.timedelta(0o7))\n", id);
}

TEST(LintFix51, DollarVariableInExecFormArgsBecomesKubernetesForm) {
  const std::string id = "lint.k8s.args-shell-variable";
  const std::string p16 = case_text("p16_k8s_args_dollar_no_parens.yaml");
  auto fs = lint_as("p16.yaml", p16);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("the program receives the text \"$JOB_COMPLETION_INDEX\""), std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p16.yaml", p16, id);
  EXPECT_NE(after.find("            - \"--node_rank=$(JOB_COMPLETION_INDEX)\"\n"), std::string::npos) << after;
  EXPECT_EQ(YAML::Load(after)["spec"]["template"]["spec"]["containers"][0]["args"][2].as<std::string>(),
            "--node_rank=$(JOB_COMPLETION_INDEX)");
  clean("c05.yaml", case_text("c05_k8s_indexed_job_parens.yaml"), id);
  // through a shell the shell expands it
  std::string shell = p16;
  shell.replace(shell.find("command: [\"torchrun\"]"), 21, "command: [\"sh\", \"-c\"]");
  clean("sh.yaml", shell, id);
  // a name not in the container's env: prose
  std::string other = p16;
  other.replace(other.find("$JOB_COMPLETION_INDEX"), 21, "$NODE_RANK");
  auto prose_fs = lint_as("o.yaml", other);
  auto prose = all_of(prose_fs, id);
  ASSERT_EQ(prose.size(), 1u);
  EXPECT_TRUE(prose[0]->edits.empty());
}

TEST(LintFix51, WorldSizeNotNodesTimesProcsIsNamedWithTheProduct) {
  auto fs = env::test::audit_of(env::test::Scenario{{{"NNODES", "2"},
                                                     {"NPROC_PER_NODE", "4"},
                                                     {"NODE_RANK", "1"},
                                                     {"WORLD_SIZE", "4"},
                                                     {"MASTER_ADDR", "10.70.0.11"},
                                                     {"MASTER_PORT", "29500"}}});
  const auto* f = env::test::find_id(fs, "env.world-size.not-product");
  ASSERT_NE(f, nullptr) << env::test::ids(fs);
  EXPECT_EQ(f->severity, core::Severity::warning);
  EXPECT_NE(f->title.find("WORLD_SIZE=4 but NNODES=2 x NPROC_PER_NODE=4 is 8 processes"), std::string::npos)
      << f->title;
  EXPECT_NE(f->title.find("ranks 4 to 7 have no place in it"), std::string::npos) << f->title;
  EXPECT_EQ(f->fix.env.at("WORLD_SIZE"), "8");
  auto ok = env::test::audit_of(
      env::test::Scenario{{{"NNODES", "2"}, {"NPROC_PER_NODE", "4"}, {"WORLD_SIZE", "8"}, {"MASTER_ADDR", "a"}}});
  EXPECT_EQ(env::test::find_id(ok, "env.world-size.not-product"), nullptr);
}

}  // namespace
}  // namespace dd::lint
