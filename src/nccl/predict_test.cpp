// Model rules beyond the experiment table: the Corrections of nccl-facts, version deltas (§1.9)
// and the JSON contract.
#include "nccl/predict.hpp"

#include <gtest/gtest.h>

#include "nccl/prediction_json.hpp"
#include "nccl/test_scenarios.hpp"
#include "os/fake/fake_resolver.hpp"

namespace dd::nccl {
namespace {

Prediction run(const std::string& spec, std::map<std::string, std::string> env,
               const Version& version = k_default_version) {
  os::fake::FakeResolver resolver;
  resolver.add("master", "198.18.4.1");
  return predict(testing::build_entries(spec), config_from_env(os::Environment(std::move(env))), version, resolver);
}

const std::string k_predict_eth = "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]";
const std::string k_commid =
    "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]; 3:eth1 running [198.18.4.2/24 fd00:18::2/64]";

TEST(NcclPredictCorrections, LinkScopeIpv4ListedFirstIsChosen) {
  // Correction 1: the entry order is the kernel's; a scope-link address listed first wins.
  auto p = run("1:lo running [127.0.0.1/8]; 2:eth0 running [169.254.3.3/16 198.18.0.2/24]", {});
  ASSERT_TRUE(p.bootstrap);
  EXPECT_EQ(p.bootstrap->addr, "169.254.3.3");
  EXPECT_EQ(p.socket.size(), 1u);
}

TEST(NcclPredictCorrections, EmptyEntriesDoNotCountTowardsSixteen) {
  auto p = run(k_predict_eth, {{"NCCL_SOCKET_IFNAME", "x1,,x2,:1,x3,x4,x5,x6,x7,x8,x9,x10,x11,x12,x13,x14,x15,,eth0"}});
  ASSERT_TRUE(p.bootstrap);
  EXPECT_EQ(p.bootstrap->iface, "eth0");
}

TEST(NcclPredictCorrections, CommIdHostEndsAtCommaAndMissingPortIs65535) {
  auto p = run(k_commid, {{"NCCL_COMM_ID", "198.18.4.1,198.18.0.1:29500"}});
  ASSERT_TRUE(p.bootstrap);
  EXPECT_EQ(p.bootstrap->iface, "eth1");
  EXPECT_EQ(p.comm_id.host, "198.18.4.1");
  EXPECT_EQ(p.comm_id.effective_port(), 65535);
  auto q = run(k_commid, {{"NCCL_COMM_ID", "master:29500"}});
  ASSERT_TRUE(q.bootstrap);
  EXPECT_EQ(q.bootstrap->iface, "eth1");
  EXPECT_EQ(q.comm_id.effective_port(), 29500);
}

TEST(NcclPredictCorrections, OneCharCommIdFailsBootstrapButNotSocket) {
  auto p = run(k_commid, {{"NCCL_COMM_ID", "x"}});
  EXPECT_FALSE(p.bootstrap);
  EXPECT_EQ(p.rc, k_rc_invalid_argument);
  ASSERT_EQ(p.socket.size(), 2u);
  EXPECT_EQ(p.socket[0].iface, "eth0");
}

TEST(NcclPredictCorrections, DormantLinkIsSkipped) {
  auto p = run("1:lo running [127.0.0.1/8]; 2:eth0 dormant [198.18.0.2/24]; 3:eth1 running [198.18.4.2/24]", {});
  ASSERT_TRUE(p.bootstrap);
  EXPECT_EQ(p.bootstrap->iface, "eth1");
}

TEST(NcclPredictVersions, BeforeRunningFilterDownInterfacesCount) {
  const std::string dockbr = "1:lo running [127.0.0.1/8 ::1/128]; 2:docker0 no-carrier [198.18.1.1/24]";
  auto now = run(dockbr, {});
  auto old = run(dockbr, {}, Version{2, 27, 7});
  ASSERT_TRUE(now.bootstrap && old.bootstrap);
  EXPECT_EQ(now.bootstrap->iface, "lo");
  EXPECT_EQ(old.bootstrap->iface, "docker0");
  bool traced = false;
  for (const auto& t : now.trace)
    traced |= t.find("skipped (link not running, NCCL 2.28.3+): docker0") != std::string::npos;
  EXPECT_TRUE(traced);
  EXPECT_FALSE(old.notes.empty());
}

TEST(NcclPredictVersions, VirbrStepOnlySince2283) {
  const std::string virbr =
      "1:lo running [127.0.0.1/8 ::1/128]; 2:virbr0 running [198.18.5.1/24]; 3:eth0 running [198.18.0.2/24]";
  EXPECT_EQ(run(virbr, {}).bootstrap->iface, "eth0");
  EXPECT_EQ(run(virbr, {}, Version{2, 21, 5}).bootstrap->iface, "virbr0");
}

TEST(NcclPredictVersions, NoExactSyntaxBefore256) {
  auto p = run(k_predict_eth, {{"NCCL_SOCKET_IFNAME", "=eth0"}}, Version{2, 4, 8});
  EXPECT_FALSE(p.bootstrap);
  EXPECT_EQ(p.rc, k_rc_invalid_usage);
  EXPECT_TRUE(run(k_predict_eth, {{"NCCL_SOCKET_IFNAME", "=eth0"}}, Version{2, 5, 6}).bootstrap);
}

TEST(NcclPredict, FamilyNoteAndTrace) {
  auto p = run(k_predict_eth, {{"NCCL_SOCKET_FAMILY", "inet6"}, {"NCCL_SOCKET_IFNAME", "^docker"}});
  ASSERT_TRUE(p.bootstrap);
  EXPECT_EQ(p.bootstrap->iface, "lo");
  EXPECT_FALSE(p.family);
  ASSERT_EQ(p.notes.size(), 1u);
  EXPECT_NE(p.notes[0].find("inet6"), std::string::npos);
  EXPECT_EQ(p.reason, "NCCL_SOCKET_IFNAME='^docker' (exclude prefix) chose lo:127.0.0.1");
  EXPECT_EQ(p.bootstrap_step, Step::ifname);
}

TEST(NcclPredict, JsonShape) {
  auto j = to_json(run(k_predict_eth, {}));
  EXPECT_EQ(j["bootstrap"], (nlohmann::json{{"iface", "eth0"}, {"addr", "198.18.0.2"}}));
  ASSERT_EQ(j["socket"].size(), 1u);
  EXPECT_EQ(j["socket"][0]["iface"], "eth0");
  EXPECT_EQ(j["rc"], 0);
  EXPECT_TRUE(j["error"].is_null());
  EXPECT_EQ(j["version_model"], "2.28.9");
  auto bad = to_json(run(k_predict_eth, {{"NCCL_SOCKET_IFNAME", "foo"}}));
  EXPECT_TRUE(bad["bootstrap"].is_null());
  EXPECT_EQ(bad["rc"], 5);
  EXPECT_EQ(bad["error"], "Bootstrap : no socket interface found");
  EXPECT_EQ(bad["socket_error"], "NET/Socket : no interface found");
  EXPECT_TRUE(bad["socket"].empty());
}

TEST(NcclPredict, LinkLocalUsesLinkNameForScope) {
  auto p = run("1:lo running [127.0.0.1/8]; 3:ib0 running [fe80::18:3/64]", {});
  ASSERT_TRUE(p.bootstrap);
  EXPECT_EQ(p.bootstrap->addr, "fe80::18:3%ib0");
  EXPECT_EQ(p.bootstrap->link, "ib0");
}

}  // namespace
}  // namespace dd::nccl
