// The launch scripts of --export-format take the job's size from what was checked, and the tf
// format writes a TF_CONFIG per task of the checked TF_CONFIG's cluster (or says why none).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "report/export_formats.hpp"
#include "report/fix_plan.hpp"

namespace dd::report {
namespace {

using nlohmann::json;

// A plan with one value to set: a plan with nothing prints "nothing to change" in every format.
FixPlan something_to_change() {
  FixPlan plan;
  plan.env["NCCL_BUFFSIZE"] = "4194304";
  return plan;
}

FixPlan sized(int nodes, const std::string& nodes_from, int procs, const std::string& procs_from) {
  FixPlan plan = something_to_change();
  plan.world = nodes;
  plan.world_from = nodes_from;
  plan.procs_per_node = procs;
  plan.procs_from = procs_from;
  return plan;
}

TEST(ExportCounts, TorchrunTakesNodesAndProcessesFromTheCheckedEnvironment) {
  auto text = render_export(sized(2, "NNODES=2", 8, "LOCAL_WORLD_SIZE=8"), ExportFormat::torchrun);
  EXPECT_NE(text.find("--nnodes=\"${NNODES:-2}\""), std::string::npos) << text;
  EXPECT_NE(text.find("--nproc_per_node=\"${NPROC_PER_NODE:-8}\""), std::string::npos) << text;
  EXPECT_NE(text.find("# 2 nodes: NNODES=2 in the checked environment\n"), std::string::npos) << text;
  EXPECT_NE(text.find("# 8 processes per node: LOCAL_WORLD_SIZE=8 in the checked environment\n"), std::string::npos)
      << text;
}

TEST(ExportCounts, UnknownCountsArePlaceholdersThatStopTheScript) {
  auto torchrun = render_export(something_to_change(), ExportFormat::torchrun);
  EXPECT_NE(torchrun.find("--nnodes=\"${NNODES:?set NNODES: the number of nodes"), std::string::npos) << torchrun;
  EXPECT_NE(torchrun.find("--nproc_per_node=\"${NPROC_PER_NODE:?set NPROC_PER_NODE"), std::string::npos) << torchrun;
  EXPECT_EQ(torchrun.find(":-1}"), std::string::npos) << torchrun;
  auto slurm = render_export(something_to_change(), ExportFormat::slurm);
  EXPECT_EQ(slurm.rfind("#!/bin/bash\n#SBATCH --nodes=NODES\n", 0), 0u) << slurm;
  // one sentence says the node count is missing: the placeholder's
  EXPECT_NE(slurm.find("# NODES above is not a count"), std::string::npos) << slurm;
  EXPECT_EQ(slurm.find("number of nodes is not known"), std::string::npos) << slurm;
  EXPECT_NE(slurm.find("export GPUS_PER_NODE=\"${GPUS_PER_NODE:?set GPUS_PER_NODE"), std::string::npos) << slurm;
}

TEST(ExportCounts, SlurmNodesAndGpusPerNodeFromTheCheckedEnvironment) {
  auto text = render_export(sized(2, "NNODES=2", 8, "WORLD_SIZE=16 / NNODES=2"), ExportFormat::slurm);
  EXPECT_EQ(text.rfind("#!/bin/bash\n#SBATCH --nodes=2\n", 0), 0u) << text;
  EXPECT_NE(text.find("export GPUS_PER_NODE=\"${GPUS_PER_NODE:-8}\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("--nproc_per_node=\"$GPUS_PER_NODE\""), std::string::npos) << text;
  EXPECT_NE(text.find("# 8 processes per node: WORLD_SIZE=16 / NNODES=2 in the checked environment"), std::string::npos)
      << text;
}

// A TF_CONFIG finding stands behind the plan: the TF_CONFIGs per task are the change.
FixPlan tf_config_wrong(const std::string& value) {
  FixPlan plan;
  plan.tf_config = value;
  plan.notes.push_back({"tf-config.task-index-out-of-range", "TF_CONFIG's task index is outside its job", ""});
  return plan;
}

TEST(ExportCounts, TfWritesATfConfigPerTaskOfTheCheckedCluster) {
  FixPlan plan = tf_config_wrong("");
  plan.tf_config = R"({"cluster": {"chief": ["10.20.0.2:2222"], "worker": ["10.20.0.3:2222", "10.20.0.4:2222"]}, )"
                   R"("task": {"type": "worker", "index": 2}})";
  auto j = json::parse(render_export(plan, ExportFormat::tf));
  ASSERT_EQ(j["tf_config"].size(), 3u) << j.dump(2);
  EXPECT_FALSE(j["nothing_to_change"].get<bool>()) << j.dump(2);  // the TF_CONFIGs are the change
  EXPECT_FALSE(j.contains("tf_config_none"));
  auto w1 = json::parse(j["tf_config"]["worker[1] 10.20.0.4:2222"].get<std::string>());
  EXPECT_EQ(w1["task"], json({{"type", "worker"}, {"index", 1}}));
  EXPECT_EQ(w1["cluster"], json::parse(plan.tf_config)["cluster"]);
  auto chief = json::parse(j["tf_config"]["chief[0] 10.20.0.2:2222"].get<std::string>());
  EXPECT_EQ(chief["task"]["type"], "chief");
}

// The cluster list itself is wrong (an address): a TF_CONFIG per task of it changes nothing, so none
// is written, and the reason names the finding and its fix.
TEST(ExportCounts, TfWritesNoTfConfigWhenAnAddressOfTheClusterIsWrong) {
  for (const auto& [id, fix] : std::vector<std::pair<std::string, std::string>>{
           {"tf-config.localhost-in-multihost", "replace localhost in cluster.worker[0] with the routable name"},
           {"tf-config.own-address-not-local", "check task.index on this node"}}) {
    FixPlan plan;
    plan.tf_config = R"({"cluster": {"worker": ["localhost:2222", "10.20.0.4:2222"]}, )"
                     R"("task": {"type": "worker", "index": 0}})";
    plan.notes.push_back({id, "an address of the cluster is wrong", fix});
    auto j = json::parse(render_export(plan, ExportFormat::tf));
    // no value written: nothing to change, as the other formats say; tf_config_none says what to do by hand
    EXPECT_TRUE(j["nothing_to_change"].get<bool>()) << j.dump(2);
    EXPECT_TRUE(j["env"].empty() && j["per_host"].empty()) << j.dump(2);
    EXPECT_EQ(render_export(plan, ExportFormat::sh).rfind("# distdoctor: nothing to change", 0), 0u);
    EXPECT_TRUE(j["tf_config"].empty()) << j.dump(2);
    ASSERT_TRUE(j.contains("tf_config_none")) << j.dump(2);
    auto why = j["tf_config_none"].get<std::string>();
    EXPECT_NE(why.find(id + ": an address of the cluster is wrong (fix: " + fix), std::string::npos) << why;
    EXPECT_NE(why.find("change what each finding says in every task's TF_CONFIG"), std::string::npos) << why;
    // with a task finding beside it, still none: the addresses stay wrong
    plan.notes.push_back({"tf-config.task-index-out-of-range", "TF_CONFIG task index is outside its job", ""});
    j = json::parse(render_export(plan, ExportFormat::tf));
    EXPECT_TRUE(j["tf_config"].empty()) << j.dump(2);
  }
}

TEST(ExportCounts, TfSaysWhyNoTfConfigCanBeWritten) {
  for (const auto& [value, why] : std::vector<std::pair<std::string, std::string>>{
           {"{\"cluster\": {\"worker\": [\"a:1\"]", "TF_CONFIG is not JSON"},
           {"{\"task\": {\"type\": \"worker\", \"index\": 0}}", "TF_CONFIG has no cluster object"}}) {
    auto j = json::parse(render_export(tf_config_wrong(value), ExportFormat::tf));
    EXPECT_TRUE(j["tf_config"].empty()) << j.dump(2);
    EXPECT_TRUE(j["nothing_to_change"].get<bool>()) << j.dump(2);  // no value written
    ASSERT_TRUE(j.contains("tf_config_none")) << j.dump(2);
    EXPECT_NE(j["tf_config_none"].get<std::string>().find(why), std::string::npos) << j.dump(2);
  }
  // no TF_CONFIG and nothing else to set: nothing to change, no TF_CONFIG to write
  auto j = json::parse(render_export(FixPlan{}, ExportFormat::tf));
  EXPECT_TRUE(j["nothing_to_change"].get<bool>()) << j.dump(2);
  EXPECT_TRUE(j["tf_config"].empty()) << j.dump(2);
}

}  // namespace
}  // namespace dd::report
