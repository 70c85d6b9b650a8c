// Issue 27: fixes the fourth and fifth strangers' runs (tests/data/stranger/fix-2026-12-05 and -05b)
// found to break the job when applied as printed. Each: the case as the stranger wrote it gets a fix that runs; the
// near case keeps the edit it had.
#include <gtest/gtest.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::fixed_once;
using test::ids;
using test::lint_as;

// p16: `import tensorflow` (no alias): the edit must name tensorflow.data.AUTOTUNE, not tf.data.AUTOTUNE
// (NameError on every rank); with no tensorflow name bound at all there is no edit, only prose.
TEST(LintStranger4, AutotuneIsSpelledWithTheNameTheFileBinds) {
  const std::string id = "lint.tf.num-parallel-calls-not-autotune";
  const std::string body = "ds = files.map(decode, num_parallel_calls=8)\n";
  EXPECT_EQ(fixed_once("t.py", "import tensorflow\n" + body, id, core::Severity::warning),
            "import tensorflow\nds = files.map(decode, num_parallel_calls=tensorflow.data.AUTOTUNE)\n");
  EXPECT_EQ(fixed_once("t.py", "import tensorflow as tf\n" + body, id, core::Severity::warning),
            "import tensorflow as tf\nds = files.map(decode, num_parallel_calls=tf.data.AUTOTUNE)\n");
  auto fs = lint_as("t.py", "from tensorflow import data\n" + body);
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  EXPECT_TRUE(all_of(fs, id)[0]->edits.empty());
  EXPECT_NE(all_of(fs, id)[0]->finding.fix.text.find("import tensorflow as tf"), std::string::npos);

  // the fifth stranger's q13: tensorflow imported inside another function only
  auto local = lint_as("t.py",
                       "def setup():\n    import tensorflow as tf\n    return tf\n\n"
                       "def build(files):\n    return files.map(len, num_parallel_calls=8)\n");
  ASSERT_EQ(all_of(local, id).size(), 1u) << ids(local);
  EXPECT_TRUE(all_of(local, id)[0]->edits.empty());

  // the pipeline fix's prefetch, the same way (an earlier version of this check looped over no
  // finding: the chain it linted gave none)
  auto chain =
      lint_as("t.py",
              "import tensorflow\nstrategy = tensorflow.distribute.MirroredStrategy()\n"
              "dataset = tensorflow.data.Dataset.from_tensor_slices((x, y))\ndataset = dataset.batch(64).shuffle(100)\n"
              "model.fit(dataset, epochs=2)\n");
  auto pipeline = all_of(chain, "lint.tf.data-pipeline-incomplete");
  ASSERT_EQ(pipeline.size(), 1u) << ids(chain);
  ASSERT_FALSE(pipeline[0]->edits.empty()) << pipeline[0]->finding.fix.text;
  EXPECT_NE(pipeline[0]->edits[0].replacement.find(".prefetch(tensorflow.data.AUTOTUNE)"), std::string::npos)
      << pipeline[0]->edits[0].replacement;
  EXPECT_EQ(pipeline[0]->edits[0].replacement.find("tf.data"), std::string::npos) << pipeline[0]->edits[0].replacement;
}

