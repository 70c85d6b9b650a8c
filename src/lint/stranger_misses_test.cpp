// Issue 27: inputs of a stranger's run (tests/data/stranger/lint-2026-12-04) where lint said nothing
// although the job hangs or fails. Each rule: the bad input as a user writes it gives the finding
// with its exact edit; the edit applied and linted again gives no such finding; the clean
// counter-examples give none. tests/system/lint/missed_cases.sh runs the fixed files through bash
// (with stub srun/torchrun) and /usr/bin/python3.
#include <gtest/gtest.h>

#include <algorithm>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::clean;
using test::fixed_once;
using test::ids;
using test::lint_as;

// a. One GPU visible, eight processes started.
TEST(LintStrangerMisses, GpusFewerThanProcsListsTheGpusTheProcessesNeed) {
  const std::string id = "lint.launch.gpus-fewer-than-procs";
  // An edit where the file says a node has the GPUs (truth4: p25 got one that assumed 8 GPUs).
  EXPECT_EQ(fixed_once("job.sbatch",
                       "#!/bin/bash\n#SBATCH --gpus-per-node=8\nexport CUDA_VISIBLE_DEVICES=0\n"
                       "torchrun --nproc_per_node=8 train.py\n",
                       id),
            "#!/bin/bash\n#SBATCH --gpus-per-node=8\nexport CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7\n"
            "torchrun --nproc_per_node=8 train.py\n");
  // dashes and a separate value, a quoted list of two, a prefix assignment on the command itself
  EXPECT_EQ(
      fixed_once("job.sbatch",
                 "#SBATCH --gres=gpu:a100:4\nexport CUDA_VISIBLE_DEVICES=\"0,1\"\n"
                 "torchrun --nproc-per-node 4 train.py\n",
                 id),
      "#SBATCH --gres=gpu:a100:4\nexport CUDA_VISIBLE_DEVICES=\"0,1,2,3\"\ntorchrun --nproc-per-node 4 train.py\n");
  EXPECT_EQ(fixed_once("job.sbatch",
                       "#SBATCH --gpus-per-node 2\nCUDA_VISIBLE_DEVICES=0 torchrun --nproc-per-node=2 train.py\n", id),
            "#SBATCH --gpus-per-node 2\nCUDA_VISIBLE_DEVICES=0,1 torchrun --nproc-per-node=2 train.py\n");
  // the stranger's Dockerfile: nothing says how many GPUs the host has, so prose with both ways
  auto docker =
      lint_as("Dockerfile", "FROM x\nENV CUDA_VISIBLE_DEVICES=0\nCMD torchrun --nproc_per_node=8 /app/train.py\n");
  auto d = all_of(docker, id);
  ASSERT_EQ(d.size(), 1u) << ids(docker);
  EXPECT_TRUE(d[0]->edits.empty());
  EXPECT_EQ(d[0]->finding.fix.text,
            "on a node with 8 or more GPUs: CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7; on a node with 1: keep "
            "CUDA_VISIBLE_DEVICES=0 and start 1 process per node: --nproc_per_node=1");
  // under srun in a job that asks Slurm for GPUs, Slurm may set it again for the step: a warning
  fixed_once("job.sbatch",
             "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:8\nexport CUDA_VISIBLE_DEVICES=0\n"
             "srun torchrun --nproc_per_node=8 --nnodes=1 train.py\n",
             id, core::Severity::warning);

  clean("run.sh", "export CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7\ntorchrun --nproc_per_node=8 train.py\n", id);
  clean("run.sh", "export CUDA_VISIBLE_DEVICES=$SLURM_LOCALID\ntorchrun --nproc_per_node=8 train.py\n", id);
  clean("run.sh", "export CUDA_VISIBLE_DEVICES=3\ntorchrun --nproc_per_node=1 train.py\n", id);
  clean("run.sh", "torchrun --nproc_per_node=8 train.py\nexport CUDA_VISIBLE_DEVICES=0\npython eval.py\n", id);
  // a prefix reaches only its own command; a plain assignment no child process
  clean("run.sh", "CUDA_VISIBLE_DEVICES=0 python eval.py\ntorchrun --nproc_per_node=8 train.py\n", id);
  clean("run.sh", "CUDA_VISIBLE_DEVICES=0\ntorchrun --nproc_per_node=8 train.py\n", id);
}

