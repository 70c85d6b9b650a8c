#include "report/findings_text.hpp"

#include <gtest/gtest.h>

namespace dd::report {

TEST(FindingsText, EmptyFixValueMeansUnset) {
  core::Finding f;
  f.id = "x";
  f.severity = core::Severity::error;
  f.title = "t";
  f.fix.env = {{"NCCL_COMM_ID", ""}, {"NCCL_SOCKET_IFNAME", "=eth0"}};
  auto text = render_findings({f}, Style(false));
  EXPECT_NE(text.find("unset NCCL_COMM_ID"), std::string::npos);
  EXPECT_NE(text.find("export NCCL_SOCKET_IFNAME==eth0"), std::string::npos);
  EXPECT_EQ(text.find("NCCL_COMM_ID=''"), std::string::npos);
  // NCCL's exact-match '=' is explained where it is printed
  EXPECT_NE(text.find("export NCCL_SOCKET_IFNAME==eth0  # '=' = exact names: eth0 only"), std::string::npos) << text;
}

// In a Dockerfile a "#" after an instruction is part of the value: the note goes on the line above.
TEST(FindingsText, DockerfileEnvNoteIsALineAboveNotATrailingComment) {
  core::Finding f;
  f.id = "x";
  f.severity = core::Severity::error;
  f.title = "t";
  f.fix.env = {{"NCCL_SOCKET_IFNAME", "=eth0"}};
  auto text = render_findings({f}, Style(false), FindingTag::label, core::EnvSyntax::dockerfile);
  EXPECT_NE(text.find("          # '=' = exact names: eth0 only"), std::string::npos) << text;
  EXPECT_NE(text.find("\n          ENV NCCL_SOCKET_IFNAME==eth0\n"), std::string::npos) << text;
}

// A fix of several lines (YAML keys) keeps every line at the same indentation, so it can be copied.
TEST(FindingsText, MultiLineFixKeepsItsIndentation) {
  core::Finding f;
  f.id = "x";
  f.severity = core::Severity::info;
  f.title = "t";
  f.fix.text = "hostNetwork: true\ndnsPolicy: ClusterFirstWithHostNet";
  auto text = render_findings({f}, Style(false));
  EXPECT_NE(text.find("        fix: hostNetwork: true\n             dnsPolicy: ClusterFirstWithHostNet\n"),
            std::string::npos)
      << text;
}

TEST(FindingsText, SummaryCountsBySeverity) {
  core::Finding e;
  e.severity = core::Severity::error;
  core::Finding w;
  w.severity = core::Severity::warning;
  EXPECT_EQ(render_summary({e, w}, Style(false)), "1 error, 1 warning, 0 notes\n");
  EXPECT_EQ(render_summary({}, Style(false)), "OK: no problems found\n");
  core::Finding note = core::new_finding("x.y", core::Label::other, core::Severity::info, "a note");
  EXPECT_EQ(render_summary({note}, Style(false)), "OK: no errors or warnings (1 note above)\n");
}

}  // namespace dd::report
