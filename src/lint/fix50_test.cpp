// Issue 27, fix50: ten of the fourteenth stranger's misses (tests/data/stranger/fix-2026-12-06k) as
// rules with their fixes applied: p12 init_process_group(timeout=1800), p16 --rdzv_conf
// join_timeout=30m, p17 --rdzv_id=$RANDOM per node, p20 #SBATCH --gres=gpu:4 under
// --nproc_per_node=8, p23 NCCL_SOCKET_IFNAME=eth*, p27 hostNetwork without dnsPolicy, p29 nvidia.com/gpu: 4 under
// --nproc_per_node=8, p25 a Compose list item `- NAME: value`, p18/p19
// torchrun started once for a two-node allocation; each beside a
// clean look-alike. tests/system/lint/roundtrip.sh applies the edits with the real parsers,
// tests/system/lint/fix50_jobs.sh runs p12, p16 and p17 as torch Gloo jobs before and after the fix.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::case_text;
using test::clean;
using test::fixed_once;
using test::ids;
using test::lint_as;

const std::string k_fix50_cases = "fix-2026-12-06k";  // tests/data/stranger/fix-2026-12-06k/cases

TEST(LintFix50, TimeoutAsNumberBecomesTimedeltaWithItsImport) {
  const std::string text = case_text(k_fix50_cases, "p12_timeout_int.py");
  auto fs = lint_as("p12.py", text);
  auto found = all_of(fs, "lint.torch.timeout-not-timedelta");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("timeout=1800"), std::string::npos) << found[0]->finding.title;
  EXPECT_NE(found[0]->finding.title.find("datetime.timedelta"), std::string::npos);
  std::string after = fixed_once("p12.py", text, "lint.torch.timeout-not-timedelta");
  EXPECT_NE(after.find("import datetime\ndist.init_process_group(backend=backend, "
                       "timeout=datetime.timedelta(seconds=1800))"),
            std::string::npos)
      << after;
  // inside a function: the import at the statement's indentation
  std::string nested =
      "import torch.distributed as dist\ndef main():\n    dist.init_process_group('gloo', timeout=60.5)\n";
  std::string fixed = fixed_once("n.py", nested, "lint.torch.timeout-not-timedelta");
  EXPECT_NE(fixed.find("    import datetime\n    dist.init_process_group('gloo', "
                       "timeout=datetime.timedelta(seconds=60.5))"),
            std::string::npos)
      << fixed;
  // the file's own spelling, no second import
  std::string from =
      "from datetime import timedelta\nimport torch.distributed as dist\n"
      "dist.init_process_group('gloo',\n    timeout=1800)\n";
  std::string from_fixed = fixed_once("f.py", from, "lint.torch.timeout-not-timedelta");
  EXPECT_NE(from_fixed.find("    timeout=timedelta(seconds=1800))"), std::string::npos) << from_fixed;
  EXPECT_EQ(from_fixed.find("import datetime"), std::string::npos) << from_fixed;
}

// The file's `datetime` is the class (`from datetime import datetime`): datetime.timedelta would be an
// AttributeError and an added `import datetime` would rebind the name (review of 2026-12-06).
TEST(LintFix50, TimeoutFixWhereDatetimeIsTheClassImportsTimedelta) {
  const std::string cls =
      "from datetime import datetime\nimport torch.distributed as dist\n"
      "print(datetime.now())\ndist.init_process_group('gloo', timeout=60)\n";
  std::string fixed = fixed_once("cls.py", cls, "lint.torch.timeout-not-timedelta");
  EXPECT_NE(fixed.find("from datetime import timedelta\ndist.init_process_group('gloo', "
                       "timeout=timedelta(seconds=60))"),
            std::string::npos)
      << fixed;
  EXPECT_EQ(fixed.find("\nimport datetime\n"), std::string::npos) << fixed;  // the class's name not rebound
  const std::string both =
      "from datetime import datetime, timedelta as td\nimport torch.distributed as dist\n"
      "dist.init_process_group('gloo', timeout=60)\n";
  std::string both_fixed = fixed_once("both.py", both, "lint.torch.timeout-not-timedelta");
  EXPECT_NE(both_fixed.find("timeout=td(seconds=60))"), std::string::npos) << both_fixed;
  EXPECT_EQ(both_fixed.find("from datetime import timedelta\n"), std::string::npos) << both_fixed;
  const std::string aliased =
      "import datetime as dt\nimport torch.distributed as dist\ndist.init_process_group('gloo', timeout=60)\n";
  EXPECT_NE(fixed_once("a.py", aliased, "lint.torch.timeout-not-timedelta").find("timeout=dt.timedelta(seconds=60))"),
            std::string::npos);
}

