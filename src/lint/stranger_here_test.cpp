// Issue 27, the stranger's run of 2026-12-04 (tests/data/stranger/lint-2026-12-04): interface
// values judged against the right machine, NCCL's reading of "true", and the rendezvous fix. Every
// edit printed here is applied and the result linted again.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/export_line.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::fixed;
using test::ids;

LintOptions here_with_eth0() {
  LintOptions o;
  o.here = true;
  os::AddressEntry lo{"lo", "lo", os::Family::inet, "127.0.0.1", 8, 0, true, true, true};
  os::AddressEntry eth{"eth0", "eth0", os::Family::inet, "198.18.0.2", 24, 0, true, true, false};
  o.entries = {lo, eth};
  return o;
}

// Item 2: ib0 is absent on the lint machine; a file that runs on other machines is not rewritten to
// this machine's eth0 (a note names both sides instead). A script that runs only here still is.
TEST(LintStrangerGaps, HereNeverRewritesAFileThatRunsOnOtherNodes) {
  auto o = here_with_eth0();
  struct Case {
    std::string path, text, why;
  };
  for (const auto& c : std::vector<Case>{
           {"job.sbatch", "#!/bin/bash\n#SBATCH -N 1\nexport NCCL_SOCKET_IFNAME=ib0\npython train.py\n", "#SBATCH"},
           {"hvd.sh", "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=ib0\nhorovodrun -np 16 -H node1:8,node2:8 python t.py\n",
            "horovodrun with a host list"},
           {"remote.sh", "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=ib0\nssh gpu02 python t.py\n", "ssh"},
           {"step.sh", "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=ib0\nsrun python t.py\n", "srun"},
           {"Dockerfile", "FROM pytorch/pytorch\nENV NCCL_SOCKET_IFNAME=ib0\n", "Dockerfile"},
           // fix-2026-12-07t c07 (clean): a container's env file
           {"node.env", "NCCL_SOCKET_IFNAME=ib0\nMASTER_ADDR=10.11.0.5\n", "an env file"},
       }) {
    auto fs = lint_text(c.path, kind_of(c.path), c.text, o);
    EXPECT_TRUE(all_of(fs, "lint.here.ifname-matches-nothing").empty()) << c.path << ": " << ids(fs);
    auto note = all_of(fs, "lint.here.ifname-absent-here");
    ASSERT_EQ(note.size(), 1u) << c.path << ": " << ids(fs);
    EXPECT_EQ(note[0]->finding.severity, core::Severity::info);
    EXPECT_TRUE(note[0]->edits.empty()) << c.path;
    std::string evidence;
    for (const auto& e : note[0]->finding.evidence) evidence += e + "\n";
    EXPECT_NE(evidence.find(c.why), std::string::npos) << c.path << ": " << evidence;
    EXPECT_EQ(note[0]->finding.fix.text.find("eth0"), std::string::npos) << note[0]->finding.fix.text;
    EXPECT_EQ(fixed(c.path, c.text, fs).find("IFNAME=eth0"), std::string::npos) << c.path;
  }
  // A script that runs here, on one machine: the edit to this machine's interface stays.
  std::string local = "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=ib0\ntorchrun --nproc_per_node=8 t.py\n";
  auto fs = lint_text("local.sh", FileKind::shell, local, o);
  ASSERT_EQ(all_of(fs, "lint.here.ifname-matches-nothing").size(), 1u) << ids(fs);
  std::string after = fixed("local.sh", local, fs);
  EXPECT_NE(after.find("export NCCL_SOCKET_IFNAME=eth0\n"), std::string::npos) << after;
  auto again = lint_text("local.sh", FileKind::shell, after, o);
  for (const auto& f : again) EXPECT_NE(f.finding.id.rfind("lint.here.", 0), 0u) << ids(again);
}

