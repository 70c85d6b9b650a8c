// Issue 27: fixes the twenty-first stranger (tests/data/stranger/fix-2026-12-07r) found wrong, each
// beside its look-alikes: p25 a Compose service that sets `ipc: shareable` got a second ipc key; p10
// two different collectives in an if/else got two fixes that, both applied, left an empty `else:`; p05
// MASTER_ADDR=0.0.0.0 in a StatefulSet was told RANK0_HOST while the file named pod 0's DNS name;
// p02 (a miss) exports, then `sudo torchrun`: sudo's env_reset drops them.
#include <gtest/gtest.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::clean;
using test::count_of;
using test::fixed_once;
using test::has;
using test::ids;
using test::lint_as;

// p25: `ipc: shareable` (an IPC namespace of its own, Docker's 64 MB /dev/shm): the edit changes that
// line to `ipc: host`, so the service keeps one ipc key (a second one made docker compose refuse the
// file, and PyYAML keep the later, small one while lint said OK). `ipc: service:NAME` shares another
// container's /dev/shm, whose size is not seen: no claim; `ipc: host`: none either.
TEST(LintFix56, AComposeServiceThatSetsIpcGetsThatLineChanged) {
  const std::string id = "lint.compose.small-shm";
  const std::string text =
      "services:\n  train:\n    image: img:1\n    network_mode: host\n    ipc: shareable  # for the sidecar\n"
      "    command: torchrun --nnodes=2 --nproc_per_node=4 train.py\n    deploy:\n      resources:\n"
      "        reservations:\n          devices:\n            - driver: nvidia\n              count: 4\n"
      "              capabilities: [gpu]\n";
  auto fs = lint_as("docker-compose.yml", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title, "sets ipc: shareable (an IPC namespace of its own) and no shm_size"))
      << found[0]->finding.title;
  std::string after = fixed_once("docker-compose.yml", text, id, core::Severity::warning);
  EXPECT_EQ(count_of(after, "ipc:"), 1u) << after;
  EXPECT_TRUE(has(after, "    network_mode: host\n    ipc: host\n    command:")) << after;
  for (const char* ok : {"ipc: host", "ipc: service:sidecar", "ipc: \"container:abc\""}) {
    std::string other = text;
    other.replace(other.find("ipc: shareable"), std::string("ipc: shareable").size(), ok);
    clean("docker-compose.yml", other, id);
  }
  // review57: `ipc: none` is no /dev/shm at all, shm_size or not; a value on the next line: prose
  std::string none = text;
  none.replace(none.find("ipc: shareable"), std::string("ipc: shareable").size(), "ipc: none\n    shm_size: 8gb");
  auto fn = lint_as("docker-compose.yml", none);
  ASSERT_EQ(all_of(fn, id).size(), 1u) << ids(fn);
  EXPECT_TRUE(has(all_of(fn, id)[0]->finding.title, "sets ipc: none: the container gets no /dev/shm at all"))
      << all_of(fn, id)[0]->finding.title;
  std::string next_line = text;
  next_line.replace(next_line.find("ipc: shareable  # for the sidecar"),
                    std::string("ipc: shareable  # for the sidecar").size(), "ipc:\n      private");
  auto fx = lint_as("docker-compose.yml", next_line);
  ASSERT_EQ(all_of(fx, id).size(), 1u) << ids(fx);
  EXPECT_TRUE(all_of(fx, id)[0]->edits.empty());
  // no ipc key: the key is added above the service's first one, as before
  std::string bare = text;
  bare.erase(bare.find("    ipc: shareable"), std::string("    ipc: shareable  # for the sidecar\n").size());
  std::string added = fixed_once("docker-compose.yml", bare, id, core::Severity::warning);
  EXPECT_TRUE(has(added, "  train:\n    ipc: host\n    image: img:1\n")) << added;
}

