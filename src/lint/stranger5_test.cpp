// Issue 27: the fifth stranger's run (tests/data/stranger/fix-2026-12-05b, REPORT.md): sentences that
// were not true of the input, spellings the file does not hold, and two misses. Each case is the
// stranger's file as written; where the fix is an edit it is applied and linted again.
#include <gtest/gtest.h>

#include <regex>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::fixed_once;
using test::ids;
using test::lint_as;

// Every `quoted` span of `title` is text the file holds.
void quotes_are_in_the_file(const std::string& title, const std::string& file) {
  static const std::regex quoted("`([^`]+)`");
  for (std::sregex_iterator it(title.begin(), title.end(), quoted), end; it != end; ++it) {
    EXPECT_NE(file.find((*it)[1].str()), std::string::npos) << "`" << (*it)[1].str() << "` is not in the file";
  }
}

// q17: setdefault does not store its value when the key is already set: the TypeError is conditional.
TEST(LintStranger5, SetdefaultWithAnIntRaisesOnlyWhenTheVariableIsUnset) {
  const std::string id = "lint.python.environ-not-str";
  const std::string file =
      "import os\nimport torch.distributed as dist\n\n"
      "os.environ.setdefault(\"NCCL_NSOCKS_PERTHREAD\", 4)\n"
      "os.environ.setdefault(\"NCCL_SOCKET_NTHREADS\", \"2\")\n"
      "dist.init_process_group(\"nccl\")\n"
      "print(dist.get_rank(), os.environ[\"NCCL_NSOCKS_PERTHREAD\"])\n";
  auto fs = lint_as("q17.py", file);
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  const auto& title = all_of(fs, id)[0]->finding.title;
  EXPECT_NE(title.find("TypeError: str expected, not int when NCCL_NSOCKS_PERTHREAD is unset"), std::string::npos)
      << title;
  std::string after = fixed_once("q17.py", file, id);
  EXPECT_NE(after.find("os.environ.setdefault(\"NCCL_NSOCKS_PERTHREAD\", \"4\")\n"), std::string::npos) << after;

  // an assignment raises whatever the environment holds: no condition
  auto set = lint_as("a.py", "import os\nos.environ[\"MASTER_PORT\"] = 29500\n");
  ASSERT_EQ(all_of(set, id).size(), 1u) << ids(set);
  EXPECT_EQ(all_of(set, id)[0]->finding.title.find(" when "), std::string::npos) << all_of(set, id)[0]->finding.title;
}

// q31: a chief with index 1 in a cluster of one chief and two workers.
TEST(LintStranger5, ChiefIndexFixSaysThereIsOneChief) {
  const std::string id = "tf-config.task-index-out-of-range";
  auto file = [](const std::string& index) {
    return "import json\nimport os\n\ntf_config = {\n    \"cluster\": {\n        \"chief\": [\"10.0.0.10:2222\"],\n"
           "        \"worker\": [\"10.0.0.11:2222\", \"10.0.0.12:2222\"],\n    },\n"
           "    \"task\": {\"type\": \"chief\", \"index\": " +
           index +
           "},\n}\nos.environ[\"TF_CONFIG\"] = json.dumps(tf_config)\n\nimport tensorflow as tf  # noqa: E402\n\n"
           "strategy = tf.distribute.MultiWorkerMirroredStrategy()\n";
  };
  auto fs = lint_as("q31.py", file("1"));
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  const auto& fix = all_of(fs, id)[0]->finding.fix.text;
  EXPECT_EQ(fix,
            "use index 0, the only task of cluster.chief; the nodes of the other jobs count their own indexes "
            "from 0");
  // the fix pasted as it says
  auto again = lint_as("q31.py", file("0"));
  EXPECT_TRUE(all_of(again, id).empty()) << ids(again);
  EXPECT_TRUE(test::error_ids(again).empty()) << ids(again);

  // a worker index outside a job of two: "a different one on each worker task"
  auto worker = lint_as("w.py",
                        "import json, os\nos.environ[\"TF_CONFIG\"] = json.dumps({\"cluster\": {\"worker\": "
                        "[\"a:1\", \"b:1\"]}, \"task\": {\"type\": \"worker\", \"index\": 2}})\n");
  ASSERT_EQ(all_of(worker, id).size(), 1u) << ids(worker);
  EXPECT_EQ(all_of(worker, id)[0]->finding.fix.text, "use an index from 0 to 1, a different one on each worker task");
}

