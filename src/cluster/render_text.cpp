#include "cluster/render_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cluster/analysis/analysis_context.hpp"
#include "cluster/analysis/probe_plan.hpp"
#include "cluster/analysis/reach_matrix.hpp"
#include "core/export_line.hpp"
#include "core/strings.hpp"
#include "report/findings_text.hpp"
#include "report/outcome.hpp"

namespace dd::cluster {

namespace {

using report::Color;

std::string export_lines(const std::map<std::string, std::string>& env, const std::string& indent) {
  std::string out;
  for (const auto& [k, v] : env) out += indent + core::export_line(k, v) + "\n";
  return out;
}

std::string endpoint(const std::optional<nccl::Endpoint>& e) {
  return e ? fmt::format("{} {}", e->iface, e->addr) : "none";
}

bool failed(const ProbeResult& p) { return !p.ok || !p.bulk_ok; }

constexpr int k_matrix_max = 64;  // wider matrices do not fit a terminal

std::string node_table(const Rank0View& view) {
  const AnalysisInput& in = view.input;
  std::string out = fmt::format("  {:>4} {:<16} {:<26} {:<26} {:<8} {:<10} {}\n", "rank", "host", "NCCL bootstrap",
                                "Gloo", "mtu", "NCCL", "NCCL_SOCKET_IFNAME");
  for (const auto& f : in.nodes) {
    std::string mtu = "?";
    if (f.nccl_bootstrap) {
      auto link = f.ifaces.find(f.nccl_bootstrap->link);
      if (link != f.ifaces.end()) mtu = std::to_string(link->second.mtu);
    }
    auto ifname = f.nccl_config.find("NCCL_SOCKET_IFNAME");
    // Gloo opens a device per GLOO_SOCKET_IFNAME entry: the first, then "+NAME" for each other one
    std::string gloo = endpoint(f.gloo);
    for (std::size_t d = 1; d < f.gloo_devices.size(); ++d) gloo += " +" + f.gloo_devices[d].iface;
    out += fmt::format("  {:>4} {:<16} {:<26} {:<26} {:<8} {:<10} {}\n", f.rank, f.host, endpoint(f.nccl_bootstrap),
                       gloo, mtu, f.nccl_version.empty() ? "-" : f.nccl_version,
                       ifname == f.nccl_config.end() ? "<unset>" : ifname->second);
    // one row per rank: the loss of a rank whose facts came goes under its row
    if (auto lost = in.lost.find(f.rank); lost != in.lost.end())
      out += fmt::format("  {:>4} {:<16} lost midway: {}\n", "", "", lost->second);
  }
  for (int m : in.missing) out += fmt::format("  {:>4} {:<16} never joined\n", m, "?");
  for (const auto& [lost_rank, why] : in.lost) {
    const int rank = lost_rank;  // a structured binding cannot be captured before C++20 in clang 14 (the fuzz build)
    if (std::none_of(in.nodes.begin(), in.nodes.end(), [&](const NodeFacts& f) { return f.rank == rank; }))
      out += fmt::format("  {:>4} {:<16} lost: {}\n", rank, "", why);
  }
  return out;
}

std::string probe_errors(const Rank0View& view, const report::Style& style) {
  const auto& probes = view.input.probes;
  int shown = 0, count = 0;
  std::string lines;
  for (const auto& p : probes) {
    if (!failed(p)) continue;
    ++count;
    if (shown++ < 12)
      lines += fmt::format("  {} -> {} {}:{} [{}] {}: {}\n", p.from, p.target.to, p.target.addr, p.target.port,
                           p.target.iface.empty() ? p.target.what : p.target.iface, p.stage, p.error);
  }
  if (!count) return "";
  return style.paint(Color::bold, fmt::format("probe errors ({} of {})", count, probes.size())) + "\n" + lines;
}

}  // namespace

std::string render_plan(const Rank0View& view) {
  if (!view.plan) return "";
  const PeerPlan& plan = *view.plan;
  const auto& probes = view.input.probes;
  std::size_t all = plan.nodes * (plan.nodes > 0 ? plan.nodes - 1 : 0);
  std::string out = fmt::format(
      "{} {}: {} of {} ordered node pairs probed, {} probes ({} failed); full {} KiB transfer on "
      "{} pairs, {} KiB on the others\n",
      "probe plan", plan.sparse ? "sparse" : "full-mesh", plan.ordered_pairs(), all, probes.size(),
      std::count_if(probes.begin(), probes.end(), failed), view.full_bulk / 1024, plan.bulk.size(),
      view.light_bulk / 1024);
  if (plan.sparse) {
    out += fmt::format("  covers: {} (seed {})\n", core::join(plan_covers(plan), "; "), plan.seed);
    out += fmt::format(
        "  not seen: {} pairs were never probed - a firewall between two nodes that never talk in ring or "
        "tree order stays unseen; all-to-all jobs: run with --full-mesh (--seed {} repeats this plan)\n",
        all - plan.ordered_pairs(), plan.seed);
  }
  return out + "\n";
}

std::string render_matrix(const Rank0View& view) {
  const ReachMatrix m = reach_matrix(view.input);
  std::string out = "      ";
  for (int t = 0; t < m.world; ++t) out += static_cast<char>('0' + t % 10);
  out += "  <- to rank (mod 10)\n";
  for (int f = 0; f < m.world; ++f) {
    out += fmt::format("{:>5} ", f);
    for (int t = 0; t < m.world; ++t) out += matrix_char(m.at(f, t).state);
    out += "\n";
  }
  out += fmt::format(
      "      . all addresses ok  x some failed  X none answered  M bulk lost (MTU)  s slow (best round "
      "trip above {} ms)  ? absent",
      k_slow_rtt_us / 1000);
  bool untested =
      std::any_of(m.cells.begin(), m.cells.end(), [](const Cell& c) { return c.state == CellState::not_probed; });
  out += untested ? "  (blank: not tested - no address of it was tried)\n" : "\n";
  return out;
}

std::string render_text(const PreflightOutcome& outcome, const report::Style& style) {
  std::string out;
  const std::string& verdict = outcome.verdict;
  const std::string level = report::verdict_level(verdict);  // the HTML box's level too
  Color vc = level == "ok" ? Color::green : level == "warn" ? Color::yellow : Color::red;
  out += fmt::format("{} {}\n", style.paint(Color::bold, "preflight:"), style.paint(vc, verdict));
  if (!outcome.reason.empty()) out += fmt::format("  {}\n", outcome.reason);
  out +=
      fmt::format("  rank {} of {} on {}\n\n", outcome.rank, outcome.world, outcome.host.empty() ? "?" : outcome.host);

  const Recommendation& fix = outcome.fix;
  if (!fix.env.empty() || !fix.per_host.empty()) {
    out += style.paint(Color::bold, "fix") + "\n";
    if (!fix.env.empty()) out += "  on every node:\n" + export_lines(fix.env, "    ");
    for (const auto& [host, vars] : fix.per_host) out += fmt::format("  on {}:\n", host) + export_lines(vars, "    ");
    for (const auto& c : fix.checks) out += fmt::format("  checked: {}\n", c);
    out += "\n";
  }
  if (outcome.rank0) {
    const Rank0View& view = *outcome.rank0;
    if (view.input.world <= k_matrix_max)
      out += style.paint(Color::bold, "reachability") + " (row = from rank, column = to rank)\n" + render_matrix(view) +
             "\n";
    out += render_plan(view);
    out += style.paint(Color::bold, "nodes") + "\n" + node_table(view) + "\n";
  }
  // A member node prints its own findings and rank 0's list: the verdict above is rank 0's, so a
  // bare "0 errors" under "WILL HANG" would read as a contradiction.
  bool rank0_list = !outcome.rank0 && !outcome.rank0_findings.empty();
  if (!outcome.findings.empty()) {
    out += style.paint(Color::bold, rank0_list ? "findings (this node)" : "findings") + "\n" +
           report::render_findings(outcome.findings, style);
  }
  if (rank0_list) {
    out += style.paint(Color::bold, "findings") + " (from rank 0)\n";
    for (const auto& f : outcome.rank0_findings)
      out += fmt::format("  {} [{}] {}\n", core::to_string(f.severity), core::to_string(f.label), f.title);
    out += "\n";
  }
  if (outcome.rank0) out += probe_errors(*outcome.rank0, style);
  if (!outcome.findings.empty()) out += report::render_summary(outcome.findings, style);
  if (rank0_list || outcome.findings.empty()) {
    if (!outcome.rank0_findings.empty()) {
      out += style.paint(
                 level == "ok" ? Color::green : Color::red,
                 fmt::format("{} finding(s) at rank 0; its output has the evidence", outcome.rank0_findings.size())) +
             "\n";
    } else if (outcome.findings.empty()) {
      out += report::render_summary(outcome.findings, style);
    }
  }
  return out;
}

}  // namespace dd::cluster
