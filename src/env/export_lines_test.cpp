// export_lines: one comment per finding, export/unset per fix.env entry, de-duplicated with the
// first (most important) finding winning, values shell-quoted.
#include <gtest/gtest.h>

#include "env/audit.hpp"
#include "env/audit_test_util.hpp"
#include "env/variables.hpp"

namespace dd::env {
namespace {

core::Finding finding(std::string id, std::map<std::string, std::string> env, std::string text = "do it") {
  core::Finding f;
  f.id = std::move(id);
  f.title = "title of " + f.id;
  f.fix.env = std::move(env);
  f.fix.text = std::move(text);
  return f;
}

TEST(EnvExportLines, ExportsUnsetsAndComments) {
  std::string out = export_lines({finding("a", {{"NCCL_SOCKET_IFNAMES", ""}, {"NCCL_SOCKET_IFNAME", "eth0"}}),
                                  finding("b", {{"TF_CONFIG", R"({"a": 1})"}})});
  EXPECT_EQ(out,
            "# a: title of a\n"
            "#   NCCL_SOCKET_IFNAME below names this machine's interface; where another node names its link "
            "otherwise, set it per node (`distdoctor preflight` finds each host's value)\n"
            "export NCCL_SOCKET_IFNAME=eth0\n"
            "unset NCCL_SOCKET_IFNAMES\n"
            "# b: title of b\n"
            "export TF_CONFIG='{\"a\": 1}'\n");
}

TEST(EnvExportLines, FirstFindingWinsAndTextOnlyFindingsStayComments) {
  std::string out =
      export_lines({finding("first", {{"NCCL_DEBUG", "WARN"}}), finding("second", {{"NCCL_DEBUG", "INFO"}}),
                    finding("third", {}, "fix the hosts file")});
  EXPECT_EQ(out,
            "# first: title of first\n"
            "export NCCL_DEBUG=WARN\n"
            "# second: title of second\n"
            "# third: title of third\n"
            "#   fix the hosts file\n");
  EXPECT_EQ(export_lines({}), "");
}

TEST(EnvExportLines, FromARealAudit) {
  auto fs = test::audit_of(test::Scenario{{{"NCCL_SOCKET_IFNAMES", "eth0"}, {"NCCL_ALGO", "rings"}}});
  std::string out = export_lines(fs);
  EXPECT_NE(out.find("unset NCCL_SOCKET_IFNAMES\n"), std::string::npos) << out;
  EXPECT_NE(out.find("export NCCL_SOCKET_IFNAME=eth0\n"), std::string::npos) << out;
  EXPECT_NE(out.find("export NCCL_ALGO=Ring\n"), std::string::npos) << out;
  EXPECT_NE(out.find("# env.unknown-name: "), std::string::npos) << out;
}

TEST(EnvVariables, RelevantVariablesWithFamilyKnownAndSource) {
  os::fake::FakeResolver r;
  AuditInput in(
      os::Environment({{"PATH", "/bin"}, {"NCCL_SOCKET_IFNAME", "eth0"}, {"NCCL_TYPO_X", "1"}, {"SLURM_PROCID", "0"}}),
      r);
  in.config_files = {{"NCCL_DEBUG", "WARN", "/etc/nccl.conf:1"}, {"NCCL_SOCKET_IFNAME", "lo", "/etc/nccl.conf:2"}};
  auto rows = relevant_variables(in);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].name, "NCCL_DEBUG");
  EXPECT_EQ(rows[0].source, "/etc/nccl.conf:1");
  EXPECT_EQ(rows[1].name, "NCCL_SOCKET_IFNAME");
  EXPECT_EQ(rows[1].value, "eth0");  // the environment wins over the file
  EXPECT_EQ(rows[1].source, "environment");
  EXPECT_EQ(rows[2].name, "NCCL_TYPO_X");
  EXPECT_FALSE(rows[2].known);
  EXPECT_EQ(rows[3].family, VarFamily::slurm);
  auto j = to_json(rows);
  EXPECT_EQ(j[3]["family"], "slurm");
  EXPECT_EQ(j[2]["known"], false);
}

TEST(EnvVariables, ConfigSettingsKeepOnlyFileValues) {
  nccl::NcclConfig c;
  c.set_env("NCCL_DEBUG", "INFO");
  nccl::ConfigValue file_value{"eth0", {nccl::SourceKind::file, "/etc/nccl.conf", 3}};
  c.values["NCCL_SOCKET_IFNAME"] = file_value;
  auto s = config_settings(c);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].name, "NCCL_SOCKET_IFNAME");
  EXPECT_EQ(s[0].value, "eth0");
  EXPECT_EQ(s[0].source, "/etc/nccl.conf:3");
}

}  // namespace
}  // namespace dd::env
