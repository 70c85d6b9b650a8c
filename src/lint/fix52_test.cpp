// Issue 27, fix52: the sixteenth stranger's misses (tests/data/stranger/fix-2026-12-06m) as rules with
// their fixes applied, each beside a clean look-alike: p02 `export RANK=$SLURM_PROCID` in the batch
// shell, p04 MASTER_ADDR=$(hostname -I), p03 MASTER_ADDR from the last node, p21 horovodrun -H
// without slots, p11 an accelerate config's loopback main_process_ip on 2 machines, p15 NCCL_IB_RETRY_CNT outside 0..7,
// p16 NCCL_NET=IB with NCCL_IB_DISABLE=1. tests/system/lint/roundtrip.sh and stranger16_cases.sh apply the edits with
// bash and run p02 as a torch Gloo job.
#include <gtest/gtest.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::clean;
using test::fixed_once;
using test::ids;
using test::lint_as;

std::string case16(const std::string& name) { return test::case_text("fix-2026-12-06m", name); }

TEST(LintFix52, RankFromSlurmProcidInTheBatchShellMovesIntoEachTask) {
  const std::string id = "lint.slurm.task-variable-in-batch-shell";
  const std::string p02 = case16("p02_rank_export_batch.sbatch");
  auto fs = lint_as("p02.sbatch", p02);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->location.line, 11);
  EXPECT_NE(found[0]->finding.title.find("export RANK=$SLURM_PROCID and export LOCAL_RANK=$SLURM_LOCALID run once"),
            std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p02.sbatch", p02, id);
  EXPECT_EQ(after.find("export RANK="), std::string::npos) << after;
  EXPECT_NE(after.find("export WORLD_SIZE=$SLURM_NTASKS\n\nsrun bash -c 'RANK=$SLURM_PROCID "
                       "LOCAL_RANK=$SLURM_LOCALID exec python train.py --backend nccl --init-method env://'\n"),
            std::string::npos)
      << after;
  // set per task already, or no srun: nothing; srun's command with a $VAR: prose
  clean("p03.sbatch", case16("p03_master_tail.sbatch"), id);
  clean("c05.sbatch", case16("c05_master_port_random.sbatch"), id);
  clean("n.sbatch", "#!/bin/bash\n#SBATCH --nodes=2\nexport RANK=$SLURM_PROCID\npython train.py\n", id);
  auto prose = lint_as("v.sbatch",
                       "#!/bin/bash\n#SBATCH --nodes=2\nexport RANK=$SLURM_PROCID\n"
                       "srun python train.py --lr $LR\n");
  auto p = all_of(prose, id);
  ASSERT_EQ(p.size(), 1u) << ids(prose);
  EXPECT_TRUE(p[0]->edits.empty());
}

TEST(LintFix52, MasterAddrFromHostnameAllAddressesIsOneHost) {
  const std::string id = "lint.launch.master-addr-all-addresses";
  const std::string p04 = case16("p04_hostname_I.sbatch");
  std::string after = fixed_once("p04.sbatch", p04, id);
  EXPECT_NE(after.find("export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"),
            std::string::npos)
      << after;
  // outside Slurm: prose with the caveat; one address chosen, or hostname -i: quiet
  auto plain = lint_as("run.sh", "#!/bin/bash\nexport MASTER_ADDR=$(hostname -I)\ntorchrun --nnodes=2 t.py\n");
  auto f = all_of(plain, id);
  ASSERT_EQ(f.size(), 1u) << ids(plain);
  EXPECT_TRUE(f[0]->edits.empty());
  EXPECT_NE(f[0]->finding.fix.text.find("docker0"), std::string::npos) << f[0]->finding.fix.text;
  clean("a.sh", "export MASTER_ADDR=$(hostname -I | cut -d' ' -f1)\n", id);
  clean("b.sh", "export MASTER_ADDR=$(hostname -I | awk '{print $1}')\n", id);
}

