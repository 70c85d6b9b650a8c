#include "report/launch_template.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/strings.hpp"

namespace dd::report {
namespace {

FixPlan plan_with_fix() {
  FixPlan p;
  p.env["NCCL_IB_DISABLE"] = "1";
  p.why["NCCL_IB_DISABLE"] = "env.nccl.ib-disable.value";
  return p;
}

TEST(LaunchTemplate, ParsesLaunchers) {
  for (auto n : {"torchrun", "srun", "mpirun", "tf"}) EXPECT_EQ(to_string(*parse_launcher(n)), n);
  auto bad = parse_launcher("slurm");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("'slurm'"), std::string::npos);
}

TEST(LaunchTemplate, VariablesCarryTheirReasonAndDebugLevel) {
  auto t = render_launch_template(plan_with_fix(), {Launcher::torchrun, 3, 4, "gpu1"}, {"ens1f0", "198.18.0.5"});
  EXPECT_NE(t.find("export NCCL_SOCKET_IFNAME=ens1f0"), std::string::npos) << t;
  EXPECT_NE(t.find("NCCL picks ens1f0 (198.18.0.5) here"), std::string::npos);
  EXPECT_NE(t.find("export GLOO_SOCKET_IFNAME=ens1f0"), std::string::npos);
  EXPECT_NE(t.find("export NCCL_IB_DISABLE=1"), std::string::npos);
  EXPECT_NE(t.find("# fix from env.nccl.ib-disable.value"), std::string::npos);
  EXPECT_NE(t.find("\nexport NCCL_DEBUG=WARN "), std::string::npos);
  EXPECT_NE(t.find("\n# export NCCL_DEBUG=INFO "), std::string::npos);
  EXPECT_NE(t.find("torchrun --nnodes=3 --nproc_per_node=4"), std::string::npos);
  EXPECT_EQ(t.find("torch.distributed.launch "), std::string::npos);
}

TEST(LaunchTemplate, AFixWinsOverTheModelsChoice) {
  FixPlan p;
  p.env["NCCL_SOCKET_IFNAME"] = "=eth1";
  p.why["NCCL_SOCKET_IFNAME"] = "nccl.ifname.virtual";
  auto t = render_launch_template(p, {Launcher::srun, 2, 8, "h"}, {"docker0", "172.17.0.1"});
  EXPECT_NE(t.find("export NCCL_SOCKET_IFNAME==eth1 "), std::string::npos) << t;
  EXPECT_EQ(t.find("NCCL_SOCKET_IFNAME=docker0"), std::string::npos);
  EXPECT_NE(t.find("#SBATCH --nodes=2\n"), std::string::npos);
  EXPECT_NE(t.find("scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1"), std::string::npos);
}

TEST(LaunchTemplate, NoInterfaceSaysSoInsteadOfGuessing) {
  auto t = render_launch_template(FixPlan{}, {Launcher::mpirun, 2, 2, "h"}, {});
  EXPECT_EQ(t.find("export NCCL_SOCKET_IFNAME"), std::string::npos) << t;
  EXPECT_NE(t.find("# NCCL_SOCKET_IFNAME: NCCL finds no usable interface"), std::string::npos);
  EXPECT_NE(t.find("mpirun -np 4 "), std::string::npos);
  EXPECT_NE(t.find("[ -r \"$HOSTFILE\" ]"), std::string::npos);
}

// Open MPI passes the ranks on other hosts only what -x names: PATH and LD_LIBRARY_PATH go with the
// NCCL and rendezvous variables, LD_LIBRARY_PATH exported (maybe empty) before the mpirun line.
TEST(LaunchTemplate, MpirunForwardsPathAndLibraryPathWithTheNcclVariables) {
  auto t = render_launch_template(FixPlan{}, {Launcher::mpirun, 2, 2, "h"}, {"eth0", "198.18.0.1"});
  std::vector<std::string> forwarded;
  for (auto at = t.find(" -x "); at != std::string::npos; at = t.find(" -x ", at + 1)) {
    auto end = t.find_first_of(" \n", at + 4);
    forwarded.push_back(t.substr(at + 4, end - at - 4));
  }
  EXPECT_EQ(forwarded, (std::vector<std::string>{"PATH", "LD_LIBRARY_PATH", "NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME",
                                                 "NCCL_DEBUG", "MASTER_ADDR", "MASTER_PORT"}))
      << t;
  auto exported = t.find("export LD_LIBRARY_PATH=\"${LD_LIBRARY_PATH:-}\"");
  ASSERT_NE(exported, std::string::npos) << t;
  EXPECT_LT(exported, t.find("mpirun -np 4 ")) << t;
}

TEST(LaunchTemplate, TfBuildsOneWorkerListAndThisTasksIndex) {
  auto t = render_launch_template(FixPlan{}, {Launcher::tf, 3, 1, "h"}, {"eth0", "198.18.0.1"});
  // placeholders that stop the script (tests/system/report/launch_template.sh runs it), no host names
  EXPECT_NE(t.find("WORKERS=(\"WORKER0_HOST:12345\" \"WORKER1_HOST:12345\" \"WORKER2_HOST:12345\")"), std::string::npos)
      << t;
  EXPECT_NE(t.find("[[ $w != WORKER*_HOST:* ]] || { echo \"replace $w in WORKERS"), std::string::npos) << t;
  EXPECT_EQ(t.find("node0"), std::string::npos) << t;
  EXPECT_NE(t.find("export TF_CONFIG"), std::string::npos);
}

// A comment names only commands its own template runs: no scontrol/head note in the torchrun, mpirun
// or tf templates, no talk of a seed's $NODES file.
TEST(LaunchTemplate, CommentsDescribeOnlyWhatTheTemplateContains) {
  for (auto l : {Launcher::torchrun, Launcher::srun, Launcher::mpirun, Launcher::tf}) {
    auto t = render_launch_template(FixPlan{}, {l, 2, 2, "h"}, {"eth0", "198.18.0.1"});
    std::string code, comments;
    for (const auto& line : core::split(t, '\n')) {
      std::size_t at = line.rfind("#SBATCH", 0) == 0 ? std::string::npos : line.find("# ");
      if (at != std::string::npos && at > 0 && line[at - 1] != ' ') at = std::string::npos;  // "#" inside code
      code += line.substr(0, at) + "\n";
      if (at != std::string::npos) comments += line.substr(at) + "\n";
    }
    for (const char* word : {"scontrol", "head -n", "$NODES", "seed"}) {
      if (comments.find(word) != std::string::npos) {
        EXPECT_NE(code.find(word), std::string::npos) << to_string(l) << ": a comment mentions " << word << "\n" << t;
      }
    }
  }
}

}  // namespace
}  // namespace dd::report
