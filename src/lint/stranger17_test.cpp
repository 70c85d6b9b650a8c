// Issue 27: the seventeenth stranger's fixes that broke the job (tests/data/stranger/fix-2026-12-07n),
// each beside its look-alikes: p08 a barrier after `if rank != 0: return` (the edit keeps the work on
// rank 0 and the barrier on every rank after it), c09 MASTER_HOST read through `$(MASTER_HOST)` (no
// rename), p15 a `$(VAR)` to an env entry defined below it (the edit moves that entry up).
// tests/system/lint/stranger17_cases.sh applies them for real (a Gloo job, PyYAML, $(VAR) expansion).
#include <gtest/gtest.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::clean;
using test::fixed_once;
using test::ids;
using test::lint_as;

std::string case_text(const std::string& name) { return test::case_text("fix-2026-12-07n", name); }

TEST(LintStranger17, BarrierAfterAnEarlyReturnGetsTheWorkUnderTheOppositeCondition) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  // The ranks that reach the barrier are named as a reader writes them, not `not (dist.get_rank() != 0)`.
  auto p08_findings = lint_as("p08.py", case_text("p08_early_return.py"));
  auto p08 = all_of(p08_findings, id);
  ASSERT_EQ(p08.size(), 1u);
  EXPECT_NE(p08[0]->finding.title.find("only on the ranks where `dist.get_rank() == 0` holds"), std::string::npos)
      << p08[0]->finding.title;
  std::string after = fixed_once("p08.py", case_text("p08_early_return.py"), id);
  EXPECT_NE(after.find("def save_checkpoint(model, path):\n"
                       "    if dist.get_rank() == 0:\n"
                       "        torch.save(model.state_dict(), path)\n"
                       "    dist.barrier()  # make sure the file is there before anyone loads it\n"),
            std::string::npos)
      << after;
  // Statements after the barrier stay on rank 0: the early return is written again after it.
  const std::string tail =
      "import torch.distributed as dist\n\n"
      "def f(t):\n"
      "    if dist.get_rank() > 0:\n"
      "        return\n"
      "    t.add_(1)\n"
      "    dist.barrier()\n"
      "    print(t)\n";
  after = fixed_once("tail.py", tail, id);
  EXPECT_NE(after.find("    if dist.get_rank() <= 0:\n        t.add_(1)\n    dist.barrier()\n"
                       "    if dist.get_rank() > 0:\n        return\n    print(t)\n"),
            std::string::npos)
      << after;
  // The work computes what the collective reads: moved under the condition the others would call it
  // with a name they never set, so the fix stays prose (and says the line returns before it).
  const std::string reads =
      "import torch, torch.distributed as dist\n\n"
      "def f():\n"
      "    if dist.get_rank() != 0:\n"
      "        return\n"
      "    t = torch.ones(1)\n"
      "    dist.all_reduce(t)\n";
  auto fs = lint_as("reads.py", reads);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(found[0]->edits.empty());
  EXPECT_NE(found[0]->finding.fix.text.find("with every statement that computes what it reads, on every rank"),
            std::string::npos)
      << found[0]->finding.fix.text;
  // Only comments between the return and the call: the call moves above the return, no empty `if`.
  after = fixed_once("comments.py",
                     "import torch.distributed as dist\n\ndef f():\n    if dist.get_rank() != 0:\n        return\n"
                     "    # wait for the others\n    dist.barrier()\n",
                     id);
  EXPECT_NE(after.find("    # wait for the others\n    dist.barrier()\n"), std::string::npos) << after;
  EXPECT_EQ(after.find("== 0:"), std::string::npos) << after;
}

