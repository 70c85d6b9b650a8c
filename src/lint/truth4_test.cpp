// Issue 27, truth4: sentences a held-out check (tests/data/stranger/fix-2026-12-05/REPORT.md) found
// untrue or not following from the input, and the planted mistakes it found missed. Each test lints
// the case file as the stranger wrote it (cases/) and asserts what is said and what an edit does.
#include <gtest/gtest.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::applied;
using test::case_text;
using test::ids;
using test::lint_as;

const std::string k_truth4_cases = "fix-2026-12-05";  // tests/data/stranger/fix-2026-12-05/cases

const LintFinding* only(const std::vector<LintFinding>& fs, const std::string& id) {
  auto found = all_of(fs, id);
  EXPECT_EQ(found.size(), 1u) << id << ": " << ids(fs);
  return found.size() == 1 ? found[0] : nullptr;
}

// p25: CUDA_VISIBLE_DEVICES=0,1,2,3 and --nproc_per_node=8. Nothing says the node has 8 GPUs, so
// no edit that lists 8: prose with both ways.
TEST(LintTruth4, GpusFewerThanProcsIsProseWhenTheFileStatesNoGpuCount) {
  auto fs = lint_as("p25_cvd_fewer.sh", case_text(k_truth4_cases, "p25_cvd_fewer.sh"));
  const auto* f = only(fs, "lint.launch.gpus-fewer-than-procs");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(f->edits.empty());
  EXPECT_EQ(f->finding.fix.text,
            "on a node with 8 or more GPUs: CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7; on a node with 4: keep "
            "CUDA_VISIBLE_DEVICES=0,1,2,3 and start 4 processes per node: --nproc_per_node=4");
  EXPECT_EQ(f->finding.evidence.back(), "the file does not say how many GPUs a node has");
}

// p04: Docker's 64 MB /dev/shm was read, the job's use of it was not: "can run out", as the pod
// rule and `check` say.
TEST(LintTruth4, SmallShmSaysCanRunOut) {
  auto fs = lint_as("p04_docker_noshm.sh", case_text(k_truth4_cases, "p04_docker_noshm.sh"));
  const auto* f = only(fs, "lint.docker.small-shm");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->finding.title,
            "docker run without --ipc=host or --shm-size: the container's /dev/shm is 64 MB, NCCL's shared-memory "
            "transport and DataLoader workers can run out of it (Bus error, or a hang)");
  auto sized = lint_as("run.sh", "docker run --shm-size=256m img torchrun --nproc_per_node=8 train.py\n");
  const auto* g = only(sized, "lint.docker.small-shm");
  ASSERT_NE(g, nullptr);
  EXPECT_NE(g->finding.title.find("can run out of it"), std::string::npos) << g->finding.title;
}

// p13 / p31: a collective under a rank branch. The other ranks do not wait outside: they go on to
// their next collective (DDP's gradient all-reduce, Horovod's optimizer allreduce), which does not
// match.
TEST(LintTruth4, CollectiveUnderRankBranchSaysTheOthersReachAMismatchedCollective) {
  for (const char* name : {"p13_ddp_rank_branch.py", "p31_hvd_rank_branch.py"}) {
    auto fs = lint_as(name, case_text(k_truth4_cases, name));
    auto found = all_of(fs, "lint.torch.collective-under-rank-branch");
    ASSERT_FALSE(found.empty()) << name << ": " << ids(fs);
    for (const auto* f : found) {
      const auto& t = f->finding.title;
      EXPECT_EQ(t.find("never join"), std::string::npos) << t;
      EXPECT_NE(t.find("the other ranks skip it and go on to their next collective (or exit), where the calls no "
                       "longer match across ranks: a hang or an error"),
                std::string::npos)
          << t;
    }
  }
}

// p29: the pod's command list starts on line 19 (`- torchrun`); localhost is on line 23.
TEST(LintTruth4, MasterAddrLocalhostPointsAtTheLineHoldingTheAddress) {
  auto fs = lint_as("p29_pytorchjob_localhost.yaml", case_text(k_truth4_cases, "p29_pytorchjob_localhost.yaml"));
  const auto* f = only(fs, "lint.launch.master-addr-localhost");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->location.line, 23);
  // a shell command continued over lines: the continuation line that holds it
  auto sh = lint_as("run.sh",
                    "torchrun --nnodes=2 --nproc_per_node=8 \\\n  --rdzv_backend=c10d \\\n"
                    "  --rdzv_endpoint=localhost:29400 train.py\n");
  const auto* g = only(sh, "lint.launch.master-addr-localhost");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->location.line, 3);
}

