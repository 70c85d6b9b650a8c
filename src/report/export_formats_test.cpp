#include "report/export_formats.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/strings.hpp"
#include "report/fix_plan.hpp"

namespace dd::report {
namespace {

using nlohmann::json;

core::Finding finding(std::string id, core::Label label, core::Severity severity, std::string title, core::Fix fix) {
  auto f = core::new_finding(std::move(id), label, severity, std::move(title));
  f.fix = std::move(fix);
  return f;
}

// A preflight-shaped result: one common value, one per-host value, one unset, container findings.
std::vector<core::Finding> preflight_findings() {
  return {finding("env.nccl.ifname.bad", core::Label::config_typo, core::Severity::error,
                  "NCCL_SOCKET_IFNAME matches nothing",
                  {{{"NCCL_SOCKET_IFNAME", "lo"}, {"NCCL_IB_HCA", ""}}, {}, "use the verified value"}),
          finding("container.shm.too-small", core::Label::shm_exhausted, core::Severity::warning, "/dev/shm is 64 MiB",
                  {{}, {}, "--shm-size"}),
          finding("container.network.bridge", core::Label::virtual_interface, core::Severity::warning, "bridge network",
                  {})};
}

const core::Fix k_recommendation{
    {{"NCCL_SOCKET_IFNAME", "=eth0"}}, {{"node1", {{"GLOO_SOCKET_IFNAME", "ens1f0"}}}}, ""};

FixPlan preflight_plan(core::Fix recommendation = k_recommendation) {
  FixPlan plan = fix_plan(preflight_findings(), recommendation);
  plan.world = 2;
  plan.hosts = {"node0", "node1"};
  return plan;
}

TEST(FixPlan, RecommendationWinsThenFindingsInOrder) {
  FixPlan plan = fix_plan(preflight_findings(), k_recommendation);
  EXPECT_EQ(plan.env.at("NCCL_SOCKET_IFNAME"), "=eth0");  // verified value, not the finding's
  EXPECT_EQ(plan.env.at("NCCL_IB_HCA"), "");              // unset
  EXPECT_EQ(plan.per_host.at("node1").at("GLOO_SOCKET_IFNAME"), "ens1f0");
  EXPECT_EQ(plan.why.at("NCCL_SOCKET_IFNAME"), "preflight recommendation");
  EXPECT_EQ(plan.why.at("NCCL_IB_HCA"), "env.nccl.ifname.bad");
  EXPECT_TRUE(plan.shm_in_memory);
  EXPECT_TRUE(plan.host_network);
  EXPECT_FALSE(plan.ib_devices);
  ASSERT_EQ(plan.notes.size(), 3u);
  EXPECT_EQ(plan.notes[0].id, "env.nccl.ifname.bad");
}

TEST(FixPlan, DropsNamesNoShellAccepts) {
  FixPlan plan = fix_plan({finding("x", core::Label::other, core::Severity::error, "t",
                                   {{{"A;rm -rf /", "1"}, {"1X", "2"}, {"GOOD_NAME", "3"}}, {}, ""})});
  EXPECT_EQ(plan.env.size(), 1u);
  EXPECT_EQ(plan.env.at("GOOD_NAME"), "3");
}

TEST(ExportFormat, ParsesEveryNameAndRejectsOthers) {
  for (auto name : {"sh", "dockerfile", "k8s", "slurm", "torchrun", "tf"}) {
    auto f = parse_export_format(name);
    ASSERT_TRUE(f) << name;
    EXPECT_EQ(to_string(*f), name);
  }
  auto bad = parse_export_format("bash");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("'bash'"), std::string::npos);
  EXPECT_NE(bad.error().message.find("dockerfile"), std::string::npos);
}

TEST(ExportFormat, ShExportsUnsetsAndCasesByHostname) {
  auto text = render_export(preflight_plan(), ExportFormat::sh);
  EXPECT_NE(text.find("export NCCL_SOCKET_IFNAME==eth0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("unset NCCL_IB_HCA\n"), std::string::npos);
  EXPECT_NE(text.find("case \"$(hostname)\" in\n  node1) export GLOO_SOCKET_IFNAME=ens1f0; ;;\nesac\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("# env.nccl.ifname.bad: NCCL_SOCKET_IFNAME matches nothing\n"), std::string::npos);
}

TEST(ExportFormat, CommentsCannotBreakOutOfTheirLine) {
  auto plan =
      fix_plan({finding("x", core::Label::other, core::Severity::error, "t\nrm -rf /", {{{"A", "1"}}, {}, ""})});
  for (auto f :
       {ExportFormat::sh, ExportFormat::dockerfile, ExportFormat::k8s, ExportFormat::slurm, ExportFormat::torchrun}) {
    auto text = render_export(plan, f);
    EXPECT_EQ(text.find("\nrm -rf"), std::string::npos) << to_string(f) << "\n" << text;
  }
}

TEST(ExportFormat, DockerfileEnvEscapesAndEntrypointForPerHost) {
  core::Fix rec = k_recommendation;
  rec.env["NCCL_X"] = "a\"b$c";
  auto text = render_export(preflight_plan(rec), ExportFormat::dockerfile);
  EXPECT_NE(text.find("ENV NCCL_SOCKET_IFNAME=\"=eth0\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("ENV NCCL_X=\"a\\\"b\\$c\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("# NCCL_IB_HCA: ENV cannot unset"), std::string::npos);
  auto entry = text.find("ENTRYPOINT [");
  ASSERT_NE(entry, std::string::npos);
  auto line = text.substr(entry + 11, text.find('\n', entry) - entry - 11);
  auto arr = json::parse(line);  // the JSON form Docker reads
  ASSERT_EQ(arr.size(), 4u);
  EXPECT_EQ(arr[0], "/bin/sh");
  EXPECT_NE(arr[2].get<std::string>().find("node1) export GLOO_SOCKET_IFNAME=ens1f0;"), std::string::npos);
  EXPECT_NE(text.find("--network=host"), std::string::npos);
}

TEST(ExportFormat, K8sHasEnvListHostNetworkAndMemoryShm) {
  auto text = render_export(preflight_plan(), ExportFormat::k8s);
  EXPECT_NE(text.find("  hostNetwork: true"), std::string::npos) << text;
  EXPECT_NE(text.find("        - name: NCCL_SOCKET_IFNAME\n          value: \"=eth0\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("        medium: Memory\n"), std::string::npos);
  EXPECT_NE(text.find("mountPath: /dev/shm"), std::string::npos);
  EXPECT_NE(text.find("command: [\"/bin/sh\", \"-c\", "), std::string::npos);
}

// With nothing to apply every format says so in one comment line (tf: "nothing_to_change": true)
// instead of an empty template: a Pod template with `env: []`, merged as a JSON merge patch, would
// empty the container's env.
TEST(ExportFormat, NothingToChangeIsSaidTheSameWayInEveryFormat) {
  FixPlan plan;
  plan.notes.push_back({"env.local-rank.out-of-range", "LOCAL_RANK=4 is not below LOCAL_WORLD_SIZE=4", "check it"});
  for (auto f :
       {ExportFormat::sh, ExportFormat::dockerfile, ExportFormat::k8s, ExportFormat::slurm, ExportFormat::torchrun}) {
    auto text = render_export(plan, f);
    EXPECT_EQ(text.rfind("# distdoctor: nothing to change: no finding has a value to set", 0), 0u) << text;
    EXPECT_NE(text.find("# env.local-rank.out-of-range: LOCAL_RANK=4"), std::string::npos) << text;
    for (const auto& line : core::split(text, '\n')) EXPECT_TRUE(line.empty() || line[0] == '#') << text;
  }
  auto tf = json::parse(render_export(plan, ExportFormat::tf));
  EXPECT_EQ(tf["nothing_to_change"], true);
  EXPECT_TRUE(tf["env"].empty() && tf["tf_config"].empty());
  EXPECT_EQ(json::parse(render_export(preflight_plan(), ExportFormat::tf))["nothing_to_change"], false);
  // A container flag alone is something to change in the container forms, not in sh.
  FixPlan shm;
  shm.shm_in_memory = true;
  EXPECT_NE(render_export(shm, ExportFormat::k8s).find("medium: Memory"), std::string::npos);
  EXPECT_EQ(render_export(shm, ExportFormat::sh).rfind("# distdoctor: nothing to change", 0), 0u);
}

TEST(ExportFormat, SlurmUsesScontrolAndRunsThePerHostFunctionOnEachNode) {
  auto text = render_export(preflight_plan(), ExportFormat::slurm);
  EXPECT_EQ(text.rfind("#!/bin/bash\n#SBATCH --nodes=2\n", 0), 0u) << text;
  EXPECT_NE(text.find("scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1"), std::string::npos);
  EXPECT_NE(text.find("export -f dd_per_host_env"), std::string::npos);
  EXPECT_NE(text.find("srun bash -c 'dd_per_host_env; exec torchrun --nnodes=\"$SLURM_NNODES\""), std::string::npos);
  EXPECT_NE(text.find("--node_rank=\"$SLURM_NODEID\""), std::string::npos);
}

TEST(ExportFormat, TorchrunHasTheFourRendezvousFlagsNotTheOldLauncher) {
  auto text = render_export(preflight_plan(), ExportFormat::torchrun);
  for (auto flag : {"--nnodes=", "--node_rank=", "--master_addr=", "--master_port="}) {
    EXPECT_NE(text.find(flag), std::string::npos) << flag << "\n" << text;
  }
  EXPECT_EQ(text.find("torch.distributed.launch"), std::string::npos);
  EXPECT_NE(text.find("MASTER_ADDR:-node0"), std::string::npos);  // rank 0 of the preflight
  EXPECT_NE(text.find("NNODES:-2"), std::string::npos);
}

TEST(ExportFormat, TfIsJsonWithOneTfConfigPerWorker) {
  auto j = json::parse(render_export(preflight_plan(), ExportFormat::tf));
  EXPECT_EQ(j["env"]["NCCL_SOCKET_IFNAME"], "=eth0");
  EXPECT_TRUE(j["env"]["NCCL_IB_HCA"].is_null());
  ASSERT_EQ(j["tf_config"].size(), 2u);
  for (int i = 0; i < 2; ++i) {
    auto host = "node" + std::to_string(i);
    auto tf = json::parse(j["tf_config"][host].get<std::string>());
    EXPECT_EQ(tf["task"]["index"], i);
    EXPECT_EQ(tf["task"]["type"], "worker");
    EXPECT_EQ(tf["cluster"]["worker"].size(), 2u);
  }
}

}  // namespace
}  // namespace dd::report
