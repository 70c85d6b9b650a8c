#include "logs/logs_report.hpp"

#include <fmt/format.h>

#include "core/json_limits.hpp"
#include "logs/rank_json_text.hpp"
#include "logs/rank_table.hpp"
#include "report/findings_text.hpp"
#include "report/json.hpp"

namespace dd::logs {

namespace {

// Every member but "ranks" (the last in key order).
nlohmann::json json_head(const LogsReport& report) {
  const LogFacts& f = report.facts;
  nlohmann::json j;
  j["command"] = "logs";
  j["files"] = f.files;
  j["lines"] = f.lines;
  j["nccl_lines"] = f.nccl_lines;
  j["hosts"] = f.hosts;
  j["findings"] = report::to_json(report.findings);
  j["notes"] = report.notes;
  return j;
}

}  // namespace

nlohmann::json to_json(const LogsReport& report) {
  nlohmann::json j = json_head(report);
  auto ranks = nlohmann::json::array();
  for (const auto& row : rank_rows(report.facts)) ranks.push_back(rank_json(row));
  j["ranks"] = std::move(ranks);
  return j;
}

namespace {

// The JSON text into `out`; with `flush` set, handed over in pieces as it grows (rank_json_text.hpp).
void write_logs_json(const LogsReport& report, std::string& out, const std::function<void(std::string_view)>& flush) {
  out = core::dump_json(json_head(report), 2);
  // The head's closing "\n}" makes way for the last member, written without a JSON tree.
  out.resize(out.size() - 2);
  out += ",\n  \"ranks\": ";
  append_ranks_json(out, rank_rows(report.facts), 1, flush);
  out += "\n}";
}

}  // namespace

std::string to_json_text(const LogsReport& report) {
  std::string out;
  write_logs_json(report, out, nullptr);
  return out;
}

void write_json_text(const LogsReport& report, std::ostream& os) {
  std::string out;
  auto put = [&os](std::string_view piece) { os.write(piece.data(), static_cast<std::streamsize>(piece.size())); };
  write_logs_json(report, out, put);
  put(out);
}

std::string render_text(const LogsReport& rep, const report::Style& style) {
  std::string out;
  const auto& findings = rep.findings;
  if (!findings.empty() && findings.front().severity != core::Severity::info) {
    const auto& top = findings.front();
    report::Color c = top.severity == core::Severity::error ? report::Color::red : report::Color::yellow;
    out += style.paint(c, fmt::format("Verdict: {} [{}]", top.title, core::to_string(top.label))) + "\n";
  } else {
    out += style.paint(report::Color::green, "Verdict: no communication problem found in the logs") + "\n";
  }
  out += fmt::format("Read {} line(s) from {} input(s); {} NCCL line(s); {} host(s)\n", rep.facts.lines,
                     rep.facts.files.size(), rep.facts.nccl_lines, rep.facts.hosts.size());
  for (const auto& n : rep.notes) out += "note: " + n + "\n";
  out += "\n";
  std::string table = render_rank_table(rank_rows(rep.facts), style);
  if (!table.empty()) out += table + "\n";
  out += report::render_findings(findings, style);
  out += report::render_summary(findings, style);
  return out;
}

}  // namespace dd::logs
