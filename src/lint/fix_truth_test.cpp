// Issue 27: lint's printed fixes are right as printed (shell words keep expanding, one corrected
// tf.data line per line), the Lightning anchor is where the process group is created, a file that
// does not parse is reported, and Windows advice is said once. The system cases in
// tests/system/lint/fix_cases.sh apply these fixes with bash, python3 ast and PyYAML.
#include <gtest/gtest.h>

#include <algorithm>

#include "lint/edits.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::first_of;
using test::ids;

// With --unsafe-fixes: these tests check the batch-scaling edits that flag offers (without it the
// scaling is a suggestion only: LintStrangerGaps.BatchScalingIsASuggestionUnlessAskedFor).
std::vector<LintFinding> lint_py(const std::string& src, env::Platform platform = env::Platform::linux_os) {
  LintOptions o;
  o.platform = platform;
  o.unsafe_fixes = true;
  return lint_text("t.py", FileKind::python, src, o);
}

TEST(LintFixTruth, TorchrunFixKeepsVariablesExpanding) {
  auto fs = lint_text("job.sh", FileKind::shell,
                      "srun python -m torch.distributed.launch --nproc_per_node=8 --nnodes=$SLURM_NNODES "
                      "--node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --use_env train.py --name 'a b'\n",
                      {});
  const auto* f = first_of(fs, "lint.torch.launch-deprecated");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->finding.fix.text,
            "srun python -m torch.distributed.run --nproc_per_node=8 --nnodes=$SLURM_NNODES --node_rank=$SLURM_NODEID "
            "--master_addr=$MASTER_ADDR train.py --name 'a b'");
}

TEST(LintFixTruth, TorchrunFixInExecForm) {
  auto fs = lint_text("Dockerfile", FileKind::dockerfile,
                      "FROM x\nCMD [\"python3\", \"-m\", \"torch.distributed.launch\", \"--use_env\", "
                      "\"--nproc_per_node=2\", \"t.py\"]\n",
                      {});
  const auto* f = first_of(fs, "lint.torch.launch-deprecated");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->finding.fix.text,
            "CMD [\"python3\", \"-m\", \"torch.distributed.run\", \"--nproc_per_node=2\", \"t.py\"]");
}

TEST(LintFixTruth, SyntaxErrorIsAnErrorAtItsLine) {
  auto fs = lint_py("import os\ndef f(:\n    pass\n");
  const auto* f = first_of(fs, "lint.python.syntax-error");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->location.line, 2);
  EXPECT_EQ(f->finding.severity, core::Severity::error);
  EXPECT_EQ(first_of(lint_py("import os\nx = {'a': [1, 2]}\n"), "lint.python.syntax-error"), nullptr);
}

TEST(LintFixTruth, StdinKindIsSniffed) {
  EXPECT_EQ(sniff_kind("#!/bin/bash\nexport A=1\n"), FileKind::shell);
  EXPECT_EQ(sniff_kind("#!/usr/bin/env python3\nimport os\n"), FileKind::python);
  EXPECT_EQ(sniff_kind("#SBATCH --nodes=2\nsrun x\n"), FileKind::shell);
  EXPECT_EQ(sniff_kind("# comment\nFROM ubuntu\n"), FileKind::dockerfile);
  EXPECT_EQ(sniff_kind("apiVersion: v1\nkind: Pod\n"), FileKind::yaml);
  EXPECT_EQ(sniff_kind("export NCCL_DEBUG=INFO\n"), FileKind::shell);
  EXPECT_EQ(sniff_kind("import os\n"), FileKind::python);
}

