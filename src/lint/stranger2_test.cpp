// Issue 27: what the second stranger's lint run (tests/data/stranger/lint-2026-12-04b) found lint
// silent on, wrong about, or fixing badly. Each test starts from the input as the stranger wrote
// it; where a fix is an edit it is applied here and the result linted again.
// tests/system/lint/stranger2_cases.sh runs the fixed files through bash, PyYAML and python3.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::clean;
using test::fixed_once;
using test::ids;
using test::lint_as;

// b03: MASTER_ADDR='$(scontrol ...)': the substitution never runs.
TEST(LintStranger2, SingleQuotedCommandSubstitutionBecomesDoubleQuoted) {
  const std::string id = "lint.shell.single-quoted-expansion";
  const std::string head = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n";
  EXPECT_EQ(fixed_once("b03.sbatch",
                       head + "export MASTER_ADDR='$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)'\n"
                              "export MASTER_PORT=12355\nsrun python run_pretraining.py\n",
                       id),
            head +
                "export MASTER_ADDR=\"$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)\"\n"
                "export MASTER_PORT=12355\nsrun python run_pretraining.py\n");
  // double quotes inside the substitution are their own context: still an edit
  EXPECT_EQ(
      fixed_once("run.sh",
                 "MASTER_ADDR='$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n1)' torchrun t.py\n", id),
      "MASTER_ADDR=\"$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n1)\" torchrun t.py\n");
  EXPECT_EQ(fixed_once("run.sh", "export NCCL_SOCKET_IFNAME='$IFACE'\n", id), "export NCCL_SOCKET_IFNAME=\"$IFACE\"\n");
  auto braces = lint_as("run.sh", "export NCCL_SOCKET_IFNAME='${IFACE}'\n");
  auto variable = all_of(braces, id);
  ASSERT_EQ(variable.size(), 1u);
  EXPECT_NE(variable[0]->finding.title.find("expand the variable ${IFACE} there"), std::string::npos)
      << variable[0]->finding.title;
  // a backslash means something else in double quotes: prose
  auto prose = lint_as("run.sh", "export MASTER_ADDR='$(getent hosts n1 | cut -d\\  -f1)'\n");
  auto found = all_of(prose, id);
  ASSERT_EQ(found.size(), 1u) << ids(prose);
  EXPECT_TRUE(found[0]->edits.empty());
  EXPECT_NE(found[0]->finding.title.find("command substitution $(...)"), std::string::npos) << found[0]->finding.title;

  clean("run.sh", "export MASTER_ADDR=\"$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)\"\n", id);
  clean("run.sh", "export MASTER_ADDR=$(hostname)\n", id);
  clean("run.sh", "export NCCL_SOCKET_IFNAME='eth0'\n", id);
  // a command kept for a later bash -c is single-quoted on purpose; so is a value that is eval'ed
  clean("job.sbatch", "CMD='torchrun --node_rank=$SLURM_NODEID train.py'\nsrun bash -c \"$CMD\"\n", id);
  clean("run.sh", "MASTER_ADDR='$(hostname)'\neval export MASTER_ADDR=$MASTER_ADDR\n", id);
}

// The last line of a fix text (the corrected command line, for a value the command passes itself).
std::string last_line(const std::string& text) {
  auto nl = text.rfind('\n');
  return nl == std::string::npos ? text : text.substr(nl + 1);
}

