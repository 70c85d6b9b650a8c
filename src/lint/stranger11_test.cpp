// The eleventh stranger's run (tests/data/stranger/fix-2026-12-05h): a CRLF sbatch whose broken `\`
// continuation produced a second, wrong finding; MASTER_ADDR=localhost in a Windows .bat; `$i` in
// an ssh string that also sources a virtualenv; a flag quoted under another name. Each case is read
// as the stranger wrote it and the printed fix applied; tests/system/lint/stranger11_cases.sh runs
// the applied files (lint --fix, a fake ssh).
#include <gtest/gtest.h>

#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::case_text;
using test::ids;
using test::lint_as;

const std::string k_stranger11_cases = "fix-2026-12-05h";  // tests/data/stranger/fix-2026-12-05h/cases

// p18: every line ends in CRLF; lines 11-13 are one torchrun command continued with `\`. The CR
// ends it on line 11, so the rendezvous flags of line 12 never reach torchrun: no finding may read
// the command as if they did not exist (or did). The CRLF finding comes first and names the lines;
// its edit applied, the flags are read and nothing is left.
TEST(LintStranger11, CrlfBrokenContinuationLeavesOnlyTheCrlfFinding) {
  const std::string text = case_text(k_stranger11_cases, "p18_crlf_edited_on_windows.sbatch");
  ASSERT_NE(text.find("\\\r\n"), std::string::npos);
  auto fs = lint_as("p18.sbatch", text);
  ASSERT_FALSE(fs.empty());
  EXPECT_EQ(fs[0].finding.id, "lint.shell.crlf-line-endings") << ids(fs);
  EXPECT_TRUE(all_of(fs, "lint.torch.static-rendezvous-no-node-rank").empty()) << ids(fs);
  for (const auto& f : fs) {
    bool on_command = f.location.line >= 11 && f.location.line <= 13;
    EXPECT_FALSE(on_command && f.finding.id != "lint.shell.crlf-line-endings") << f.finding.id;
  }
  std::string said;
  for (const auto& e : fs[0].finding.evidence) said += e + "\n";
  EXPECT_NE(said.find("lines 11-13 are one command continued with `\\`"), std::string::npos) << said;
  EXPECT_NE(said.find("1 finding on those lines left out"), std::string::npos) << said;
  std::string after = test::fixed("p18.sbatch", text, fs);
  EXPECT_EQ(after.find('\r'), std::string::npos);
  auto again = lint_as("p18.sbatch", after);
  EXPECT_TRUE(again.empty()) << ids(again);
}

// A CRLF file without a continued command keeps its other findings (nothing was read wrongly).
TEST(LintStranger11, CrlfWithoutContinuationKeepsTheOtherFindings) {
  const std::string text =
      "#!/bin/bash\r\n#SBATCH --nodes=2\r\nsrun torchrun --nnodes=2 --nproc_per_node=4 train.py\r\n";
  auto fs = lint_as("run.sbatch", text);
  ASSERT_FALSE(fs.empty());
  EXPECT_EQ(fs[0].finding.id, "lint.shell.crlf-line-endings") << ids(fs);
  EXPECT_FALSE(all_of(fs, "lint.torch.static-rendezvous-no-node-rank").empty()) << ids(fs);
}

// p17: a Windows batch file sets MASTER_ADDR=localhost for node 1 of 2. lint reads its `set` lines;
// the fix is written in batch syntax, and applied as printed (RANK0_HOST filled in) the file is clean.
TEST(LintStranger11, BatchFileSetLinesAreRead) {
  EXPECT_EQ(kind_of("launch.bat"), FileKind::batch);
  EXPECT_EQ(kind_of("LAUNCH.CMD"), FileKind::batch);
  const std::string text = case_text(k_stranger11_cases, "p17_launch_windows.bat");
  auto fs = lint_as("p17.bat", text);
  auto found = all_of(fs, "lint.launch.master-addr-localhost");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->location.line, 3);
  const std::string fix = found[0]->finding.fix.text;
  EXPECT_EQ(fix,
            "REM RANK0_HOST: the rank-0 node's host name or address, the same on every node\n"
            "set MASTER_ADDR=RANK0_HOST");
  // applied as printed: line 3 becomes the two lines, RANK0_HOST filled in
  std::string after = text;
  std::string filled = fix;
  filled.replace(filled.rfind("RANK0_HOST"), 10, "10.0.0.1");
  const std::string old_line = "set MASTER_ADDR=localhost";
  auto at = after.find(old_line);
  ASSERT_NE(at, std::string::npos);
  after.replace(at, old_line.size(), filled);
  auto again = lint_as("p17.bat", after);
  EXPECT_TRUE(all_of(again, "lint.launch.master-addr-localhost").empty()) << ids(again);
  for (const auto& f : again) EXPECT_NE(f.finding.severity, core::Severity::error) << f.finding.id;
}

