// Issue 27: the sixth stranger's run (branch stranger6, tests/data/stranger/fix-2026-12-05c): prose
// fixes that broke the job when pasted (r01, r19, r21, r31), sentences that were not true (r09, r29)
// and misses (r08, r14). Each case as the stranger wrote it.
#include <gtest/gtest.h>

#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::fixed_once;
using test::ids;
using test::lint_as;

const std::string k_loopback = "lint.launch.master-addr-localhost";

std::string evidence(const LintFinding& f) {
  std::string out;
  for (const auto& e : f.finding.evidence) out += e + "\n";
  return out;
}

// r01: the address sits on a continuation line of `srun torchrun \`. The printed line keeps its
// `\` and carries no `# comment` (which would end the command there); the placeholder's meaning
// goes to the evidence.
TEST(LintStranger6, RendezvousFixOnAContinuationLineKeepsIt) {
  const std::string text =
      "#!/bin/bash\n#SBATCH --job-name=vit-pretrain\n#SBATCH --nodes=4\n#SBATCH --ntasks-per-node=1\n"
      "#SBATCH --gpus-per-node=8\n#SBATCH --cpus-per-task=64\n#SBATCH --time=12:00:00\n\nset -euo pipefail\n"
      "module load cuda/12.4\nsource ~/venvs/vit/bin/activate\n\nsrun torchrun \\\n    --nnodes=\"$SLURM_NNODES\" \\\n"
      "    --nproc-per-node=8 \\\n    --rdzv-id=\"$SLURM_JOB_ID\" \\\n    --rdzv-backend=c10d \\\n"
      "    --rdzv-endpoint=localhost:29500 \\\n    pretrain.py --config configs/vit_l16.yaml\n";
  auto fs = lint_as("r01_rdzv_localhost.sbatch", text);
  auto f = all_of(fs, k_loopback);
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  EXPECT_EQ(f[0]->location.line, 18);
  EXPECT_EQ(f[0]->finding.fix.text, "--rdzv-endpoint=RANK0_HOST:29500 \\");
  EXPECT_NE(evidence(*f[0]).find("RANK0_HOST in the fix: the host name or address of the rank-0 node"),
            std::string::npos)
      << evidence(*f[0]);
  // the address last on a line that ends the command keeps the comment form
  auto last = lint_as("job.sbatch",
                      "#!/bin/bash\n#SBATCH --nodes=2\nsrun torchrun --nnodes=2 --nproc-per-node=8 "
                      "--rdzv-backend=c10d --rdzv-endpoint=localhost:29500\n");
  auto g = all_of(last, k_loopback);
  ASSERT_EQ(g.size(), 1u) << ids(last);
  EXPECT_EQ(g[0]->finding.fix.text,
            "--rdzv-endpoint=RANK0_HOST:29500  # RANK0_HOST: the host name or address of the rank-0 node, the same "
            "on every node");
  // words after it (the script): a comment pasted there would swallow them, so the whole line
  auto middle = lint_as("job.sbatch",
                        "#!/bin/bash\n#SBATCH --nodes=2\nsrun torchrun --nnodes=2 --nproc-per-node=8 "
                        "--rdzv-backend=c10d --rdzv-endpoint=localhost:29500 train.py\n");
  auto m = all_of(middle, k_loopback);
  ASSERT_EQ(m.size(), 1u) << ids(middle);
  EXPECT_EQ(
      m[0]->finding.fix.text,
      "srun torchrun --nnodes=2 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=RANK0_HOST:29500 train.py");
}

// r19: `--main_process_ip 127.0.0.1` inside `srun bash -c '...'`. The fix is the whole line with the
// address replaced: no apostrophe and no `#` inside the single-quoted string.
TEST(LintStranger6, RendezvousFixInsideSingleQuotesHasNoCommentOrApostrophe) {
  const std::string run =
      "srun bash -c 'accelerate launch --num_machines 2 --num_processes 8 --machine_rank $SLURM_NODEID "
      "--main_process_ip 127.0.0.1 --main_process_port '\"$MAIN_PORT\"' train_sd.py --mixed_precision fp16'";
  const std::string text =
      "#!/bin/bash\n#SBATCH --job-name=sd-finetune\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
      "#SBATCH --gpus-per-node=4\n\nexport MAIN_PORT=29555\n\n" +
      run + "\n";
  auto fs = lint_as("r19_accelerate_srun_loopback.sbatch", text);
  auto f = all_of(fs, k_loopback);
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  std::string want = run;
  want.replace(want.find("127.0.0.1"), 9, "RANK0_HOST");
  EXPECT_EQ(f[0]->finding.fix.text, want);
  EXPECT_NE(evidence(*f[0]).find("RANK0_HOST in the fix"), std::string::npos) << evidence(*f[0]);
}

