// lint.env.ifname-host-bridge: a second stranger's b07 (NCCL_SOCKET_IFNAME=docker0 on two hosts)
// passed as "OK" without --here.
#include <gtest/gtest.h>

#include <algorithm>

#include "lint/lint.hpp"

namespace dd::lint {
namespace {

int count(const std::vector<LintFinding>& fs, const std::string& id) {
  return static_cast<int>(
      std::count_if(fs.begin(), fs.end(), [&](const LintFinding& f) { return f.finding.id == id; }));
}

std::vector<LintFinding> lint_sh(const std::string& text) {
  return lint_text("run.sh", FileKind::shell, text, LintOptions{});
}

TEST(LintIfnameHostBridge, Docker0InAMultiNodeLaunchIsAnError) {
  auto fs = lint_sh(
      "export NCCL_SOCKET_IFNAME=docker0\n"
      "torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=node1:29500 train.py\n");
  ASSERT_EQ(count(fs, "lint.env.ifname-host-bridge"), 1);
  auto f = std::find_if(fs.begin(), fs.end(), [](auto& x) { return x.finding.id == "lint.env.ifname-host-bridge"; });
  EXPECT_EQ(f->location.line, 1);
  EXPECT_TRUE(f->edits.empty());  // the shared interface is not in the file
  EXPECT_NE(f->finding.title.find("private to each host"), std::string::npos) << f->finding.title;
}

// One step short: one node, an exclusion list, a real interface name.
TEST(LintIfnameHostBridge, OneNodeExclusionOrARealInterfaceIsNoFinding) {
  const std::string launch =
      "torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=node1:29500 train.py\n";
  EXPECT_EQ(count(lint_sh("export NCCL_SOCKET_IFNAME=docker0\ntorchrun --nnodes=1 --nproc_per_node=8 train.py\n"),
                  "lint.env.ifname-host-bridge"),
            0);
  EXPECT_EQ(count(lint_sh("export NCCL_SOCKET_IFNAME=^docker0,lo\n" + launch), "lint.env.ifname-host-bridge"), 0);
  EXPECT_EQ(count(lint_sh("export NCCL_SOCKET_IFNAME=eth0\n" + launch), "lint.env.ifname-host-bridge"), 0);
  EXPECT_EQ(count(lint_sh("export GLOO_SOCKET_IFNAME=eth0,docker0\n" + launch), "lint.env.ifname-host-bridge"), 0);
}

}  // namespace
}  // namespace dd::lint