// Item 3: lo in a job that spans nodes is loopback on every node: said without --here, once with it,
// and the edit (removing the setting) leaves a file with no such finding.
TEST(LintStrangerGaps, LoopbackIfnameInAMultiNodeJobNeedsNoHere) {
  const std::string job =
      "#!/bin/bash\n"
      "#SBATCH -N 2\n"
      "export NCCL_SOCKET_IFNAME=lo\n"
      "export GLOO_SOCKET_IFNAME==lo\n"
      "srun torchrun --nnodes=2 --nproc_per_node=4 t.py\n";
  auto fs = lint_text("job.sbatch", FileKind::shell, job, LintOptions{});
  auto found = all_of(fs, "lint.env.ifname-loopback");
  ASSERT_EQ(found.size(), 1u) << ids(fs);  // GLOO's "=lo" is the name "=lo", not loopback
  EXPECT_EQ(found[0]->location.line, 3);
  EXPECT_EQ(found[0]->finding.severity, core::Severity::error);
  ASSERT_EQ(found[0]->edits.size(), 1u);
  // Gloo's "=lo" is an exact-name syntax error (the audit's); its rewrite to "lo" would be loopback
  // in a multi-node job, so that finding keeps its prose and no edit.
  auto gloo = all_of(fs, "env.gloo.ifname-syntax");
  ASSERT_EQ(gloo.size(), 1u) << ids(fs);
  EXPECT_TRUE(gloo[0]->edits.empty());
  std::string after = fixed("job.sbatch", job, fs);
  EXPECT_EQ(after.find("NCCL_SOCKET_IFNAME=lo"), std::string::npos) << after;
  EXPECT_NE(after.find("export GLOO_SOCKET_IFNAME==lo\n"), std::string::npos) << after;
  EXPECT_TRUE(
      all_of(lint_text("job.sbatch", FileKind::shell, after, LintOptions{}), "lint.env.ifname-loopback").empty());

  for (std::string value : {"=lo", "lo,lo"}) {
    auto more =
        lint_text("j.sh", FileKind::shell, "export NCCL_SOCKET_IFNAME=" + value + "\ntorchrun --nnodes 2 t.py\n", {});
    EXPECT_EQ(all_of(more, "lint.env.ifname-loopback").size(), 1u) << value << ": " << ids(more);
  }
  // One node, or an exclusion list (judged only against real interfaces): nothing.
  auto one = lint_text("j.sh", FileKind::shell, "export NCCL_SOCKET_IFNAME=lo\ntorchrun --nproc_per_node 2 t.py\n", {});
  EXPECT_TRUE(all_of(one, "lint.env.ifname-loopback").empty()) << ids(one);
  auto excl = lint_text("j.sh", FileKind::shell, "export NCCL_SOCKET_IFNAME=^docker0\ntorchrun --nnodes 2 t.py\n", {});
  EXPECT_TRUE(all_of(excl, "lint.env.ifname-loopback").empty()) << ids(excl);
  // With --here: the same one finding, not a second one from this machine's view.
  auto here = lint_text("job.sbatch", FileKind::shell, job, here_with_eth0());
  EXPECT_EQ(all_of(here, "lint.env.ifname-loopback").size(), 1u) << ids(here);
  EXPECT_TRUE(all_of(here, "lint.here.ifname-loopback").empty()) << ids(here);
}

// Item 4: NCCL reads NCCL_P2P_DISABLE with strtol, so "true" is 0 and P2P stays enabled. The
// finding says so; no edit is applied (either choice changes behaviour or is warned about), and
// the text names both choices. "false" is 0 as NCCL reads it: the edit to 0 keeps behaviour.
TEST(LintStrangerGaps, P2pDisableTrueSaysWhatNcclDoesAndAppliesNoSilentChange) {
  const std::string job = "#!/bin/bash\nexport NCCL_P2P_DISABLE=true\npython t.py\n";
  auto fs = lint_text("job.sh", FileKind::shell, job, LintOptions{});
  auto found = all_of(fs, "env.bool.invalid");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const auto& p2p = *found[0];
  EXPECT_EQ(p2p.location.line, 2);
  EXPECT_NE(p2p.finding.title.find("reads it as the number 0"), std::string::npos) << p2p.finding.title;
  EXPECT_TRUE(p2p.edits.empty());
  EXPECT_TRUE(p2p.finding.fix.env.empty());
  EXPECT_NE(p2p.finding.fix.text.find("NCCL_P2P_DISABLE=0"), std::string::npos) << p2p.finding.fix.text;
  EXPECT_NE(p2p.finding.fix.text.find("NCCL_P2P_DISABLE=1"), std::string::npos) << p2p.finding.fix.text;
  EXPECT_NE(p2p.finding.fix.text.find("env.perf.p2p-disabled"), std::string::npos) << p2p.finding.fix.text;
  EXPECT_EQ(fixed("job.sh", job, fs), job);
  // "false" is 0 as NCCL reads it: the edit writes 0 and the next run is silent.
  const std::string off = "#!/bin/bash\nexport NCCL_P2P_DISABLE=false\npython t.py\n";
  auto off_fs = lint_text("off.sh", FileKind::shell, off, LintOptions{});
  auto off_found = all_of(off_fs, "env.bool.invalid");
  ASSERT_EQ(off_found.size(), 1u) << ids(off_fs);
  ASSERT_EQ(off_found[0]->edits.size(), 1u);
  std::string after = fixed("off.sh", off, off_fs);
  EXPECT_NE(after.find("export NCCL_P2P_DISABLE=0\n"), std::string::npos) << after;
  EXPECT_TRUE(lint_text("off.sh", FileKind::shell, after, LintOptions{}).empty());
  // Each of the two printed choices, applied: =0 draws nothing; =1 draws exactly the warning named.
  auto zero = lint_text("j.sh", FileKind::shell, "export NCCL_P2P_DISABLE=0\n", {});
  EXPECT_TRUE(zero.empty()) << ids(zero);
  auto one = lint_text("j.sh", FileKind::shell, "export NCCL_P2P_DISABLE=1\n", {});
  EXPECT_EQ(ids(one), "env.perf.p2p-disabled@1 ");
}

