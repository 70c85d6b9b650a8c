// The 139 experiment runs of nccl-facts §2 (libnccl 2.28.9 inside network namespaces) replayed
// through the model: same interfaces, same environment and config files, same answers.
#include <gtest/gtest.h>

#include "nccl/config.hpp"
#include "nccl/predict.hpp"
#include "nccl/test_scenarios.hpp"
#include "os/fake/fake_resolver.hpp"
#include "os/fake/memory_file_tree.hpp"

namespace dd::nccl {
namespace {

using testing::OracleRow;

std::string bootstrap_text(const Prediction& p) {
  return p.bootstrap ? p.bootstrap->iface + ":" + p.bootstrap->addr : "-";
}

std::string socket_text(const Prediction& p) {
  std::string out;
  for (std::size_t i = 0; i < p.socket.size(); ++i) {
    if (i) out += " ";
    out += "[" + std::to_string(i) + "]" + p.socket[i].iface + ":" + p.socket[i].addr;
  }
  return out;
}

class NcclOracleTest : public ::testing::TestWithParam<OracleRow> {};

TEST_P(NcclOracleTest, MatchesLibnccl2289) {
  const OracleRow& row = GetParam();
  auto legend = testing::scenario_legend().find(row.scenario);
  ASSERT_NE(legend, testing::scenario_legend().end()) << row.scenario;
  auto entries = testing::build_entries(legend->second);

  os::Environment env;
  for (const auto& [k, v] : row.env) env.set(k, v);
  os::fake::MemoryFileTree tree;
  if (row.etc_conf) tree.file("/etc/nccl.conf", *row.etc_conf);
  if (row.home_conf) tree.file("/root/.nccl.conf", *row.home_conf);
  if (row.conf_path) tree.file(*row.conf_path, *row.conf_text);
  os::fake::FakeResolver resolver("node0");
  resolver.add("localhost", "127.0.0.1").add("localhost", "::1");

  NcclConfig config = load_config(env, tree, "/root");
  Prediction p = predict(entries, config, k_default_version, resolver);

  if (row.bootstrap == "-" && row.rc == 0) {
    // Row 35: NCCL_DEBUG_SUBSYS=INIT only hides the "Bootstrap:" line (2.23+, §1.8); the
    // bootstrap interface is the first NET/Socket one.
    ASSERT_TRUE(p.bootstrap.has_value()) << "row " << row.number;
    ASSERT_FALSE(p.socket.empty());
    EXPECT_EQ(*p.bootstrap, p.socket.front()) << "row " << row.number;
  } else {
    EXPECT_EQ(bootstrap_text(p), row.bootstrap) << "row " << row.number << " reason: " << p.reason;
  }
  EXPECT_EQ(socket_text(p), row.socket) << "row " << row.number;
  EXPECT_EQ(p.rc, row.rc) << "row " << row.number << " error: " << p.error;
  EXPECT_EQ(p.bootstrap.has_value(), row.rc == 0) << "row " << row.number;
  EXPECT_EQ(p.error.empty(), row.rc == 0) << "row " << row.number;
  EXPECT_EQ(p.socket_error.empty(), !row.socket.empty()) << "row " << row.number;
}

INSTANTIATE_TEST_SUITE_P(Experiment, NcclOracleTest, ::testing::ValuesIn(testing::oracle_rows()),
                         [](const ::testing::TestParamInfo<OracleRow>& param_info) {
                           return "row" + std::to_string(param_info.param.number) + "_" + param_info.param.scenario;
                         });

TEST(NcclOracleTable, HasAll139Rows) {
  ASSERT_EQ(testing::oracle_rows().size(), 139u);
  for (std::size_t i = 0; i < testing::oracle_rows().size(); ++i) {
    EXPECT_EQ(testing::oracle_rows()[i].number, static_cast<int>(i + 1));
  }
}

}  // namespace
}  // namespace dd::nccl