// b. srun bash -c "... $SLURM_PROCID ...": the double quotes expand it once.
TEST(LintStrangerMisses, TaskVariableInDoubleQuotesIsSingleQuotedWithTheBatchVariablesSplicedIn) {
  const std::string id = "lint.slurm.task-variable-expanded-once";
  const std::string head =
      "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\nhead=$(scontrol show hostnames "
      "\"$SLURM_JOB_NODELIST\" | head -n1)\n";
  EXPECT_EQ(fixed_once("job.sbatch",
                       head + "srun bash -c \"torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$SLURM_PROCID "
                              "--master_addr=$head --master_port=29501 train.py\"\n",
                       id),
            head +
                "srun bash -c 'torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$SLURM_PROCID "
                "--master_addr='\"$head\"' --master_port=29501 train.py'\n");
  // ${...}, $(...), escaped quotes, a literal apostrophe, a continuation inside the quotes
  EXPECT_EQ(fixed_once(
                "job.sbatch",
                head + "srun --kill-on-bad-exit=1 bash -lc \"cd ${WORK:-.} && torchrun --node_rank=${SLURM_NODEID} \\\n"
                       "  --master_addr=$(hostname) --tag=\\\"it's\\\" train.py\"\n",
                id),
            head +
                "srun --kill-on-bad-exit=1 bash -lc 'cd '\"${WORK:-.}\"' && torchrun --node_rank=${SLURM_NODEID} '\\\n"
                "'  --master_addr='\"$(hostname)\"' --tag=\"it'\\''s\" train.py'\n");

  // inside quotes the inner shell reads as single quotes the variable would stop expanding: prose
  auto inner = lint_as("job.sbatch", head + "srun bash -c \"echo '$SLURM_PROCID'\"\n");
  auto found = all_of(inner, id);
  ASSERT_EQ(found.size(), 1u) << ids(inner);
  EXPECT_TRUE(found[0]->edits.empty()) << found[0]->edits[0].replacement;

  clean("job.sbatch",
        head +
            "srun bash -c 'torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$SLURM_NODEID --master_addr='\"$head\"' "
            "train.py'\n",
        id);
  clean("job.sbatch",
        head + "srun bash -c \"torchrun --nnodes=2 --rdzv_backend=c10d --rdzv_endpoint=$head:29500 train.py\"\n", id);
  clean("job.sbatch", head + "srun bash -c \"echo \\$SLURM_PROCID\"\n", id);  // escaped: each task expands it
}

// c. --ntasks-per-node=8 with srun starting torchrun --nproc_per_node=8.
TEST(LintStrangerMisses, TorchrunPerTaskRunsOneTorchrunPerNode) {
  const std::string id = "lint.slurm.torchrun-per-task";
  const std::string job =
      "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=8\n#SBATCH --gres=gpu:8\n"
      "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
      "srun torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 train.py\n";
  std::string after = fixed_once("job.sbatch", job, id);
  EXPECT_NE(after.find("\n#SBATCH --ntasks-per-node=1\n"), std::string::npos) << after;
  auto fs = lint_as("job.sbatch", job);
  ASSERT_FALSE(all_of(fs, id).empty());
  EXPECT_NE(all_of(fs, id)[0]->finding.title.find("64 processes per node"), std::string::npos)
      << all_of(fs, id)[0]->finding.title;
  // on the srun line itself
  EXPECT_EQ(fixed_once("job.sbatch",
                       "#SBATCH --nodes=2\nsrun --ntasks-per-node 4 torchrun --nnodes=2 --nproc_per_node=4 "
                       "--rdzv_backend=c10d --rdzv_endpoint=h:1 t.py\n",
                       id),
            "#SBATCH --nodes=2\nsrun --ntasks-per-node 1 torchrun --nnodes=2 --nproc_per_node=4 "
            "--rdzv_backend=c10d --rdzv_endpoint=h:1 t.py\n");
  // another srun step needs the eight tasks: no edit of the allocation, the fix is prose
  auto other = lint_as("job.sbatch", job + "srun python preprocess.py\n");
  ASSERT_EQ(all_of(other, id).size(), 1u) << ids(other);
  EXPECT_TRUE(all_of(other, id)[0]->edits.empty());

  std::string one = job;
  one.replace(one.find("=8\n#SBATCH --gres"), 2, "=1");
  clean("job.sbatch", one, id);
  clean("job.sbatch",
        job.substr(0, job.find("srun")) +
            "srun --ntasks-per-node=1 torchrun --nnodes=2 --nproc_per_node=8 "
            "--rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 train.py\n",
        id);
  clean("job.sbatch", job.substr(0, job.find("srun")) + "srun python train.py\n", id);  // one process per task
}