// r21: exec-form CMD with ${GPUS} under ENTRYPOINT ["/usr/bin/tini", "--"]: tini runs its arguments as
// a command, so the CMD through a shell expands it (an edit); under an ENTRYPOINT that may be the
// program itself the prose names both ways, and never `docker run -e` alone.
TEST(LintStranger6, ExecFormCmdUnderTiniGoesThroughAShell) {
  const std::string id = "lint.docker.exec-form-variable";
  const std::string head =
      "FROM pytorch/pytorch:2.3.1-cuda12.1-cudnn8-runtime\nRUN apt-get update && apt-get install -y "
      "--no-install-recommends tini && rm -rf /var/lib/apt/lists/*\nENV GPUS=4\nCOPY train.py /app/train.py\n"
      "WORKDIR /app\n";
  const std::string cmd = "CMD [\"torchrun\", \"--standalone\", \"--nproc_per_node=${GPUS}\", \"train.py\"]\n";
  std::string fixed = fixed_once("Dockerfile", head + "ENTRYPOINT [\"/usr/bin/tini\", \"--\"]\n" + cmd, id);
  EXPECT_NE(fixed.find("CMD [\"/bin/sh\", \"-c\", \"exec torchrun --standalone \\\"--nproc_per_node=${GPUS}\\\" "
                       "train.py\"]"),
            std::string::npos)
      << fixed;
  auto other = lint_as("Dockerfile", head + "ENTRYPOINT [\"/app/start\"]\n" + cmd);
  auto f = all_of(other, id);
  ASSERT_EQ(f.size(), 1u) << ids(other);
  EXPECT_TRUE(f[0]->edits.empty());
  EXPECT_EQ(f[0]->finding.fix.text.find("docker run -e"), std::string::npos) << f[0]->finding.fix.text;
  EXPECT_NE(f[0]->finding.fix.text.find("ENTRYPOINT [\"/bin/sh\", \"-c\", \"exec /app/start torchrun"),
            std::string::npos)
      << f[0]->finding.fix.text;
}