// c10, b14: NCCL_DEBUG=INFO passed by `mpirun -x` / `docker run -e`: an export cannot change what
// the ranks get; the fix is the command's own line with the value changed.
TEST(LintStranger2, ValuePassedByTheCommandIsFixedOnTheCommandNotByAnExport) {
  const std::string c10 =
      "#!/bin/bash\n"
      "mpirun -np 16 \\\n"
      "    --hostfile hosts.txt \\\n"
      "    -x NCCL_DEBUG=INFO -x NCCL_SOCKET_IFNAME=ens5 -x LD_LIBRARY_PATH -x PATH \\\n"
      "    python train_horovod.py\n";
  auto fs = lint_as("c10.sh", c10);
  auto found = all_of(fs, "env.perf.debug-info");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const auto& fix = found[0]->finding.fix;
  EXPECT_TRUE(fix.env.empty()) << "an export line would be printed";
  EXPECT_TRUE(found[0]->edits.empty());  // a note: a suggestion, never an edit
  EXPECT_NE(fix.text.find("mpirun -x passes it"), std::string::npos) << fix.text;
  EXPECT_EQ(last_line(fix.text), "-x NCCL_DEBUG=WARN -x NCCL_SOCKET_IFNAME=ens5 -x LD_LIBRARY_PATH -x PATH \\");
  // the printed line in place of line 4: no such note any more
  std::string pasted = c10;
  pasted.replace(pasted.find("-x NCCL_DEBUG=INFO"), 18, "-x NCCL_DEBUG=WARN");
  EXPECT_TRUE(all_of(lint_as("c10.sh", pasted), "env.perf.debug-info").empty());

  const std::string b14 =
      "#!/bin/bash\nNODE_RANK=$1\ndocker run --rm --gpus all --ipc=host \\\n  -e NCCL_DEBUG=INFO \\\n"
      "  -p 29500:29500 myorg/trainer:latest \\\n"
      "  torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK --master_addr=10.1.0.5 train.py\n";
  fs = lint_as("b14.sh", b14);
  found = all_of(fs, "env.perf.debug-info");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(found[0]->finding.fix.env.empty());
  EXPECT_NE(found[0]->finding.fix.text.find("docker run -e passes it"), std::string::npos)
      << found[0]->finding.fix.text;
  EXPECT_EQ(last_line(found[0]->finding.fix.text), "-e NCCL_DEBUG=WARN \\");

  // an error on a one-line command: the edit changes the option, and no export is printed
  fs = lint_as("run.sh", "mpirun -np 2 -H a:1,b:1 -x NCCL_BUFFSIZE=4MB python t.py\n");
  int env_findings = 0, edits = 0;
  for (const auto& f : fs) {
    if (f.finding.id.rfind("env.", 0) != 0) continue;
    ++env_findings;
    EXPECT_TRUE(f.finding.fix.env.empty()) << f.finding.id;
    for (const auto& e : f.edits) {
      ++edits;
      EXPECT_EQ(e.replacement, "mpirun -np 2 -H a:1,b:1 -x NCCL_BUFFSIZE=4194304 python t.py");
    }
  }
  EXPECT_EQ(env_findings, 1) << ids(fs);
  EXPECT_EQ(edits, 1) << ids(fs);
  // a prefix on the command wins over an export: the same
  fs = lint_as("run.sh", "NCCL_DEBUG=INFO torchrun --nproc_per_node=2 t.py\n");
  found = all_of(fs, "env.perf.debug-info");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(found[0]->finding.fix.env.empty());
  EXPECT_EQ(last_line(found[0]->finding.fix.text), "NCCL_DEBUG=WARN torchrun --nproc_per_node=2 t.py");

  // an exported value keeps its export fix
  fs = lint_as("run.sh", "export NCCL_DEBUG=INFO\nmpirun -np 2 -x NCCL_DEBUG python t.py\n");
  found = all_of(fs, "env.perf.debug-info");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->finding.fix.env.at("NCCL_DEBUG"), "WARN");
}

