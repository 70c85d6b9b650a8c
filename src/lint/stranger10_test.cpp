// The tenth stranger's run (tests/data/stranger/fix-2026-12-05g): a collective moved out of a rank
// branch without the line computing what it reads, and a statement moved above the strategy without
// the line it reads. Each case is read as the stranger wrote it and the printed fix applied; the
// applied files also run (a two-rank Gloo job, python3) in tests/system/lint/fix_cases.sh.
#include <gtest/gtest.h>

#include <sstream>

#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::case_path;
using test::case_text;
using test::ids;
using test::lint_as;

const std::string k_stranger10_cases = "fix-2026-12-05g";  // tests/data/stranger/fix-2026-12-05g/cases

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

const std::string k_branch = "lint.torch.collective-under-rank-branch";

// c02: `correct, total = evaluate(...)` then two all_reduce calls under `if rank == 0:`. The edit
// carries the tuple assignment out of the branch with the collectives; the print stays on rank 0.
TEST(LintStranger10, RankBranchEditCarriesTheTupleThatFeedsTheCollective) {
  const std::string text = case_text(k_stranger10_cases, "c02_eval_rank0_allreduce.py");
  auto fs = lint_as("c02.py", text);
  auto found = all_of(fs, k_branch);
  ASSERT_EQ(found.size(), 2u) << ids(fs);
  ASSERT_FALSE(found[0]->edits.empty()) << found[0]->finding.fix.text;
  std::string after = test::fixed("c02.py", text, fs);
  auto l = lines_of(after);
  ASSERT_GE(l.size(), 46u) << after;
  EXPECT_EQ(l[40], "        correct, total = evaluate(model, loader, device)") << after;
  EXPECT_EQ(l[41], "        dist.all_reduce(correct)") << after;
  EXPECT_EQ(l[42], "        dist.all_reduce(total)") << after;
  EXPECT_EQ(l[43], "        if rank == 0:") << after;
  EXPECT_EQ(l[44], "            print(f\"epoch {epoch}: acc={(correct / total).item():.3f}\")") << after;
  auto again = lint_as("c02.py", after);
  EXPECT_TRUE(all_of(again, k_branch).empty()) << after << "\n" << ids(again);
}

// The same branch where the computing function also writes a file: running it on every rank is not
// the lint's call. No edit; the prose names the line that computes what the collective reads.
TEST(LintStranger10, RankBranchWithOutputBeforeTheCollectiveIsProseNamingTheLines) {
  std::string text = case_text(k_stranger10_cases, "c02_eval_rank0_allreduce.py");
  const std::string ret = "    return correct, total\n";
  auto at = text.find(ret);
  ASSERT_NE(at, std::string::npos);
  text.insert(at, "    torch.save(model.state_dict(), \"eval.pt\")\n");
  auto fs = lint_as("c02.py", text);
  auto found = all_of(fs, k_branch);
  ASSERT_EQ(found.size(), 2u) << ids(fs);
  for (const auto* f : found) {
    EXPECT_TRUE(f->edits.empty()) << f->finding.fix.text;
    EXPECT_NE(f->finding.fix.text.find("move lines 43-"), std::string::npos) << f->finding.fix.text;
  }
}

// c11: TF_CONFIG set after MultiWorkerMirroredStrategy() reads worker_index, bound on the line
// between them. The fix moves that line too, above the TF_CONFIG; applied, every name is bound first.
TEST(LintStranger10, MoveAboveTheStrategyCarriesTheLineItReads) {
  const std::string text = case_text(k_stranger10_cases, "c11_tf_config_after_strategy.py");
  auto fs = lint_as("c11.py", text);
  const auto* f = test::first_of(fs, "lint.tf.tf-config-after-strategy");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->location.line, 10);
  EXPECT_NE(f->finding.fix.text.find("move above line 7 (MultiWorkerMirroredStrategy), and line 9 with it"),
            std::string::npos)
      << f->finding.fix.text;
  // Applied as said: lines 9-13 above line 7.
  auto l = lines_of(text);
  std::vector<std::string> moved(l.begin() + 8, l.begin() + 13);
  l.erase(l.begin() + 8, l.begin() + 13);
  l.insert(l.begin() + 6, moved.begin(), moved.end());
  std::string after;
  for (const auto& x : l) after += x + "\n";
  auto again = lint_as("c11.py", after);
  EXPECT_TRUE(all_of(again, "lint.tf.tf-config-after-strategy").empty()) << after << "\n" << ids(again);
  EXPECT_LT(after.find("worker_index = int"), after.find("\"index\": worker_index")) << after;
}

// A TF_CONFIG computed from the strategy itself cannot move above it: the fix says so, and no line.
TEST(LintStranger10, MoveAboveTheStrategyRefusedWhenItReadsTheStrategy) {
  const std::string text =
      "import json, os\nimport tensorflow as tf\n\nstrategy = tf.distribute.MultiWorkerMirroredStrategy()\n"
      "n = strategy.num_replicas_in_sync\nos.environ[\"TF_CONFIG\"] = json.dumps({\"cluster\": {\"worker\": "
      "[\"a:1\"] * n}, \"task\": {\"type\": \"worker\", \"index\": 0}})\n";
  auto fs = lint_as("t.py", text);
  const auto* f = test::first_of(fs, "lint.tf.tf-config-after-strategy");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->finding.fix.text.find("move above"), std::string::npos) << f->finding.fix.text;
  EXPECT_NE(f->finding.fix.text.find("it reads strategy, bound on line 4"), std::string::npos) << f->finding.fix.text;
}

