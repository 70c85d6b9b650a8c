// Issue 27: inputs of a third stranger's run (tests/data/stranger/lint-2026-12-04c) that lint passed
// in silence or fixed badly, written as users write them. Each rule: the bad input gives the finding
// and its fix; the fix applied and linted again gives no such finding; a correct near-miss gives
// none. tests/system/lint/missed_cases.sh (c-*) runs the fixed files through bash and python3.
#include <gtest/gtest.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::clean;
using test::fixed_once;
using test::ids;
using test::lint_as;

bool no_warning_or_error(const std::vector<LintFinding>& fs) {
  return std::none_of(fs.begin(), fs.end(),
                      [](const LintFinding& f) { return f.finding.severity != core::Severity::info; });
}

// 11: `srun bash -c "torchrun --nnodes=$NNODES ..."` while the file sets NUM_NODES.
TEST(LintStranger3, VariableNotSetInsideSrunBashC) {
  const std::string id = "lint.slurm.variable-not-set";
  const std::string head =
      "#!/bin/bash\n#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=1\nNUM_NODES=$SLURM_JOB_NUM_NODES\n";
  const std::string tail =
      " \\\n  --nproc_per_node=4 --rdzv_backend=c10d \\\n  --rdzv_endpoint=$MASTER_ADDR:29512 \\\n  pretrain.py\"\n";
  const std::string before = "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)\n";
  std::string bad = head + before + "srun --cpu-bind=none bash -c \"torchrun \\\n  --nnodes=$NNODES" + tail;
  EXPECT_EQ(fixed_once("job.slurm", bad, id, core::Severity::warning),
            head + before + "srun --cpu-bind=none bash -c \"torchrun \\\n  --nnodes=$SLURM_NNODES" + tail);
  auto fs = lint_as("job.slurm", bad);
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  EXPECT_EQ(all_of(fs, id)[0]->location.line, 6);

  // the variable the file does set, single quotes, and the stranger's correct sbatch (02)
  clean("job.slurm", head + before + "srun bash -c \"torchrun \\\n  --nnodes=$NUM_NODES" + tail, id);
  auto ok = lint_as("job.sbatch",
                    "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\nexport NCCL_SOCKET_IFNAME=ens2f0\n"
                    "nodes=( $(scontrol show hostnames \"$SLURM_JOB_NODELIST\") )\nexport MASTER_ADDR=${nodes[0]}\n"
                    "export MASTER_PORT=$(( 20000 + SLURM_JOB_ID % 10000 ))\n"
                    "srun --kill-on-bad-exit=1 bash -c '\n  exec torchrun \\\n    --nnodes=\"$SLURM_NNODES\" \\\n"
                    "    --nproc_per_node=4 \\\n    --node_rank=\"$SLURM_NODEID\" \\\n"
                    "    --master_addr=\"$MASTER_ADDR\" \\\n    --master_port=\"$MASTER_PORT\" \\\n"
                    "    train.py --epochs 90\n'\n");
  EXPECT_TRUE(no_warning_or_error(ok)) << ids(ok);
}

// srun runs its bash -c string on every node: a literal node rank there is every node's.
TEST(LintStranger3, LiteralNodeRankInsideSrunBashC) {
  const std::string id = "lint.remote.same-node-rank";
  auto fs = lint_as("job.sbatch",
                    "#SBATCH --nodes=2\nsrun bash -c 'torchrun --nnodes=2 --node_rank=0 --master_addr=n1 "
                    "--master_port=29500 t.py'\n");
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  EXPECT_NE(all_of(fs, id)[0]->finding.title.find("srun runs on every node"), std::string::npos);
  // one node, one task: the step runs it once
  clean("job.sbatch",
        "#SBATCH --nodes=2\nsrun -N1 -n1 bash -c 'torchrun --nnodes=2 --node_rank=0 --master_addr=n1 "
        "--master_port=29500 t.py'\n",
        id);
}