// Lightning creates the process group in fit() (Trainer._run -> strategy.setup_environment), not
// in Trainer(): a variable set between the two is in time; after fit() it is not.
TEST(LintFixTruth, LightningAnchorIsFitNotTheConstructor) {
  std::string between =
      "import os\nimport lightning as L\ntrainer = L.Trainer(strategy=\"ddp\")\n"
      "os.environ[\"TORCH_NCCL_ASYNC_ERROR_HANDLING\"] = \"1\"\ntrainer.fit(model)\n";
  EXPECT_EQ(first_of(lint_py(between), "lint.torch.env-after-init"), nullptr) << ids(lint_py(between));
  std::string after =
      "import os\nimport pytorch_lightning as pl\ntrainer = pl.Trainer(strategy=\"ddp\")\ntrainer.fit(model)\n"
      "os.environ[\"TORCH_NCCL_ASYNC_ERROR_HANDLING\"] = \"1\"\ntrainer.test(model)\n";
  auto fs = lint_py(after);
  const auto* f = first_of(fs, "lint.torch.env-after-init");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->location.line, 5);
  EXPECT_NE(f->finding.fix.text.find("move above line 4 (fit)"), std::string::npos) << f->finding.fix.text;
  // Keras' model.fit is not Lightning's
  std::string keras = "import os\nmodel.fit(x, y)\nos.environ[\"TORCH_NCCL_ASYNC_ERROR_HANDLING\"] = \"1\"\n";
  EXPECT_EQ(first_of(lint_py(keras), "lint.torch.env-after-init"), nullptr);
  std::string fabric =
      "import os\nfrom lightning.fabric import Fabric\nfabric = Fabric(strategy=\"ddp\")\nfabric.launch()\n"
      "os.environ[\"GLOO_SOCKET_IFNAME\"] = \"eth0\"\n";
  EXPECT_NE(first_of(lint_py(fabric), "lint.torch.env-after-init"), nullptr) << ids(lint_py(fabric));
}

// The specific backend error is the Windows finding; no second generic one on MASTER_ADDR's line.
TEST(LintFixTruth, WindowsAdviceIsSaidOnce) {
  std::string src =
      "import os\nimport torch.distributed as dist\nos.environ[\"MASTER_ADDR\"] = \"198.18.0.1\"\n"
      "dist.init_process_group(backend=\"nccl\")\n";
  auto fs = lint_py(src, env::Platform::windows);
  EXPECT_NE(first_of(fs, "lint.torch.nccl-on-windows"), nullptr) << ids(fs);
  EXPECT_EQ(first_of(fs, "env.windows.no-nccl"), nullptr) << ids(fs);
}

// One tf.data line: one corrected line in the canonical order, shared by both findings.
TEST(LintFixTruth, OneCorrectedPipelinePerLine) {
  std::string src =
      "import tensorflow as tf\nstrategy = tf.distribute.MirroredStrategy()\nBATCH = 32\n"
      "ds = tf.data.Dataset.from_tensor_slices(x).batch(BATCH).shuffle(100).prefetch(4)\nmodel.fit(ds)\n";
  auto fs = lint_py(src);
  const auto* pipe = first_of(fs, "lint.tf.data-pipeline-incomplete");
  const auto* batch = first_of(fs, "lint.tf.batch-not-scaled");
  ASSERT_NE(pipe, nullptr) << ids(fs);
  ASSERT_NE(batch, nullptr) << ids(fs);
  const std::string want =
      "ds = tf.data.Dataset.from_tensor_slices(x).cache().shuffle(100).batch(BATCH * strategy.num_replicas_in_sync)"
      ".prefetch(tf.data.AUTOTUNE)";
  EXPECT_EQ(pipe->finding.fix.text, want);
  EXPECT_EQ(batch->finding.fix.text, want);
  auto again = lint_py("import tensorflow as tf\nstrategy = tf.distribute.MirroredStrategy()\nBATCH = 32\n" + want +
                       "\nmodel.fit(ds)\n");
  EXPECT_EQ(first_of(again, "lint.tf.data-pipeline-incomplete"), nullptr) << ids(again);
  EXPECT_EQ(first_of(again, "lint.tf.batch-not-scaled"), nullptr) << ids(again);
}