// p10: `if rank == 0: reduce(...)` / `else: all_reduce(...)`: one finding naming both, whose fix
// offers either collective above the `if` and names the lines to delete (the `else:` with its only
// call). Look-alikes: the same collective in both branches (every rank calls it once: no finding), an
// elif between them (the ranks of a third branch call neither: the per-call findings as before), an
// `if` body with more in it (only the call's line goes; the `else:` still goes with its only call).
TEST(LintFix56, TwoDifferentCollectivesInAnIfElseAreOneFindingWithOneCollectiveAsTheFix) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  const std::string head =
      "import torch.distributed as dist\n\ndef main(loss):\n    rank = dist.get_rank()\n    if rank == 0:\n";
  auto fs = lint_as("train.py", head + "        dist.reduce(loss, dst=0)\n    else:\n        dist.all_reduce(loss)\n");
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->finding.title,
            "the ranks where `rank == 0` holds call reduce() (line 6), the others all_reduce() (line 8): two "
            "different collectives, which do not match across ranks: a hang, an error or wrong values");
  EXPECT_EQ(found[0]->finding.fix.text,
            "one collective on every rank: write `dist.reduce(loss, dst=0)` or `dist.all_reduce(loss)` once, above "
            "line 5 at its indentation, and delete lines 5, 6, 7, 8 (the `else:` is left empty). Not both one after "
            "the other: that applies the operation twice");
  clean("train.py", head + "        dist.all_reduce(loss)\n    else:\n        dist.all_reduce(loss)\n", id);
  auto elif = lint_as("train.py", head +
                                      "        dist.reduce(loss, dst=0)\n    elif rank == 1:\n        pass\n"
                                      "    else:\n        dist.all_reduce(loss)\n");
  ASSERT_EQ(all_of(elif, id).size(), 2u) << ids(elif);
  EXPECT_EQ(all_of(elif, id)[0]->finding.title.find("the others"), std::string::npos);
  auto more = lint_as("train.py", head +
                                      "        dist.reduce(loss, dst=0)\n        print(loss)\n    else:\n"
                                      "        dist.all_reduce(loss)\n    return loss\n");
  ASSERT_EQ(all_of(more, id).size(), 1u) << ids(more);
  EXPECT_TRUE(has(all_of(more, id)[0]->finding.fix.text, "and delete lines 6, 8, 9 (the `else:` is left empty)."))
      << all_of(more, id)[0]->finding.fix.text;
}

// review57: shapes whose lines cannot be moved as printed get no pair finding (the per-call ones);
// Horovod's in-place allreduce_ and allreduce are one collective; two if/else blocks in one function
// are judged each on its own.
TEST(LintFix56, CrossedCollectivesOnlyWhereEachCallIsAStatementOfItsOwnLine) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  const std::string head = "import torch.distributed as dist\n\ndef main(t, ts):\n    rank = dist.get_rank()\n";
  for (const std::string body :
       {"    if rank == 0: dist.reduce(t, dst=0)\n    else:\n        dist.all_reduce(t)\n",
        "    if rank == 0:\n        dist.reduce(t, dst=0)\n    else: dist.all_reduce(t)\n",
        "    if rank == 0:\n        dist.reduce(t, dst=0)\n    else:\n        dist.all_reduce(t,\n"
        "                        op=dist.ReduceOp.SUM)\n",
        "    if rank == 0:\n        for x in ts:\n            dist.reduce(x, dst=0)\n    else:\n        for x in ts:\n"
        "            dist.all_reduce(x)\n"}) {
    auto fs = lint_as("train.py", head + body);
    for (const auto* f : all_of(fs, id)) EXPECT_FALSE(has(f->finding.title, "the others")) << body << f->finding.title;
  }
  clean("train.py",
        "import horovod.torch as hvd\nif hvd.rank() == 0:\n    hvd.allreduce_(t, name='loss')\nelse:\n"
        "    t = hvd.allreduce(t, name='loss')\n",
        id);
  auto two = lint_as("train.py",
                     head +
                         "    if rank == 0:\n        dist.reduce(t, dst=0)\n    else:\n        dist.all_reduce(t)\n"
                         "    if rank == 0:\n        dist.barrier()\n    else:\n        dist.all_reduce(t)\n");
  auto both = all_of(two, id);
  ASSERT_EQ(both.size(), 2u) << ids(two);
  for (const auto* f : both) EXPECT_TRUE(has(f->finding.title, "the others")) << f->finding.title;
}