// 25 and 45: a value every node must share, computed by each task's shell.
TEST(LintStranger3, RendezvousValueComputedPerTaskInsideSrun) {
  const std::string id = "lint.slurm.rendezvous-per-task";
  const std::string head =
      "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
      "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n";
  const std::string run =
      "  torchrun --nnodes=$SLURM_NNODES --nproc_per_node=8 --node_rank=$SLURM_NODEID \\\n"
      "    --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py\n'\n";
  std::string port = head + "srun bash -c '\n  export MASTER_PORT=$(shuf -i 20000-40000 -n 1)\n" + run;
  auto fs = lint_as("job.sbatch", port);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->location.line, 6);
  EXPECT_EQ(found[0]->finding.severity, core::Severity::error);
  EXPECT_TRUE(found[0]->edits.empty());
  const std::string& fix = found[0]->finding.fix.text;
  ASSERT_EQ(fix.rfind("export MASTER_PORT=$((20000 + SLURM_JOB_ID % 20000))", 0), 0u) << fix;
  // applied as it says: the export before srun, the line inside the quotes dropped
  std::string applied = head + fix + "\nsrun bash -c '\n" + run;
  clean("job.sbatch", applied, id);
  EXPECT_TRUE(no_warning_or_error(lint_as("job.sbatch", applied))) << ids(lint_as("job.sbatch", applied));

  const std::string no_addr = "#!/bin/bash\n#SBATCH --nodes=2\nexport MASTER_PORT=29500\n";
  std::string addr = no_addr + "srun bash -c '\n  MASTER_ADDR=$(hostname)\n" + run;
  auto fa = lint_as("job.sbatch", addr);
  ASSERT_EQ(all_of(fa, id).size(), 1u) << ids(fa);
  EXPECT_EQ(all_of(fa, id)[0]->location.line, 5);
  EXPECT_NE(all_of(fa, id)[0]->finding.title.find("host name"), std::string::npos);
  std::string addr_fix = all_of(fa, id)[0]->finding.fix.text;
  clean("job.sbatch", no_addr + addr_fix + "\nsrun bash -c '\n" + run, id);

  // the same value on every node, expanded once by the batch shell, escaped in double quotes
  clean(
      "job.sbatch",
      no_addr + "srun bash -c '\n  MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n" + run,
      id);
  clean(
      "job.sbatch",
      no_addr + "srun bash -c \"MASTER_PORT=$(shuf -i 20000-40000 -n 1) torchrun --master_port=\\$MASTER_PORT t.py\"\n",
      id);
  EXPECT_EQ(all_of(lint_as("job.sbatch", no_addr + "srun bash -c \"export MASTER_ADDR=\\$(hostname); torchrun "
                                                   "--master_addr=\\$MASTER_ADDR t.py\"\n"),
                   id)
                .size(),
            1u);
  // one node: the step runs it once; an echo of the host name is no rendezvous value
  clean("job.sbatch", no_addr + "srun -N1 bash -c '\n  MASTER_ADDR=$(hostname)\n" + run, id);
  clean("job.sbatch", no_addr + "srun bash -c 'echo \"$(hostname): node $SLURM_NODEID\"'\n", id);
}