// A file-backed dataset is not told to cache() (it may not fit in memory); steps split over two
// statements are fixed in the last one when the first is unchanged.
TEST(LintFixTruth, PipelineOverAssignments) {
  std::string src =
      "import tensorflow as tf\nds = tf.data.TFRecordDataset(files).map(parse)\nds = ds.shuffle(1000).batch(64)\n"
      "model.fit(ds, steps_per_epoch=10)\n";
  auto fs = lint_py(src);
  const auto* pipe = first_of(fs, "lint.tf.data-pipeline-incomplete");
  ASSERT_NE(pipe, nullptr) << ids(fs);
  EXPECT_EQ(pipe->location.line, 3);
  EXPECT_EQ(pipe->finding.fix.text, "ds = ds.shuffle(1000).batch(64).prefetch(tf.data.AUTOTUNE)");
}

// A batch file's launcher flags: a variable neither Slurm nor the file sets is reported (rank:
// error), one the file sets, one with a default and Slurm's own are not (a file that sources
// others: LintTruth4.SourcedFileLowersVariableNotSetAndSaysUnless).
TEST(LintFixTruth, SlurmVariableNotSet) {
  auto lint_sb = [](const std::string& src) { return lint_text("job.sbatch", FileKind::shell, src, {}); };
  auto fs = lint_sb("#!/bin/bash\n#SBATCH --nodes=2\nsrun torchrun --nnodes=$NODES --node_rank=$RANK train.py\n");
  ASSERT_EQ(std::count_if(fs.begin(), fs.end(),
                          [](const LintFinding& f) { return f.finding.id == "lint.slurm.variable-not-set"; }),
            2)
      << ids(fs);
  for (const auto& f : fs) {
    if (f.finding.id != "lint.slurm.variable-not-set") continue;
    bool rank = f.finding.title.find("--node_rank") != std::string::npos;
    EXPECT_EQ(f.finding.severity, rank ? core::Severity::error : core::Severity::warning);
    if (!rank) {
      ASSERT_EQ(f.edits.size(), 1u);
      EXPECT_EQ(f.edits[0].replacement, "srun torchrun --nnodes=$SLURM_NNODES --node_rank=$RANK train.py");
    } else {
      EXPECT_TRUE(f.edits.empty());
    }
  }
  for (const char* quiet : {"#SBATCH --nodes=2\nNODES=2\nsrun torchrun --nnodes=$NODES train.py\n",
                            "#SBATCH --nodes=2\nsrun torchrun --nnodes=${NODES:-2} train.py\n",
                            "#SBATCH --nodes=2\nsrun torchrun --nnodes=$SLURM_NNODES --rdzv-id=$RANDOM train.py\n",
                            "#SBATCH --nodes=2\nfor NODES in 2; do srun torchrun --nnodes=$NODES train.py; done\n",
                            // not a batch file: who runs it (and what it exports) is unknown
                            "torchrun --nnodes=$NUM_NODES --node_rank=$RANK train.py\n"}) {
    auto q = lint_sb(quiet);
    EXPECT_EQ(first_of(q, "lint.slurm.variable-not-set"), nullptr) << quiet << "\n" << ids(q);
  }
}

// `srun torchrun --node_rank=$SLURM_NODEID`: expanded once by the batch shell; inside bash -c '...'
// each task expands its own.
TEST(LintFixTruth, SlurmTaskVariableExpandedOnce) {
  auto once = lint_text("job.sbatch", FileKind::shell,
                        "#SBATCH --nodes=2\nsrun torchrun --nnodes=2 --node_rank=$SLURM_NODEID train.py\n", {});
  const auto* f = first_of(once, "lint.slurm.task-variable-expanded-once");
  ASSERT_NE(f, nullptr) << ids(once);
  EXPECT_EQ(f->finding.severity, core::Severity::error);
  auto quoted =
      lint_text("job.sbatch", FileKind::shell,
                "#SBATCH --nodes=2\nsrun bash -c 'torchrun --nnodes=2 --node_rank=$SLURM_NODEID train.py'\n", {});
  EXPECT_EQ(first_of(quoted, "lint.slurm.task-variable-expanded-once"), nullptr) << ids(quoted);
  auto batch_only = lint_text("job.sbatch", FileKind::shell,
                              "#SBATCH --nodes=1\ntorchrun --nnodes=1 --node_rank=$SLURM_NODEID train.py\n", {});
  EXPECT_EQ(first_of(batch_only, "lint.slurm.task-variable-expanded-once"), nullptr) << ids(batch_only);
}

