#include "logs/analyzer.hpp"

#include "core/utf8.hpp"
#include "logs/fact_builder.hpp"
#include "logs/line_reader.hpp"
#include "logs/rules.hpp"

namespace dd::logs {

namespace {

void check_printed_tf_config(LogFacts& facts, const TfConfigCheck& check) {
  if (check && !facts.tf_config_json.empty()) facts.tf_config_findings = check(facts.tf_config_json);
}

}  // namespace

core::Result<LogsReport> analyze_files(const std::vector<std::string>& paths, const TfConfigCheck& tf_config) {
  FactBuilder builder;
  LogsReport report;
  std::vector<std::string> truncated;
  for (const auto& path : paths) {
    auto reader = LineReader::open(path);
    if (!reader) return reader.error();
    LineReader& r = **reader;
    builder.begin_file(r.name());
    // The builder keeps a view of the last line of each process until the reader moves its buffer
    // (one copy per refill instead of one per line).
    r.set_before_refill([&builder] { builder.release_views(); });
    std::string_view line;
    bool cut = false;
    while (true) {
      auto more = r.next(line, cut);
      if (!more) return more.error();
      if (!*more) break;
      builder.add_buffered_line(line, cut, r.may_have_escape());
    }
    builder.release_views();  // before the reader and its buffer go
    if (r.truncated_gzip()) {
      report.notes.push_back(r.name() + ": gzip stream ends early (lines up to the cut were read)");
      truncated.push_back(r.name());
    }
    if (r.bytes_read() == 0) report.notes.push_back(r.name() + ": empty input");
  }
  report.facts = builder.take();
  if (report.facts.cut_lines > 0)
    report.notes.push_back(std::to_string(report.facts.cut_lines) + " line(s) longer than " +
                           std::to_string(k_max_line) + " bytes were cut");
  check_printed_tf_config(report.facts, tf_config);
  report.findings = run_rules(report.facts);
  if (!truncated.empty()) {  // the verdict says it may be incomplete
    auto f = core::new_finding("logs.input.truncated-gzip", core::Label::other, core::Severity::warning,
                               "a gzip log ends early: findings in lines after the cut may be missing");
    for (const auto& name : truncated) f.evidence.push_back(name + ": the compressed stream stops before its end");
    f.fix.text = "copy the whole log again (the file was cut while being written or transferred) and rerun";
    report.findings.push_back(std::move(f));
  }
  return report;
}

LogsReport analyze_text(std::string_view text, const std::string& name, const TfConfigCheck& tf_config) {
  FactBuilder builder;
  builder.begin_file(name);
  while (!text.empty()) {
    std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    bool cut = line.size() > k_max_line;
    builder.add_line(cut ? core::utf8_prefix(line, k_max_line) : line, cut);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  LogsReport report;
  report.facts = builder.take();
  check_printed_tf_config(report.facts, tf_config);
  report.findings = run_rules(report.facts);
  return report;
}

}  // namespace dd::logs