// Item 11: the rendezvous fix keeps the user's port and flag, and names $MASTER_ADDR only where
// the file sets it; otherwise a placeholder word that pastes into bash.
TEST(LintStrangerGaps, RendezvousFixKeepsThePortAndUsesOnlyDefinedVariables) {
  const std::string job =
      "#!/bin/bash\n"
      "torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=localhost:29400 t.py\n"
      "torchrun --nnodes=2 --nproc_per_node=8 --master-addr=127.0.0.1 --master_port=29500 t.py\n";
  auto fs = lint_text("run.sh", FileKind::shell, job, {});
  auto found = all_of(fs, "lint.launch.master-addr-localhost");
  ASSERT_EQ(found.size(), 2u) << ids(fs);
  // the address is followed by the script: the fix is the whole line (a `# comment` pasted over the
  // address would swallow the script; a sixth stranger's r01)
  EXPECT_EQ(found[0]->finding.fix.text,
            "torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=RANK0_HOST:29400 t.py");
  EXPECT_EQ(found[1]->finding.fix.text,
            "torchrun --nnodes=2 --nproc_per_node=8 --master-addr=RANK0_HOST --master_port=29500 t.py");
  auto defined = lint_text("run.sh", FileKind::shell,
                           "#!/bin/bash\nexport MASTER_ADDR=gpu01\n"
                           "torchrun --nnodes=2 --rdzv-endpoint=127.0.0.1:29400 t.py\n",
                           {});
  auto d = all_of(defined, "lint.launch.master-addr-localhost");
  ASSERT_EQ(d.size(), 1u) << ids(defined);
  EXPECT_EQ(d[0]->finding.fix.text, "torchrun --nnodes=2 --rdzv-endpoint=$MASTER_ADDR:29400 t.py");
}