// 04: the collective's argument is computed inside the branch; the fix splits the branch.
TEST(LintStranger3, CollectiveFixKeepsWhatItReadsDefined) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  const std::string head =
      "import torch.distributed as dist\n\ndef train(loader, loss, rank, world_size, step):\n"
      "    for batch in loader:\n        step += 1\n";
  const std::string bad = head +
                          "        if rank == 0 and step % 10 == 0:\n"
                          "            # average the loss\n"
                          "            avg = loss.detach().clone()\n"
                          "            dist.all_reduce(avg, op=dist.ReduceOp.SUM)\n"
                          "            avg /= world_size\n"
                          "            print(f\"loss={avg.item():.4f} \"\n"
                          "                  f\"step {step}\", flush=True)\n"
                          "    return step\n";
  EXPECT_EQ(fixed_once("train.py", bad, id), head +
                                                 "        if step % 10 == 0:\n"
                                                 "            # average the loss\n"
                                                 "            avg = loss.detach().clone()\n"
                                                 "            dist.all_reduce(avg, op=dist.ReduceOp.SUM)\n"
                                                 "        if rank == 0 and step % 10 == 0:\n"
                                                 "            avg /= world_size\n"
                                                 "            print(f\"loss={avg.item():.4f} \"\n"
                                                 "                  f\"step {step}\", flush=True)\n"
                                                 "    return step\n");
  // a condition that is only the rank test: the statements up to the collective are dedented
  EXPECT_EQ(fixed_once("train.py",
                       "import torch.distributed as dist\nif dist.get_rank() == 0:\n    t = make()\n"
                       "    dist.broadcast(t, src=0)\n    save(t)\n",
                       id),
            "import torch.distributed as dist\nt = make()\ndist.broadcast(t, src=0)\nif dist.get_rank() == 0:\n"
            "    save(t)\n");
  // a print before it stays on rank 0: prose
  auto printed = lint_as("train.py",
                         "import torch.distributed as dist\nif rank == 0:\n    print(\"saving\")\n"
                         "    dist.barrier()\n");
  ASSERT_EQ(all_of(printed, id).size(), 1u) << ids(printed);
  EXPECT_TRUE(all_of(printed, id)[0]->edits.empty());
  // nothing after it: no second `if`
  EXPECT_EQ(fixed_once("train.py", "import torch.distributed as dist\nif rank == 0:\n    dist.barrier()\n", id),
            "import torch.distributed as dist\ndist.barrier()\n");
  // an else branch: prose, which names the lines computing what the call reads
  auto fs = lint_as("train.py",
                    "import torch.distributed as dist\nif rank == 0:\n    avg = loss.clone()\n"
                    "    dist.all_reduce(avg)\nelse:\n    pass\n");
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  EXPECT_TRUE(all_of(fs, id)[0]->edits.empty());
  EXPECT_NE(all_of(fs, id)[0]->finding.fix.text.find("move lines 3-3"), std::string::npos)
      << all_of(fs, id)[0]->finding.fix.text;
}

// 24: Horovod's broadcast callback appended only on rank 0.
TEST(LintStranger3, HorovodCallbackUnderRankBranch) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  const std::string head =
      "import horovod.tensorflow.keras as hvd\nhvd.init()\ncallbacks = [hvd.callbacks.MetricAverageCallback()]\n";
  EXPECT_EQ(fixed_once("train.py",
                       head + "if hvd.rank() == 0:\n"
                              "    callbacks.append(hvd.callbacks.BroadcastGlobalVariablesCallback(0))\n"
                              "    callbacks.append(tf.keras.callbacks.ModelCheckpoint(\"./ckpt-{epoch}.h5\"))\n"
                              "model.fit(ds, callbacks=callbacks)\n",
                       id),
            head +
                "callbacks.append(hvd.callbacks.BroadcastGlobalVariablesCallback(0))\n"
                "if hvd.rank() == 0:\n"
                "    callbacks.append(tf.keras.callbacks.ModelCheckpoint(\"./ckpt-{epoch}.h5\"))\n"
                "model.fit(ds, callbacks=callbacks)\n");
  EXPECT_EQ(all_of(lint_as("train.py",
                           "import horovod.torch as hvd\nif hvd.rank() == 0:\n"
                           "    hvd.broadcast_parameters(model.state_dict(), root_rank=0)\n"),
                   id)
                .size(),
            1u);
  // the stranger's 32: the callbacks on every rank, only the checkpoint under rank 0
  clean(
      "train.py",
      "import horovod.tensorflow.keras as hvd\ncallbacks = [\n    hvd.callbacks.BroadcastGlobalVariablesCallback(0),\n"
      "    hvd.callbacks.MetricAverageCallback(),\n]\nif hvd.rank() == 0:\n"
      "    callbacks.append(tf.keras.callbacks.ModelCheckpoint(\"./ckpt.h5\"))\n",
      id);
  // another library's callback of the same name is not Horovod's
  clean("train.py", "if rank == 0:\n    cbs.append(mylib.callbacks.MetricAverageCallback())\n", id);
}

