// Issue 27: fixes the twenty-second stranger (tests/data/stranger/fix-2026-12-07s) found wrong, each
// beside its look-alikes: p21 `mpirun -x MASTER_ADDR=127.0.0.1` was told to `export MASTER_ADDR=...`,
// which mpirun's own -x overrides (lint repeated itself after the paste); p03 NCCL_IB_HCA=ib0, a
// network interface where NCCL wants RDMA device names.
#include <gtest/gtest.h>

#include <algorithm>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::case_text;
using test::clean;
using test::fixed_once;
using test::has;
using test::ids;
using test::lint_as;

// p21: the value comes from the mpirun line (-x NAME=VALUE reaches every rank whatever the shell
// exports): the edit changes that option to the first host of -H (rank 0's under host-order
// mapping); the file fixed once lints clean of it; bash parses it.
TEST(LintFix57, MpirunDashXMasterAddrIsChangedOnItsOwnLine) {
  const std::string id = "lint.launch.master-addr-localhost";
  const std::string text = case_text("fix-2026-12-07s", "p21_mpirun_x_master_loopback.sh");
  auto fs = lint_as("p21.sh", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const auto& f = found[0]->finding;
  EXPECT_FALSE(has(f.fix.text, "export MASTER_ADDR")) << f.fix.text;
  EXPECT_NE(std::find(f.evidence.begin(), f.evidence.end(),
                      "p21.sh:7: -x MASTER_ADDR=127.0.0.1 \\ (mpirun -x hands this value to every rank, whatever "
                      "the shell exports)"),
            f.evidence.end());
  const std::string after = fixed_once("p21.sh", text, id);
  EXPECT_TRUE(has(after, "  -x MASTER_ADDR=gpu-a \\\n  -x MASTER_PORT=29500 \\\n")) << after;
  EXPECT_FALSE(has(after, "127.0.0.1")) << after;
  clean("p21.sh", after, id);

  // no host list: the option's value becomes the placeholder, on that line, not an export
  const std::string bare =
      "#!/bin/bash\n#SBATCH --nodes=2\nmpirun -np 16 \\\n  -x MASTER_ADDR=localhost \\\n  python train.py\n";
  auto gs = lint_as("run.sh", bare);
  auto g = all_of(gs, id);
  ASSERT_EQ(g.size(), 1u) << ids(gs);
  EXPECT_TRUE(has(g[0]->finding.fix.text, "MASTER_ADDR=RANK0_HOST")) << g[0]->finding.fix.text;
  EXPECT_FALSE(has(g[0]->finding.fix.text, "export ")) << g[0]->finding.fix.text;

  // review58: a longer name ending in MASTER_ADDR is not it; a quoted value keeps its quotes; the
  // program's own --hosts is no host list; a rankfile places rank 0 itself: RANK0_HOST
  auto edited = [&](const std::string& cmd) {
    return fixed_once("r.sh", "#!/bin/bash\n#SBATCH --nodes=2\n" + cmd + "\n", id);
  };
  EXPECT_TRUE(has(edited("mpirun -np 8 -H gpu-a:4,gpu-b:4 -x MY_MASTER_ADDR=localhost -x MASTER_ADDR=localhost "
                         "python train.py"),
                  "-x MY_MASTER_ADDR=localhost -x MASTER_ADDR=gpu-a python"));
  EXPECT_TRUE(has(edited("mpirun -np 8 -H gpu-a:4,gpu-b:4 \\\n  -x MASTER_ADDR=\"127.0.0.1\" \\\n  python train.py"),
                  "  -x MASTER_ADDR=\"gpu-a\" \\\n"));
  auto prog = lint_as("p.sh",
                      "#!/bin/bash\n#SBATCH --nodes=2\nmpirun -np 16 -x MASTER_ADDR=127.0.0.1 \\\n"
                      "  python train.py --hosts node-list.txt\n");
  ASSERT_EQ(all_of(prog, id).size(), 1u) << ids(prog);
  EXPECT_TRUE(has(all_of(prog, id)[0]->finding.fix.text, "MASTER_ADDR=RANK0_HOST")) << ids(prog);
  auto ranked = lint_as("k.sh",
                        "#!/bin/bash\nmpirun -np 8 -H gpu-a:4,gpu-b:4 --rankfile ranks.txt -x "
                        "MASTER_ADDR=127.0.0.1 python train.py\n");
  ASSERT_EQ(all_of(ranked, id).size(), 1u) << ids(ranked);
  EXPECT_TRUE(has(all_of(ranked, id)[0]->finding.fix.text, "MASTER_ADDR=RANK0_HOST")) << ids(ranked);

  // review58: two commands in one file: each finding's evidence quotes its own command's host list
  auto two = lint_as("two.sh",
                     "#!/bin/bash\nmpirun -np 8 -H gpu-a:4,gpu-b:4 -x MASTER_ADDR=127.0.0.1 python prep.py\n"
                     "mpirun -np 8 -H gpu-c:4,gpu-d:4 -x MASTER_ADDR=localhost python train.py\n");
  auto both = all_of(two, id);
  ASSERT_EQ(both.size(), 2u) << ids(two);
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string why = i == 0 ? "-H gpu-a:4,gpu-b:4" : "-H gpu-c:4,gpu-d:4";
    EXPECT_NE(std::find(both[i]->finding.evidence.begin(), both[i]->finding.evidence.end(), why),
              both[i]->finding.evidence.end())
        << i;
  }

  // one step short: an export before mpirun (and -x MASTER_ADDR without a value): the export fix stays
  const std::string exported =
      "#!/bin/bash\nexport MASTER_ADDR=127.0.0.1\nmpirun -np 8 -H gpu-a:4,gpu-b:4 -x MASTER_ADDR python train.py\n";
  auto hs = lint_as("run.sh", exported);
  auto h = all_of(hs, id);
  ASSERT_EQ(h.size(), 1u) << ids(hs);
  EXPECT_TRUE(has(h[0]->finding.fix.text, "export MASTER_ADDR=")) << h[0]->finding.fix.text;
}