TEST(LintFix50, TimedeltaTimeoutStaysQuiet) {
  clean("c.py",
        "import datetime\nimport torch.distributed as dist\n"
        "dist.init_process_group('nccl', timeout=datetime.timedelta(seconds=1800))\n",
        "lint.torch.timeout-not-timedelta");
  clean("c.py", "import torch.distributed as dist\nT = get()\ndist.init_process_group('nccl', timeout=T)\n",
        "lint.torch.timeout-not-timedelta");
  clean("c.py", "import socket\ns = socket.create_connection(('h', 1), timeout=30)\n",
        "lint.torch.timeout-not-timedelta");
}

TEST(LintFix50, RdzvConfWithUnitBecomesSeconds) {
  const std::string text = case_text(k_fix50_cases, "p16_rdzv_conf_minutes.sh");
  auto fs = lint_as("p16.sh", text);
  auto found = all_of(fs, "lint.torch.rdzv-conf-not-seconds");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("join_timeout=30m"), std::string::npos) << found[0]->finding.title;
  EXPECT_NE(found[0]->finding.title.find("does not represent a valid integer value"), std::string::npos);
  std::string after = fixed_once("p16.sh", text, "lint.torch.rdzv-conf-not-seconds");
  EXPECT_NE(after.find("    --rdzv_conf join_timeout=1800 \\\n"), std::string::npos) << after;
  // a value with no unit to convert: prose, no edit
  auto prose = lint_as("x.sh", "torchrun --nnodes=2 --rdzv-conf=join_timeout=soon,read_timeout=2h train.py\n");
  auto both = all_of(prose, "lint.torch.rdzv-conf-not-seconds");
  ASSERT_EQ(both.size(), 2u) << ids(prose);
  EXPECT_TRUE(both[0]->edits.empty());
  EXPECT_FALSE(both[1]->edits.empty());
  EXPECT_NE(both[1]->finding.fix.text.find("read_timeout=7200 "), std::string::npos) << both[1]->finding.fix.text;
}

TEST(LintFix50, RdzvConfInSecondsStaysQuiet) {
  clean("c04.sh", case_text(k_fix50_cases, "c04_torchrun_elastic_range.sh"), "lint.torch.rdzv-conf-not-seconds");
  clean("c.sh", "torchrun --nnodes=2 --rdzv_conf timeout=600,join_timeout=$JT,is_host=false train.py\n",
        "lint.torch.rdzv-conf-not-seconds");
}

TEST(LintFix50, SlurmGresFewerThanProcsStartsAsManyAsAsked) {
  const std::string text = case_text(k_fix50_cases, "p20_gres_fewer_than_nproc.sbatch");
  auto fs = lint_as("p20.sbatch", text);
  auto found = all_of(fs, "lint.slurm.gpus-fewer-than-procs");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const auto& title = found[0]->finding.title;
  EXPECT_NE(title.find("#SBATCH --gres=gpu:4 asks Slurm for 4 GPUs per node"), std::string::npos) << title;
  EXPECT_NE(title.find("local ranks 4..7"), std::string::npos) << title;
  std::string after = fixed_once("p20.sbatch", text, "lint.slurm.gpus-fewer-than-procs");
  EXPECT_NE(after.find("srun torchrun --nnodes=2 --nproc_per_node=4 \\\n"), std::string::npos) << after;
}

TEST(LintFix50, SlurmGpusEnoughOrCountedByTorchStayQuiet) {
  clean("c.sbatch",
        "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --gres=gpu:a100:8\nsrun torchrun --nnodes=2 --nproc_per_node=8 t.py\n",
        "lint.slurm.gpus-fewer-than-procs");
  clean("c.sbatch",
        "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --gres=gpu:4\nsrun torchrun --nnodes=2 --nproc-per-node=gpu t.py\n",
        "lint.slurm.gpus-fewer-than-procs");
  clean("c03.sh", case_text(k_fix50_cases, "c03_torchrun_nproc_gpu.sh"), "lint.slurm.gpus-fewer-than-procs");
}