// d. --nnodes=2 with neither --node_rank nor a rendezvous backend: every node is node 0.
TEST(LintStrangerMisses, StaticRendezvousWithoutNodeRankGetsC10d) {
  const std::string id = "lint.torch.static-rendezvous-no-node-rank";
  EXPECT_EQ(fixed_once("run.sh",
                       "#!/bin/bash\nMASTER=node01\n"
                       "torchrun --nnodes=2 --nproc_per_node=8 --master_addr=$MASTER --master_port=29500 train.py\n",
                       id),
            "#!/bin/bash\nMASTER=node01\n"
            "torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$MASTER:29500 train.py\n");
  // dashes, no port (torchrun's default 29500), continuation lines, the port alone on its line
  EXPECT_EQ(fixed_once("run.sh",
                       "torchrun --nnodes 2 \\\n  --master-addr node01 \\\n  --master-port 6000 \\\n  train.py\n", id),
            "torchrun --nnodes 2 \\\n  --rdzv-backend=c10d --rdzv-endpoint=node01:6000 \\\n  train.py\n");
  EXPECT_EQ(fixed_once("run.sh", "python -m torch.distributed.run --nnodes=4 --master-addr=10.0.0.5 train.py\n", id),
            "python -m torch.distributed.run --nnodes=4 --rdzv-backend=c10d --rdzv-endpoint=10.0.0.5:29500 train.py\n");
  // no address in the file: prose
  auto none = lint_as("run.sh", "torchrun --nnodes=2 --nproc_per_node=8 train.py\n");
  ASSERT_EQ(all_of(none, id).size(), 1u) << ids(none);
  EXPECT_TRUE(all_of(none, id)[0]->edits.empty());

  clean("run.sh", "torchrun --nnodes=2 --node_rank=$1 --master_addr=node01 train.py\n", id);
  clean("run.sh", "torchrun --nnodes=2 --rdzv_backend=c10d --rdzv_endpoint=node01:29500 train.py\n", id);
  // an endpoint without a backend is the static rendezvous too (fix-2026-12-07o p07): c10d goes before it
  EXPECT_EQ(fixed_once("run.sh", "torchrun --nnodes=2 --rdzv-endpoint node01:29500 train.py\n", id),
            "torchrun --nnodes=2 --rdzv-backend=c10d --rdzv-endpoint node01:29500 train.py\n");
  clean("run.sh", "torchrun --nnodes=1 --nproc_per_node=8 train.py\n", id);
  clean("run.sh", "torchrun --nnodes=1:4 --rdzv_backend=c10d --rdzv_endpoint=h:1 train.py\n", id);
  clean("run.sh", "export PET_NODE_RANK=$1\ntorchrun --nnodes=2 --master_addr=node01 train.py\n", id);
  // in an image, whoever starts the container may set PET_NODE_RANK (Kubeflow's PyTorchJob): a warning
  fixed_once("Dockerfile", "FROM x\nCMD torchrun --nnodes=2 --master-addr=trainer-0 train.py\n", id,
             core::Severity::warning);
}

// e. os.environ[...] = 29500: TypeError before anything runs.
TEST(LintStrangerMisses, EnvironValueThatIsNotAStringIsQuoted) {
  const std::string id = "lint.python.environ-not-str";
  EXPECT_EQ(fixed_once("t.py", "import os\nos.environ[\"MASTER_PORT\"] = 29500\n", id),
            "import os\nos.environ[\"MASTER_PORT\"] = \"29500\"\n");
  EXPECT_EQ(fixed_once("t.py", "import os\nos.environ['NCCL_BUFFSIZE'] = 4194304\n", id),
            "import os\nos.environ['NCCL_BUFFSIZE'] = '4194304'\n");
  EXPECT_EQ(fixed_once("t.py", "import os\nos.environ.setdefault(\"NCCL_IB_DISABLE\", 1)\n", id),
            "import os\nos.environ.setdefault(\"NCCL_IB_DISABLE\", \"1\")\n");
  EXPECT_EQ(fixed_once("t.py", "import os\nos.environ.update(LR=0.5)\n", id),
            "import os\nos.environ.update(LR=\"0.5\")\n");
  auto fs = lint_as("t.py", "import os\nos.environ[\"MASTER_PORT\"] = 29500\n");
  ASSERT_EQ(all_of(fs, id).size(), 1u);
  EXPECT_NE(all_of(fs, id)[0]->finding.title.find("TypeError: str expected, not int"), std::string::npos);
  // a boolean: no edit (str(True) is "True"), the fix says to write the string
  auto b = lint_as("t.py", "import os\nos.environ[\"NCCL_P2P_DISABLE\"] = True\n");
  ASSERT_EQ(all_of(b, id).size(), 1u) << ids(b);
  EXPECT_TRUE(all_of(b, id)[0]->edits.empty());
  EXPECT_NE(all_of(b, id)[0]->finding.title.find("not bool"), std::string::npos);

  clean("t.py", "import os\nos.environ[\"MASTER_PORT\"] = \"29500\"\nos.environ[\"A\"] = str(1)\n", id);
  clean("t.py", "import os\nenv = os.environ.copy()\nenv[\"MASTER_PORT\"] = 29500\n",
        id);  // a dict, not the environment
  clean("t.py", "import os\nPORT = 29500\nos.environ[\"MASTER_PORT\"] = f\"{PORT}\"\n", id);
}