// The same callback imported by name (`from horovod... import BroadcastGlobalVariablesCallback`), and a
// Horovod collective under an alias: the import says whose they are; a local class of that name is not.
TEST(LintStranger3, HorovodNamesImportedBareUnderRankBranch) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  const std::string head =
      "import horovod.tensorflow.keras as hvd\n"
      "from horovod.tensorflow.keras.callbacks import BroadcastGlobalVariablesCallback\nhvd.init()\ncallbacks = []\n";
  EXPECT_EQ(fixed_once("train.py",
                       head + "if hvd.rank() == 0:\n"
                              "    callbacks.append(BroadcastGlobalVariablesCallback(0))\n"
                              "    callbacks.append(tf.keras.callbacks.ModelCheckpoint(\"ckpt\"))\n"
                              "model.fit(ds, callbacks=callbacks)\n",
                       id),
            head +
                "callbacks.append(BroadcastGlobalVariablesCallback(0))\n"
                "if hvd.rank() == 0:\n"
                "    callbacks.append(tf.keras.callbacks.ModelCheckpoint(\"ckpt\"))\n"
                "model.fit(ds, callbacks=callbacks)\n");
  EXPECT_EQ(all_of(lint_as("train.py",
                           "import horovod.torch as hvd\nfrom horovod.torch import allreduce as hvd_allreduce\n"
                           "if hvd.rank() == 0:\n    avg = hvd_allreduce(loss)\n"),
                   id)
                .size(),
            1u);
  clean("train.py", head + "callbacks.append(BroadcastGlobalVariablesCallback(0))\nif hvd.rank() == 0:\n    print(1)\n",
        id);
  clean("train.py",
        "class BroadcastGlobalVariablesCallback:\n    pass\nif rank == 0:\n"
        "    cbs.append(BroadcastGlobalVariablesCallback())\n",
        id);
}

// 14: NCCL_SOCKET_IFNAME exported, Open MPI's mpirun across two hosts without -x for it.
TEST(LintStranger3, MpirunWithoutDashXForTheExportedNcclSettings) {
  const std::string id = "lint.mpi.env-not-forwarded";
  const std::string head = "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=enp97s0f0\nexport NCCL_DEBUG=WARN\n";
  const std::string rest =
      " -np 16 \\\n    -H dgx01:8,dgx02:8 \\\n    -mca pml ob1 \\\n    -x PATH \\\n"
      "    python train_hvd.py --epochs 40\n";
  EXPECT_EQ(fixed_once("run.sh", head + "mpirun" + rest, id, core::Severity::warning),
            head + "mpirun -x NCCL_SOCKET_IFNAME -x NCCL_DEBUG" + rest);
  // forwarded, one host, MPICH's mpiexec (passes the environment), mca_base_env_list
  clean("run.sh", head + "mpirun -x NCCL_SOCKET_IFNAME -x NCCL_DEBUG" + rest, id);
  clean("run.sh", head + "mpirun -np 8 -x PATH python t.py\n", id);
  clean("run.sh", head + "mpiexec -n 16 -hosts a,b python t.py\n", id);
  clean("run.sh", head + "mpirun --mca mca_base_env_list NCCL_SOCKET_IFNAME -H a:8,b:8 -x PATH python t.py\n", id);
  // set after mpirun: not this command's business
  clean("run.sh", "mpirun -H a:8,b:8 -x PATH python t.py\nexport NCCL_DEBUG=INFO\n", id);
}