// p07: `value: yes` for NCCL_IB_DISABLE. Quoted as written ("yes") the API server takes it but NCCL
// reads 0: the edit writes the number yes means, "1", and one --fix clears both findings.
TEST(LintTruth4, EnvValueNotStringQuotesTheNumberNcclReadsAsMeant) {
  std::string text = case_text(k_truth4_cases, "p07_tfjob_bool.yaml");
  auto fs = lint_as("p07_tfjob_bool.yaml", text);
  const auto* f = only(fs, "lint.k8s.env-value-not-string");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(f->edits.size(), 1u);
  EXPECT_EQ(f->edits[0].replacement, "                  value: \"1\"   # no InfiniBand on these nodes");
  auto again = lint_as("p07_tfjob_bool.yaml", applied(text, *f));
  EXPECT_TRUE(all_of(again, "lint.k8s.env-value-not-string").empty()) << ids(again);
  EXPECT_TRUE(all_of(again, "env.int.not-a-number").empty()) << ids(again);
  // a number stays as written; an NCCL integer whose meaning is unknown (1.5) is prose
  auto num = lint_as("pod.yaml",
                     "kind: Pod\nspec:\n  containers:\n    - name: c\n      env:\n"
                     "        - name: NCCL_NSOCKS_PERTHREAD\n          value: 4\n");
  const auto* n = only(num, "lint.k8s.env-value-not-string");
  ASSERT_NE(n, nullptr);
  ASSERT_EQ(n->edits.size(), 1u);
  EXPECT_EQ(n->edits[0].replacement, "          value: \"4\"");
  auto flt = lint_as("pod.yaml",
                     "kind: Pod\nspec:\n  containers:\n    - name: c\n      env:\n"
                     "        - name: NCCL_NSOCKS_PERTHREAD\n          value: 1.5\n");
  const auto* p = only(flt, "lint.k8s.env-value-not-string");
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(p->edits.empty());
}

// p23: `--master-addr "$MASTER_ADDR" --master-port "$MASTER_PORT"` (dashes, quoted words): the edit
// reuses them instead of a RANK0_HOST:29500 placeholder (the file's port is 29400).
TEST(LintTruth4, StaticRendezvousReusesTheQuotedMasterAddrAndPort) {
  std::string text = case_text(k_truth4_cases, "p23_static_rdzv.sh");
  auto fs = lint_as("p23_static_rdzv.sh", text);
  const auto* f = only(fs, "lint.torch.static-rendezvous-no-node-rank");
  ASSERT_NE(f, nullptr);
  ASSERT_FALSE(f->edits.empty()) << f->finding.fix.text;
  EXPECT_EQ(
      applied(text, *f),
      "#!/bin/bash\n# same command on both nodes\nMASTER_ADDR=10.0.3.4\nMASTER_PORT=29400\n"
      "torchrun --nnodes 2 --nproc-per-node 8 \\\n  --rdzv-backend=c10d --rdzv-endpoint=\"$MASTER_ADDR:$MASTER_PORT\" "
      "\\\n  train.py\n");
  // no address on the line: the placeholder takes the line's port
  auto prose = lint_as("run.sh", "torchrun --nnodes=2 --master_port=29400 train.py\n");
  const auto* g = only(prose, "lint.torch.static-rendezvous-no-node-rank");
  ASSERT_NE(g, nullptr);
  EXPECT_NE(g->finding.fix.text.find("--rdzv_endpoint=RANK0_HOST:29400"), std::string::npos) << g->finding.fix.text;
}