// p03: NCCL_IB_HCA=ib0 (IPoIB's network interface) where NCCL wants RDMA device names: no port passes
// and NCCL goes to sockets; `env --export` fixed only NCCL_SOCKET_IFNAME and env then said OK. The
// finding names the interface and the sysfs path to its RDMA device; its fix (unset) applied, lint
// is clean of it. RDMA names, prefixes, an exclusion list: none; NCCL_NET=IB makes it an error.
TEST(LintFix57, IbHcaNamingANetworkInterfaceIsNamed) {
  const std::string id = "env.nccl.ib-hca-netdev";
  const std::string text = case_text("fix-2026-12-07s", "p03_ib_hca_netdev.env");
  auto fs = lint_as("p03.env", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const auto& f = found[0]->finding;
  EXPECT_EQ(found[0]->location.line, 4);
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_TRUE(has(f.title, "NCCL_IB_HCA=ib0 names ib0, spelled as network interfaces are, not as RDMA devices"))
      << f.title;
  EXPECT_TRUE(has(f.fix.text, "`ls /sys/class/net/ib0/device/infiniband`")) << f.fix.text;
  EXPECT_EQ(f.fix.env.at("NCCL_IB_HCA"), "");
  for (const char* ok : {"NCCL_IB_HCA=mlx5_0\n", "NCCL_IB_HCA==mlx5_0:1,mlx5_1:1\n", "NCCL_IB_HCA=mlx5\n",
                         "NCCL_IB_HCA=^=ib0\n", "NCCL_IB_HCA=rocep65s0f0\n", "NCCL_IB_HCA=ibp65s0\n"})
    clean("ok.env", ok, id);
  const auto forced_fs = lint_as("f.env", "NCCL_NET=IB\nNCCL_IB_HCA==ib0:1,ens1f0\n");
  auto forced = all_of(forced_fs, id);
  ASSERT_EQ(forced.size(), 1u);
  EXPECT_EQ(forced[0]->finding.severity, core::Severity::error);
  EXPECT_TRUE(has(forced[0]->finding.title, "names ib0, ens1f0, spelled as network interfaces are"))
      << forced[0]->finding.title;
  // review58: a mixed list keeps its RDMA names: a warning, the fix drops the interface name only
  const auto mixed_fs = lint_as("m.env", "NCCL_NET=IB\nNCCL_IB_HCA=mlx5_0,ib0\n");
  auto mixed = all_of(mixed_fs, id);
  ASSERT_EQ(mixed.size(), 1u);
  EXPECT_EQ(mixed[0]->finding.severity, core::Severity::warning);
  EXPECT_EQ(mixed[0]->finding.fix.env.at("NCCL_IB_HCA"), "mlx5_0");
  EXPECT_FALSE(has(mixed[0]->finding.title, "no NET")) << mixed[0]->finding.title;
}

// p01: `export NCCL_SOCKET_IFNAME="ens1f0 ens1f1"` (lint said OK): the names are a list; the edit
// writes them comma-separated, bash runs it, lint is clean of it after.
TEST(LintFix57, BlankSeparatedInterfaceNamesBecomeACommaList) {
  const std::string id = "lint.env.ifname-whitespace";
  const std::string text = case_text("fix-2026-12-07s", "p01_ifname_blank_list.vars.sh");
  auto fs = lint_as("p01.vars.sh", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "names separated by blanks are read as one name"))
      << found[0]->finding.title;
  const std::string after = fixed_once("p01.vars.sh", text, id);
  EXPECT_TRUE(has(after, "export NCCL_SOCKET_IFNAME=\"ens1f0,ens1f1\"\n")) << after;
  clean("p01.vars.sh", after, id);
  // a trailing blank alone: no "read as one name" clause
  auto trail = lint_as("t.sh", "export NCCL_SOCKET_IFNAME=\"ens1f0 \"\n");
  auto t = all_of(trail, id);
  ASSERT_EQ(t.size(), 1u) << ids(trail);
  EXPECT_FALSE(has(t[0]->finding.title, "read as one name")) << t[0]->finding.title;
}