// b45: MASTER_PORT=$((20000 + SLURM_JOB_ID)) passes 65535 for job ids above 45535.
TEST(LintStranger2, PortFromTheJobIdIsBoundedByAModulo) {
  const std::string id = "lint.shell.port-out-of-range";
  const std::string head = "#!/bin/bash\n#SBATCH --nodes=2\n";
  const std::string tail =
      "srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --rdzv_backend=c10d "
      "--rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT train.py\n";
  EXPECT_EQ(fixed_once("b45.sbatch", head + "export MASTER_PORT=$((20000 + SLURM_JOB_ID))\n" + tail, id,
                       core::Severity::warning),
            head + "export MASTER_PORT=$((20000 + SLURM_JOB_ID % 10000))\n" + tail);
  auto fs = lint_as("b45.sbatch", head + "export MASTER_PORT=$((20000 + SLURM_JOB_ID))\n" + tail);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("every job id above 45535"), std::string::npos) << found[0]->finding.title;
  EXPECT_EQ(found[0]->finding.evidence.back(), "after the fix: 20000-29999 (the job id modulo 10000)");
  // $-spelt, braces, on an option, the base near the top: a smaller modulo
  EXPECT_EQ(
      fixed_once("run.sh", "torchrun --master_port=$(( $SLURM_JOB_ID + 29500 )) t.py\n", id, core::Severity::warning),
      "torchrun --master_port=$(( $SLURM_JOB_ID % 10000 + 29500 )) t.py\n");
  EXPECT_EQ(fixed_once("run.sh", "PORT=$((60000+${SLURM_JOBID}))\n", id, core::Severity::warning),
            "PORT=$((60000+${SLURM_JOBID} % 5536))\n");
  // a modulo already there but too wide: narrowed
  EXPECT_EQ(fixed_once("run.sh", "export MASTER_PORT=$((40000 + SLURM_JOB_ID % 50000))\n", id, core::Severity::warning),
            "export MASTER_PORT=$((40000 + SLURM_JOB_ID % 10000))\n");
  // the rendezvous endpoint's port
  EXPECT_EQ(fixed_once("run.sh", "torchrun --rdzv_endpoint=$HEAD:$((10000 + SLURM_JOB_ID)) t.py\n", id,
                       core::Severity::warning),
            "torchrun --rdzv_endpoint=$HEAD:$((10000 + SLURM_JOB_ID % 10000)) t.py\n");

  clean("run.sh", "export MASTER_PORT=$((20000 + SLURM_JOB_ID % 10000))\n", id);
  clean("run.sh", "export MASTER_PORT=$((29500 + SLURM_ARRAY_TASK_ID))\n", id);  // not a job id
  clean("run.sh", "export MASTER_PORT=$((20000 + RANDOM % 10000))\n", id);
  clean("run.sh", "export STEPS=$((20000 + SLURM_JOB_ID))\n", id);    // not a port
  clean("run.sh", "export MASTER_PORT=$((SLURM_JOB_ID * 2))\n", id);  // not judged
}

// c46, c20: the shm warning where no training process needs /dev/shm.
TEST(LintStranger2, ShmWarningOnlyWherePodsRunNcclPeersOrTorchLoaders) {
  const std::string id = "lint.k8s.no-shm-volume";
  const std::string c46 =
      "apiVersion: kubeflow.org/v2beta1\nkind: MPIJob\nmetadata:\n  name: hvd\nspec:\n  slotsPerWorker: 4\n"
      "  mpiReplicaSpecs:\n"
      "    Launcher:\n      replicas: 1\n      template:\n        spec:\n          containers:\n"
      "            - name: launcher\n              image: horovod/horovod:0.28.1\n"
      "              command: [mpirun, -np, \"8\", -x, NCCL_DEBUG=WARN, python, /examples/bench.py]\n"
      "    Worker:\n      replicas: 2\n      template:\n        spec:\n          hostIPC: true\n          containers:\n"
      "            - name: worker\n              image: horovod/horovod:0.28.1\n"
      "              resources:\n                limits:\n                  nvidia.com/gpu: 4\n";
  auto fs = lint_as("c46.yaml", c46);
  EXPECT_TRUE(all_of(fs, id).empty()) << ids(fs);
  for (const auto* f : all_of(fs, "lint.k8s.no-host-network"))
    EXPECT_GT(f->location.line, 16) << "launcher got " << ids(fs);
  // the workers without hostIPC: warned, naming NCCL's transport between their 4 GPUs
  std::string no_ipc = c46;
  no_ipc.replace(no_ipc.find("          hostIPC: true\n"), 24, "");
  fs = lint_as("c46.yaml", no_ipc);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("between its 4 GPUs' processes"), std::string::npos)
      << found[0]->finding.title;
  EXPECT_EQ(found[0]->finding.title.find("DataLoader"), std::string::npos) << found[0]->finding.title;

  const std::string c20 =
      "apiVersion: kubeflow.org/v1\nkind: TFJob\nmetadata:\n  name: mnist\nspec:\n  tfReplicaSpecs:\n    Worker:\n"
      "      replicas: 3\n      template:\n        spec:\n          containers:\n            - name: tensorflow\n"
      "              image: myorg/mnist-mwms:0.3\n              command: [python, /app/train.py]\n"
      "              resources:\n                limits:\n                  nvidia.com/gpu: 1\n";
  fs = lint_as("c20.yaml", c20);
  EXPECT_TRUE(all_of(fs, id).empty()) << ids(fs);
  // the same TFJob with 2 GPUs per pod: NCCL peers in one pod
  std::string two = c20;
  two.replace(two.find("nvidia.com/gpu: 1"), 17, "nvidia.com/gpu: 2");
  EXPECT_EQ(all_of(lint_as("c20.yaml", two), id).size(), 1u);
  // a PyTorchJob with one GPU per pod: DataLoader workers where the command starts some, and no
  // warning where nothing in the pod sets any (the eighth stranger's c08)
  std::string torch = c20;
  torch.replace(torch.find("kind: TFJob"), 11, "kind: PyTorchJob");
  torch.replace(torch.find("tfReplicaSpecs"), 14, "pytorchReplicaSpecs");
  fs = lint_as("job.yaml", torch);
  EXPECT_TRUE(all_of(fs, id).empty()) << ids(fs);
  torch.replace(torch.find("/app/train.py]"), 14, "/app/train.py, --num_workers=4]");
  fs = lint_as("job.yaml", torch);
  found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("DataLoader"), std::string::npos) << found[0]->finding.title;
}