// Model.fit(arrays, batch_size=N) under a strategy: N is the global batch (Keras batches the arrays
// and distributes that dataset), the same pitfall as .batch(N); a literal under a GLOBAL name is a
// note (the author may mean it), never an edit.
TEST(LintFixTruth, FitBatchSizeIsScaledAndAGlobalLiteralIsANote) {
  const std::string head =
      "import numpy as np\nimport tensorflow as tf\nstrategy = tf.distribute.MultiWorkerMirroredStrategy()\n";
  auto fit = lint_py(head + "x = np.zeros((100, 4))\nmodel.fit(x, x, batch_size=32, epochs=2)\n");
  const auto* f = first_of(fit, "lint.tf.batch-not-scaled");
  ASSERT_NE(f, nullptr) << ids(fit);
  EXPECT_EQ(f->location.line, 5);
  ASSERT_EQ(f->edits.size(), 1u);
  EXPECT_EQ(f->edits[0].replacement, "model.fit(x, x, batch_size=32 * strategy.num_replicas_in_sync, epochs=2)");
  auto again = lint_py(head + "x = np.zeros((100, 4))\n" + f->edits[0].replacement + "\n");
  EXPECT_EQ(first_of(again, "lint.tf.batch-not-scaled"), nullptr) << ids(again);
  // fit(dataset, batch_size=...) is another problem (Keras refuses it), not this one; x is not fit's batch.
  auto ds =
      lint_py(head +
              "ds = tf.data.Dataset.range(8).batch(8 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)\n"
              "model.fit(ds, batch_size=8)\n");
  EXPECT_EQ(first_of(ds, "lint.tf.batch-not-scaled"), nullptr) << ids(ds);
  auto positional = lint_py(head + "model.fit(64, 64)\n");
  EXPECT_EQ(first_of(positional, "lint.tf.batch-not-scaled"), nullptr) << ids(positional);
  // No strategy: fit's batch_size is the step's batch; nothing to say.
  auto plain = lint_py("import numpy as np\nx = np.zeros((100, 4))\nmodel.fit(x, x, batch_size=32)\n");
  EXPECT_EQ(first_of(plain, "lint.tf.batch-not-scaled"), nullptr) << ids(plain);

  auto global = lint_py(head +
                        "GLOBAL_BATCH_SIZE = 64\nds = tf.data.Dataset.range(8).batch(GLOBAL_BATCH_SIZE)\n"
                        "model.fit(ds)\nmodel.fit(x, x, batch_size=GLOBAL_BATCH_SIZE)\n");
  const auto* g = first_of(global, "lint.tf.global-batch-fixed");
  ASSERT_NE(g, nullptr) << ids(global);
  EXPECT_EQ(g->location.line, 4);
  EXPECT_EQ(g->finding.severity, core::Severity::info);
  EXPECT_TRUE(g->edits.empty());
  EXPECT_EQ(std::count_if(g->finding.evidence.begin(), g->finding.evidence.end(),
                          [](const std::string& e) { return e.rfind("used as the batch size at line ", 0) == 0; }),
            2);  // both uses, one note
  EXPECT_EQ(std::count_if(global.begin(), global.end(),
                          [](const LintFinding& x) { return x.finding.id == "lint.tf.global-batch-fixed"; }),
            1);
  EXPECT_EQ(first_of(global, "lint.tf.batch-not-scaled"), nullptr) << ids(global);
  // The pipeline's own fix does not scale a GLOBAL batch either.
  const auto* pipe = first_of(global, "lint.tf.data-pipeline-incomplete");
  ASSERT_NE(pipe, nullptr) << ids(global);
  EXPECT_EQ(pipe->finding.fix.text.find("num_replicas_in_sync"), std::string::npos) << pipe->finding.fix.text;
  // Scaled where it is bound: no note.
  auto scaled = lint_py(head +
                        "GLOBAL_BATCH_SIZE = 64 * strategy.num_replicas_in_sync\n"
                        "ds = tf.data.Dataset.range(8).batch(GLOBAL_BATCH_SIZE)\n");
  EXPECT_EQ(first_of(scaled, "lint.tf.global-batch-fixed"), nullptr) << ids(scaled);
}