// Item 5: a YAML file that does not parse among others is reported (file, line, problem) and the
// others are still linted; exit 2 (an error result) only when nothing usable was given.
TEST(LintStrangerGaps, UnparsableYamlAmongOthersIsReportedAndTheOthersLinted) {
  auto dir = std::filesystem::temp_directory_path() / ("dd-lint-unparsed-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  std::string helm = write("job.yaml", "apiVersion: batch/v1\nkind: Job\nspec:\n  x: {{ .Values.x }\n  y: [\n");
  std::string sh = write("run.sh", "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=\"ens1f0 \"\n");
  auto both = lint_paths({helm, sh}, LintOptions{});
  ASSERT_TRUE(static_cast<bool>(both)) << both.error().message;
  std::string seen = ids(both->findings);
  EXPECT_NE(seen.find("lint.env.ifname-whitespace@2"), std::string::npos) << seen;
  auto unparsed = all_of(both->findings, "lint.input.unparsed");
  ASSERT_EQ(unparsed.size(), 1u) << seen;
  EXPECT_EQ(unparsed[0]->location.file, helm);
  EXPECT_NE(unparsed[0]->finding.title.find(helm + ":"), std::string::npos) << unparsed[0]->finding.title;
  // The folder run says the same.
  auto folder = lint_paths({dir.string()}, LintOptions{});
  ASSERT_TRUE(static_cast<bool>(folder));
  EXPECT_EQ(all_of(folder->findings, "lint.input.unparsed").size(), 1u);
  // Nothing usable: the unparsable file alone is unreadable input (exit 2), its message names it.
  auto alone = lint_paths({helm}, LintOptions{});
  ASSERT_FALSE(static_cast<bool>(alone));
  EXPECT_EQ(alone.error().kind, core::ErrorKind::unreadable);
  EXPECT_NE(alone.error().message.find(helm + ":"), std::string::npos) << alone.error().message;
  std::filesystem::remove_all(dir);
}

// Items 7 and 10: scaling the batch is a hyperparameter change (the batch may be meant as the global
// one). By default it is a suggestion: no edit, the printed text is the scaled call with why, and the
// pipeline finding's edit on the same line leaves the batch alone, so what is printed is what --fix
// applies. With --unsafe-fixes both findings print and apply the one scaled line. With the strategy
// defined after the line (keras_bad.py of the stranger set) the text was the unscaled pipeline line.
TEST(LintStrangerGaps, BatchScalingIsASuggestionUnlessAskedFor) {
  const std::string head = "import tensorflow as tf\nstrategy = tf.distribute.MirroredStrategy()\n";
  const std::string line = "ds = tf.data.Dataset.from_tensor_slices(x).batch(64).shuffle(100)\n";
  const std::string src = head + line + "model.fit(ds)\n";
  auto fs = lint_text("t.py", FileKind::python, src, {});
  auto batch = all_of(fs, "lint.tf.batch-not-scaled");
  auto pipe = all_of(fs, "lint.tf.data-pipeline-incomplete");
  ASSERT_EQ(batch.size(), 1u) << ids(fs);
  ASSERT_EQ(pipe.size(), 1u) << ids(fs);
  EXPECT_TRUE(batch[0]->edits.empty());
  EXPECT_EQ(
      batch[0]->finding.fix.text.rfind(".batch(64 * strategy.num_replicas_in_sync)  # changes the global batch", 0), 0u)
      << batch[0]->finding.fix.text;
  EXPECT_NE(batch[0]->finding.fix.text.find("--unsafe-fixes"), std::string::npos);
  std::string evidence;
  for (const auto& e : batch[0]->finding.evidence) evidence += e + "\n";
  EXPECT_NE(evidence.find("hyperparameter change"), std::string::npos) << evidence;
  ASSERT_EQ(pipe[0]->edits.size(), 1u);
  EXPECT_EQ(pipe[0]->edits[0].replacement, pipe[0]->finding.fix.text);
  EXPECT_EQ(pipe[0]->finding.fix.text.find("num_replicas_in_sync"), std::string::npos) << pipe[0]->finding.fix.text;
  std::string after = fixed("t.py", src, fs);
  EXPECT_EQ(after.find("num_replicas_in_sync"), std::string::npos) << after;
  auto again = lint_text("t.py", FileKind::python, after, {});
  EXPECT_TRUE(all_of(again, "lint.tf.data-pipeline-incomplete").empty()) << ids(again);
  EXPECT_EQ(all_of(again, "lint.tf.batch-not-scaled").size(), 1u) << ids(again);  // still said, not a new one

  LintOptions unsafe;
  unsafe.unsafe_fixes = true;
  auto asked = lint_text("t.py", FileKind::python, src, unsafe);
  auto b2 = all_of(asked, "lint.tf.batch-not-scaled");
  auto p2 = all_of(asked, "lint.tf.data-pipeline-incomplete");
  ASSERT_EQ(b2.size(), 1u);
  ASSERT_EQ(p2.size(), 1u);
  ASSERT_EQ(b2[0]->edits.size(), 1u);
  EXPECT_EQ(b2[0]->finding.fix.text, p2[0]->finding.fix.text);
  EXPECT_EQ(b2[0]->edits[0].replacement, b2[0]->finding.fix.text);
  std::string scaled = fixed("t.py", src, asked);
  EXPECT_NE(scaled.find(".batch(64 * strategy.num_replicas_in_sync)"), std::string::npos) << scaled;
  EXPECT_TRUE(all_of(lint_text("t.py", FileKind::python, scaled, unsafe), "lint.tf.batch-not-scaled").empty());

  // The strategy defined after the line: the text is the scaled call and when it can be written,
  // not the pipeline's line.
  const std::string early =
      "import tensorflow as tf\n" + line + "strategy = tf.distribute.MirroredStrategy()\nmodel.fit(ds)\n";
  auto early_fs = lint_text("t.py", FileKind::python, early, unsafe);
  auto e = all_of(early_fs, "lint.tf.batch-not-scaled");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_TRUE(e[0]->edits.empty());
  EXPECT_EQ(e[0]->finding.fix.text.rfind(".batch(64 * strategy.num_replicas_in_sync)  # once `strategy`", 0), 0u)
      << e[0]->finding.fix.text;
}

// Item 11: a fix line that adds its own comment does not repeat the user's trailing comment (a '#'
// inside a string is not one); the printed line still parses as Python (the round trip's ast check).
TEST(LintStrangerGaps, FixLinesDoNotRepeatTheUsersComment) {
  const std::string src =
      "import os\nimport torch.distributed as dist\n"
      "dist.init_process_group(backend=\"nccl\")\n"
      "os.environ[\"NCCL_DEBUG\"] = \"INFO\"   # set after init: no effect\n"
      "os.environ[\"NCCL_DEBUG_SUBSYS\"] = \"INIT#NET\"\n";
  auto fs = lint_text("t.py", FileKind::python, src, {});
  auto late = all_of(fs, "lint.torch.env-after-init");
  ASSERT_EQ(late.size(), 2u) << ids(fs);
  EXPECT_EQ(late[0]->finding.fix.text.rfind("os.environ[\"NCCL_DEBUG\"] = \"INFO\"  # move above line 3", 0), 0u)
      << late[0]->finding.fix.text;
  EXPECT_EQ(late[0]->finding.fix.text.find("no effect"), std::string::npos) << late[0]->finding.fix.text;
  EXPECT_EQ(late[1]->finding.fix.text.rfind("os.environ[\"NCCL_DEBUG_SUBSYS\"] = \"INIT#NET\"  # move above", 0), 0u)
      << late[1]->finding.fix.text;
  // A collective moved out of a rank branch: now an edit (the branch split, issue 27's third
  // stranger), the user's line as written at the branch's indentation, printed without indentation.
  auto branch = lint_text("b.py", FileKind::python,
                          "import torch.distributed as dist\ndef f(rank):\n    if rank == 0:\n"
                          "        dist.barrier()  # sync\n",
                          {});
  auto c = all_of(branch, "lint.torch.collective-under-rank-branch");
  ASSERT_EQ(c.size(), 1u) << ids(branch);
  EXPECT_EQ(c[0]->finding.fix.text, "lines 3-4 become: dist.barrier()  # sync");  // the branch's two lines
  ASSERT_EQ(c[0]->edits.size(), 1u);
  EXPECT_EQ(c[0]->edits[0].line, 3);
  EXPECT_EQ(c[0]->edits[0].end_line, 4);
  EXPECT_EQ(c[0]->edits[0].replacement, "    dist.barrier()  # sync");
}

// Item 11: a Python script that sets its own environment gets the variable to set in Python, not an
// `export` line (core::env_setting's python form); the printed line is Python that sets that value.
TEST(LintStrangerGaps, PythonFilesGetEnvFixesInPython) {
  EXPECT_EQ(core::env_setting(core::EnvSyntax::python, "NCCL_DEBUG", "WARN"), "os.environ[\"NCCL_DEBUG\"] = \"WARN\"");
  EXPECT_EQ(core::env_setting(core::EnvSyntax::python, "A", "x\"y\\"), "os.environ[\"A\"] = \"x\\\"y\\\\\"");
  EXPECT_EQ(core::env_setting(core::EnvSyntax::python, "NCCL_P2P_DISABLE", ""),
            "os.environ.pop(\"NCCL_P2P_DISABLE\", None)");
  LintReport r;
  r.files = {"train.py"};
  r.findings =
      lint_text("train.py", FileKind::python,
                "import os\nos.environ[\"NCCL_DEBUG\"] = \"WARNING\"\nos.environ[\"NCCL_P2P_DISABLE\"] = \"1\"\n", {});
  std::string text = render_text(r, report::Style(false));
  EXPECT_EQ(text.find("export "), std::string::npos) << text;
  EXPECT_EQ(text.find("          unset "), std::string::npos) << text;
  EXPECT_NE(text.find("os.environ[\"NCCL_DEBUG\"] = \"WARN\""), std::string::npos) << text;
  EXPECT_NE(text.find("os.environ.pop(\"NCCL_P2P_DISABLE\", None)"), std::string::npos) << text;
}

}  // namespace
}  // namespace dd::lint
