// Issue 27: fixes the nineteenth stranger (tests/data/stranger/fix-2026-12-07p) found wrong or
// missing, each beside its look-alikes: p13 `docker run --ipc=none` (no /dev/shm at all; a second
// --ipc added beside it leaves the later one in force); p11 TF_CONFIG written as JSON in an unquoted
// shell word (bash removes the double quotes: "write it as JSON" could not be applied).
#include <gtest/gtest.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::clean;
using test::fixed_once;
using test::has;
using test::ids;
using test::lint_as;

TEST(LintFix54, IpcNoneIsNamedAndReplacedByIpcHost) {
  const std::string id = "lint.docker.small-shm";
  const std::string text =
      "docker run -d --gpus all --network=host --ipc=none \\\n  nvcr.io/nvidia/pytorch:24.03-py3 \\\n"
      "  torchrun --nnodes=2 --nproc_per_node=8 --node_rank=0 --master_addr=10.1.0.11 train.py --workers 8\n";
  auto fs = lint_as("run.sh", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "docker run --ipc=none: the container has no /dev/shm at all"))
      << found[0]->finding.title;
  EXPECT_FALSE(has(found[0]->finding.title, "64 MB")) << found[0]->finding.title;
  std::string after = fixed_once("run.sh", text, id, core::Severity::warning);
  EXPECT_TRUE(has(after, "--network=host --ipc=host \\\n")) << after;
  EXPECT_FALSE(has(after, "--ipc=none")) << after;
  clean("run.sh", after, id);
}

// --ipc=private without --shm-size: 64 MB, said as such; the edit replaces the --ipc flag rather than
// adding a second one. With --shm-size beside it (below 1 GiB): prose, since --ipc=host with
// --shm-size is refused by Podman. One step short: --ipc=private with --shm-size=8g: no finding.
TEST(LintFix54, OtherIpcModesAreReplacedNotDoubled) {
  const std::string id = "lint.docker.small-shm";
  const std::string priv = "docker run --gpus all --ipc=private img torchrun --nproc_per_node=8 train.py\n";
  auto fs = lint_as("run.sh", priv);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(
      has(found[0]->finding.title, "docker run --ipc=private without --shm-size: the container's /dev/shm is 64 MB"))
      << found[0]->finding.title;
  std::string after = fixed_once("run.sh", priv, id, core::Severity::warning);
  EXPECT_EQ(after, "docker run --gpus all --ipc=host img torchrun --nproc_per_node=8 train.py\n");
  const std::string sized =
      "docker run --gpus all --ipc=private --shm-size=64m img torchrun --nproc_per_node=8 train.py\n";
  auto fs2 = lint_as("run.sh", sized);
  auto found2 = all_of(fs2, id);
  ASSERT_EQ(found2.size(), 1u) << ids(fs2);
  EXPECT_TRUE(has(found2[0]->finding.fix.text, "in place of --ipc=private and --shm-size=64m"))
      << found2[0]->finding.fix.text;
  clean("run.sh", "docker run --gpus all --ipc=private --shm-size=8g img torchrun --nproc_per_node=8 train.py\n", id);
}

// p25: `module load` before the #SBATCH block: sbatch ignores every directive after it. The edit
// moves the directives above the first command; directives after comments and blank lines only, or
// in a file whose commands all come after them, are read: no finding.
TEST(LintFix54, SbatchDirectivesAfterACommandAreMovedAboveIt) {
  const std::string id = "lint.slurm.directive-after-command";
  const std::string text =
      "#!/bin/bash\nmodule purge\nmodule load cuda/12.2\n#SBATCH --nodes=2\n#SBATCH --gpus-per-node=8\n\n"
      "srun torchrun --nnodes=2 --nproc_per_node=8 train.py\n";
  auto fs = lint_as("job.sbatch", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "2 #SBATCH line(s) come after the first command (line 2: `module purge`)"))
      << found[0]->finding.title;
  std::string after = fixed_once("job.sbatch", text, id);
  EXPECT_EQ(after,
            "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --gpus-per-node=8\nmodule purge\nmodule load cuda/12.2\n\n"
            "srun torchrun --nnodes=2 --nproc_per_node=8 train.py\n");
  clean("job.sbatch", "#!/bin/bash\n# a comment\n\n#SBATCH --nodes=2\nmodule load cuda\nsrun train.py\n", id);
  auto time_only = lint_as("job.sbatch", "#!/bin/bash\ncd /work\n#SBATCH --time=1:00:00\nsrun train.py\n");
  auto later = all_of(time_only, id);
  ASSERT_EQ(later.size(), 1u) << ids(time_only);
  EXPECT_EQ(later[0]->finding.severity, core::Severity::warning);  // no node, task or GPU count lost
  // The option's name decides, not a substring of the line: --job-name holds "-n", --nodelist starts
  // like --nodes, a comment names --nodes; -N2 and a tab-separated --ntasks shape the job.
  auto severity_of = [&](const std::string& directive) {
    auto lf = lint_as("job.sbatch", "#!/bin/bash\ncd /work\n" + directive + "\nsrun train.py\n");
    auto hit = all_of(lf, id);
    return hit.size() == 1u ? hit[0]->finding.severity : core::Severity::info;
  };
  for (const char* quiet : {"#SBATCH --job-name=ddp-n2", "#SBATCH --nodelist=gpu[1-2]", "#SBATCH --time=5 # --nodes=2",
                            "#SBATCH --output=run-N-%j.out"})
    EXPECT_EQ(severity_of(quiet), core::Severity::warning) << quiet;
  for (const char* shaping : {"#SBATCH -N2", "#SBATCH -N 2", "#SBATCH\t--ntasks=16", "#SBATCH --gres=gpu:8",
                              "#SBATCH --gpus-per-node=8", "#SBATCH -n=4"})
    EXPECT_EQ(severity_of(shaping), core::Severity::error) << shaping;
}

TEST(LintFix54, UnquotedJsonWordIsSingleQuoted) {
  const std::string id = "tf-config.invalid-json";
  const std::string text =
      "#!/bin/bash\ndocker run --rm --gpus all --network=host --ipc=host \\\n"
      "  -e "
      "TF_CONFIG={\"cluster\":{\"worker\":[\"gpu-a:12345\",\"gpu-b:12345\"]},\"task\":{\"type\":\"worker\",\"index\":0}"
      "} \\\n"
      "  tensorflow/tensorflow:2.15.0-gpu python /data/train.py\n";
  auto fs = lint_as("run.sh", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "the word is not quoted for the shell: bash removes its double quotes"))
      << found[0]->finding.title;
  EXPECT_FALSE(has(found[0]->finding.fix.text, "keys and strings in double quotes")) << found[0]->finding.fix.text;
  std::string after = fixed_once("run.sh", text, id);
  EXPECT_TRUE(has(after, "-e TF_CONFIG='{\"cluster\":{\"worker\":[\"gpu-a:12345\",\"gpu-b:12345\"]},")) << after;
  // One step short: JSON that is broken as written keeps the general finding.
  auto broken = lint_as("run.sh", "export TF_CONFIG={\"cluster\":{\"worker\":[\"a:1\"]}\n");
  auto b = all_of(broken, id);
  ASSERT_EQ(b.size(), 1u) << ids(broken);
  EXPECT_TRUE(has(b[0]->finding.fix.text, "write TF_CONFIG as JSON")) << b[0]->finding.fix.text;
  EXPECT_TRUE(b[0]->edits.empty());
}

}  // namespace
}  // namespace dd::lint