// Places a value reaches the job that the stranger's run found unread (issue 27): `env VAR=v cmd`,
// `#SBATCH --export=`, a `${OTHER:-default}`, a {**os.environ, ...} copy for a child, TF_CONFIG's
// task baked into an image.
TEST(LintFixTruth, ValuesInEveryPlaceTheyReachTheJob) {
  auto at = [](const std::vector<LintFinding>& fs, const std::string& id, int line) {
    return std::any_of(fs.begin(), fs.end(),
                       [&](const LintFinding& f) { return f.finding.id == id && f.location.line == line; });
  };
  auto sh = lint_text("job.sbatch", FileKind::shell,
                      "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --export=ALL,NCCL_BUFFSIZE=4MB\n"
                      "env -u X NCCL_SOCKET_NTHREADS=abc python train.py\nexport NCCL_NSOCKS_PERTHREAD=${NS:-4x}\n"
                      "export NCCL_MIN_NCHANNELS=${NS}\n",
                      {});
  EXPECT_TRUE(at(sh, "env.int.trailing-garbage", 3)) << ids(sh);
  EXPECT_TRUE(at(sh, "env.int.not-a-number", 4)) << ids(sh);
  EXPECT_TRUE(at(sh, "env.int.trailing-garbage", 5)) << ids(sh);  // the default, where NS is unset
  EXPECT_FALSE(at(sh, "env.int.not-a-number", 6)) << ids(sh);     // a bare expansion is not judged
  const auto* buf = first_of(sh, "env.int.trailing-garbage");
  ASSERT_NE(buf, nullptr);
  ASSERT_EQ(buf->edits.size(), 1u);
  EXPECT_EQ(buf->edits[0].replacement, "#SBATCH --export=ALL,NCCL_BUFFSIZE=4194304");

  auto py = lint_py(
      "import os, subprocess\nimport torch.distributed as dist\ndist.init_process_group('gloo')\n"
      "env = {**os.environ, 'NCCL_SOCKET_NTHREADS': 'x', 'GLOO_SOCKET_IFNAME': 'eth0'}\n"
      "subprocess.run(['torchrun', 't.py'], env=env)\n");
  EXPECT_TRUE(at(py, "env.int.not-a-number", 4)) << ids(py);
  // The copy is a child's environment: not "set after init" in this process.
  EXPECT_EQ(first_of(py, "lint.torch.env-after-init"), nullptr) << ids(py);
  auto plain_dict = lint_py("cfg = {'NCCL_SOCKET_NTHREADS': 'x'}\n");
  EXPECT_EQ(first_of(plain_dict, "env.int.not-a-number"), nullptr) << ids(plain_dict);

  const std::string cluster = R"({"cluster": {"worker": ["w0:2222", "w1:2222"]}, )";
  auto baked = lint_text("Dockerfile", FileKind::dockerfile,
                         "FROM tensorflow/tensorflow:2.15.0\nENV TF_CONFIG='" + cluster +
                             R"("task": {"type": "worker", "index": 0}}')" + "\nCMD [\"python\", \"train.py\"]\n",
                         {});
  const auto* b = first_of(baked, "lint.docker.tf-config-task-baked");
  ASSERT_NE(b, nullptr) << ids(baked);
  EXPECT_EQ(b->location.line, 2);
  EXPECT_TRUE(b->edits.empty());
  auto cluster_only = lint_text("Dockerfile", FileKind::dockerfile,
                                "FROM x\nENV TF_CONFIG='" + cluster.substr(0, cluster.size() - 2) + "}'\n", {});
  EXPECT_EQ(first_of(cluster_only, "lint.docker.tf-config-task-baked"), nullptr) << ids(cluster_only);
  auto one_task = lint_text("Dockerfile", FileKind::dockerfile,
                            R"(FROM x
ENV TF_CONFIG='{"cluster": {"worker": ["w0:2222"]}, "task": {"type": "worker", "index": 0}}')"
                            "\n",
                            {});
  EXPECT_EQ(first_of(one_task, "lint.docker.tf-config-task-baked"), nullptr) << ids(one_task);
}