// r31: 4 tasks per node of 12 CPUs each, Trainer(devices=8): 8 tasks keep the node's 48 CPUs at 6
// each (12 x 4 / 8), not 12 / 8 = 1.5.
TEST(LintStranger6, LightningTasksFixRescalesCpusPerTaskByTheRealFactor) {
  auto r = lint_paths({std::string(DD_TEST_DATA_DIR) + "/lint/across/stranger6_r31"}, {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  std::vector<const LintFinding*> fs;
  for (const auto& f : r->findings)
    if (f.finding.id == "lint.slurm.lightning-devices-tasks") fs.push_back(&f);
  ASSERT_EQ(fs.size(), 1u);
  const std::string& text = fs[0]->finding.fix.text;
  EXPECT_NE(text.find("--ntasks-per-node=8 (one task per device) with --cpus-per-task=6 (12 x 4 per node = 6 x 8)"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("divide"), std::string::npos) << text;
  EXPECT_NE(text.find("or devices=4"), std::string::npos) << text;
}

// r09: `value: 3.0` for NCCL_NSOCKS_PERTHREAD. NCCL's strtoll reads 3, the number written: the edit
// quotes "3", as env.int.trailing-garbage's does, and nothing says "another" number.
TEST(LintStranger6, K8sFloatValueIsQuotedAsTheNumberNcclReads) {
  const std::string id = "lint.k8s.env-value-not-string";
  const std::string pod =
      "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n    - name: c\n      image: i\n"
      "      env:\n        - name: NCCL_NSOCKS_PERTHREAD\n          value: 3.0\n";
  auto fs = lint_as("pod.yaml", pod);
  auto f = all_of(fs, id);
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  ASSERT_EQ(f[0]->edits.size(), 1u) << f[0]->finding.fix.text;
  EXPECT_EQ(f[0]->edits[0].replacement, "          value: \"3\"");
  EXPECT_NE(evidence(*f[0]).find("\"3.0\" reads as 3"), std::string::npos) << evidence(*f[0]);
  // 3.5: NCCL reads 3, but whether 3 was meant is unknown: prose, saying what NCCL reads
  std::string half = pod;
  half.replace(half.find("3.0"), 3, "3.5");
  auto half_fs = lint_as("pod.yaml", half);
  auto h = all_of(half_fs, id);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_TRUE(h[0]->edits.empty());
  EXPECT_NE(h[0]->finding.fix.text.find("NCCL reads 3.5 as 3"), std::string::npos) << h[0]->finding.fix.text;
  EXPECT_EQ(h[0]->finding.fix.text.find("another"), std::string::npos) << h[0]->finding.fix.text;
}

// r29: TF 2.x falls back to ReductionToOneDevice when no NCCL kernel is registered (Windows): the
// finding says so and claims neither a hang nor an error.
TEST(LintStranger6, MirroredOnWindowsSaysWhatTensorflowDoes) {
  const std::string text =
      "import sys\n\nimport tensorflow as tf\n\nif sys.platform == \"win32\":\n"
      "    print(\"running on a Windows workstation with 2 GPUs\")\n\n"
      "strategy = tf.distribute.MirroredStrategy(devices=[\"/gpu:0\", \"/gpu:1\"])\nwith strategy.scope():\n"
      "    model = tf.keras.Sequential([tf.keras.Input(shape=(20,)), tf.keras.layers.Dense(1)])\n"
      "    model.compile(optimizer=\"adam\", loss=\"mse\")\n";
  auto fs = lint_as("r29_windows_mirrored.py", text);
  auto f = all_of(fs, "lint.tf.mirrored-windows-no-cross-device-ops");
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  const std::string& title = f[0]->finding.title;
  EXPECT_EQ(title.find("hangs"), std::string::npos) << title;
  EXPECT_EQ(title.find("raises"), std::string::npos) << title;
  EXPECT_NE(title.find("ReductionToOneDevice"), std::string::npos) << title;
  EXPECT_EQ(evidence(*f[0]).find("defaults to NCCL"), std::string::npos) << evidence(*f[0]);
  // the job runs on the fallback: a warning, also with --platform windows
  EXPECT_EQ(f[0]->finding.severity, core::Severity::warning);
  LintOptions windows;
  windows.platform = env::Platform::windows;
  auto on_windows = lint_text("r29.py", FileKind::python, text, windows);
  auto w = all_of(on_windows, "lint.tf.mirrored-windows-no-cross-device-ops");
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0]->finding.severity, core::Severity::warning);
  EXPECT_FALSE(w[0]->edits.empty());
}

// r15 with --unsafe-fixes: the batch is scaled, and the same finding edits the line that divides
// by it, so each epoch keeps its number of examples.
TEST(LintStranger6, ScaledBatchEditsTheStepCountThatDividesByIt) {
  const std::string text =
      "import tensorflow as tf\n\nNUM_EXAMPLES = 60000\nBATCH_SIZE = 128\n\n"
      "strategy = tf.distribute.MultiWorkerMirroredStrategy()\n"
      "ds = tf.data.Dataset.range(NUM_EXAMPLES).cache().shuffle(NUM_EXAMPLES).repeat()\n"
      "ds = ds.batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)\n"
      "model.fit(ds, epochs=5, steps_per_epoch=NUM_EXAMPLES // BATCH_SIZE)\n";
  LintOptions unsafe;
  unsafe.unsafe_fixes = true;
  auto fs = lint_text("r15.py", FileKind::python, text, unsafe);
  auto f = all_of(fs, "lint.tf.batch-not-scaled");
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  ASSERT_EQ(f[0]->edits.size(), 2u);
  EXPECT_EQ(f[0]->edits[1].line, 9);
  EXPECT_EQ(f[0]->edits[1].replacement,
            "model.fit(ds, epochs=5, steps_per_epoch=NUM_EXAMPLES // (BATCH_SIZE * strategy.num_replicas_in_sync))");
  // without --unsafe-fixes: no edit, the division named
  auto safe = lint_as("r15.py", text);
  auto plain = all_of(safe, "lint.tf.batch-not-scaled");
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_TRUE(plain[0]->edits.empty());
  EXPECT_NE(plain[0]->finding.title.find("line 9 divides by the unscaled BATCH_SIZE"), std::string::npos);
}

// r26: init_method="env://" reads MASTER_ADDR and MASTER_PORT from each rank's environment; the
// fix names those the file does not set, with the port of the tcp:// address.
TEST(LintStranger6, EnvInitMethodFixNamesTheVariablesItReads) {
  const std::string head =
      "import os\nimport torch.distributed as dist\n\nnode_rank = int(os.environ[\"NODE_RANK\"])\n";
  auto fs = lint_as("r26.py", head +
                                  "dist.init_process_group(\"nccl\", init_method=\"tcp://127.0.0.1:23456\", "
                                  "rank=node_rank, world_size=2)\n");
  auto f = all_of(fs, "lint.torch.master-addr-localhost");
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  const std::string& fix = f[0]->finding.fix.text;
  EXPECT_NE(fix.find("init_method=\"env://\", rank=node_rank, world_size=2)  # env:// reads MASTER_ADDR, "
                     "MASTER_PORT from each rank's environment"),
            std::string::npos)
      << fix;
  EXPECT_NE(fix.find("MASTER_PORT=23456"), std::string::npos) << fix;
  // without rank=/world_size=, RANK and WORLD_SIZE too; with MASTER_PORT set in the file, not that one
  auto port_set = lint_as("r26.py", head +
                                        "os.environ[\"MASTER_PORT\"] = \"23456\"\n"
                                        "dist.init_process_group(\"nccl\", init_method=\"tcp://localhost:23456\")\n");
  auto g = all_of(port_set, "lint.torch.master-addr-localhost");
  ASSERT_EQ(g.size(), 1u);
  EXPECT_NE(g[0]->finding.fix.text.find("reads MASTER_ADDR, RANK, WORLD_SIZE from"), std::string::npos)
      << g[0]->finding.fix.text;
}

// r22: a small --shm-size is replaced by --ipc=host (Podman refuses the two together).
TEST(LintStranger6, IpcHostReplacesTheSmallShmSize) {
  auto fs = lint_as("r22.sh",
                    "#!/bin/bash\ndocker run --rm --gpus all --net=host --shm-size=256m \\\n  -e NCCL_DEBUG=WARN \\\n"
                    "  img:3.1 \\\n  torchrun --standalone --nproc_per_node=8 train.py\n");
  auto f = all_of(fs, "lint.docker.small-shm");
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  ASSERT_EQ(f[0]->edits.size(), 1u);
  EXPECT_EQ(f[0]->edits[0].replacement, "docker run --rm --gpus all --net=host --ipc=host \\");
}

// A .env file with CRLF: a warning (a shell that sources it keeps the \r, docker --env-file does
// not); a Dockerfile with CRLF is not reported (Docker's parser drops the \r).
TEST(LintStranger6, CrlfInEnvFilesIsAWarningAndDockerfilesAreNotReported) {
  auto env_file = lint_as("cluster.env", "NCCL_SOCKET_IFNAME=eth0\r\nNCCL_DEBUG=WARN\r\n");
  auto env = all_of(env_file, "lint.shell.crlf-line-endings");
  ASSERT_EQ(env.size(), 1u);
  EXPECT_EQ(env[0]->finding.severity, core::Severity::warning);
  EXPECT_FALSE(env[0]->edits.empty());
  auto docker = lint_as("Dockerfile", "FROM python:3.11\r\nENV NCCL_DEBUG=WARN\r\nCMD [\"python\", \"train.py\"]\r\n");
  EXPECT_TRUE(all_of(docker, "lint.shell.crlf-line-endings").empty()) << ids(docker);
}

// r08: a docker compose file, `NCCL_SOCKET_IFNAME: lo` in the environment map and torchrun
// --nnodes=2 in the command; the list form (`- NAME=value`) too.
TEST(LintStranger6, ComposeEnvironmentIsRead) {
  const std::string id = "lint.env.ifname-loopback";
  const std::string text =
      "services:\n  trainer:\n    image: registry.local/ml/trainer:2.3\n    network_mode: host\n    ipc: host\n"
      "    environment:\n      NCCL_SOCKET_IFNAME: lo\n      MASTER_ADDR: 10.0.5.1\n      MASTER_PORT: \"29500\"\n"
      "    command: >\n      torchrun --nnodes=2 --nproc_per_node=4 --node_rank=${NODE_RANK}\n"
      "      --master_addr=10.0.5.1 --master_port=29500 train.py\n    deploy:\n      resources:\n"
      "        reservations:\n          devices:\n            - driver: nvidia\n              count: all\n"
      "              capabilities: [gpu]\n";
  auto fs = lint_as("r08_compose.yaml", text);
  auto f = all_of(fs, id);
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  EXPECT_EQ(f[0]->location.line, 7);
  std::string list = text;
  list.replace(
      list.find("      NCCL_SOCKET_IFNAME: lo\n      MASTER_ADDR: 10.0.5.1\n      MASTER_PORT: \"29500\"\n"),
      std::string("      NCCL_SOCKET_IFNAME: lo\n      MASTER_ADDR: 10.0.5.1\n      MASTER_PORT: \"29500\"\n").size(),
      "      - NCCL_SOCKET_IFNAME=lo\n      - MASTER_ADDR=10.0.5.1\n");
  auto list_fs = lint_as("compose.yaml", list);
  auto l = all_of(list_fs, id);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0]->location.line, 7);
  // removing the line (the prose fix) leaves nothing
  std::string removed = text;
  removed.erase(removed.find("      NCCL_SOCKET_IFNAME: lo\n"), std::string("      NCCL_SOCKET_IFNAME: lo\n").size());
  auto after = lint_as("r08_compose.yaml", removed);
  EXPECT_TRUE(all_of(after, id).empty()) << ids(after);
  EXPECT_TRUE(test::error_ids(after).empty()) << ids(after);
  // one node: no finding
  std::string one = text;
  one.replace(one.find("--nnodes=2"), 10, "--nnodes=1");
  auto one_fs = lint_as("r08_compose.yaml", one);
  EXPECT_TRUE(all_of(one_fs, id).empty());
}

