#include "report/html_report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "report/html_escape.hpp"

namespace dd::report {
namespace {

using nlohmann::json;

TEST(HtmlEscape, EscapesMarkupQuotesControlAndInvalidUtf8) {
  EXPECT_EQ(html_escape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  auto e = html_escape(std::string("a\x1b[31m\xff<"));
  EXPECT_EQ(e.find('\x1b'), std::string::npos);
  EXPECT_EQ(e.find('<'), std::string::npos);
  EXPECT_NE(e.find("&lt;"), std::string::npos);
}

json hostile_preflight() {
  const std::string evil = "<script>alert(1)</script>\"' onmouseover=x";
  json probes = json::array();
  probes.push_back({{"from", 0}, {"to", 1}, {"addr", "198.18.1.2"}, {"port", 29500}, {"ok", true}, {"rtt_us", 80}});
  probes.push_back({{"from", 0}, {"to", 1}, {"addr", "198.18.2.2"}, {"port", 29500}, {"ok", false}, {"error", evil}});
  probes.push_back({{"from", 1}, {"to", 0}, {"addr", "198.18.1.1"}, {"port", 29500}, {"ok", false}, {"error", "timeout"}});
  return {{"command", "preflight"},
          {"host", evil},
          {"world", 2},
          {"verdict", "WILL HANG"},
          {"reason", evil},
          {"nodes", {{{"rank", 0}, {"host", evil}, {"interfaces", {{{"name", evil}, {"kind", "physical"}}}}},
                     {{"rank", 1}, {"host", "node1"}}}},
          {"probes", probes},
          {"reachability", {{{"from", 0}, {"to", 1}, {"state", "partial"}, {"probes", 2}, {"carried", 1}, {"echo_only", 0},
                             {"best_rtt_us", 80}},
                            {{"from", 1}, {"to", 0}, {"state", "blocked"}, {"probes", 1}, {"carried", 0}, {"echo_only", 0},
                             {"best_rtt_us", -1}}}},
          {"reachability_slow_rtt_us", 100000},
          {"recommendation", {{"env", {{"NCCL_SOCKET_IFNAME", evil}}}, {"per_host", {{evil, {{"A", "b"}}}}}}},
          {"findings",
           {{{"id", "preflight.unreachable"}, {"label", "firewall-or-port-blocked"}, {"severity", "error"}, {"title", evil},
             {"evidence", {evil}}, {"hosts", {evil}}, {"fix", {{"env", json::object()}, {"text", evil}}}}}}};
}

TEST(HtmlEscape, LinesKeepTheirNewlinesOnly) {
  EXPECT_EQ(html_escape_lines("a<b\nc\x1b\n"), "a&lt;b\nc\\e\n");
}

TEST(HtmlReport, AnEchoOnlyPathIsTheTextsMNeverAGreenCell) {
  // an MTU black hole: both echoes passed, neither bulk transfer carried data (issue 28); the HTML
  // draws the state decided in reachability[] (issue 29), not its own reading of probes[]
  json probes = json::array();
  probes.push_back({{"from", 0}, {"to", 1}, {"addr", "198.18.1.2"}, {"port", 40000}, {"ok", true}, {"carries_data", false}});
  probes.push_back({{"from", 1}, {"to", 0}, {"addr", "198.18.1.1"}, {"port", 40000}, {"ok", true}, {"carries_data", false}});
  json reach = json::array();
  for (auto [from, to] : {std::pair{0, 1}, std::pair{1, 0}})
    reach.push_back({{"from", from}, {"to", to}, {"state", "mtu-black-hole"}, {"probes", 1}, {"carried", 0},
                     {"echo_only", 1}, {"black_holes", 1}, {"best_rtt_us", 90}});
  json out = {{"command", "preflight"}, {"world", 2}, {"verdict", "WILL HANG"}, {"probes", probes}, {"reachability", reach},
              {"nodes", {{{"rank", 0}, {"host", "node0"}}, {{"rank", 1}, {"host", "node1"}}}}, {"findings", json::array()}};
  auto html = render_html_report(out);
  EXPECT_EQ(html.find("class=\"cell ok\""), std::string::npos);
  EXPECT_NE(html.find("text-anchor=\"middle\">M</text>"), std::string::npos);
  EXPECT_NE(html.find("mtu-black-hole: 0/1 addresses carried data, 1 with the echo only (bulk lost)"), std::string::npos);
  // one step short: the same pairs decided ok are reached cells
  for (auto& c : out["reachability"]) c["state"] = "ok";
  auto healthy = render_html_report(out);
  EXPECT_NE(healthy.find("<g class=\"cell ok\" data-state=\"ok\">"), std::string::npos);
  EXPECT_EQ(healthy.find(">M</text>"), std::string::npos);
  // an unknown state is never drawn as reached
  for (auto& c : out["reachability"]) c["state"] = "<b>new</b>";
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
  for (auto bad : {"<script", "<link", "<img", "src=", "@import", "url("}) EXPECT_EQ(html.find(bad), std::string::npos) << bad;
}

TEST(HtmlReport, LogsVerdictFromFindingsAndRankTable) {
  json out = {{"command", "logs"},
              {"ranks", {{{"rank", 0}, {"host", "gpu<1>"}, {"pid", "42"}, {"nccl_version", "2.18.1"},
                          {"bootstrap", {{"iface", "eth0"}, {"addr", "10.0.0.1"}}}}}},
              {"findings", {{{"id", "logs.x"}, {"label", "loopback-interface"}, {"severity", "error"}, {"title", "lo used"}}}}};
  auto html = render_html_report(out);
  EXPECT_NE(html.find("data-verdict=\"PROBLEM FOUND\""), std::string::npos);
  EXPECT_NE(html.find("lo used [loopback-interface]"), std::string::npos);
  EXPECT_NE(html.find("<td>gpu&lt;1&gt;</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>eth0 10.0.0.1</td>"), std::string::npos);
  EXPECT_EQ(html.find("data-matrix-size"), std::string::npos);  // no probes, no matrix
}

TEST(HtmlReport, HealthyCheckSaysOkAndNothingToChange) {
  json out = {{"command", "check"}, {"host", "h"}, {"findings", json::array()},
              {"interfaces", {{{"name", "eth0"}, {"kind", "physical"}, {"up", true}, {"mtu", 1500},
                               {"addresses", {{{"addr", "198.18.0.1"}, {"prefix", 24}, {"scope", "global"}}}}}}}};
  auto html = render_html_report(out);
  EXPECT_NE(html.find("class=\"verdict ok\" data-verdict=\"OK\""), std::string::npos);
  EXPECT_NE(html.find("Nothing to change."), std::string::npos);
  EXPECT_NE(html.find("198.18.0.1/24 (global)"), std::string::npos);
  EXPECT_NE(html.find("@page{size:A4"), std::string::npos);
}

}  // namespace
}  // namespace dd::report