TEST(LintStranger17, NameReadThroughAReferenceIsNotUnknown) {
  clean("c09.yaml", case_text("c09_k8s_env_ref_ok.yaml"), "env.unknown-name");
  // A shell file reading it on a command line; a name nothing reads is still reported.
  clean("run.sh", "export MASTER_HOST=node0\ntorchrun --rdzv_endpoint=$MASTER_HOST:29400 train.py\n",
        "env.unknown-name");
  auto fs = lint_as("run.sh", "export MASTER_HOST=node0\ntorchrun --rdzv_endpoint=node0:29400 train.py\n");
  EXPECT_EQ(all_of(fs, "env.unknown-name").size(), 1u) << ids(fs);
  // PowerShell sets a variable as `$env:NAME = ...`: its own line is no read of it
  // (system.fix.stranger14-o-bat-set-blanks).
  fs = lint_as("typo.ps1", "$env:NCCL_SOCKET_IFNAM = \"eth0\"\ntorchrun --nnodes=2 train.py\n");
  EXPECT_EQ(all_of(fs, "env.unknown-name").size(), 1u)
      << ids(fs);  // A line that only shows the value (echo, a comment) reads nothing; nor does a shell's `$(NAME)`,
  // which runs a command of that name.
  for (const char* shown :
       {"echo \"ifname: $NCCL_SOCKET_IFNAM\"\n", "# uses ${NCCL_SOCKET_IFNAM}\n", "IF=$(NCCL_SOCKET_IFNAM)\n"}) {
    fs = lint_as("typo.sh", std::string("export NCCL_SOCKET_IFNAM=eth0\n") + shown + "torchrun --nnodes=2 train.py\n");
    EXPECT_EQ(all_of(fs, "env.unknown-name").size(), 1u) << shown << ids(fs);
  }
  // An echo that hands the value on (a redirect, a second command) is a read: no rename (review54).
  for (const char* read :
       {"echo \"$NCCL_SOCKET_IFNAM\" > /tmp/ifname.txt\n", "echo hi; export NCCL_SOCKET_IFNAME=$NCCL_SOCKET_IFNAM\n"}) {
    fs = lint_as("read.sh", std::string("export NCCL_SOCKET_IFNAM=eth0\n") + read + "torchrun --nnodes=2 train.py\n");
    EXPECT_TRUE(all_of(fs, "env.unknown-name").empty()) << read << ids(fs);
  }
}

TEST(LintStranger17, K8sReferenceToALaterEntryMovesItUp) {
  const std::string id = "lint.k8s.env-ref-order";
  std::string after = fixed_once("p15.yaml", case_text("p15_k8s_env_order.yaml"), id);
  EXPECT_LT(after.find("- name: MASTER_HOST"), after.find("- name: RDZV_ENDPOINT")) << after;
  EXPECT_NE(after.find("            - name: MASTER_HOST\n              value: \"ddp-train-0.ddp-train\"\n"
                       "            - name: RDZV_ENDPOINT\n              value: \"$(MASTER_HOST):29400\"\n"),
            std::string::npos)
      << after;
  const std::string head =
      "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n    - name: t\n"
      "      image: i\n      command: [\"torchrun\", \"--rdzv_endpoint=$(EP)\", \"train.py\"]\n      env:\n";
  // Kubernetes' escape `$$(NAME)` is the literal text on purpose; a name defined above is expanded.
  clean("esc.yaml",
        head + "        - name: EP\n          value: \"$$(HOST):1\"\n        - name: HOST\n          value: \"h\"\n",
        id);
  clean("above.yaml",
        head + "        - name: HOST\n          value: \"h\"\n        - name: EP\n          value: \"$(HOST):1\"\n",
        id);
  // Two references down the list: prose naming the lines.
  auto fs = lint_as("two.yaml", head +
                                    "        - name: EP\n          value: \"$(HOST):$(PORT)\"\n"
                                    "        - name: HOST\n          value: \"h\"\n"
                                    "        - name: B\n          value: \"$(PORT)\"\n"
                                    "        - name: PORT\n          value: \"1\"\n");
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 3u) << ids(fs);  // EP reads HOST and PORT, B reads PORT
  for (const auto* f : found) EXPECT_TRUE(f->edits.empty()) << f->finding.fix.text;
  // A block scalar entry is not moved by lines (prose); an envFrom source may define the name: quiet.
  fs = lint_as("block.yaml", head +
                                 "        - name: EP\n          value: \"$(HOST):1\"\n"
                                 "        - name: HOST\n          value: |-\n            h\n");
  found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(found[0]->edits.empty());
  clean("from.yaml",
        head + "        - name: EP\n          value: \"$(HOST):1\"\n        - name: HOST\n          value: \"h\"\n" +
            "      envFrom:\n        - configMapRef:\n            name: rdzv\n",
        id);
}

}  // namespace
}  // namespace dd::lint