// q29, q04, q01, q05: the title quotes each flag as the file spells it.
TEST(LintStranger5, QuotedFlagsAreTheFilesOwnSpelling) {
  const std::string q29 =
      "#!/bin/bash\n#SBATCH --nodes=4\n#SBATCH --ntasks-per-node=1\nset -euo pipefail\n"
      "head=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
      "srun torchrun --nnodes ${NNODES} --nproc_per_node 8 \\\n"
      "  --rdzv_backend c10d --rdzv_endpoint \"$head:29500\" train.py\n";
  auto fs = lint_as("q29.sbatch", q29);
  ASSERT_EQ(all_of(fs, "lint.slurm.variable-not-set").size(), 1u) << ids(fs);
  const auto& t29 = all_of(fs, "lint.slurm.variable-not-set")[0]->finding.title;
  EXPECT_EQ(t29.rfind("`--nnodes ${NNODES}`", 0), 0u) << t29;
  quotes_are_in_the_file(t29, q29);
  EXPECT_NE(fixed_once("q29.sbatch", q29, "lint.slurm.variable-not-set", core::Severity::warning)
                .find("srun torchrun --nnodes $SLURM_NNODES --nproc_per_node 8 \\\n"),
            std::string::npos);

  const std::string q04 = "#!/bin/bash\nhorovodrun --num-proc 12 --hosts n1:4,n2:4 \\\n    python keras_hvd.py\n";
  fs = lint_as("q04.sh", q04);
  ASSERT_EQ(all_of(fs, "lint.launch.np-exceeds-slots").size(), 1u) << ids(fs);
  const auto& f04 = all_of(fs, "lint.launch.np-exceeds-slots")[0]->finding;
  EXPECT_EQ(f04.title.rfind("horovodrun --num-proc 12 asks for 12 processes, but --hosts n1:4,n2:4 offers 8", 0), 0u)
      << f04.title;
  EXPECT_NE(f04.evidence.back().find("--hosts host1:N,host2:N,..."), std::string::npos) << f04.evidence.back();
  EXPECT_EQ(f04.title.find("-np "), std::string::npos) << f04.title;
  EXPECT_NE(fixed_once("q04.sh", q04, "lint.launch.np-exceeds-slots").find("horovodrun --num-proc 8 --hosts"),
            std::string::npos);

  const std::string q01 =
      "#!/bin/bash\nset -euo pipefail\n# two nodes listed in ./hostfile (gpu-a01 slots=8, gpu-a02 slots=8)\n"
      "deepspeed --hostfile ./hostfile \\\n    --num_nodes=2 --num_gpus=8 \\\n"
      "    --master_addr localhost --master_port 29600 \\\n    pretrain.py --deepspeed ds_config.json --epochs 3\n";
  fs = lint_as("q01.sh", q01);
  ASSERT_EQ(all_of(fs, "lint.launch.master-addr-localhost").size(), 1u) << ids(fs);
  const auto& t01 = all_of(fs, "lint.launch.master-addr-localhost")[0]->finding.title;
  EXPECT_EQ(t01.rfind("deepspeed --master_addr localhost in a multi-node launch", 0), 0u) << t01;
  EXPECT_NE(fixed_once("q01.sh", q01, "lint.launch.master-addr-localhost").find("    --master_port 29600 \\\n"),
            std::string::npos);

  const std::string q05 =
      "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\nset -euo pipefail\n"
      "export CUDA_VISIBLE_DEVICES=\"0,1\"\ntorchrun --standalone --nproc-per-node=4 finetune.py --bf16\n";
  fs = lint_as("q05.sbatch", q05);
  ASSERT_EQ(all_of(fs, "lint.launch.gpus-fewer-than-procs").size(), 1u) << ids(fs);
  const auto& f05 = all_of(fs, "lint.launch.gpus-fewer-than-procs")[0]->finding;
  EXPECT_NE(f05.title.find("(--nproc-per-node=4)"), std::string::npos) << f05.title;
  EXPECT_EQ(f05.title.find("nproc_per_node"), std::string::npos) << f05.title;
  std::string all_text = f05.fix.text;
  for (const auto& e : f05.evidence) all_text += "\n" + e;
  EXPECT_EQ(all_text.find("nproc_per_node"), std::string::npos) << all_text;
  EXPECT_NE(all_text.find("--nproc-per-node=2"), std::string::npos) << all_text;
}