// p24: the hostNetwork note's two lines, pasted under `spec:` beside `dnsPolicy: Default`, made a
// second dnsPolicy key; the note names that line to change instead.
TEST(LintFix57, TheHostNetworkNoteChangesAnExistingDnsPolicyLine) {
  const std::string text = case_text("fix-2026-12-07s", "p24_sts_dns_default.yaml");
  auto fs = lint_as("p24.yaml", text);
  auto found = all_of(fs, "lint.k8s.no-host-network");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.fix.text,
                  "line 29 (`dnsPolicy: Default`) becomes `dnsPolicy: ClusterFirstWithHostNet` (one dnsPolicy key"))
      << found[0]->finding.fix.text;
  // review58: another document's dnsPolicy is not this pod's
  const std::string other =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n"
      "    spec:\n      dnsPolicy: Default\n      containers:\n        - name: web\n"
      "          image: nginx\n---\n" +
      text;
  auto os = lint_as("two.yaml", other);
  auto o = all_of(os, "lint.k8s.no-host-network");
  ASSERT_EQ(o.size(), 1u) << ids(os);
  EXPECT_FALSE(has(o[0]->finding.fix.text, "line 8 ")) << o[0]->finding.fix.text;
  EXPECT_TRUE(has(o[0]->finding.fix.text, "line 41 (`dnsPolicy: Default`)")) << o[0]->finding.fix.text;
}

// p02: NCCL_SOCKET_IFNAME=cni0 was "not reachable from the others" with a docker0 aside; cni0 holds a
// per-node pod subnet that an overlay CNI routes: a warning that says what the file cannot show.
TEST(LintFix57, Cni0IsThePodNetworksBridgeNotAnUnreachableOne) {
  const std::string launch =
      "torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=node1:29500 train.py\n";
  auto fs = lint_as("run.sh", "export NCCL_SOCKET_IFNAME=cni0\n" + launch);
  auto f = all_of(fs, "lint.env.ifname-host-bridge");
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  EXPECT_EQ(f[0]->finding.severity, core::Severity::warning);
  EXPECT_FALSE(has(f[0]->finding.title, "docker0")) << f[0]->finding.title;
  EXPECT_TRUE(has(f[0]->finding.title, "only if the cluster's network plugin routes")) << f[0]->finding.title;
  auto ds = lint_as("run.sh", "export NCCL_SOCKET_IFNAME=docker0\n" + launch);
  auto d = all_of(ds, "lint.env.ifname-host-bridge");
  ASSERT_EQ(d.size(), 1u) << ids(ds);
  EXPECT_EQ(d[0]->finding.severity, core::Severity::error);
}

// review58: an `if` header over two lines: the printed deletion takes both lines (one left behind was
// an IndentationError), and the title quotes the condition on one line.
TEST(LintFix57, ACrossedPairUnderAMultiLineIfDeletesTheWholeHeader) {
  const std::string text =
      "import torch.distributed as dist\n\n\ndef step(t, rank, verbose):\n    if (rank == 0\n            and "
      "verbose):\n"
      "        dist.reduce(t, dst=0)\n    else:\n        dist.all_reduce(t)\n    return t\n";
  auto fs = lint_as("step.py", text);
  auto found = all_of(fs, "lint.torch.collective-under-rank-branch");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "the ranks where `(rank == 0 and verbose)` holds call reduce()"))
      << found[0]->finding.title;
  EXPECT_TRUE(has(found[0]->finding.fix.text, "delete lines 5, 6, 7, 8, 9 (the `else:` is left empty)"))
      << found[0]->finding.fix.text;
}

}  // namespace
}  // namespace dd::lint