// p05: a StatefulSet (name ddp, serviceName ddp) behind a headless Service ddp, node rank from the
// pod's ordinal: MASTER_ADDR's fix is pod 0's DNS name, and the line written so lints clean. One step
// short each: the Service not headless, or the rank not the ordinal: RANK0_HOST, the note naming pod 0
// only where the Service is headless.
TEST(LintFix56, AStatefulSetBehindAHeadlessServiceGivesPodZerosNameAsMasterAddr) {
  const std::string id = "lint.launch.master-addr-localhost";
  const std::string service =
      "apiVersion: v1\nkind: Service\nmetadata:\n  name: ddp\nspec:\n  clusterIP: None\n"
      "  selector:\n    app: ddp\n---\n";
  const std::string set =
      "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: trainer\n  labels:\n    app: ddp\nspec:\n"
      "  serviceName: ddp\n  replicas: 2\n  template:\n    metadata:\n      labels:\n        app: ddp\n    spec:\n"
      "      containers:\n        - name: t\n          image: img:1\n          command: [\"/bin/sh\", \"-c\"]\n"
      "          args:\n            - exec torchrun --nnodes=2 --nproc_per_node=4 --node_rank=${HOSTNAME##*-} "
      "--master_addr=$MASTER_ADDR --master_port=29500 /app/train.py\n          env:\n            - name: MASTER_ADDR\n"
      "              value: \"0.0.0.0\"\n";
  auto fs = lint_as("job.yaml", service + set);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->finding.fix.text, "value: \"trainer-0.ddp\"");
  std::string fixed = service + set;
  fixed.replace(fixed.find("value: \"0.0.0.0\""), std::string("value: \"0.0.0.0\"").size(), found[0]->finding.fix.text);
  clean("job.yaml", fixed, id);
  std::string not_headless = service + set;
  not_headless.erase(not_headless.find("  clusterIP: None\n"), std::string("  clusterIP: None\n").size());
  auto fa = lint_as("job.yaml", not_headless);
  auto a = all_of(fa, id);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_TRUE(has(a[0]->finding.fix.text, "RANK0_HOST")) << a[0]->finding.fix.text;
  EXPECT_FALSE(has(a[0]->finding.fix.text, "trainer-0.ddp")) << a[0]->finding.fix.text;
  std::string other_rank = service + set;
  other_rank.replace(other_rank.find("${HOSTNAME##*-}"), std::string("${HOSTNAME##*-}").size(), "$NODE_RANK");
  auto fb = lint_as("job.yaml", other_rank);
  auto b = all_of(fb, id);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_TRUE(has(b[0]->finding.fix.text, "value: \"RANK0_HOST\"")) << b[0]->finding.fix.text;
  EXPECT_TRUE(has(b[0]->finding.fix.text,
                  "(pod 0 of the file's StatefulSet trainer (serviceName: ddp), Service ddp "
                  "with clusterIP: None is trainer-0.ddp)"))
      << b[0]->finding.fix.text;
  // review57: an ordinal computed into another rank, a labels key `name:` first, the Service in another
  // namespace: never the pod name as the fix
  std::string computed = service + set;
  computed.replace(computed.find("${HOSTNAME##*-}"), std::string("${HOSTNAME##*-}").size(),
                   "$(( 1 - ${HOSTNAME##*-} ))");
  auto fc = lint_as("job.yaml", computed);
  ASSERT_EQ(all_of(fc, id).size(), 1u);
  EXPECT_TRUE(has(all_of(fc, id)[0]->finding.fix.text, "RANK0_HOST")) << all_of(fc, id)[0]->finding.fix.text;
  std::string labelled = service + set;
  labelled.replace(labelled.find("  name: trainer\n  labels:\n    app: ddp\n"),
                   std::string("  name: trainer\n  labels:\n    app: ddp\n").size(),
                   "  labels:\n    name: other\n  name: trainer\n");
  auto fl = lint_as("job.yaml", labelled);
  ASSERT_EQ(all_of(fl, id).size(), 1u);
  EXPECT_EQ(all_of(fl, id)[0]->finding.fix.text, "value: \"trainer-0.ddp\"");
  std::string elsewhere = service + set;
  elsewhere.replace(elsewhere.find("  name: ddp\nspec:"), std::string("  name: ddp\nspec:").size(),
                    "  name: ddp\n  namespace: infra\nspec:");
  auto fe = lint_as("job.yaml", elsewhere);
  ASSERT_EQ(all_of(fe, id).size(), 1u);
  EXPECT_FALSE(has(all_of(fe, id)[0]->finding.fix.text, "trainer-0.ddp")) << all_of(fe, id)[0]->finding.fix.text;
}