// 15: deepspeed across two nodes told the master is localhost; 16: accelerate's machine rank in pdsh.
TEST(LintStranger3, DeepspeedLocalhostAndAccelerateMachineRank) {
  const std::string id = "lint.launch.master-addr-localhost";
  EXPECT_EQ(fixed_once("run.sh",
                       "deepspeed --hostfile=./hostfile \\\n  --num_nodes=2 --num_gpus=8 \\\n"
                       "  --master_addr=localhost --master_port=29600 \\\n  finetune.py --deepspeed z3.json\n",
                       id),
            "deepspeed --hostfile=./hostfile \\\n  --num_nodes=2 --num_gpus=8 \\\n"
            "  --master_port=29600 \\\n  finetune.py --deepspeed z3.json\n");
  EXPECT_EQ(fixed_once("run.sh", "deepspeed --num_nodes 2 --hostfile h --master_addr 127.0.0.1 t.py\n", id),
            "deepspeed --num_nodes 2 --hostfile h t.py\n");
  auto acc =
      lint_as("run.sh", "accelerate launch --num_machines 2 --machine_rank $R --main_process_ip localhost t.py\n");
  ASSERT_EQ(all_of(acc, id).size(), 1u) << ids(acc);
  // the stranger's 40: the hostfile's first host; one node; a real address
  clean("run.sh", "deepspeed --hostfile hostfile --master_addr worker-1 --master_port 29700 train.py\n", id);
  clean("run.sh", "deepspeed --num_gpus=8 --master_addr=localhost train.py\n", id);
  clean("run.sh", "accelerate launch --num_machines 2 --main_process_ip 10.3.7.101 t.py\n", id);

  const std::string rank = "lint.remote.same-node-rank";
  auto fs = lint_as("run.sh",
                    "pdsh -R ssh -w \"gn[101-102]\" \"\n  cd /shared && \\\n"
                    "  accelerate launch --multi_gpu --num_machines 2 --num_processes 16 \\\n"
                    "    --machine_rank 0 --main_process_ip 10.3.7.101 --main_process_port 29500 \\\n"
                    "    train_sdxl.py\n\"\n");
  ASSERT_EQ(all_of(fs, rank).size(), 1u) << ids(fs);
  EXPECT_NE(all_of(fs, rank)[0]->finding.title.find("--machine_rank=0"), std::string::npos);
  EXPECT_NE(all_of(fs, rank)[0]->finding.fix.text.find("--machine_rank $i"), std::string::npos);
  // the stranger's 39: pdsh with the c10d rendezvous, no rank
  clean("run.sh",
        "pdsh -w n[1-2] 'torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=n1:29500 t.py'\n",
        rank);
}

// 19: exec-form ENTRYPOINT with $VARs; the stranger's 42 (exec form without variables) stays quiet.
TEST(LintStranger3, ExecFormEntrypointDoesNotExpandVariables) {
  const std::string id = "lint.docker.exec-form-variable";
  const std::string head = "FROM x\nENV NNODES=2 MASTER_PORT=29500\n";
  EXPECT_EQ(fixed_once("Dockerfile",
                       head + "ENTRYPOINT [\"torchrun\", \"--nnodes=$NNODES\", \"--node_rank=${NODE_RANK}\", "
                              "\"--master_addr=$MASTER_ADDR\", \"train.py\"]\n",
                       id),
            head +
                "ENTRYPOINT [\"/bin/sh\", \"-c\", \"exec torchrun \\\"--nnodes=$NNODES\\\" "
                "\\\"--node_rank=${NODE_RANK}\\\" \\\"--master_addr=$MASTER_ADDR\\\" train.py \\\"$@\\\"\", \"--\"]\n");
  EXPECT_EQ(fixed_once("Dockerfile", head + "CMD [\"python\", \"t.py\", \"--nodes\", \"$NNODES\"]\n", id),
            head + "CMD [\"/bin/sh\", \"-c\", \"exec python t.py --nodes \\\"$NNODES\\\"\"]\n");
  // CMD's words are the ENTRYPOINT's arguments: prose
  auto fs = lint_as("Dockerfile", head + "ENTRYPOINT [\"/e.sh\"]\nCMD [\"--nodes=$NNODES\"]\n");
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  EXPECT_TRUE(all_of(fs, id)[0]->edits.empty());

  clean("Dockerfile",
        head +
            "ENTRYPOINT [\"/usr/local/bin/entrypoint.sh\"]\nCMD [\"src/train.py\", \"--config\", "
            "\"configs/base.yaml\"]\n",
        id);
  clean("Dockerfile", head + "ENTRYPOINT [\"/bin/sh\", \"-c\", \"exec torchrun --nnodes=$NNODES t.py\"]\n", id);
  clean("Dockerfile", head + "CMD torchrun --nnodes=$NNODES t.py\n", id);  // shell form
}