// Standard input: a batch file is recognised; a text that says nothing is not guessed as Python.
TEST(LintStranger11, StdinKindIsGuessedOnlyWhenTheTextSaysIt) {
  EXPECT_EQ(sniff_kind(case_text(k_stranger11_cases, "p17_launch_windows.bat")), FileKind::batch);
  EXPECT_EQ(sniff_kind("REM node 0\nset MASTER_ADDR=10.0.0.1\n"), FileKind::batch);
  EXPECT_EQ(sniff_kind("set MASTER_ADDR=localhost\ntorchrun --nnodes=2 train.py\n"), FileKind::none);
  EXPECT_EQ(sniff_kind("MASTER_ADDR=localhost\n"), FileKind::none);
  EXPECT_EQ(sniff_kind("x = 1\nprint(x)\n"), FileKind::none);
  EXPECT_EQ(sniff_kind("import os\nx = 1\n"), FileKind::python);
  EXPECT_EQ(sniff_kind("# a script\nfrom torch import distributed as dist\n"), FileKind::python);
  EXPECT_EQ(kind_named("bat"), FileKind::batch);
  EXPECT_EQ(kind_named("py"), FileKind::python);
  EXPECT_EQ(kind_named("perl"), FileKind::none);
}

// p26: `ssh "$host" 'cd ... && source .venv/bin/activate && torchrun ... --node_rank=$i ...'` in a
// loop over i. A virtualenv's activate sets no name of this script, so $i is still this script's:
// the finding, with the edit that splices $i out of the quotes and keeps the `source`.
TEST(LintStranger11, SshStringThatSourcesAVirtualenvStillExpandsTheLoopVariableRemotely) {
  const std::string text = case_text(k_stranger11_cases, "p26_ssh_loop_single_quotes.sh");
  auto fs = lint_as("p26.sh", text);
  auto found = all_of(fs, "lint.remote.local-variable-in-single-quotes");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  ASSERT_FALSE(found[0]->edits.empty()) << found[0]->finding.fix.text;
  std::string after = test::applied(text, *found[0]);
  EXPECT_NE(after.find("--node_rank='\"$i\"' \\"), std::string::npos) << after;
  EXPECT_NE(after.find("source .venv/bin/activate"), std::string::npos) << after;
  auto again = lint_as("p26.sh", after);
  EXPECT_TRUE(all_of(again, "lint.remote.local-variable-in-single-quotes").empty()) << ids(again);
  // A file of the user's own may set i: then the rule stays silent, as documented.
  std::string sourced = text;
  sourced.replace(sourced.find("source .venv/bin/activate"), 25, "source ./node_env.sh");
  EXPECT_TRUE(all_of(lint_as("p26.sh", sourced), "lint.remote.local-variable-in-single-quotes").empty());
}

// p10: the pod's command says --num_workers=8; the finding quotes it so.
TEST(LintStranger11, ShmFindingQuotesTheWorkersFlagAsWritten) {
  auto fs = lint_as("p10.yaml", case_text(k_stranger11_cases, "p10_job_pod_no_shm.yaml"));
  auto found = all_of(fs, "lint.k8s.no-shm-volume");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const std::string& title = found[0]->finding.title;
  EXPECT_NE(title.find("(--num_workers=8;"), std::string::npos) << title;
  EXPECT_EQ(title.find("--workers 8"), std::string::npos) << title;
}

// The mp.spawn launch line keeps the script's positional arguments only when it reads sys.argv; a
// string that names sys.argv is not a read.
TEST(LintStranger11, PositionalArgumentsComeFromASysArgvSubscriptNotFromText) {
  auto launch_line = [](const std::string& extra) {
    const std::string text =
        "import os, sys\nimport torch.distributed as dist\nimport torch.multiprocessing as mp\nNNODES = 2\n" + extra +
        "def worker(i):\n    dist.init_process_group(backend=\"gloo\", init_method=\"tcp://localhost:23456\",\n"
        "                            rank=NODE_RANK * 2 + i, world_size=NNODES * 2)\n"
        "if __name__ == \"__main__\":\n    mp.spawn(worker, nprocs=2)\n";
    auto fs = lint_as("spawn.py", text);
    auto found = all_of(fs, "lint.torch.master-addr-localhost");
    EXPECT_EQ(found.size(), 1u) << ids(fs);
    if (found.size() != 1 || found[0]->edits.empty()) return std::string("(no edit)");
    return found[0]->edits.front().replacement;
  };
  std::string read = launch_line("NODE_RANK = int(sys.argv[1])\n");
  EXPECT_NE(read.find("<the arguments it takes now>"), std::string::npos) << read;
  std::string named = launch_line(
      "NODE_RANK = int(os.environ[\"NODE_RANK\"])  # not sys.argv[1]\n"
      "USAGE = \"pass the node as sys.argv[1]\"\n");
  EXPECT_NE(named, "(no edit)");
  EXPECT_EQ(named.find("<the arguments it takes now>"), std::string::npos) << named;
}

}  // namespace
}  // namespace dd::lint
