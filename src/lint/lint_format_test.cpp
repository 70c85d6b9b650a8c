// lint's outputs for tools and its selection: compiler-style lines, GitHub annotations and SARIF
// fields (the SARIF schema itself is checked in system.lint.formats), --select / --ignore, and the
// inline `# distdoctor: ignore[rule-id]` comment, over a real deprecated-launcher line.
#include <gtest/gtest.h>

#include <algorithm>

#include "lint/lint.hpp"
#include "lint/lint_format.hpp"
#include "lint/rule_selection.hpp"

namespace dd::lint {
namespace {

constexpr const char* k_rule = "lint.torch.launch-deprecated";

std::vector<LintFinding> lint_shell(const std::string& text, RuleSelection rules = {}) {
  LintOptions o;
  o.rules = std::move(rules);
  return lint_text("job dir/run.sh", FileKind::shell, text, o);
}

std::string launch_line(const std::string& tail = "") {
  return "  python -m torch.distributed.launch --nproc_per_node 2 train.py" + tail + "\n";
}

int count_id(const std::vector<LintFinding>& fs, const std::string& id) {
  return static_cast<int>(
      std::count_if(fs.begin(), fs.end(), [&](const LintFinding& f) { return f.finding.id == id; }));
}

TEST(LintFormat, TextLineHasFileLineColumnSeverityAndRuleId) {
  LintReport r;
  r.findings = lint_shell("#!/bin/bash\n" + launch_line());
  ASSERT_EQ(count_id(r.findings, k_rule), 1);
  const auto& f = r.findings.front();
  EXPECT_EQ(f.location.line, 2);
  EXPECT_EQ(f.location.column, 3);  // the first non-blank character of the line
  EXPECT_EQ(render_lines(r), "job dir/run.sh:2:3: warning: " + f.finding.title + " [" + k_rule + "]\n");
}

TEST(LintFormat, GithubAnnotationEscapesPropertiesAndData) {
  LintReport r;
  LintFinding f{
      core::new_finding("lint.x.y", core::Label::other, core::Severity::error, "50% done\nnext"), {"a,b:c.py", 7}, {}};
  f.location.column = 4;
  r.findings.push_back(f);
  EXPECT_EQ(render_github(r), "::error file=a%2Cb%3Ac.py,line=7,col=4,title=lint.x.y::50%25 done%0Anext\n");
  r.findings[0].finding.severity = core::Severity::info;
  EXPECT_EQ(render_github(r).rfind("::notice ", 0), 0u);
}

TEST(LintFormat, SarifResultNamesRuleLevelAndEncodedLocation) {
  LintReport r;
  r.findings = lint_shell(launch_line());
  ASSERT_EQ(count_id(r.findings, k_rule), 1);
  auto s = to_sarif(r, "9.8.7");
  EXPECT_EQ(s["version"], "2.1.0");
  const auto& run = s["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "distdoctor");
  EXPECT_EQ(run["tool"]["driver"]["version"], "9.8.7");
  EXPECT_EQ(run["tool"]["driver"]["rules"][0]["id"], k_rule);
  const auto& res = run["results"][0];
  EXPECT_EQ(res["ruleId"], k_rule);
  EXPECT_EQ(res["level"], "warning");
  const auto& loc = res["locations"][0]["physicalLocation"];
  EXPECT_EQ(loc["artifactLocation"]["uri"], "job%20dir/run.sh");
  EXPECT_EQ(loc["region"]["startLine"], 1);
  EXPECT_EQ(loc["region"]["startColumn"], 3);
}

TEST(LintSelection, PatternsMatchWholeDottedParts) {
  EXPECT_TRUE(rule_matches("lint.docker.small-shm", "lint.docker"));
  EXPECT_TRUE(rule_matches("lint.docker.small-shm", "lint.docker.small-shm"));
  EXPECT_FALSE(rule_matches("lint.docker.small-shm", "lint.dock"));
  EXPECT_FALSE(rule_matches("lint.docker", "lint.docker.small-shm"));
  RuleSelection s{{"lint.docker"}, {"lint.docker.small-shm"}};
  EXPECT_TRUE(s.keeps("lint.docker.no-host-network"));
  EXPECT_FALSE(s.keeps("lint.docker.small-shm"));  // ignore wins
  EXPECT_FALSE(s.keeps("lint.torch.launch-deprecated"));
  EXPECT_TRUE(RuleSelection{}.keeps("anything"));
  EXPECT_EQ(check_rule_pattern("lint.docker"), "");
  EXPECT_NE(check_rule_pattern("Lint.Docker"), "");
  EXPECT_NE(check_rule_pattern("lint."), "");
  EXPECT_NE(check_rule_pattern(""), "");
}

TEST(LintSelection, SelectAndIgnoreApplyToFindings) {
  EXPECT_EQ(count_id(lint_shell(launch_line(), {{}, {"lint.torch"}}), k_rule), 0);
  EXPECT_EQ(count_id(lint_shell(launch_line(), {{"lint.docker"}, {}}), k_rule), 0);
  EXPECT_EQ(count_id(lint_shell(launch_line(), {{"lint.torch.launch-deprecated"}, {}}), k_rule), 1);
}

TEST(LintSelection, InlineCommentSuppressesItsRuleOnItsLineOnly) {
  EXPECT_EQ(count_id(lint_shell(launch_line("  # distdoctor: ignore[lint.torch.launch-deprecated]")), k_rule), 0);
  EXPECT_EQ(count_id(lint_shell(launch_line("  #distdoctor: ignore[lint.docker.small-shm, lint.torch]")), k_rule), 0);
  EXPECT_EQ(count_id(lint_shell(launch_line("  # distdoctor: ignore[lint.docker.small-shm]")), k_rule), 1);
  EXPECT_EQ(count_id(lint_shell("# distdoctor: ignore[lint.torch.launch-deprecated]\n" + launch_line()), k_rule), 1);
  EXPECT_EQ(suppressed_on_line("x = 1  # distdoctor: ignore[a.b, c]"), (std::vector<std::string>{"a.b", "c"}));
  EXPECT_TRUE(suppressed_on_line("x = 1  # distdoctor: ignore a.b").empty());
}

}  // namespace
}  // namespace dd::lint