TEST(LintFix52, MasterAddrFromTheLastNodeWhileRankZeroIsFirst) {
  const std::string id = "lint.slurm.master-addr-last-node";
  std::string after = fixed_once("p03.sbatch", case16("p03_master_tail.sbatch"), id);
  EXPECT_NE(after.find("| head -n 1)\n"), std::string::npos) << after;
  clean("c05.sbatch", case16("c05_master_port_random.sbatch"), id);
  // c10d: any node may hold the rendezvous
  clean("c10d.sbatch",
        "#!/bin/bash\n#SBATCH --nodes=2\nexport MASTER_ADDR=$(scontrol show hostnames | tail -n 1)\n"
        "srun torchrun --nnodes=2 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 --node_rank=$SLURM_NODEID "
        "t.py\n",
        id);
}

TEST(LintFix52, HorovodrunHostsWithoutSlotsAreRefused) {
  const std::string id = "lint.launch.np-exceeds-slots";
  const std::string p21 = case16("p21_horovodrun_no_slots.sh");
  auto fs = lint_as("p21.sh", p21);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("horovodrun refuses the list before it starts anything (\"Invalid host "
                                         "input, please make sure it has format as : worker-0:2,worker-1:2.\")"),
            std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p21.sh", p21, id);
  EXPECT_NE(after.find("horovodrun -np 8 -H node1:4,node2:4 --network-interfaces eth0 \\\n"), std::string::npos)
      << after;
  clean("c11.sh", case16("c11_horovod_hostfile.sh"), id);
  clean("ok.sh", "horovodrun -np 8 -H node1:4,node2:4 python train.py\n", id);
  clean("var.sh", "horovodrun -np 8 -H $HOSTS python train.py\n", id);
}

TEST(LintFix52, IbRetryCountAndForcedIbNetWithIbDisabled) {
  auto p15 = lint_as("p15.env", case16("p15_ib_retry.env"));
  auto r = all_of(p15, "env.nccl.ib-retry-cnt-range");
  ASSERT_EQ(r.size(), 1u) << ids(p15);
  EXPECT_EQ(r[0]->location.line, 4);
  EXPECT_NE(r[0]->finding.title.find("NCCL_IB_RETRY_CNT=20 is outside 0..7"), std::string::npos);
  EXPECT_EQ(r[0]->finding.fix.env.at("NCCL_IB_RETRY_CNT"), "7");
  EXPECT_TRUE(all_of(p15, "env.int.out-of-range").empty()) << ids(p15);
  clean("ok.env", "NCCL_IB_RETRY_CNT=7\n", "env.nccl.ib-retry-cnt-range");

  auto p16 = lint_as("p16.env", case16("p16_net_ib_disabled.env"));
  auto n = all_of(p16, "env.nccl.net-ib-disabled");
  ASSERT_EQ(n.size(), 1u) << ids(p16);
  EXPECT_EQ(n[0]->location.line, 2);
  EXPECT_NE(n[0]->finding.title.find("Failed to initialize any NET plugin"), std::string::npos);
  EXPECT_EQ(n[0]->finding.fix.env.at("NCCL_NET"), "Socket");
  clean("c07.env", case16("c07_ipoib.env"), "env.nccl.net-ib-disabled");
  clean("sock.env", "NCCL_NET=Socket\nNCCL_IB_DISABLE=1\n", "env.nccl.net-ib-disabled");
  clean("on.env", "NCCL_NET=IB\nNCCL_IB_DISABLE=0\n", "env.nccl.net-ib-disabled");
}

TEST(LintFix52, AccelerateConfigLoopbackOnTwoMachines) {
  const std::string id = "lint.launch.master-addr-localhost";
  const std::string p11 = case16("p11_accelerate_config.yaml");
  auto fs = lint_as("default_config.yaml", p11);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->location.line, 7);
  EXPECT_NE(found[0]->finding.title.find("main_process_ip: 127.0.0.1 with num_machines: 2"), std::string::npos)
      << found[0]->finding.title;
  EXPECT_EQ(found[0]->finding.fix.text.rfind("main_process_ip: RANK0_HOST  # ", 0), 0u) << found[0]->finding.fix.text;
  std::string one = p11;
  one.replace(one.find("num_machines: 2"), 15, "num_machines: 1");
  clean("one.yaml", one, id);
  std::string named = p11;
  named.replace(named.find("127.0.0.1"), 9, "node01");
  clean("named.yaml", named, id);
}

}  // namespace
}  // namespace dd::lint