// q03: HOROVOD_FUSION_THRESHOLD is Horovod's, not NCCL's.
TEST(LintStranger5, MpirunForwardingNamesEachVariablesReader) {
  const std::string id = "lint.mpi.env-not-forwarded";
  const std::string q03 =
      "#!/bin/bash\nset -euo pipefail\nexport NCCL_SOCKET_IFNAME=ens5\nexport HOROVOD_FUSION_THRESHOLD=67108864\n"
      "mpirun -np 8 -H trn-a:4,trn-b:4 -bind-to none -map-by slot \\\n    -x LD_LIBRARY_PATH -x PATH \\\n"
      "    -mca pml ob1 -mca btl ^openib \\\n    python train_hvd.py --epochs 5\n";
  auto fs = lint_as("q03.sh", q03);
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  const auto& title = all_of(fs, id)[0]->finding.title;
  EXPECT_NE(title.find("on those hosts NCCL runs without NCCL_SOCKET_IFNAME and Horovod without "
                       "HOROVOD_FUSION_THRESHOLD"),
            std::string::npos)
      << title;
  EXPECT_NE(fixed_once("q03.sh", q03, id, core::Severity::warning)
                .find("mpirun -x NCCL_SOCKET_IFNAME -x HOROVOD_FUSION_THRESHOLD -np 8"),
            std::string::npos);
  // one reader: "NCCL runs without it"
  auto one =
      lint_as("one.sh", "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=ens5\nmpirun -np 8 -H a:4,b:4 -x PATH python t.py\n");
  ASSERT_EQ(all_of(one, id).size(), 1u) << ids(one);
  EXPECT_NE(all_of(one, id)[0]->finding.title.find("on those hosts NCCL runs without it"), std::string::npos);
}

// q19: a CRLF batch script; --fix strips the CRs, and composes with another finding's edit on a CRLF line.
TEST(LintStranger5, CrlfShellScriptIsFoundAndStripped) {
  const std::string id = "lint.shell.crlf-line-endings";
  const std::string lf =
      "#!/bin/bash\n# edited in Notepad on Windows, submitted from WSL\nexport NCCL_SOCKET_IFNAME=eth0\n"
      "torchrun --nnodes=2 --nproc_per_node=1 --rdzv_backend=c10d --rdzv_endpoint=10.0.0.5:29500 train.py\n";
  const std::string crlf = std::regex_replace(lf, std::regex("\n"), "\r\n");
  auto fs = lint_as("q19.sh", crlf);
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  const auto& f = *all_of(fs, id)[0];
  EXPECT_EQ(f.finding.severity, core::Severity::error);
  EXPECT_NE(f.finding.title.find("on 4 of 4 lines"), std::string::npos) << f.finding.title;
  EXPECT_NE(f.finding.title.find("line 3 ends in `NCCL_SOCKET_IFNAME=eth0\\r`"), std::string::npos) << f.finding.title;
  EXPECT_NE(f.finding.fix.text.find("sed -i 's/\\r$//' q19.sh"), std::string::npos) << f.finding.fix.text;
  EXPECT_EQ(fixed_once("q19.sh", crlf, id), lf);
  test::clean("q19.sh", lf, id);
  test::clean("t.py", crlf, id);  // Python reads CRLF as newlines

  // CRLF only on lines 1-2 and 4; a last line without "\n" is not CRLF
  const std::string mixed = "#!/bin/bash\r\necho a\r\necho b\necho c\r\necho d";
  auto m = lint_as("m.sh", mixed);
  ASSERT_EQ(all_of(m, id).size(), 1u) << ids(m);
  EXPECT_EQ(all_of(m, id)[0]->edits.size(), 2u);
  EXPECT_EQ(fixed_once("m.sh", mixed, id), "#!/bin/bash\necho a\necho b\necho c\necho d");
}

// q30: RANDOM read without `$` inside $((...)) in the string srun runs.
TEST(LintStranger5, RandomInsideArithmeticInsideSrunIsPerTask) {
  const std::string id = "lint.slurm.rendezvous-per-task";
  auto file = [](const std::string& port) {
    return "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\nset -euo pipefail\n"
           "head=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
           "srun bash -c 'export MASTER_PORT=" +
           port +
           "\ntorchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d \\\n"
           "  --rdzv_endpoint='\"$head\"':$MASTER_PORT train.py'\n";
  };
  auto fs = lint_as("q30.sbatch", file("$((20000 + RANDOM % 10000))"));
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  EXPECT_EQ(all_of(fs, id)[0]->location.line, 6);
  EXPECT_NE(all_of(fs, id)[0]->finding.title.find("a random number drawn on this node"), std::string::npos);
  test::clean("q30.sbatch", file("$((20000 + SLURM_JOB_ID % 10000))"), id);
  test::clean("q30.sbatch", file("$((20000 + MY_RANDOM_BASE % 10000))"), id);
  auto both = lint_as("q30.sbatch", file("$((20000 + SRANDOM % 10000))"));
  EXPECT_EQ(all_of(both, id).size(), 1u) << ids(both);
}

}  // namespace
}  // namespace dd::lint