// What a stranger's --fix run found (issue 27's held-out check, 2026-12-03): each edit here would
// have broken the job, so it is prose instead.
TEST(LintFixTruth, NoEditThatBreaksTheJob) {
  // batch() before the strategy exists: `strategy` would be a NameError.
  auto early = lint_py(
      "import tensorflow as tf\nds = tf.data.Dataset.range(10).cache().shuffle(5).batch(8).prefetch(tf.data.AUTOTUNE)\n"
      "strategy = tf.distribute.MirroredStrategy()\nmodel.fit(ds)\n");
  const auto* b = first_of(early, "lint.tf.batch-not-scaled");
  ASSERT_NE(b, nullptr) << ids(early);
  EXPECT_TRUE(b->edits.empty()) << b->edits[0].replacement;
  // a dataset function for distribute_datasets_from_function batches per replica: no finding.
  auto per_replica = lint_py(
      "import tensorflow as tf\nstrategy = tf.distribute.MirroredStrategy()\n"
      "def input_fn(ctx):\n    return tf.data.Dataset.range(10).batch(64)\n"
      "dist = strategy.distribute_datasets_from_function(input_fn)\n");
  EXPECT_EQ(first_of(per_replica, "lint.tf.batch-not-scaled"), nullptr) << ids(per_replica);
  // --ignore lint.tf.batch-not-scaled: the pipeline's edit does not scale the batch either.
  LintOptions o;
  o.unsafe_fixes = true;
  o.rules.ignore = {"lint.tf.batch-not-scaled"};
  auto ignored = lint_text("t.py", FileKind::python,
                           "import tensorflow as tf\nstrategy = tf.distribute.MirroredStrategy()\n"
                           "ds = tf.data.Dataset.range(10).batch(32).shuffle(5)\nmodel.fit(ds)\n",
                           o);
  const auto* pipe = first_of(ignored, "lint.tf.data-pipeline-incomplete");
  ASSERT_NE(pipe, nullptr) << ids(ignored);
  ASSERT_EQ(pipe->edits.size(), 1u);
  EXPECT_EQ(pipe->edits[0].replacement.find("num_replicas_in_sync"), std::string::npos) << pipe->edits[0].replacement;
  // python -m torch.distributed.launch without --use_env: the script reads --local_rank.
  auto no_env =
      lint_text("run.sh", FileKind::shell, "python -m torch.distributed.launch --nproc_per_node=2 train.py\n", {});
  const auto* l = first_of(no_env, "lint.torch.launch-deprecated");
  ASSERT_NE(l, nullptr) << ids(no_env);
  EXPECT_TRUE(l->edits.empty());
  EXPECT_NE(l->finding.fix.text.find("LOCAL_RANK"), std::string::npos) << l->finding.fix.text;
  // with --use_env: the user's interpreter and its flags stay.
  auto venv =
      lint_text("run.sh", FileKind::shell,
                "/opt/venv/bin/python -u -m torch.distributed.launch --use_env --nproc_per_node=2 train.py\n", {});
  const auto* v = first_of(venv, "lint.torch.launch-deprecated");
  ASSERT_NE(v, nullptr) << ids(venv);
  ASSERT_EQ(v->edits.size(), 1u);
  EXPECT_EQ(v->edits[0].replacement, "/opt/venv/bin/python -u -m torch.distributed.run --nproc_per_node=2 train.py");
  // a plain YAML value that becomes a number is quoted (a pod's env value must be a string).
  auto pod =
      lint_text("p.yaml", FileKind::yaml,
                "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: t\n    env:\n    - name: NCCL_BUFFSIZE\n"
                "      value: 4MB\n",
                {});
  const auto* y = first_of(pod, "env.int.trailing-garbage");
  ASSERT_NE(y, nullptr) << ids(pod);
  ASSERT_EQ(y->edits.size(), 1u);
  EXPECT_EQ(y->edits[0].replacement, "      value: \"4194304\"");
  // a note is a suggestion: no edit (NCCL_DEBUG=INFO while diagnosing a hang).
  auto debug = lint_text("run.sh", FileKind::shell, "export NCCL_DEBUG=INFO\n", {});
  const auto* d = first_of(debug, "env.perf.debug-info");
  ASSERT_NE(d, nullptr) << ids(debug);
  EXPECT_TRUE(d->edits.empty());
  // Windows: NCCL values are not rewritten (NCCL does not exist there); the NCCL settings are said.
  auto win = lint_py("import os\nos.environ[\"NCCL_BUFFSIZE\"] = \"4MB\"\n", env::Platform::windows);
  const auto* w = first_of(win, "env.int.trailing-garbage");
  if (w != nullptr) {
    EXPECT_TRUE(w->edits.empty());
  }
  EXPECT_NE(first_of(win, "env.windows.no-nccl"), nullptr) << ids(win);
}