// f. A dataset built before MultiWorkerMirroredStrategy().
TEST(LintStrangerMisses, StrategyAfterOpsMovesTheStrategyUp) {
  const std::string id = "lint.tf.strategy-after-ops";
  const std::string tf_config =
      "import json, os\nimport tensorflow as tf\n"
      "os.environ[\"TF_CONFIG\"] = json.dumps({\"cluster\": {\"worker\": [\"h1:1\", \"h2:1\"]}, \"task\": {\"type\": "
      "\"worker\", \"index\": 0}})\n";
  EXPECT_EQ(
      fixed_once("t.py",
                 tf_config +
                     "ds = tf.data.Dataset.range(100)\nx = 1\nstrategy = tf.distribute.MultiWorkerMirroredStrategy()\n",
                 id),
      tf_config + "strategy = tf.distribute.MultiWorkerMirroredStrategy()\nds = tf.data.Dataset.range(100)\nx = 1\n");
  // a model built with its input shape, inside main(): moved within main()
  EXPECT_EQ(fixed_once("t.py",
                       "import tensorflow as tf\ndef main():\n    m = tf.keras.Sequential([tf.keras.layers.Dense(1, "
                       "input_shape=(4,))])\n"
                       "    s = tf.distribute.MultiWorkerMirroredStrategy()\n",
                       id),
            "import tensorflow as tf\ndef main():\n    s = tf.distribute.MultiWorkerMirroredStrategy()\n"
            "    m = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(4,))])\n");
  // TF_CONFIG set between the dataset and the strategy: moving the strategy above it would lose the
  // cluster, so the fix is prose
  auto between =
      lint_as("t.py",
              "import json, os\nimport tensorflow as tf\nds = tf.data.Dataset.range(100)\n"
              "os.environ[\"TF_CONFIG\"] = \"{}\"\nstrategy = tf.distribute.MultiWorkerMirroredStrategy()\n");
  ASSERT_EQ(all_of(between, id).size(), 1u) << ids(between);
  EXPECT_TRUE(all_of(between, id)[0]->edits.empty());
  // the strategy reads a name bound after the dataset: prose
  auto reads = lint_as("t.py",
                       "import tensorflow as tf\nds = tf.data.Dataset.range(1)\nopts = "
                       "tf.distribute.experimental.CommunicationOptions()\n"
                       "strategy = tf.distribute.MultiWorkerMirroredStrategy(communication_options=opts)\n");
  ASSERT_EQ(all_of(reads, id).size(), 1u) << ids(reads);
  EXPECT_TRUE(all_of(reads, id)[0]->edits.empty());

  clean("t.py", tf_config + "strategy = tf.distribute.MultiWorkerMirroredStrategy()\nds = tf.data.Dataset.range(100)\n",
        id);
  clean("t.py",
        "import tensorflow as tf\n(x, y), _ = tf.keras.datasets.mnist.load_data()\ngpus = "
        "tf.config.list_physical_devices(\"GPU\")\n"
        "tf.random.set_seed(1)\n"
        "strategy = tf.distribute.MultiWorkerMirroredStrategy()\n",
        id);
  clean("t.py",
        "import tensorflow as tf\ndef make():\n    return tf.data.Dataset.range(10)\n"
        "strategy = tf.distribute.MultiWorkerMirroredStrategy()\nds = make()\n",
        id);  // defined, called after
  clean("t.py",
        "import tensorflow as tf\nds = tf.data.Dataset.range(10)\nstrategy = tf.distribute.MirroredStrategy()\n", id);
}

}  // namespace
}  // namespace dd::lint