// p01: `source ~/venvs/llm/bin/activate` silenced the finding for `--nnodes=$NODES`. A sourced file
// may set NODES: the finding says "unless" it does, one step lower, with prose instead of an edit.
TEST(LintTruth4, SourcedFileLowersVariableNotSetAndSaysUnless) {
  auto fs = lint_as("p01_nnodes_unset.sbatch", case_text(k_truth4_cases, "p01_nnodes_unset.sbatch"));
  const auto* f = only(fs, "lint.slurm.variable-not-set");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->finding.severity, core::Severity::info);
  EXPECT_EQ(f->finding.title,
            "`--nnodes=$NODES`: neither Slurm nor this file sets NODES, so the command gets the submitting shell's "
            "NODES, or nothing when it had none, unless ~/venvs/llm/bin/activate sets it");
  EXPECT_TRUE(f->edits.empty());
  EXPECT_EQ(f->finding.fix.text,
            "--nnodes=$SLURM_NNODES  # the allocation's node count; keep $NODES if ~/venvs/llm/bin/activate sets it "
            "as meant");
  // a node rank: error without a sourced file, warning with one
  auto rank = lint_as("job.sbatch",
                      "#SBATCH --nodes=2\n. ./env.sh\neval \"$(conda shell.bash hook)\"\n"
                      "srun torchrun --nnodes=2 --node_rank=$RANK train.py\n");
  const auto* r = only(rank, "lint.slurm.variable-not-set");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->finding.severity, core::Severity::warning);
  EXPECT_NE(r->finding.title.find(", unless ./env.sh or what eval runs sets it"), std::string::npos)
      << r->finding.title;
}

// p15: the pipeline is built in make_ds() and fit() gets make_ds(...).repeat(): followed into the
// function, the finding and its edit are on the function's line.
TEST(LintTruth4, PipelineReturnedFromAFunctionIsFollowed) {
  std::string text = case_text(k_truth4_cases, "p15_tf_pipeline.py");
  auto fs = lint_as("p15_tf_pipeline.py", text);
  const auto* f = only(fs, "lint.tf.data-pipeline-incomplete");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->location.line, 9);
  EXPECT_EQ(f->finding.severity, core::Severity::warning);
  ASSERT_EQ(f->edits.size(), 1u) << f->finding.fix.text;
  EXPECT_EQ(f->edits[0].replacement,
            "    ds = ds.shuffle(1000).batch(64 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)");
  auto again = lint_as("p15_tf_pipeline.py", applied(text, *f));
  EXPECT_TRUE(all_of(again, "lint.tf.data-pipeline-incomplete").empty()) << ids(again);
  // steps after the call that order the pipeline themselves: the function's part alone says nothing
  auto after = lint_as("t.py",
                       "import tensorflow as tf\n\ndef make():\n    return tf.data.TFRecordDataset([\"a\"])\n\n"
                       "model.fit(make().shuffle(100).batch(8).prefetch(tf.data.AUTOTUNE), "
                       "steps_per_epoch=10)\n");
  EXPECT_TRUE(all_of(after, "lint.tf.data-pipeline-incomplete").empty()) << ids(after);
}

// p27: `--nnodes=2` in an exec-form ENTRYPOINT makes the image's job multi-node, as in the shell form.
TEST(LintTruth4, ExecFormEntrypointNnodesCountsAsMultiNode) {
  auto fs = lint_as("Dockerfile", case_text(k_truth4_cases, "Dockerfile.p27"));
  const auto* f = only(fs, "lint.env.ifname-loopback");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->location.line, 4);  // the ENV instruction (its value is continued on line 5)
  auto one = lint_as("Dockerfile",
                     "FROM x\nENV NCCL_SOCKET_IFNAME=lo\nENTRYPOINT [\"torchrun\", \"--nnodes=1\", "
                     "\"--nproc_per_node=8\", \"train.py\"]\n");
  EXPECT_TRUE(all_of(one, "lint.env.ifname-loopback").empty()) << ids(one);
}

// p28: TF_CONFIG from a dict whose task index comes from sys.argv: the literal cluster, which mixes
// localhost with 10.0.0.12, is audited without the task.
TEST(LintTruth4, TfConfigClusterIsAuditedWhenTheTaskIndexIsComputed) {
  auto fs = lint_as("p28_tfconfig_dict.py", case_text(k_truth4_cases, "p28_tfconfig_dict.py"));
  const auto* f = only(fs, "tf-config.localhost-in-multihost");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->location.line, 12);
  EXPECT_TRUE(all_of(fs, "tf-config.task-missing").empty()) << ids(fs);
  auto real = lint_as("t.py",
                      "import json, os, sys\nindex = int(sys.argv[1])\n"
                      "tf_config = {\"cluster\": {\"worker\": [\"10.0.0.11:12345\", \"10.0.0.12:12345\"]},\n"
                      "             \"task\": {\"type\": \"worker\", \"index\": index}}\n"
                      "os.environ[\"TF_CONFIG\"] = json.dumps(tf_config)\n");
  for (const auto& g : real) EXPECT_NE(g.finding.id.rfind("tf-config.", 0), 0u) << ids(real);
}

}  // namespace
}  // namespace dd::lint