// b08: horovodrun -np 16 with 8 slots in its host list.
TEST(LintStranger2, MoreProcessesThanSlotsNamesTheNumbersAndFitsNpToTheSlots) {
  const std::string id = "lint.launch.np-exceeds-slots";
  const std::string b08 =
      "#!/bin/bash\n# two 4-GPU servers\nhorovodrun -np 16 -H server1:4,server2:4 \\\n  --network-interface eth0 \\\n"
      "  python train_hvd.py --epochs 90 --batch-size 64\n";
  auto fs = lint_as("b08.sh", b08);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("asks for 16 processes, but -H server1:4,server2:4 offers 8 slots (4 + 4)"),
            std::string::npos)
      << found[0]->finding.title;
  EXPECT_NE(found[0]->finding.title.find("Requested more processes (16) than there are available slots (8)"),
            std::string::npos);
  std::string fixed = fixed_once("b08.sh", b08, id);
  EXPECT_NE(fixed.find("horovodrun -np 8 -H server1:4,server2:4 \\\n"), std::string::npos) << fixed;
  // mpirun: the value on a continuation line, and `-n`
  EXPECT_EQ(fixed_once("run.sh", "mpirun \\\n  -n 12 -H a:4,b:4 python t.py\n", id),
            "mpirun \\\n  -n 8 -H a:4,b:4 python t.py\n");

  clean("run.sh", "horovodrun -np 8 -H server1:4,server2:4 python train.py\n", id);
  // hosts without ":N": horovodrun refuses the list itself (fix52_test.cpp, fix-2026-12-06m p21)
  clean("run.sh", "mpirun --oversubscribe -np 16 -H a:4,b:4 python train.py\n", id);
  clean("run.sh", "horovodrun -np 8 -H a:4,b:4 python train.py -n 100\n", id);  // the script's own -n
  clean("run.sh", "horovodrun -np $NP -H a:4,b:4 python train.py\n", id);
}

