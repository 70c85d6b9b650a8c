#include "cluster/render_text.hpp"

#include <fmt/format.h>

#include <set>

#include "cluster/analysis/analysis_context.hpp"
#include "cluster/analysis/probe_plan.hpp"
#include "core/export_line.hpp"
#include "core/strings.hpp"
#include "report/findings_text.hpp"

namespace dd::cluster {

namespace {

using nlohmann::json;
using report::Color;

std::string export_lines(const json& env, const std::string& indent) {
  std::string out;
  for (const auto& [k, v] : env.items()) out += indent + core::export_line(k, v.get<std::string>()) + "\n";
  return out;
}

std::string endpoint(const json& e) {
  if (!e.is_object()) return "none";
  return fmt::format("{} {}", e.value("iface", "?"), e.value("addr", "?"));
}

constexpr int k_matrix_max = 64;  // wider matrices do not fit a terminal

}  // namespace

std::string render_plan(const json& result) {
  const json plan = result.value("plan", json::object());
  if (plan.empty()) return "";
  const json sum = result.value("probe_summary", json::object());
  std::string out = fmt::format("{} {}: {} of {} ordered node pairs probed, {} probes ({} failed); full {} KiB transfer on "
                                "{} pairs, {} KiB on the others\n",
                                "probe plan", plan.value("kind", "?"), plan.value("pairs_probed", 0),
                                plan.value("pairs_total", 0), sum.value("total", 0), sum.value("failed", 0),
                                plan.value("bulk_bytes", 0) / 1024, plan.value("bulk_pairs", 0),
                                plan.value("light_bulk_bytes", 0) / 1024);
  if (plan.value("kind", "") == "sparse") {
    std::vector<std::string> covers;
    for (const auto& c : plan.value("covers", json::array())) covers.push_back(c.get<std::string>());
    out += fmt::format("  covers: {} (seed {})\n", core::join(covers, "; "), plan.value("seed", 0));
    out += fmt::format("  not seen: {} pairs were never probed - a firewall between two nodes that never talk in ring or "
                       "tree order stays unseen; all-to-all jobs: run with --full-mesh (--seed {} repeats this plan)\n",
                       plan.value("pairs_not_probed", 0), plan.value("seed", 0));
  }
  return out + "\n";
}

std::string render_matrix(const json& result) {
  int world = result.value("world", 0);
  bool sparse = result.value("plan", json::object()).value("kind", "") == "sparse";
  std::set<int> absent;
  for (const auto& r : result.value("missing", json::array())) absent.insert(r.get<int>());
  for (const auto& l : result.value("lost", json::array())) absent.insert(l.value("rank", -1));
  // cell state per (from, to): counts of candidate probes.
  std::map<std::pair<int, int>, std::array<int, 4>> cells;  // total, ok+bulk, echo-only, best-rtt-ms*1000
  std::map<std::pair<int, int>, std::int64_t> best;
  for (const auto& p : result.value("probes", json::array())) {
    if (p.value("what", "") != "candidate") continue;
    auto key = std::make_pair(p.value("from", -1), p.value("to", -1));
    auto& c = cells[key];
    c[0]++;
    // a bulk transfer that moved data but ran out of time is a slow path, not an MTU black hole
    bool ok = p.value("ok", false), bulk = detail::carries_data(result_from_json(p));
    if (ok && bulk) c[1]++;
    if (ok && !bulk) c[2]++;
    if (ok) {
      auto rtt = p.value("rtt_us", std::int64_t{-1});
      if (!best.count(key) || rtt < best[key]) best[key] = rtt;
    }
  }
  std::string out = "      ";
  for (int t = 0; t < world; ++t) out += static_cast<char>('0' + t % 10);
  out += "  <- to rank (mod 10)\n";
  for (int f = 0; f < world; ++f) {
    out += fmt::format("{:>5} ", f);
    for (int t = 0; t < world; ++t) {
      char ch = '?';
      auto key = std::make_pair(f, t);
      if (f == t) ch = '-';
      else if (absent.count(f) || absent.count(t)) ch = '?';
      else if (!cells.count(key)) ch = sparse ? ' ' : '?';
      else {
        const auto& c = cells[key];
        if (c[1] + c[2] == 0) ch = 'X';
        else if (c[2] > 0) ch = 'M';
        else if (best.count(key) && best[key] > 100000) ch = 's';
        else if (c[1] < c[0]) ch = 'x';
        else ch = '.';
      }
      out += ch;
    }
    out += "\n";
  }
  out += "      . all addresses ok  x some failed  X none answered  M bulk lost (MTU)  s slow  ? absent";
  out += sparse ? "  (blank: not in the plan)\n" : "\n";
  return out;
}

std::string render_text(const PreflightOutcome& outcome, const report::Style& style) {
  const json& j = outcome.json;
  std::string out;
  std::string verdict = j.value("verdict", "UNKNOWN");
  Color vc = verdict == "OK" ? Color::green : verdict == "WILL BE SLOW" ? Color::yellow : Color::red;
  out += fmt::format("{} {}\n", style.paint(Color::bold, "preflight:"), style.paint(vc, verdict));
  if (!j.value("reason", "").empty()) out += fmt::format("  {}\n", j.value("reason", ""));
  out += fmt::format("  rank {} of {} on {}\n\n", j.value("rank", -1), j.value("world", 0), j.value("host", "?"));

  const json rec = j.value("recommendation", json::object());
  const json env = rec.value("env", json::object());
  const json per = rec.value("per_host", json::object());
  if (!env.empty() || !per.empty()) {
    out += style.paint(Color::bold, "fix") + "\n";
    if (!env.empty()) out += "  on every node:\n" + export_lines(env, "    ");
    for (const auto& [host, vars] : per.items()) out += fmt::format("  on {}:\n", host) + export_lines(vars, "    ");
    for (const auto& c : rec.value("checks", json::array())) out += fmt::format("  checked: {}\n", c.get<std::string>());
    out += "\n";
  }
  if (j.value("role", "") == "rank0") {
    const json plan = j.value("plan", json::object());
    bool sparse = plan.value("kind", "") == "sparse";
    bool complete = !sparse || j.value("probe_summary", json::object()).value("probes_listed", "").empty();
    if (j.value("world", 0) <= k_matrix_max && complete)
      out += style.paint(Color::bold, "reachability") + " (row = from rank, column = to rank)\n" + render_matrix(j) + "\n";
    out += render_plan(j);
    out += style.paint(Color::bold, "nodes") + "\n";
    out += fmt::format("  {:>4} {:<16} {:<26} {:<26} {:<8} {:<10} {}\n", "rank", "host", "NCCL bootstrap", "Gloo",
                       "mtu", "NCCL", "NCCL_SOCKET_IFNAME");
    for (const auto& n : j.value("nodes", json::array())) {
      const json f = n.value("preflight", json::object());
      std::string mtu = "?";
      if (f.contains("nccl_bootstrap") && f["nccl_bootstrap"].is_object()) {
        auto link = f["nccl_bootstrap"].value("link", "");
        if (f.contains("ifaces") && f["ifaces"].contains(link)) mtu = std::to_string(f["ifaces"][link].value("mtu", 0));
      }
      auto cfg = f.value("nccl_config", json::object());
      out += fmt::format("  {:>4} {:<16} {:<26} {:<26} {:<8} {:<10} {}\n", n.value("rank", -1), n.value("host", "?"),
                         endpoint(f.value("nccl_bootstrap", json())), endpoint(f.value("gloo", json())), mtu,
                         f.value("nccl_version", "").empty() ? "-" : f.value("nccl_version", ""),
                         cfg.value("NCCL_SOCKET_IFNAME", "<unset>"));
    }
    for (const auto& m : j.value("missing", json::array())) out += fmt::format("  {:>4} {:<16} never joined\n", m.get<int>(), "?");
    for (const auto& l : j.value("lost", json::array()))
      out += fmt::format("  {:>4} {:<16} lost: {}\n", l.value("rank", -1), l.value("host", ""), l.value("reason", ""));
    out += "\n";
  }
  if (!outcome.findings.empty()) out += style.paint(Color::bold, "findings") + "\n" + report::render_findings(outcome.findings, style);
  else if (j.contains("findings") && !j["findings"].empty()) {
    out += style.paint(Color::bold, "findings") + " (from rank 0)\n";
    for (const auto& f : j["findings"]) out += fmt::format("  {} [{}] {}\n", f.value("severity", ""), f.value("label", ""), f.value("title", ""));
    out += "\n";
  }
  if (j.value("role", "") == "rank0") {
    int shown = 0, failed = 0;
    std::string lines;
    for (const auto& p : j.value("probes", json::array())) {
      if (p.value("ok", false) && p.value("bulk_ok", false)) continue;
      ++failed;
      if (shown++ < 12)
        lines += fmt::format("  {} -> {} {}:{} [{}] {}: {}\n", p.value("from", -1), p.value("to", -1), p.value("addr", ""),
                             p.value("port", 0), p.value("iface", "").empty() ? p.value("what", "") : p.value("iface", ""),
                             p.value("stage", ""), p["error"].is_string() ? p["error"].get<std::string>() : "");
    }
    auto total = j.value("probe_summary", json::object()).value("total", j["probes"].size());
    if (failed) out += style.paint(Color::bold, fmt::format("probe errors ({} of {})", failed, total)) + "\n" + lines;
  }
  std::size_t remote = j.contains("findings") && j["findings"].is_array() ? j["findings"].size() : 0;
  if (outcome.findings.empty() && remote > 0)
    out += style.paint(verdict == "OK" ? Color::green : Color::red,
                       fmt::format("{} finding(s) at rank 0; its output has the evidence", remote)) + "\n";
  else
    out += report::render_summary(outcome.findings, style);
  return out;
}

}  // namespace dd::cluster