// p02: the job variables exported above `sudo /opt/conda/bin/torchrun` do not reach it; the edit
// names them in --preserve-env. Quiet: -E / -HE / --preserve-env, `sudo env A=...`, `sudo A=b cmd`, no
// export before the sudo, a sudo of something that is not a launcher, SLURM_* only.
TEST(LintFix56, SudoBeforeALauncherDropsTheExportedJobVariables) {
  const std::string id = "lint.shell.sudo-drops-env";
  const std::string head =
      "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=ens1f0\nexport GLOO_SOCKET_IFNAME=ens1f0\nexport MY_FLAG=1\n";
  const std::string text = head + "sudo -u trainer /opt/conda/bin/torchrun --nnodes=2 --nproc_per_node=8 train.py\n";
  auto fs = lint_as("run.sh", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->finding.severity, core::Severity::warning);
  EXPECT_TRUE(has(found[0]->finding.title, "sudo starts torchrun on line 5 with a new environment"))
      << found[0]->finding.title;
  EXPECT_TRUE(has(found[0]->finding.title, "(NCCL_SOCKET_IFNAME, GLOO_SOCKET_IFNAME)")) << found[0]->finding.title;
  std::string after = fixed_once("run.sh", text, id, core::Severity::warning);
  EXPECT_TRUE(
      has(after, "sudo --preserve-env=NCCL_SOCKET_IFNAME,GLOO_SOCKET_IFNAME -u trainer /opt/conda/bin/torchrun"))
      << after;
  for (const char* ok : {"sudo -E torchrun train.py", "sudo -HE torchrun train.py", "sudo --preserve-env torchrun x.py",
                         "sudo --preserve-env=NCCL_SOCKET_IFNAME,GLOO_SOCKET_IFNAME torchrun train.py",
                         "sudo env NCCL_SOCKET_IFNAME=ens1f0 GLOO_SOCKET_IFNAME=ens1f0 torchrun train.py",
                         "sudo NCCL_SOCKET_IFNAME=ens1f0 GLOO_SOCKET_IFNAME=ens1f0 torchrun train.py",
                         "sudo apt-get install -y rdma-core"})
    clean("run.sh", head + ok + "\n", id);
  // review57: a group ending in an option that takes a word (-Hu alice), a list or VAR= that keeps only
  // some names: the rest is named; a sudo not at the line's start (inside a string): prose, no edit
  for (const char* partial :
       {"sudo -Hu alice torchrun train.py", "sudo --preserve-env=PATH torchrun train.py",
        "sudo GLOO_SOCKET_IFNAME=ens1f0 torchrun train.py", "sudo env MASTER_PORT=29500 torchrun train.py"}) {
    auto p = lint_as("run.sh", head + partial + "\n");
    auto hits = all_of(p, id);
    ASSERT_EQ(hits.size(), 1u) << partial << ": " << ids(p);
    EXPECT_TRUE(has(hits[0]->finding.title, "NCCL_SOCKET_IFNAME")) << hits[0]->finding.title;
  }
  auto quoted = lint_as("run.sh", head + "echo \"use sudo carefully\" && sudo torchrun train.py\n");
  ASSERT_EQ(all_of(quoted, id).size(), 1u) << ids(quoted);
  EXPECT_TRUE(all_of(quoted, id)[0]->edits.empty());
  EXPECT_TRUE(has(all_of(quoted, id)[0]->finding.fix.text, "sudo --preserve-env=NCCL_SOCKET_IFNAME,GLOO_SOCKET_IFNAME"))
      << all_of(quoted, id)[0]->finding.fix.text;
  clean("run.sh", "#!/bin/bash\nsudo torchrun train.py\nexport NCCL_SOCKET_IFNAME=ens1f0\n", id);
  clean("run.sh", "#!/bin/bash\nexport SLURM_CPUS_PER_TASK=4\nsudo python3 train.py\n", id);
}

// p21: hvd.broadcast_object under `if hvd.local_rank() == 0:`: ranks 0 and 4 of 8 call it.
TEST(LintFix56, HorovodBroadcastObjectUnderALocalRankBranchIsReported) {
  const std::string id = "lint.torch.collective-under-rank-branch";
  auto fs = lint_as("train.py",
                    "import horovod.torch as hvd\nhvd.init()\nstate = None\nif hvd.local_rank() == 0:\n"
                    "    state = hvd.broadcast_object(load(), root_rank=0)\n");
  ASSERT_EQ(all_of(fs, id).size(), 1u) << ids(fs);
  clean("train.py", "import horovod.torch as hvd\nhvd.init()\nstate = hvd.broadcast_object(load(), root_rank=0)\n", id);
}

}  // namespace
}  // namespace dd::lint