// b43: a PyTorchJob of 3 pods (Master 1 + Worker 2) whose torchrun says --nnodes=2.
TEST(LintStranger2, PyTorchJobNnodesIsTheReplicaCount) {
  const std::string id = "lint.k8s.nnodes-not-replicas";
  auto replica = [](const std::string& type, int n) {
    return "    " + type + ":\n      replicas: " + std::to_string(n) +
           "\n      restartPolicy: OnFailure\n      template:\n        spec:\n          containers:\n"
           "            - name: pytorch\n              image: myorg/bert:2.0\n              command: [\"torchrun\"]\n"
           "              args: [\"--nnodes=2\", \"--nproc_per_node=4\", \"run_glue.py\"]\n"
           "              resources: {limits: {nvidia.com/gpu: 4}}\n"
           "              volumeMounts: [{name: dshm, mountPath: /dev/shm}]\n"
           "          volumes: [{name: dshm, emptyDir: {medium: Memory}}]\n";
  };
  const std::string head =
      "apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata:\n  name: bert-ddp\nspec:\n  pytorchReplicaSpecs:\n";
  const std::string b43 = head + replica("Master", 1) + replica("Worker", 2);
  auto fs = lint_as("b43.yaml", b43);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 2u) << ids(fs);  // one per pod template
  EXPECT_EQ(found[0]->location.line, 16);
  EXPECT_EQ(found[1]->location.line, 29);
  EXPECT_NE(found[0]->finding.title.find(
                "Master runs torchrun --nnodes=2, but the PyTorchJob starts 3 pods (Master 1 + Worker 2)"),
            std::string::npos)
      << found[0]->finding.title;
  // both edits applied (lint --fix): --nnodes=3 in each, and lint has nothing more to say about it
  std::string fixed = test::applied(test::applied(b43, *found[0]), *found[1]);
  std::string master = replica("Master", 1), worker = replica("Worker", 2);
  master.replace(master.find("--nnodes=2"), 10, "--nnodes=3");
  worker.replace(worker.find("--nnodes=2"), 10, "--nnodes=3");
  EXPECT_EQ(fixed, head + master + worker);
  EXPECT_TRUE(all_of(lint_as("b43.yaml", fixed), id).empty());

  // the replicas adding up to --nnodes, or an elastic job: no finding
  std::string two = head + replica("Master", 1) + replica("Worker", 1);
  clean("job.yaml", two, id);
  std::string elastic = b43;
  elastic.insert(elastic.find("  pytorchReplicaSpecs:"), "  elasticPolicy: {minReplicas: 2, maxReplicas: 3}\n");
  clean("job.yaml", elastic, id);
}

// b37: the --ntasks-per-node=1 edit keeps each node's CPUs: --cpus-per-task scales with it.
TEST(LintStranger2, OneTaskPerNodeKeepsTheNodesCpus) {
  const std::string id = "lint.slurm.torchrun-per-task";
  const std::string b37 =
      "#!/bin/bash\n#SBATCH --job-name=mae\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8\n"
      "#SBATCH --cpus-per-task=10\n#SBATCH --time=48:00:00\n\n"
      "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n\n"
      "srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=8 \\\n"
      "  --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \\\n"
      "  main_pretrain.py --batch_size 64 --model mae_vit_large_patch16\n";
  std::string want = b37;
  want.replace(want.find("--ntasks-per-node=8"), 19, "--ntasks-per-node=1");
  want.replace(want.find("--cpus-per-task=10"), 18, "--cpus-per-task=80");
  EXPECT_EQ(fixed_once("b37.sbatch", b37, id), want);
  auto fs = lint_as("b37.sbatch", b37);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->edits.size(), 2u);
  // two edits: each line's text says which line it replaces
  EXPECT_EQ(found[0]->finding.fix.text,
            "line 4 becomes: #SBATCH --ntasks-per-node=1\nline 6 becomes: #SBATCH --cpus-per-task=80");
  const auto& ev = found[0]->finding.evidence;
  EXPECT_NE(
      std::find(ev.begin(), ev.end(), "--cpus-per-task=10 counted per task: 80 for the one task, as the 8 tasks had"),
      ev.end());

  // on the srun line: -c and --gpus-per-task there, composed into the one edited line
  EXPECT_EQ(fixed_once("job.sbatch",
                       "#SBATCH --nodes=2\nsrun --ntasks-per-node=4 -c 8 --gpus-per-task=1 torchrun --nnodes=2 "
                       "--nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=h:29500 t.py\n",
                       id),
            "#SBATCH --nodes=2\nsrun --ntasks-per-node=1 -c 32 --gpus-per-task=4 torchrun --nnodes=2 "
            "--nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=h:29500 t.py\n");
  // no per-task resources: the one directive, as before
  EXPECT_EQ(fixed_once("job.sbatch",
                       "#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=8\nsrun torchrun --nnodes=2 --nproc_per_node=8 "
                       "--rdzv_backend=c10d --rdzv_endpoint=h:29500 t.py\n",
                       id),
            "#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\nsrun torchrun --nnodes=2 --nproc_per_node=8 "
            "--rdzv_backend=c10d --rdzv_endpoint=h:29500 t.py\n");
}

