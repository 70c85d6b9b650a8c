// The reachability cell is decided once (cluster/analysis/reach_matrix.hpp) and the text
// matrix, `reachability[]` of --json and the HTML report's matrix all draw that one state. A world
// of 6 under a sparse plan that lists only the failed probes (as a large run does): an MTU black
// hole, a slow pair, a blocked pair, pairs the plan never probed and a rank that never joined.
// Each output is parsed back into states through its own legend, never through the decider.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include <map>
#include <string>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/preflight.hpp"
#include "cluster/preflight_report.hpp"
#include "cluster/render_text.hpp"
#include "report/html_report.hpp"

namespace dd::cluster {
namespace {

using Pair = std::pair<int, int>;
using States = std::map<Pair, std::string>;

constexpr int k_world = 6;

PreflightOutcome sparse_world_of_six() {
  AnalysisInput in;
  in.world = k_world;
  for (int r = 0; r < 5; ++r) in.nodes.push_back(testing::eth0_node(r, 1500, false));
  in.missing = {5};
  in.probed = {0, 1, 2, 3, 4};
  // the ring over the present ranks and rank 0's spokes, both ways; 1-3, 1-4 and 2-4 never probed
  for (auto [a, b] : std::vector<Pair>{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 2}, {0, 3}}) {
    in.planned.insert({a, b});
    in.planned.insert({b, a});
  }
  for (auto& p : testing::probe_matrix(in.nodes, [](ProbeResult& p) {
         if (p.from == 1 && p.target.to == 2) {  // echo passes, full-size segments vanish
           p.bulk_ok = false, p.stage = "bulk", p.failure = "timeout", p.error = "bulk: timeout after 8 KiB";
           p.bytes_acked = 8 * 1024;
         } else if (p.from == 3 && p.target.to == 4) {  // data crosses, slowly
           p.rtt_us = 250'000;
         } else if (p.from == 4 && p.target.to == 0) {  // nothing answers
           p.ok = p.bulk_ok = false, p.stage = "connect", p.failure = "timeout", p.error = "connect: timeout";
           p.bytes_acked = 0, p.rtt_us = -1;
         }
       }))
    if (in.planned.count({p.from, p.target.to})) in.probes.push_back(p);
  Analysis a = analyze(in);
  std::map<int, NodeFacts> nodes;
  for (const auto& n : in.nodes) nodes[n.rank] = n;
  return rank0_outcome(in, a, nodes, {}, /*every_probe=*/false);  // a sparse run lists failures only
}

States text_states(const std::string& matrix) {
  const std::map<char, std::string> legend = {
      {'.', "ok"},      {'x', "partial"},    {'s', "slow"},  {'M', "mtu-black-hole"},
      {'X', "blocked"}, {' ', "not-probed"}, {'?', "absent"}};
  States out;
  std::vector<std::string> lines;
  for (std::size_t at = 0, nl; (nl = matrix.find('\n', at)) != std::string::npos; at = nl + 1)
    lines.push_back(matrix.substr(at, nl - at));
  for (int f = 0; f < k_world && f + 1 < static_cast<int>(lines.size()); ++f)
    for (int t = 0; t < k_world; ++t) {
      const std::string& row = lines[static_cast<std::size_t>(f + 1)];
      std::size_t col = 6 + static_cast<std::size_t>(t);
      if (f != t && col < row.size() && legend.count(row[col])) out[{f, t}] = legend.at(row[col]);
    }
  return out;
}

States json_states(const nlohmann::json& out) {
  States s;
  for (const auto& c : out.value("reachability", nlohmann::json::array()))
    s[{c.at("from").get<int>(), c.at("to").get<int>()}] = c.at("state").get<std::string>();
  return s;
}

// The HTML's cells in row-major order over the ranks it draws (0..n-1 here), read through the
// symbol each one shows.
States html_states(const std::string& html) {
  const std::map<std::string, std::string> legend = {
      {"✔", "ok"},      {"▲", "partial"},    {"s", "slow"},  {"M", "mtu-black-hole"},
      {"✖", "blocked"}, {"·", "not-probed"}, {"?", "absent"}};
  States out;
  auto size_at = html.find("data-matrix-size=\"");
  if (size_at == std::string::npos) return out;
  const int n = std::stoi(html.substr(size_at + 18));
  const std::string end = "</text></g>";
  int k = 0;
  for (std::size_t at = html.find("<g class=\"cell ", size_at); at != std::string::npos;
       at = html.find("<g class=\"cell ", at + 1), ++k) {
    auto close = html.find(end, at);
    auto open = html.rfind('>', close);
    std::string sym = html.substr(open + 1, close - open - 1);
    int f = k / n, t = k % n;
    if (f != t && legend.count(sym)) out[{f, t}] = legend.at(sym);
  }
  return out;
}

TEST(ReachAgreement, TextJsonAndHtmlDrawEveryPairInTheOneDecidedState) {
  PreflightOutcome out = sparse_world_of_six();
  ASSERT_TRUE(out.rank0.has_value());
  const std::string matrix = render_matrix(*out.rank0);
  States text = text_states(matrix), json_view = json_states(out.json),
         html = html_states(report::render_html_report(report_outcome(out)));
  int disagree = 0, text_html = 0;
  std::string why;
  for (int f = 0; f < k_world; ++f)
    for (int t = 0; t < k_world; ++t) {
      if (f == t) continue;
      auto get = [&](const States& s) { return s.count({f, t}) ? s.at({f, t}) : std::string("<none>"); };
      std::string a = get(text), b = get(json_view), c = get(html);
      text_html += a != c ? 1 : 0;
      if (a != b || b != c) {
        ++disagree;
        why += fmt::format("{}->{}: text {}, json {}, html {}\n", f, t, a, b, c);
      }
    }
  EXPECT_EQ(disagree, 0) << disagree << " of 30 pairs disagree (" << text_html << " text vs HTML)\n" << why << matrix;
  // the decided states themselves, as the world was built
  EXPECT_EQ(json_view[Pair(1, 2)], "mtu-black-hole");
  EXPECT_EQ(json_view[Pair(2, 1)], "ok");
  EXPECT_EQ(json_view[Pair(3, 4)], "slow");
  EXPECT_EQ(json_view[Pair(4, 0)], "blocked");
  EXPECT_EQ(json_view[Pair(0, 4)], "ok");
  for (auto p : std::vector<Pair>{{1, 3}, {3, 1}, {1, 4}, {4, 1}, {2, 4}, {4, 2}})
    EXPECT_EQ(json_view[p], "not-probed");
  for (int r = 0; r < 5; ++r) {
    EXPECT_EQ(json_view[Pair(r, 5)], "absent");
    EXPECT_EQ(json_view[Pair(5, r)], "absent");
  }
  // the facts a state rests on travel with it
  const auto& cells = out.json["reachability"];
  auto slow = std::find_if(cells.begin(), cells.end(), [](const auto& c) { return c["from"] == 3 && c["to"] == 4; });
  ASSERT_NE(slow, cells.end());
  EXPECT_EQ((*slow)["best_rtt_us"], 250'000);
  EXPECT_EQ(out.json["reachability_slow_rtt_us"], k_slow_rtt_us);
  // the HTML legend states the threshold
  EXPECT_NE(report::render_html_report(report_outcome(out))
                .find(fmt::format("s slow (best round trip above {} ms)", k_slow_rtt_us / 1000)),
            std::string::npos);
}

}  // namespace
}  // namespace dd::cluster