// 26: the rank read from SLURM_LOCALID.
TEST(LintStranger3, RankFromSlurmLocalId) {
  const std::string id = "lint.slurm.local-id-as-rank";
  const std::string head = "import os\nimport torch.distributed as dist\n\ndef init():\n";
  const std::string tail =
      "    local_rank = int(os.environ[\"SLURM_LOCALID\"])\n"
      "    dist.init_process_group(backend=\"nccl\", world_size=int(os.environ[\"SLURM_NTASKS\"]), rank=rank)\n";
  EXPECT_EQ(fixed_once("train.py", head + "    rank = int(os.environ[\"SLURM_LOCALID\"])\n" + tail, id,
                       core::Severity::warning),
            head + "    rank = int(os.environ[\"SLURM_PROCID\"])\n" + tail);
  // the local rank for the device, the global one for the group
  clean("train.py", head + "    rank = int(os.environ[\"SLURM_PROCID\"])\n" + tail, id);
  clean("train.py", head + tail.substr(tail.find("    dist")), id);
}

// 20: the ssh command in single quotes: the script's $i and $MASTER_ADDR expand on the remote host.
TEST(LintStranger3, LocalVariablesInASingleQuotedSshCommand) {
  const std::string id = "lint.remote.local-variable-in-single-quotes";
  const std::string head =
      "#!/bin/bash\nHOSTS=(trn-01 trn-02)\nMASTER_ADDR=trn-01\nNNODES=${#HOSTS[@]}\n"
      "for i in \"${!HOSTS[@]}\"; do\n    h=${HOSTS[$i]}\n"
      "    ssh \"$h\" 'cd ~/work && torchrun \\\n";
  const std::string tail = "        train.py > train.$(hostname).log 2>&1' &\ndone\nwait\n";
  EXPECT_EQ(fixed_once("start.sh",
                       head +
                           "        --nnodes='$NNODES' --node_rank=$i \\\n"
                           "        --master_addr=${MASTER_ADDR} --master_port=29500 \\\n" +
                           tail,
                       id),
            head +
                "        --nnodes='$NNODES' --node_rank='\"$i\"' \\\n"
                "        --master_addr='\"${MASTER_ADDR}\"' --master_port=29500 \\\n" +
                tail);
  // the stranger's 38: double quotes, the remote's own $(hostname) escaped
  clean("start.sh",
        head.substr(0, head.find("    ssh")) +
            "    ssh \"$h\" \"torchrun --node_rank=$i --master_addr=$MASTER_ADDR t.py > \\$(hostname).log\" &\ndone\n",
        id);
  // the remote's own variables: set inside the string, HOME, sourced
  clean("start.sh", "i=1\nssh h 'i=2; echo $i $HOME'\n", id);
  clean("start.sh", "MASTER_ADDR=a\nssh h 'source ~/env.sh && torchrun --master_addr=$MASTER_ADDR t.py'\n", id);
}

}  // namespace
}  // namespace dd::lint