// b11, c12, b39, c38: files named x_Dockerfile, b11_Dockerfile.localhost, cluster.env, .env were
// refused when named (exit 2) and skipped in silence in a folder.
TEST(LintStranger2, DockerfileAndEnvFileNamesAreReadAndSkippedFilesAreNamed) {
  EXPECT_EQ(kind_of("c12_Dockerfile"), FileKind::dockerfile);
  EXPECT_EQ(kind_of("dir/b11_Dockerfile.localhost"), FileKind::dockerfile);
  EXPECT_EQ(kind_of("Dockerfile.gpu"), FileKind::dockerfile);
  EXPECT_EQ(kind_of("train.dockerfile"), FileKind::dockerfile);
  EXPECT_EQ(kind_of("Containerfile"), FileKind::dockerfile);
  EXPECT_EQ(kind_of("Dockerfile.md"), FileKind::none);
  EXPECT_EQ(kind_of(".env"), FileKind::env_file);
  EXPECT_EQ(kind_of("b39_cluster.env"), FileKind::env_file);
  EXPECT_EQ(kind_of(".env.local"), FileKind::env_file);
  EXPECT_EQ(kind_of("notes.txt"), FileKind::none);
  EXPECT_EQ(kind_of("environment.md"), FileKind::none);

  // b39 as an env file: MASTER_ADDR=127.0.0.1 with NNODES=4, and its fix a line every reader takes
  const std::string b39 =
      "# sourced by launch scripts on every node\nNCCL_SOCKET_IFNAME=^lo,docker0\nNCCL_DEBUG=WARN\n"
      "MASTER_ADDR=127.0.0.1\nMASTER_PORT=29500\nNNODES=4\n";
  auto fs = lint_as("b39_cluster.env", b39);
  auto found = all_of(fs, "lint.launch.master-addr-localhost");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->location.line, 4);
  EXPECT_EQ(found[0]->finding.fix.text,
            "# RANK0_HOST: the rank-0 node's host name or address, the same on every node\nMASTER_ADDR=RANK0_HOST");
  // the same lines with 10.20.0.1: nothing to say (c38)
  std::string c38 = b39;
  c38.replace(c38.find("127.0.0.1"), 9, "10.20.0.1");
  EXPECT_TRUE(test::error_ids(lint_as("c38_cluster.env", c38)).empty()) << ids(lint_as("c38_cluster.env", c38));

  // an audit fix in an env file is written as NAME=value, never `export`
  LintReport r;
  r.files = {"x.env"};
  r.findings = lint_as("x.env", "NCCL_DEBUG=INFO\nNNODES=2\n");
  std::string text = render_text(r, report::Style(false));
  EXPECT_EQ(text.find("export "), std::string::npos) << text;
  EXPECT_NE(text.find("NCCL_DEBUG=WARN"), std::string::npos) << text;

  // a folder: the Dockerfile-named and env files are read, the others named as skipped
  auto dir = std::filesystem::temp_directory_path() / ("dd-lint-names-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& body) { std::ofstream(dir / name) << body; };
  write("b11_Dockerfile.localhost",
        "FROM x\nENV MASTER_ADDR=localhost\nCMD torchrun --nnodes=2 --nproc_per_node=8 t.py\n");
  write("cluster.env", b39);
  write("README.md", "# notes\n");
  write("data.csv", "a,b\n");
  auto report = lint_paths({dir.string()}, LintOptions{});
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(report->files.size(), 2u);
  EXPECT_EQ(report->skipped_count, 2);
  ASSERT_EQ(report->skipped.size(), 2u);
  EXPECT_NE(report->skipped[0].find("README.md"), std::string::npos);
  EXPECT_NE(report->skipped[1].find("data.csv"), std::string::npos);
  EXPECT_EQ(all_of(report->findings, "lint.launch.master-addr-localhost").size(), 2u) << ids(report->findings);
  std::string out = render_text(*report, report::Style(false));
  EXPECT_NE(out.find("Skipped 2 files in the folders that lint does not read"), std::string::npos) << out;
  EXPECT_EQ(to_json(*report)["skipped_count"], 2);
}

}  // namespace
}  // namespace dd::lint