// The second stranger's run (2026-12-03, 60 files written from the method): each of these edits
// broke the job when applied; now the edit is right or there is none (the fix stays prose).
TEST(LintFixTruth, SecondStrangerEditsKeepTheJobRunning) {
  auto parses = [](const std::string& src) { return first_of(lint_py(src), "lint.python.syntax-error") == nullptr; };
  // A chain in parentheses over several lines keeps its parentheses (else an IndentationError).
  std::string paren =
      "import tensorflow as tf\nstrategy = tf.distribute.MirroredStrategy()\nBATCH = 64\n"
      "ds = (tf.data.Dataset.from_tensor_slices((x, y))\n      .shuffle(10000)\n      .cache()\n      .batch(BATCH)\n"
      "      .prefetch(tf.data.AUTOTUNE))\nmodel.fit(ds, epochs=3)\n";
  auto pf = lint_py(paren);
  const auto* p = first_of(pf, "lint.tf.data-pipeline-incomplete");
  ASSERT_NE(p, nullptr) << ids(pf);
  ASSERT_FALSE(p->edits.empty());
  auto fixed = apply_edits(paren, p->edits);
  ASSERT_TRUE(fixed);
  EXPECT_TRUE(parses(*fixed)) << *fixed;
  EXPECT_NE(fixed->find("ds = (tf.data.Dataset.from_tensor_slices((x, y))\n      .cache()\n      .shuffle(10000)"),
            std::string::npos)
      << *fixed;
  // A missing cache() goes before an endless repeat() (after it, cache() never finishes filling).
  // Only performance advice (no cache, no prefetch): a note, whose line --fix leaves.
  auto rf = lint_py(
      "import tensorflow as tf\ndataset = tf.data.Dataset.from_tensor_slices((x, y))\n"
      "dataset = dataset.repeat().shuffle(10000).batch(128)\nmodel.fit(dataset, steps_per_epoch=100)\n");
  const auto* r = first_of(rf, "lint.tf.data-pipeline-incomplete");
  ASSERT_NE(r, nullptr) << ids(rf);
  EXPECT_EQ(r->finding.severity, core::Severity::info);
  EXPECT_TRUE(r->edits.empty());
  EXPECT_EQ(r->finding.fix.text,
            "dataset = dataset.cache().repeat().shuffle(10000).batch(128).prefetch(tf.data.AUTOTUNE)");
  // A misspelt name read back later in the file: renaming only the assignment would make the read a
  // KeyError, so no edit; alone, the rename is an edit.
  std::string misspelt =
      "import os\nos.environ[\"NCCL_SOCKET_IFNAM\"] = \"eth0\"\nprint(os.environ[\"NCCL_SOCKET_IFNAM\"])\n";
  auto mf = lint_py(misspelt);
  const auto* u = first_of(mf, "env.unknown-name");
  ASSERT_NE(u, nullptr) << ids(mf);
  EXPECT_TRUE(u->edits.empty()) << u->edits[0].replacement;
  auto af = lint_py("import os\nos.environ[\"NCCL_SOCKET_IFNAM\"] = \"eth0\"\n");
  const auto* alone = first_of(af, "env.unknown-name");
  ASSERT_NE(alone, nullptr);
  ASSERT_EQ(alone->edits.size(), 1u);
  EXPECT_EQ(alone->edits[0].replacement, "os.environ[\"NCCL_SOCKET_IFNAME\"] = \"eth0\"");
  // A finite dataset of unknown size under a one-machine strategy just ends the epoch: no finding.
  // Across workers it is a warning whose fix adds repeat() too, and no steps_per_epoch edit (with
  // steps_per_epoch and no repeat(), Keras stops after the first epoch).
  std::string finite =
      "import tensorflow as tf\nstrategy = tf.distribute.{}()\nSTEPS_PER_EPOCH = 10\n"
      "ds = tf.data.TFRecordDataset(files).filter(ok).cache().shuffle(100).batch(64 * strategy.num_replicas_in_sync)"
      ".prefetch(tf.data.AUTOTUNE)\nmodel.fit(ds, epochs=3)\n";
  auto with = [&](const std::string& strategy) {
    std::string s = finite;
    s.replace(s.find("{}"), 2, strategy);
    return lint_py(s);
  };
  EXPECT_EQ(first_of(with("MirroredStrategy"), "lint.tf.unknown-cardinality-fit"), nullptr)
      << ids(with("MirroredStrategy"));
  auto mw = with("MultiWorkerMirroredStrategy");
  const auto* c = first_of(mw, "lint.tf.unknown-cardinality-fit");
  ASSERT_NE(c, nullptr) << ids(mw);
  EXPECT_TRUE(c->edits.empty());
  EXPECT_NE(c->finding.fix.text.find(".repeat()"), std::string::npos) << c->finding.fix.text;
  // MASTER_ADDR=localhost: the fix is written in the file's own language; scontrol only under Slurm.
  auto master_fix = [](const std::string& path, FileKind kind, const std::string& text) {
    auto fs = lint_text(path, kind, text, {});
    const auto* m = first_of(fs, "lint.launch.master-addr-localhost");
    return m == nullptr ? "(no finding) " + ids(fs) : m->finding.fix.text;
  };
  std::string launch =
      "torchrun --nnodes=2 --node_rank=$NODE_RANK --master_addr=$MASTER_ADDR --nproc_per_node=8 train.py\n";
  EXPECT_EQ(
      master_fix("run.sh", FileKind::shell, "export MASTER_ADDR=localhost\n" + launch),
      "export MASTER_ADDR=RANK0_HOST  # RANK0_HOST: the rank-0 node's host name or address, the same on every node");
  // pasted into bash it runs: nothing but a plain word before the comment
  std::string pasted = master_fix("run.sh", FileKind::shell, "export MASTER_ADDR=localhost\n" + launch);
  EXPECT_EQ(pasted.substr(0, pasted.find('#')).find_first_of("'\"<>|;&`$("), std::string::npos) << pasted;
  EXPECT_NE(master_fix("job.sbatch", FileKind::shell, "#SBATCH --nodes=2\nexport MASTER_ADDR=localhost\n" + launch)
                .find("scontrol show hostnames"),
            std::string::npos);
  // a Dockerfile's ENV takes no trailing comment ("#" would be part of the value): it goes above
  EXPECT_EQ(master_fix("Dockerfile", FileKind::dockerfile, "FROM x\nENV MASTER_ADDR=localhost\nCMD " + launch),
            "# RANK0_HOST: the rank-0 node's host name or address, the same on every node\nENV MASTER_ADDR=RANK0_HOST");
}

}  // namespace
}  // namespace dd::lint