TEST(LintFix50, IfnameGlobBecomesItsPrefix) {
  const std::string text = case_text(k_fix50_cases, "p23_ifname_glob.env");
  auto fs = lint_as("p23.env", text);
  auto found = all_of(fs, "lint.env.ifname-glob");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("NCCL_SOCKET_IFNAME=eth*"), std::string::npos) << found[0]->finding.title;
  std::string after = fixed_once("p23.env", text, "lint.env.ifname-glob");
  EXPECT_EQ(after, "NCCL_SOCKET_IFNAME=eth\nNCCL_IB_DISABLE=1\n");
  std::string quoted = fixed_once("q.sh", "export NCCL_SOCKET_IFNAME=\"ens*,ib*\"\n", "lint.env.ifname-glob");
  EXPECT_EQ(quoted, "export NCCL_SOCKET_IFNAME=\"ens,ib\"\n");
  // '*' inside a name, or an exact list: prose
  auto prose = lint_as("p.sh", "export NCCL_SOCKET_IFNAME==e*h0\n");
  auto one = all_of(prose, "lint.env.ifname-glob");
  ASSERT_EQ(one.size(), 1u) << ids(prose);
  EXPECT_TRUE(one[0]->edits.empty());
}

TEST(LintFix50, IfnamePrefixOrExclusionStaysQuiet) {
  clean("c.env", "NCCL_SOCKET_IFNAME=eth\n", "lint.env.ifname-glob");
  clean("c.env", "NCCL_SOCKET_IFNAME=^docker0,lo\n", "lint.env.ifname-glob");
  clean("c04.sh", case_text(k_fix50_cases, "c04_torchrun_elastic_range.sh"), "lint.env.ifname-glob");
  clean("c.sh", "export GLOO_SOCKET_IFNAME=eth0\nls /sys/class/net/eth*\n", "lint.env.ifname-glob");
}

TEST(LintFix50, RdzvIdDrawnPerNodeIsNamedWithItsLine) {
  const std::string text = case_text(k_fix50_cases, "p17_rdzv_id_random.sh");
  auto fs = lint_as("p17.sh", text);
  auto found = all_of(fs, "lint.torch.rdzv-id-per-node");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const auto& f = found[0]->finding;
  EXPECT_NE(f.title.find("--rdzv_id=$RUN_ID (RUN_ID=$RANDOM) is drawn by each node's shell ($RANDOM)"),
            std::string::npos)
      << f.title;
  EXPECT_NE(f.title.find("--nnodes=2"), std::string::npos) << f.title;
  EXPECT_TRUE(found[0]->edits.empty());
  ASSERT_FALSE(f.evidence.empty());
  EXPECT_NE(f.evidence[1].find(":3: RUN_ID=$RANDOM"), std::string::npos) << f.evidence[1];
  EXPECT_EQ(all_of(lint_as("d.sh", "torchrun --nnodes=2 --rdzv-id=$(uuidgen) --rdzv-backend=c10d t.py\n"),
                   "lint.torch.rdzv-id-per-node")
                .size(),
            1u);
}

TEST(LintFix50, RdzvIdSharedOrDrawnOnceStaysQuiet) {
  clean("c02.sbatch", case_text(k_fix50_cases, "c02_sbatch_hostname_in_batch.sbatch"), "lint.torch.rdzv-id-per-node");
  clean("c03.sh", case_text(k_fix50_cases, "c03_torchrun_nproc_gpu.sh"), "lint.torch.rdzv-id-per-node");
  clean("c.sh", "RUN_ID=$RANDOM\ntorchrun --nnodes=1 --rdzv_id=$RUN_ID t.py\n", "lint.torch.rdzv-id-per-node");
  clean("c.sbatch", "#!/bin/bash\n#SBATCH -N 2\nID=$RANDOM\nsrun torchrun --nnodes=2 --rdzv_id=$ID t.py\n",
        "lint.torch.rdzv-id-per-node");
  clean("c.sh", "torchrun --nnodes=2 --rdzv_id=run-$(date +%Y%m%d) t.py\n", "lint.torch.rdzv-id-per-node");
}