// An option string outside argparse (a message naming --nnodes) is no option of the script: the
// printed launch line carries only the options add_argument declares.
TEST(LintStranger10, SpawnLaunchLineTakesOptionsOnlyFromAddArgument) {
  auto script = [](const std::string& extra) {
    return "import argparse\nimport os\nimport torch.distributed as dist\nimport torch.multiprocessing as mp\n\n\n"
           "def worker(local_rank):\n"
           "    node = int(os.environ[\"NODE_RANK\"])\n"
           "    dist.init_process_group(backend=\"gloo\", init_method=\"tcp://localhost:23456\",\n"
           "                            rank=node * 2 + local_rank, world_size=4)\n\n\n"
           "if __name__ == \"__main__\":\n"
           "    parser = argparse.ArgumentParser()\n" +
           extra + "    parser.parse_args()\n    mp.spawn(worker, nprocs=2)\n";
  };
  auto fix_of = [](const std::string& text) {
    auto fs = lint_as("train.py", text);
    auto f = all_of(fs, "lint.torch.master-addr-localhost");
    EXPECT_EQ(f.size(), 1u) << ids(fs);
    if (f.size() != 1 || f[0]->edits.empty()) return std::string();
    return f[0]->edits[0].replacement;
  };
  std::string message =
      fix_of(script("    parser.add_argument(\"--nodes\", type=int, default=1, help=\"--nnodes\")\n"));
  EXPECT_NE(message.find("NODE_RANK=<node index"), std::string::npos) << message;
  EXPECT_EQ(message.find("--nnodes"), std::string::npos) << message;
  std::string declared = fix_of(script("    parser.add_argument(\"--nnodes\", type=int, default=1)\n"));
  EXPECT_NE(declared.find("python train.py --nnodes=<node count>"), std::string::npos) << declared;
}

TEST(LintStranger10, TcpLocalhostInAScriptThatSetsItsNodeRankIsTheError) {
  // c15 sets NODE_RANK from its argument and NNODES = 2: the script itself spans nodes.
  auto r = lint_paths(
      {case_path(k_stranger10_cases, "c15_spawn_tcp_localhost.py"), case_path(k_stranger10_cases, "c15_run_nodes.sh")},
      {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  auto found = all_of(r->findings, "lint.torch.master-addr-localhost");
  ASSERT_EQ(found.size(), 1u) << ids(r->findings);
  EXPECT_EQ(found[0]->finding.severity, core::Severity::error);
  std::string said;
  for (const auto& e : found[0]->finding.evidence) said += e + "\n";
  EXPECT_NE(said.find("the script sets NODE_RANK = int(sys.argv[1])"), std::string::npos) << said;
}

TEST(LintStranger10, TcpLocalhostWithoutANodeHintIsAWarning) {
  // One node's count, a constant node rank, no node variable read: nothing says the job spans nodes.
  const std::string text =
      "import torch.distributed as dist\nimport torch.multiprocessing as mp\nNNODES = 1\nNODE_RANK = 0\n"
      "def worker(i):\n    dist.init_process_group(backend=\"gloo\", init_method=\"tcp://localhost:23456\",\n"
      "                            rank=NODE_RANK * 2 + i, world_size=NNODES * 2)\n"
      "if __name__ == \"__main__\":\n    mp.spawn(worker, nprocs=2)\n";
  auto fs = lint_as("spawn.py", text);
  auto found = all_of(fs, "lint.torch.master-addr-localhost");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->finding.severity, core::Severity::warning);
  EXPECT_TRUE(found[0]->edits.empty());
  EXPECT_NE(found[0]->finding.fix.text.find("only if a rank runs on another machine"), std::string::npos)
      << found[0]->finding.fix.text;
}

// c29: the same in a file that mpirun starts with `-H hostA:2,hostB:2`: two hosts, so the error,
// with the edits (env:// in the script, the export and -x in the launch file).
TEST(LintStranger10, TcpLocalhostUnderMpirunOnTwoHostsIsTheError) {
  std::string py = case_path(k_stranger10_cases, "c29_mpi_tcp_localhost.py");
  std::string sh = case_path(k_stranger10_cases, "c29_mpirun.sh");
  auto r = lint_paths({py, sh}, {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  auto found = all_of(r->findings, "lint.torch.master-addr-localhost");
  ASSERT_EQ(found.size(), 1u) << ids(r->findings);
  const auto& f = *found[0];
  EXPECT_EQ(f.finding.severity, core::Severity::error);
  ASSERT_EQ(f.edits.size(), 2u) << f.finding.fix.text;
  std::string said;
  for (const auto& e : f.finding.evidence) said += e + "\n";
  EXPECT_NE(said.find("-H hostA:2,hostB:2"), std::string::npos) << said;
  bool launch_edited = false;
  for (const auto& e : f.edits) {
    if (e.file != sh) continue;
    launch_edited = true;
    EXPECT_NE(e.replacement.find("mpirun -x MASTER_ADDR -x MASTER_PORT -np 4"), std::string::npos) << e.replacement;
  }
  EXPECT_TRUE(launch_edited);
  // One host in -H: still a warning.
  auto one = lint_as("t.py",
                     "import torch.distributed as dist\n"
                     "dist.init_process_group(\"gloo\", init_method=\"tcp://localhost:29500\", rank=0, "
                     "world_size=1)\n");
  auto w = all_of(one, "lint.torch.master-addr-localhost");
  ASSERT_EQ(w.size(), 1u) << ids(one);
  EXPECT_EQ(w[0]->finding.severity, core::Severity::warning);
}

}  // namespace
}  // namespace dd::lint