// p18: `export NCCL_SOCKET_IFNAME=lo` under `set -euo pipefail`, read by a later echo: deleting the
// line stops the script there ("unbound variable"). No edit then; the prose names the later use.
TEST(LintStranger4, LoopbackIfnameReadLaterIsNotDeleted) {
  const std::string id = "lint.env.ifname-loopback";
  const std::string head = "#!/bin/bash\n#SBATCH --nodes=2\nset -euo pipefail\nexport NCCL_SOCKET_IFNAME=lo\n";
  const std::string run =
      "srun bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID "
      "--master_addr=$MASTER_ADDR --master_port=29500 train.py'\n";
  auto fs = lint_as("job.sbatch", head + "echo \"iface: $NCCL_SOCKET_IFNAME\"\n" + run);
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  EXPECT_TRUE(all_of(fs, id)[0]->edits.empty());
  EXPECT_NE(all_of(fs, id)[0]->finding.fix.text.find("line 5"), std::string::npos)
      << all_of(fs, id)[0]->finding.fix.text;
  // ${NCCL_SOCKET_IFNAME} is a use too; ${NCCL_SOCKET_IFNAME:-none} (expands when unset) and
  // NCCL_SOCKET_IFNAME_X are not
  auto braced = lint_as("job.sbatch", head + "echo ${NCCL_SOCKET_IFNAME}\n" + run);
  ASSERT_EQ(all_of(braced, id).size(), 1u);
  EXPECT_TRUE(all_of(braced, id)[0]->edits.empty());
  EXPECT_EQ(fixed_once("job.sbatch", head + "echo ${NCCL_SOCKET_IFNAME:-none}\n" + run, id),
            "#!/bin/bash\n#SBATCH --nodes=2\nset -euo pipefail\necho ${NCCL_SOCKET_IFNAME:-none}\n" + run);
  EXPECT_EQ(fixed_once("job.sbatch", head + "echo $NCCL_SOCKET_IFNAME_X\n" + run, id),
            "#!/bin/bash\n#SBATCH --nodes=2\nset -euo pipefail\necho $NCCL_SOCKET_IFNAME_X\n" + run);
}

// q28 (fifth stranger): the local index also picks the device; the edit goes to the rank argument,
// in the file's own spelling, and set_device keeps the local index.
TEST(LintStranger4, LocalIdThatAlsoPicksTheDeviceIsFixedAtTheRankArgument) {
  const std::string id = "lint.slurm.local-id-as-rank";
  const std::string head =
      "import os\n\nimport torch\nimport torch.distributed as dist\n\nlocal = int(os.environ[\"SLURM_LOCALID\"])\n"
      "world = int(os.environ[\"SLURM_NTASKS\"])\ntorch.cuda.set_device(local)\n";
  EXPECT_EQ(fixed_once("train.py", head + "dist.init_process_group(\"nccl\", rank=local, world_size=world)\n", id,
                       core::Severity::warning),
            head + "dist.init_process_group(\"nccl\", rank=int(os.environ[\"SLURM_PROCID\"]), world_size=world)\n");
  // a name that is the rank everywhere (returned, not a device): its binding is what is wrong
  const std::string f = "import os\nimport torch.distributed as dist\n\ndef init():\n";
  const std::string tail = "    dist.init_process_group(\"nccl\", rank=rank)\n    return rank\n";
  EXPECT_EQ(
      fixed_once("train.py", f + "    rank = int(os.environ[\"SLURM_LOCALID\"])\n" + tail, id, core::Severity::warning),
      f + "    rank = int(os.environ[\"SLURM_PROCID\"])\n" + tail);
}

// q14 (fifth stranger): the strategy's argument is built between the op-making line and the strategy;
// moving the strategy alone gives NameError, so the prose says what moves with it.
TEST(LintStranger4, StrategyMovedWithWhatItsArgumentsRead) {
  const std::string id = "lint.tf.strategy-after-ops";
  auto fs = lint_as("train.py",
                    "import tensorflow as tf\n\ndataset = tf.data.Dataset.from_tensor_slices(([1.0], [1.0]))\n"
                    "comm = tf.distribute.experimental.CommunicationOptions()\n"
                    "strategy = tf.distribute.MultiWorkerMirroredStrategy(communication_options=comm)\n");
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  const auto& f = *all_of(fs, id)[0];
  EXPECT_TRUE(f.edits.empty());
  EXPECT_NE(f.finding.fix.text.find("comm (line 4) moves above line 3 as well"), std::string::npos)
      << f.finding.fix.text;
}

}  // namespace
}  // namespace dd::lint