TEST(LintFix50, HostNetworkPodNamingAServiceGetsClusterDns) {
  const std::string text = case_text(k_fix50_cases, "p27_k8s_hostnet_no_dnspolicy.yaml");
  auto fs = lint_as("p27.yaml", text);
  auto found = all_of(fs, "lint.k8s.host-network-dns-policy");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("ddp-master.training.svc.cluster.local may not resolve"), std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p27.yaml", text, "lint.k8s.host-network-dns-policy");
  EXPECT_NE(after.find("      hostNetwork: true\n      dnsPolicy: ClusterFirstWithHostNet\n      restartPolicy"),
            std::string::npos)
      << after;
  // an explicit ClusterFirst is changed in place
  std::string first = text;
  first.replace(first.find("      restartPolicy"), 0, "      dnsPolicy: ClusterFirst\n");
  std::string first_fixed = fixed_once("f.yaml", first, "lint.k8s.host-network-dns-policy");
  EXPECT_NE(first_fixed.find("      dnsPolicy: ClusterFirstWithHostNet\n      restartPolicy"), std::string::npos)
      << first_fixed;
}

TEST(LintFix50, HostNetworkWithPolicyOrAnAddressStaysQuiet) {
  clean("c09.yaml", case_text(k_fix50_cases, "c09_k8s_hostnet_dns.yaml"), "lint.k8s.host-network-dns-policy");
  std::string by_address = case_text(k_fix50_cases, "p27_k8s_hostnet_no_dnspolicy.yaml");
  by_address.replace(by_address.find("ddp-master.training.svc.cluster.local"), 37, "10.20.0.11");
  clean("a.yaml", by_address, "lint.k8s.host-network-dns-policy");
  std::string pod_network = case_text(k_fix50_cases, "p27_k8s_hostnet_no_dnspolicy.yaml");
  pod_network.replace(pod_network.find("hostNetwork: true"), 17, "hostNetwork: false");
  clean("p.yaml", pod_network, "lint.k8s.host-network-dns-policy");
}

TEST(LintFix50, PodGpuLimitFewerThanProcsStartsAsManyAsGiven) {
  const std::string text = case_text(k_fix50_cases, "p29_k8s_gpu_limit_fewer.yaml");
  auto fs = lint_as("p29.yaml", text);
  auto found = all_of(fs, "lint.k8s.gpus-fewer-than-procs");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("GPU limit is 4"), std::string::npos) << found[0]->finding.title;
  EXPECT_NE(found[0]->finding.title.find("local ranks 4..7"), std::string::npos) << found[0]->finding.title;
  std::string after = fixed_once("p29.yaml", text, "lint.k8s.gpus-fewer-than-procs");
  EXPECT_NE(after.find("command: [\"torchrun\", \"--nproc_per_node=4\", \"train.py\"]"), std::string::npos) << after;
}

TEST(LintFix50, PodGpuLimitEnoughOrCountedByTorchStaysQuiet) {
  clean("c09.yaml", case_text(k_fix50_cases, "c09_k8s_hostnet_dns.yaml"), "lint.k8s.gpus-fewer-than-procs");
  std::string gpu = case_text(k_fix50_cases, "p29_k8s_gpu_limit_fewer.yaml");
  gpu.replace(gpu.find("--nproc_per_node=8"), 18, "--nproc_per_node=gpu");
  clean("g.yaml", gpu, "lint.k8s.gpus-fewer-than-procs");
  std::string eight = case_text(k_fix50_cases, "p29_k8s_gpu_limit_fewer.yaml");
  eight.replace(eight.find("nvidia.com/gpu: 4"), 17, "nvidia.com/gpu: 8");
  clean("e.yaml", eight, "lint.k8s.gpus-fewer-than-procs");
}

TEST(LintFix50, ComposeListItemMapBecomesNameEqualsValue) {
  const std::string text = case_text(k_fix50_cases, "p25_compose_env_list_colon.yml");
  auto fs = lint_as("p25.yml", text);
  auto found = all_of(fs, "lint.compose.env-list-map");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->location.line, 9);
  EXPECT_NE(found[0]->finding.title.find("`NCCL_SOCKET_IFNAME: ens5` is a map inside a list"), std::string::npos)
      << found[0]->finding.title;
  std::string after = fixed_once("p25.yml", text, "lint.compose.env-list-map");
  EXPECT_NE(after.find("      - MASTER_PORT=29500\n      - NCCL_SOCKET_IFNAME=ens5\n"), std::string::npos) << after;
  YAML::Node doc = YAML::Load(after);
  for (const auto& e : doc["services"]["trainer"]["environment"]) EXPECT_TRUE(e.IsScalar()) << after;
}

