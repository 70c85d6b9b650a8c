// `distdoctor logs FILE...`: read every input, print the verdict, ranks and findings (or --json).
#include "cli/cmd_logs.hpp"

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/fix_output.hpp"
#include "cli/usage.hpp"
#include "core/exit_code.hpp"
#include "env/audit.hpp"
#include "logs/analyzer.hpp"
#include "logs/logs_report.hpp"
#include "logs/rank_table.hpp"
#include "report/outcome.hpp"
#include "report/style.hpp"

namespace dd::cli {

namespace {

struct LogsOptions {
  std::vector<std::string> files;
  FixOutputFlags fix;  // --report
};

// A TF_CONFIG printed in a log is checked by the same rules as `distdoctor env` (a value of a
// config source named "printed in the log"). Nothing is looked up: the log's hosts are not here.
class NoLookupResolver final : public os::Resolver {
 public:
  std::string hostname() const override { return ""; }
  core::Result<std::vector<os::ResolvedAddress>> resolve(const std::string& host) const override {
    return core::make_error(core::ErrorKind::not_found, host + ": not looked up for a log");
  }
  bool can_bind(const os::ResolvedAddress&) const override { return false; }
};

std::vector<core::Finding> check_tf_config(const std::string& json) {
  NoLookupResolver resolver;
  env::AuditInput input(os::Environment{}, resolver);
  input.config_files.push_back({"TF_CONFIG", json, "printed in the log"});
  std::vector<core::Finding> out;
  for (auto& f : env::audit(input))
    if (f.id.rfind("tf-config.", 0) == 0) out.push_back(std::move(f));
  return out;
}

// The typed outcome --report draws: the findings, their fix and the per-rank table.
report::Outcome logs_outcome(const logs::LogsReport& r) {
  report::Outcome out;
  out.command = "logs";
  out.findings = r.findings;
  out.fix = report::fix_plan(r.findings);
  report::Table t{"Ranks seen in the logs", {"rank", "host", "pid", "NCCL", "bootstrap", "transport", "state"}, {}};
  for (const auto& row : logs::rank_rows(r.facts)) {
    const logs::ProcessState* p = row.process;
    bool boot = p != nullptr && !p->bootstrap_iface.empty();
    t.rows.push_back({row.rank >= 0 ? std::to_string(row.rank) : "", row.host, row.pid, row.nccl_version,
                      boot ? p->bootstrap_iface + " " + p->bootstrap_addr : "", row.transport, row.state});
  }
  out.sections.ranks = std::move(t);
  return out;
}

int run_logs(const LogsOptions& opt, const GlobalOptions& global) {
  if (auto bad = validate_fix_output(opt.fix, global)) return *bad;
  auto report = logs::analyze_files(opt.files, check_tf_config);
  if (!report) {
    return input_error("logs", report.error().message);
  }
  if (!opt.fix.report_path.empty() && !write_report(opt.fix, logs_outcome(*report))) return core::k_exit_usage;
  if (global.json) {
    logs::write_json_text(*report, std::cout);
    std::cout << "\n";
  } else {
    std::cout << logs::render_text(*report, global.style());
  }
  std::cout.flush();
  return core::has_error(report->findings) ? core::k_exit_findings : core::k_exit_ok;
}

}  // namespace

void setup_logs(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  auto opt = std::make_shared<LogsOptions>();
  sub.add_option("FILE", opt->files, "log files (one per rank/node or combined; .gz ok; - for stdin)")->required();
  add_report_flag(sub, opt->fix);
  sub.callback([opt, &global, &exit_code] { exit_code = run_logs(*opt, global); });
}

}  // namespace dd::cli
