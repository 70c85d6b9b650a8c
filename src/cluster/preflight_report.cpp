#include "cluster/preflight_report.hpp"

#include <fmt/format.h>

#include "cluster/analysis/analysis_context.hpp"
#include "cluster/analysis/probe_plan.hpp"
#include "cluster/analysis/reach_matrix.hpp"
#include "cluster/preflight.hpp"

namespace dd::cluster {

namespace {

using nlohmann::json;

// A string field as shown: a number as its digits, null or absent as "".
std::string shown(const json& j, const char* key) {
  if (!j.is_object()) return "";
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return "";
  return it->is_string() ? it->get<std::string>() : it->dump(-1, ' ', false, json::error_handler_t::replace);
}

std::optional<bool> flag(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_boolean()) return std::nullopt;
  return j[key].get<bool>();
}

std::string cell_title(const Cell& c) {
  if (c.state == CellState::not_probed)
    return "not tested: no address of it was tried (outside the probe plan, or no candidate address)";
  if (c.state == CellState::absent) return "a rank is absent (never joined, lost, or sent no results)";
  std::string t = fmt::format("{}: {}/{} addresses carried data", to_string(c.state), c.carried, c.probes);
  if (c.echo_only > 0) t += fmt::format(", {} with the echo only (bulk lost)", c.echo_only);
  if (c.best_rtt_us >= 0) t += fmt::format(", best rtt {} µs", c.best_rtt_us);
  return t;
}

// One tooltip line for a candidate probe.
std::string probe_line(const ProbeResult& p) {
  bool echo = p.ok, data = detail::carries_data(p);
  std::string line = fmt::format("{}:{}", p.target.addr, p.target.port);
  if (!p.target.iface.empty()) line += " (" + p.target.iface + ")";
  line += echo && data ? " ✔ reached"
          : echo       ? " echo answered, bulk transfer lost"
                       : " ✖ " + (p.error.empty() ? std::string("failed") : p.error);
  if (echo && p.rtt_us >= 0) line += fmt::format(", rtt {} µs", p.rtt_us);
  return line;
}

report::Matrix matrix_of(const AnalysisInput& in, bool every_probe) {
  report::Matrix m;
  for (const auto& n : in.nodes) m.hosts[n.rank] = n.host;
  m.slow_rtt_us = k_slow_rtt_us;
  std::map<std::pair<int, int>, std::vector<std::string>> lines;
  for (const auto& p : in.probes) {
    if (!every_probe && !noteworthy(p)) continue;
    if (!p.target.what.empty() && p.target.what != "candidate") continue;
    lines[{p.from, p.target.to}].push_back(probe_line(p));
  }
  for (const auto& c : reach_matrix(in).cells) {
    if (c.from == c.to) continue;
    auto l = lines.find({c.from, c.to});
    m.cells.push_back({c.from, c.to, std::string(to_string(c.state)), cell_title(c),
                       l == lines.end() ? std::vector<std::string>{} : l->second});
  }
  return m;
}

}  // namespace

std::vector<report::InterfaceRow> interface_rows_from_json(const json& interfaces) {
  std::vector<report::InterfaceRow> rows;
  if (!interfaces.is_array()) return rows;
  for (const auto& i : interfaces) {
    if (!i.is_object()) continue;
    report::InterfaceRow row{shown(i, "name"),
                             shown(i, "kind"),
                             flag(i, "up"),
                             flag(i, "carrier"),
                             shown(i, "mtu"),
                             shown(i, "speed_mbps"),
                             {}};
    for (const auto& a : i.value("addresses", json::array()))
      row.addresses.push_back(shown(a, "addr") + "/" + shown(a, "prefix") + " (" + shown(a, "scope") + ")");
    rows.push_back(std::move(row));
  }
  return rows;
}

report::Sections rank0_sections(const AnalysisInput& in, const Recommendation& rec, const std::map<int, json>& reports,
                                bool every_probe) {
  report::Sections s;
  s.matrix = matrix_of(in, every_probe);
  report::Table nodes{"Nodes", {"rank", "host", "NCCL would use", "recommended interface"}, {}};
  for (const auto& n : in.nodes) {
    auto chosen = rec.chosen.find(n.host);
    nodes.rows.push_back({std::to_string(n.rank), n.host,
                          n.nccl_bootstrap ? n.nccl_bootstrap->iface + " " + n.nccl_bootstrap->addr : "none",
                          chosen == rec.chosen.end() ? "" : chosen->second});
    auto r = reports.find(n.rank);
    if (r != reports.end() && r->second.is_object())
      s.interfaces.emplace_back(fmt::format("Interfaces of {} (rank {})", n.host, n.rank),
                                interface_rows_from_json(r->second.value("interfaces", json::array())));
  }
  s.ranks = std::move(nodes);
  return s;
}

report::Outcome report_outcome(const PreflightOutcome& o) {
  report::Outcome out;
  out.command = "preflight";
  out.host = o.host;
  out.verdict = o.verdict;
  out.reason = o.reason;
  out.findings = shown_findings(o);
  out.fix = report::fix_plan(out.findings, core::Fix{o.fix.env, o.fix.per_host, ""});
  out.fix.world = o.world;
  if (o.rank0)
    for (const auto& n : o.rank0->input.nodes) out.fix.hosts.push_back(n.host);
  out.sections = o.sections;
  return out;
}

}  // namespace dd::cluster