TEST(LintFix50, ComposeListOfStringsOrMapStaysQuiet) {
  clean("c10.yml", case_text(k_fix50_cases, "c10_compose_one_host_two_containers.yml"), "lint.compose.env-list-map");
  clean("m.yml", "services:\n  t:\n    image: x\n    environment:\n      NCCL_SOCKET_IFNAME: ens5\n",
        "lint.compose.env-list-map");
  clean("l.yml", "services:\n  t:\n    image: x\n    environment:\n      - \"NCCL_SOCKET_IFNAME=a: b\"\n",
        "lint.compose.env-list-map");
}

TEST(LintFix50, TorchrunStartedOnceForTwoNodesGetsOneAgentPerNode) {
  const std::string p18 = case_text(k_fix50_cases, "p18_sbatch_no_srun.sbatch");
  auto fs = lint_as("p18.sbatch", p18);
  auto found = all_of(fs, "lint.slurm.one-agent-for-nodes");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("#SBATCH -N 2 asks for 2 nodes"), std::string::npos)
      << found[0]->finding.title;
  EXPECT_NE(found[0]->finding.title.find("no srun"), std::string::npos) << found[0]->finding.title;
  std::string after = fixed_once("p18.sbatch", p18, "lint.slurm.one-agent-for-nodes");
  EXPECT_NE(after.find("\nsrun --ntasks-per-node=1 torchrun --nnodes=2 --nproc_per_node=8"), std::string::npos)
      << after;
  const std::string p19 = case_text(k_fix50_cases, "p19_srun_one_node.sbatch");
  auto fs19 = lint_as("p19.sbatch", p19);
  auto found19 = all_of(fs19, "lint.slurm.one-agent-for-nodes");
  ASSERT_EQ(found19.size(), 1u) << ids(fs19);
  EXPECT_NE(found19[0]->finding.title.find("srun --nodes=1 --ntasks=1 starts it as one task"), std::string::npos)
      << found19[0]->finding.title;
  std::string after19 = fixed_once("p19.sbatch", p19, "lint.slurm.one-agent-for-nodes");
  EXPECT_NE(after19.find("\nsrun --ntasks-per-node=1 torchrun --nnodes=2"), std::string::npos) << after19;
  // --node_rank on the line: prose (srun would expand it once for every node)
  auto prose = lint_as("n.sbatch",
                       "#!/bin/bash\n#SBATCH --nodes=2\ntorchrun --nnodes=2 --node_rank=$SLURM_NODEID "
                       "--master_addr=h t.py\n");
  auto one = all_of(prose, "lint.slurm.one-agent-for-nodes");
  ASSERT_EQ(one.size(), 1u) << ids(prose);
  EXPECT_TRUE(one[0]->edits.empty());
  // a localhost endpoint: each node's agent would hold its own rendezvous, so no edit, and the prose says so
  auto local = lint_as("l.sbatch",
                       "#!/bin/bash\n#SBATCH --nodes=2\ntorchrun --nnodes=2 --rdzv_backend=c10d "
                       "--rdzv_endpoint=localhost:29400 t.py\n");
  auto lone = all_of(local, "lint.slurm.one-agent-for-nodes");
  ASSERT_EQ(lone.size(), 1u) << ids(local);
  EXPECT_TRUE(lone[0]->edits.empty());
  EXPECT_NE(lone[0]->finding.fix.text.find("not localhost"), std::string::npos) << lone[0]->finding.fix.text;
}

TEST(LintFix50, OneAgentPerNodeOrOneNodeStaysQuiet) {
  clean("c02.sbatch", case_text(k_fix50_cases, "c02_sbatch_hostname_in_batch.sbatch"),
        "lint.slurm.one-agent-for-nodes");
  clean("p20.sbatch", case_text(k_fix50_cases, "p20_gres_fewer_than_nproc.sbatch"), "lint.slurm.one-agent-for-nodes");
  clean("o.sbatch", "#!/bin/bash\n#SBATCH --nodes=1\ntorchrun --nnodes=1 --nproc_per_node=8 t.py\n",
        "lint.slurm.one-agent-for-nodes");
  clean("s.sh", "torchrun --nnodes=2 --rdzv_backend=c10d --rdzv_endpoint=h:29400 t.py\n",
        "lint.slurm.one-agent-for-nodes");
}

}  // namespace
}  // namespace dd::lint
