// One preflight outcome with a fix (the analysis' recommendation, a finding's common and per-host
// values) rendered every way: the text, the --json object, the HTML report and each
// --export-format carry the same fix lines, and the HTML matrix draws the cells the
// capability decided (an MTU black hole as M with its facts).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/preflight.hpp"
#include "cluster/preflight_report.hpp"
#include "cluster/render_text.hpp"
#include "core/export_line.hpp"
#include "report/export_formats.hpp"
#include "report/html_escape.hpp"
#include "report/html_report.hpp"

namespace dd::cluster {
namespace {

using nlohmann::json;
using Env = std::map<std::string, std::string>;

// Three nodes on eth0; node1's NCCL picks an isolated eth1 (the recommendation pins eth0) and
// node1 -> node2's eth0 loses the bulk transfer (an MTU black hole).
PreflightOutcome three_nodes_with_a_fix() {
  using testing::node;
  AnalysisInput in = testing::input_of(
      {node(0, {{"eth0", "198.18.1.1", "physical"}}, "eth0", "eth0"),
       node(1, {{"eth0", "198.18.1.2", "physical"}, {"eth1", "198.18.100.2", "physical"}}, "eth1", "eth0"),
       node(2, {{"eth0", "198.18.1.3", "physical"}}, "eth0", "eth0")},
      {});
  in.nodes[1].nccl_config["NCCL_SOCKET_IFNAME"] = "eth1";
  in.probes = testing::probe_matrix(in.nodes, [](ProbeResult& p) {
    if (p.target.iface == "eth1") {
      p.ok = p.bulk_ok = false, p.stage = "connect", p.failure = "timeout", p.error = "connect: timeout";
      p.bytes_acked = 0, p.rtt_us = -1;
    } else if (p.from == 1 && p.target.to == 2) {
      p.bulk_ok = false, p.stage = "bulk", p.failure = "timeout", p.error = "bulk: timeout after 8 KiB";
      p.bytes_acked = 8 * 1024;
    }
  });
  Analysis a = analyze(in);
  // a finding with a common and a per-host value, as a rule or the --ssh merge adds one
  auto f = core::new_finding("test.fix.both", core::Label::config_typo, core::Severity::warning, "a fix of both kinds");
  f.fix.env = {{"NCCL_IB_DISABLE", "1"}, {"NCCL_DEBUG", ""}};
  f.fix.per_host = {{"node2", {{"GLOO_SOCKET_IFNAME", "eth0"}}}};
  a.findings.push_back(f);
  std::map<int, NodeFacts> nodes;
  std::map<int, json> reports;
  for (const auto& n : in.nodes) {
    nodes[n.rank] = n;
    reports[n.rank] = {{"interfaces", {{{"name", "eth0"}, {"kind", "physical"}, {"up", true}, {"mtu", 1500}}}}};
  }
  return rank0_outcome(in, a, nodes, reports);
}

// The value each variable gets from the JSON as DESIGN.md defines it: the recommendation first,
// then each finding's fix in order (the first value wins).
struct JsonFix {
  Env env;
  std::map<std::string, Env> per_host;
};
JsonFix json_fix(const json& out) {
  JsonFix fix;
  auto take = [&](const json& env, const json& per_host) {
    for (const auto& [k, v] : env.items()) fix.env.emplace(k, v.get<std::string>());
    for (const auto& [h, vars] : per_host.items())
      for (const auto& [k, v] : vars.items()) fix.per_host[h].emplace(k, v.get<std::string>());
  };
  take(out["recommendation"]["env"], out["recommendation"]["per_host"]);
  for (const auto& f : out["findings"]) take(f["fix"]["env"], f["fix"]["per_host"]);
  return fix;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(OutcomeAgreement, TextJsonHtmlAndEveryExportCarryTheSameFixLines) {
  PreflightOutcome out = three_nodes_with_a_fix();
  report::Outcome shown = report_outcome(out);
  const report::FixPlan& plan = shown.fix;
  ASSERT_FALSE(out.fix.env.empty()) << "the analysis recommends a value";
  ASSERT_EQ(plan.env.count("NCCL_IB_DISABLE"), 1u);
  ASSERT_EQ(plan.per_host.count("node2"), 1u);

  const std::string text = render_text(out, report::Style(false));
  const std::string html = report::render_html_report(shown);
  const json printed = json_of(out);
  const JsonFix from_json = json_fix(printed);
  std::map<report::ExportFormat, std::string> exports;
  for (auto f : {report::ExportFormat::sh, report::ExportFormat::dockerfile, report::ExportFormat::k8s,
                 report::ExportFormat::slurm, report::ExportFormat::torchrun, report::ExportFormat::tf})
    exports[f] = report::render_export(plan, f);
  const json tf = json::parse(exports[report::ExportFormat::tf]);

  // the JSON's fix is the plan's, value for value
  EXPECT_EQ(from_json.env, plan.env);
  for (const auto& [host, vars] : plan.per_host) EXPECT_EQ(from_json.per_host.at(host), vars) << host;

  for (const auto& [name, value] : plan.env) {
    const std::string line = core::export_line(name, value);
    EXPECT_TRUE(has(text, line)) << line << "\n" << text;
    EXPECT_TRUE(has(html, report::html_escape(line))) << line;
    for (auto f : {report::ExportFormat::sh, report::ExportFormat::slurm, report::ExportFormat::torchrun})
      EXPECT_TRUE(has(exports[f], line + "\n")) << report::to_string(f) << ": " << line;
    if (value.empty()) {
      EXPECT_TRUE(has(exports[report::ExportFormat::dockerfile], "# " + name + ": ENV cannot unset")) << name;
      EXPECT_TRUE(tf["env"][name].is_null()) << name;
    } else {
      EXPECT_TRUE(has(exports[report::ExportFormat::dockerfile], "ENV " + name + "=\"" + value + "\"\n")) << name;
      EXPECT_TRUE(has(exports[report::ExportFormat::k8s], "- name: " + name + "\n          value: \"" + value + "\"\n"))
          << name;
      EXPECT_EQ(tf["env"][name], value) << name;
    }
  }
  for (const auto& [host, vars] : plan.per_host)
    for (const auto& [name, value] : vars) {
      const std::string line = core::export_line(name, value);
      const std::string arm = host + ") " + line + ";";
      EXPECT_TRUE(has(text, "on " + host + ": " + line) || has(text, "on " + host + ":\n    " + line)) << line << "\n"
                                                                                                       << text;
      EXPECT_TRUE(has(html, report::html_escape(arm))) << arm;
      for (auto f : {report::ExportFormat::sh, report::ExportFormat::slurm, report::ExportFormat::torchrun,
                     report::ExportFormat::dockerfile, report::ExportFormat::k8s})
        EXPECT_TRUE(has(exports[f], arm)) << report::to_string(f) << ": " << arm;
      EXPECT_EQ(tf["per_host"][host][name], value) << host << " " << name;
    }
  // every finding behind the fix is named in the fix as in the JSON's findings[]
  for (const auto& f : printed["findings"]) {
    const std::string note = "# " + f["id"].get<std::string>() + ": ";
    EXPECT_TRUE(has(exports[report::ExportFormat::sh], note)) << note;
    EXPECT_TRUE(has(html, "data-finding-id=\"" + f["id"].get<std::string>() + "\"")) << note;
  }
  // the hosts in rank order reach the launchers (torchrun's master, tf's workers)
  EXPECT_EQ(plan.hosts, (std::vector<std::string>{"node0", "node1", "node2"}));
  EXPECT_EQ(plan.world, 3);
  EXPECT_EQ(tf["tf_config"].size(), 3u);
}

TEST(OutcomeAgreement, HtmlCellsCarryTheDecidedStateAndItsFacts) {
  PreflightOutcome out = three_nodes_with_a_fix();
  const std::string html = report::render_html_report(report_outcome(out));
  EXPECT_TRUE(has(html, "data-matrix-size=\"3\""));
  // node1 -> node2: the echo passed and the bulk was lost, in the JSON, the text and the HTML
  bool json_says = false;
  for (const auto& c : out.json["reachability"])
    if (c["from"] == 1 && c["to"] == 2) json_says = c["state"] == "mtu-black-hole";
  EXPECT_TRUE(json_says);
  EXPECT_TRUE(has(render_matrix(*out.rank0), "    1 .-M\n")) << render_matrix(*out.rank0);
  EXPECT_TRUE(has(html,
                  "<g class=\"cell error\" data-state=\"mtu-black-hole\"><title>node1 → node2: mtu-black-hole: "
                  "0/1 addresses carried data, 1 with the echo only (bulk lost)"))
      << html;
  EXPECT_TRUE(has(html, "198.18.1.3:40002 (eth0) echo answered, bulk transfer lost")) << html;
  // the nodes table and each node's interfaces come from the typed outcome
  EXPECT_TRUE(has(html, "<td>node1</td><td>eth1 198.18.100.2</td>")) << html;
  EXPECT_TRUE(has(html, "Interfaces of node2 (rank 2)"));
}

}  // namespace
}  // namespace dd::cluster
