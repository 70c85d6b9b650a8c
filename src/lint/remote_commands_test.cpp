// Commands inside the string ssh / pdsh / clush run on other machines: a second stranger's run
// (tests/data/stranger/lint-2026-12-04b: b04, probes pb1, pb1b, pb2) got "OK" for each, though the
// same torchrun line at the top of a script is caught.
#include <gtest/gtest.h>

#include <algorithm>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::first_of;
using test::ids;

std::vector<LintFinding> remote_lint_sh(const std::string& text) {
  return lint_text("launch.sh", FileKind::shell, text, LintOptions{});
}

bool says_inside(const LintFinding& f) {
  return std::any_of(f.finding.evidence.begin(), f.finding.evidence.end(),
                     [](const std::string& e) { return e.find("inside the string") != std::string::npos; });
}

TEST(LintRemoteCommands, TorchrunInsideSshInALoopIsReadAndNotEditedInPlace) {
  auto fs = remote_lint_sh(
      "#!/bin/bash\n"
      "for h in node1 node2; do\n"
      "  ssh $h \"torchrun --nnodes=2 --nproc_per_node=4 --master_addr=node1 --master_port=29500 /shared/train.py\" &\n"
      "done\n"
      "wait\n");
  const auto* f = first_of(fs, "lint.torch.static-rendezvous-no-node-rank");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->location.line, 3);
  EXPECT_TRUE(f->edits.empty());  // the change belongs inside the quotes: printed, not applied
  EXPECT_TRUE(says_inside(*f));
}

TEST(LintRemoteCommands, LoopbackInterfaceInsidePdshIsAnError) {
  auto fs = remote_lint_sh(
      "pdsh -w node[1-2] 'cd /shared/proj && NCCL_SOCKET_IFNAME=lo torchrun --nnodes=2 --nproc_per_node=4 "
      "--rdzv_backend=c10d --rdzv_endpoint=node1:29500 train.py'\n");
  const auto* f = first_of(fs, "lint.env.ifname-loopback");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_TRUE(f->edits.empty());
  EXPECT_TRUE(says_inside(*f));
}

TEST(LintRemoteCommands, SshBashDashCIsReadToo) {
  auto fs = remote_lint_sh(
      "ssh node2 bash -c \"NCCL_SOCKET_IFNAME=lo torchrun --nnodes=2 --nproc_per_node=4 "
      "--rdzv_backend=c10d --rdzv_endpoint=node1:29500 train.py\"\n");
  EXPECT_NE(first_of(fs, "lint.env.ifname-loopback"), nullptr) << ids(fs);
}

TEST(LintRemoteCommands, LiteralNodeRankInACommandEveryHostRunsIsNamed) {
  const std::string loop =
      "HOSTS=(gpu-a01 gpu-a02)\n"
      "for host in \"${HOSTS[@]}\"; do\n"
      "  ssh \"$host\" \"cd ~/proj && source .venv/bin/activate && \\\n"
      "    torchrun --nnodes=$NNODES --nproc_per_node=8 --node_rank=0 \\\n"
      "      --master_addr=$MASTER --master_port=29400 train.py\" &\n"
      "done\n"
      "wait\n";
  auto fs = remote_lint_sh(loop);
  const auto* f = first_of(fs, "lint.remote.same-node-rank");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->location.line, 3);
  EXPECT_NE(f->finding.title.find("every host starts as node 0"), std::string::npos) << f->finding.title;
  EXPECT_NE(
      first_of(remote_lint_sh(
                   "pdsh -w n[1-4] 'torchrun --nnodes=4 --node_rank=1 --master_addr=n1 --master_port=29500 t.py'\n"),
               "lint.remote.same-node-rank"),
      nullptr);
}

// One step short: one ssh (no loop), a node rank from a counter, a node rank not written literally.
TEST(LintRemoteCommands, NodeRankPerHostOrOneHostIsNoFinding) {
  for (const std::string& text : {
           std::string(
               "ssh node2 \"torchrun --nnodes=2 --node_rank=1 --master_addr=node1 --master_port=29500 t.py\"\n"),
           std::string("i=0\nfor h in a b; do\n  ssh $h \"torchrun --nnodes=2 --node_rank=$i --master_addr=a "
                       "--master_port=29500 t.py\" &\n"
                       "  i=$((i+1))\ndone\n"),
       }) {
    auto fs = remote_lint_sh(text);
    EXPECT_EQ(first_of(fs, "lint.remote.same-node-rank"), nullptr) << text << ids(fs);
    EXPECT_EQ(first_of(fs, "lint.torch.static-rendezvous-no-node-rank"), nullptr) << text << ids(fs);
  }
  // a correct single-quoted srun bash -c stays the srun rule's business (no remote runner here)
  auto fs = remote_lint_sh(
      "#SBATCH --nodes=2\nsrun bash -c 'torchrun --nnodes=2 --node_rank=$SLURM_NODEID --master_addr=a --master_port=1 "
      "t.py'\n");
  EXPECT_EQ(first_of(fs, "lint.slurm.task-variable-expanded-once"), nullptr) << ids(fs);
}

}  // namespace
}  // namespace dd::lint
