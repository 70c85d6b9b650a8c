#include "report/html_report.hpp"

#include <gtest/gtest.h>

#include "report/html_escape.hpp"

namespace dd::report {
namespace {

TEST(HtmlEscape, EscapesMarkupQuotesControlAndInvalidUtf8) {
  EXPECT_EQ(html_escape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  auto e = html_escape(std::string("a\x1b[31m\xff<"));
  EXPECT_EQ(e.find('\x1b'), std::string::npos);
  EXPECT_EQ(e.find('<'), std::string::npos);
  EXPECT_NE(e.find("&lt;"), std::string::npos);
}

Outcome hostile_preflight() {
  const std::string evil = "<script>alert(1)</script>\"' onmouseover=x";
  auto f =
      core::new_finding("preflight.unreachable", core::Label::firewall_or_port_blocked, core::Severity::error, evil);
  f.evidence = {evil};
  f.hosts = {evil};
  f.fix.text = evil;
  Outcome out;
  out.command = "preflight";
  out.host = evil;
  out.verdict = "WILL HANG";
  out.reason = evil;
  out.findings = {f};
  out.fix = fix_plan(out.findings, core::Fix{{{"NCCL_SOCKET_IFNAME", evil}}, {{evil, {{"A", "b"}}}}, ""});
  out.fix.world = 2;
  out.fix.hosts = {evil, "node1"};
  Matrix m;
  m.hosts = {{0, evil}, {1, "node1"}};
  m.slow_rtt_us = 100000;
  m.cells = {{0,
              1,
              "partial",
              "partial: 1/2 addresses carried data, best rtt 80 µs",
              {"198.18.1.2:29500 ✔ reached, rtt 80 µs", "198.18.2.2:29500 ✖ " + evil}},
             {1, 0, "blocked", "blocked: 0/1 addresses carried data", {"198.18.1.1:29500 ✖ timeout"}}};
  out.sections.matrix = m;
  out.sections.ranks = Table{"Nodes",
                             {"rank", "host", "NCCL would use", "recommended interface"},
                             {{"0", evil, "none", ""}, {"1", "node1", "none", ""}}};
  out.sections.interfaces = {
      {"Interfaces of " + evil + " (rank 0)", {InterfaceRow{evil, "physical", {}, {}, "", "", {}}}}};
  return out;
}

TEST(HtmlEscape, LinesKeepTheirNewlinesOnly) { EXPECT_EQ(html_escape_lines("a<b\nc\x1b\n"), "a&lt;b\nc\\e\n"); }

TEST(HtmlReport, AnEchoOnlyPathIsTheTextsMNeverAGreenCell) {
  // an MTU black hole: both echoes passed, neither bulk transfer carried data; the HTML draws the
  // state the capability decided, never its own reading of the probes
  Outcome out;
  out.command = "preflight";
  out.verdict = "WILL HANG";
  Matrix m;
  m.hosts = {{0, "node0"}, {1, "node1"}};
  for (auto [from, to] : {std::pair{0, 1}, std::pair{1, 0}})
    m.cells.push_back({from, to, "mtu-black-hole", "mtu-black-hole: 0/1 addresses carried data", {}});
  out.sections.matrix = m;
  auto html = render_html_report(out);
  EXPECT_EQ(html.find("class=\"cell ok\""), std::string::npos);
  EXPECT_NE(html.find("text-anchor=\"middle\">M</text>"), std::string::npos);
  // one step short: the same pairs decided ok are reached cells
  for (auto& c : out.sections.matrix->cells) c.state = "ok";
  auto healthy = render_html_report(out);
  EXPECT_NE(healthy.find("<g class=\"cell ok\" data-state=\"ok\">"), std::string::npos);
  EXPECT_EQ(healthy.find(">M</text>"), std::string::npos);
  // an unknown state is never drawn as reached
  for (auto& c : out.sections.matrix->cells) c.state = "<b>new</b>";
  auto unknown = render_html_report(out);
  EXPECT_EQ(unknown.find("class=\"cell ok\""), std::string::npos);
  EXPECT_EQ(unknown.find("<b>new"), std::string::npos);
}

TEST(HtmlReport, HostileStringsNeverBecomeMarkup) {
  auto html = render_html_report(hostile_preflight());
  EXPECT_EQ(html.find("<script"), std::string::npos);
  // Every quote from the input is an entity, so no attribute can be opened.
  EXPECT_EQ(html.find("\"' onmouseover"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39; onmouseover=x"), std::string::npos);
}

TEST(HtmlReport, VerdictFixFindingsMatrixAndTablesInThatOrder) {
  auto html = render_html_report(hostile_preflight());
  auto verdict = html.find("data-verdict=\"WILL HANG\"");
  auto fix = html.find("<h2 id=\"fix-h\">Fix</h2>");
  auto findings = html.find("data-finding-id=\"preflight.unreachable\"");
  auto matrix = html.find("data-matrix-size=\"2\"");
  auto ranks = html.find("<h2 id=\"ranks-h\">");
  auto ifs = html.find("<h2 id=\"if-h\">");
  ASSERT_NE(verdict, std::string::npos);
  ASSERT_NE(fix, std::string::npos);
  ASSERT_NE(findings, std::string::npos);
  ASSERT_NE(matrix, std::string::npos);
  ASSERT_NE(ranks, std::string::npos);
  ASSERT_NE(ifs, std::string::npos);
  EXPECT_LT(verdict, fix);
  EXPECT_LT(fix, findings);
  EXPECT_LT(findings, matrix);
  EXPECT_LT(matrix, ranks);
  EXPECT_LT(ranks, ifs);
  EXPECT_NE(html.find("<pre class=\"fix\"># distdoctor fix: source this file"), std::string::npos);
  EXPECT_NE(html.find("before the launch command\n# preflight.unreachable: "), std::string::npos);
  // 0 -> 1: one of two addresses reached (warn), 1 -> 0: none (error); addresses in the hover title.
  EXPECT_NE(html.find("<g class=\"cell warn\" data-state=\"partial\"><title>"), std::string::npos);
  EXPECT_NE(html.find("<g class=\"cell error\" data-state=\"blocked\"><title>"), std::string::npos);
  EXPECT_NE(html.find("partial: 1/2 addresses carried data, best rtt 80 µs&#10;198.18.1.2:29500 ✔ reached, rtt 80 "
                      "µs&#10;198.18.2.2:29500 ✖"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("s slow (best round trip above 100 ms)"), std::string::npos);
  EXPECT_EQ(html.find("https:"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  // The only URL is the SVG namespace name (never fetched).
  for (auto at = html.find("http:"); at != std::string::npos; at = html.find("http:", at + 1)) {
    EXPECT_EQ(html.compare(at, 26, "http://www.w3.org/2000/svg"), 0) << html.substr(at, 40);
  }
}

TEST(HtmlReport, NoScriptsNoExternalResources) {
  auto html = render_html_report(hostile_preflight());
  for (auto bad : {"<script", "<link", "<img", "src=", "@import", "url("})
    EXPECT_EQ(html.find(bad), std::string::npos) << bad;
}

TEST(HtmlReport, LogsVerdictFromFindingsAndRankTable) {
  Outcome out;
  out.command = "logs";
  out.findings = {core::new_finding("logs.x", core::Label::loopback_interface, core::Severity::error, "lo used")};
  out.sections.ranks = Table{"Ranks seen in the logs",
                             {"rank", "host", "pid", "NCCL", "bootstrap", "transport", "state"},
                             {{"0", "gpu<1>", "42", "2.18.1", "eth0 10.0.0.1", "", ""}}};
  auto html = render_html_report(out);
  EXPECT_NE(html.find("data-verdict=\"PROBLEM FOUND\""), std::string::npos);
  EXPECT_NE(html.find("lo used [loopback-interface]"), std::string::npos);
  EXPECT_NE(html.find("<td>gpu&lt;1&gt;</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>eth0 10.0.0.1</td>"), std::string::npos);
  EXPECT_EQ(html.find("data-matrix-size"), std::string::npos);  // no probes, no matrix
}

TEST(HtmlReport, HealthyCheckSaysOkAndNothingToChange) {
  Outcome out;
  out.command = "check";
  out.host = "h";
  out.sections.interfaces = {
      {"Interfaces of h",
       {InterfaceRow{"eth0", "physical", true, {}, "1500", "", {"198.18.0.1/24 (global)", "fe80::1/64 (link)"}}}}};
  auto html = render_html_report(out);
  EXPECT_NE(html.find("class=\"verdict ok\" data-verdict=\"OK\""), std::string::npos);
  EXPECT_NE(html.find("Nothing to change."), std::string::npos);
  EXPECT_NE(html.find("<td>198.18.0.1/24 (global)<br>fe80::1/64 (link)</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>✔ yes</td><td>?</td><td>1500</td>"), std::string::npos);
  EXPECT_NE(html.find("@page{size:A4"), std::string::npos);
}

}  // namespace
}  // namespace dd::report