// r14: `self.trainer.save_checkpoint(...)` under `if self.trainer.is_global_zero:` calls
// strategy.barrier("Trainer.save_checkpoint") in Lightning 2.x: a collective in the rank branch, and
// the fix takes it out of the branch with the explicit barrier.
TEST(LintStranger6, LightningSaveCheckpointInRankZeroBranchIsACollective) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  const std::string text =
      "import lightning as L\nimport torch\n\n\nclass LitClassifier(L.LightningModule):\n    def __init__(self):\n"
      "        super().__init__()\n        self.net = torch.nn.Linear(64, 4)\n\n"
      "    def training_step(self, batch, batch_idx):\n        x, y = batch\n"
      "        loss = torch.nn.functional.cross_entropy(self.net(x), y)\n"
      "        self.log(\"train_loss\", loss, sync_dist=True)\n        return loss\n\n"
      "    def on_train_epoch_end(self):\n        if self.trainer.is_global_zero:\n"
      "            self.trainer.save_checkpoint(f\"ckpt/epoch{self.current_epoch}.ckpt\")\n"
      "            self.trainer.strategy.barrier()\n\n    def configure_optimizers(self):\n"
      "        return torch.optim.AdamW(self.parameters(), lr=1e-3)\n\n\nif __name__ == \"__main__\":\n"
      "    trainer = L.Trainer(accelerator=\"gpu\", devices=4, num_nodes=2, strategy=\"ddp\", max_epochs=3)\n"
      "    trainer.fit(LitClassifier(), train_dataloaders=None)\n";
  auto fs = lint_as("r14_lightning_barrier.py", text);
  auto f = all_of(fs, id);
  ASSERT_EQ(f.size(), 2u) << ids(fs);
  EXPECT_EQ(f[0]->location.line, 18);
  EXPECT_EQ(f[1]->location.line, 19);
  // the edit takes both calls out of the branch: every rank saves (Lightning writes on rank 0 only)
  // and waits at the barrier; nothing is left to find
  ASSERT_FALSE(f[0]->edits.empty()) << f[0]->finding.fix.text;
  std::string after = test::applied(text, *f[0]);
  EXPECT_NE(after.find("    def on_train_epoch_end(self):\n"
                       "        self.trainer.save_checkpoint(f\"ckpt/epoch{self.current_epoch}.ckpt\")\n"
                       "        self.trainer.strategy.barrier()\n"),
            std::string::npos)
      << after;
  auto again = lint_as("r14_lightning_barrier.py", after);
  EXPECT_TRUE(all_of(again, id).empty()) << ids(again);
  // a save_checkpoint that is not the Trainer's (a user's own object) is not one
  std::string own = text;
  own.replace(own.find("self.trainer.save_checkpoint"), 28, "self.saver.save_checkpoint");
  auto own_fs = lint_as("r14_lightning_barrier.py", own);
  auto o = all_of(own_fs, id);
  ASSERT_EQ(o.size(), 1u);
  EXPECT_EQ(o[0]->location.line, 19);
}

}  // namespace
}  // namespace dd::lint
