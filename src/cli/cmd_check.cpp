// `distdoctor check` and `distdoctor nics`: the one-machine report (check/report.hpp).
#include <iostream>
#include <memory>

#include "check/outcome.hpp"
#include "check/report.hpp"
#include "cli/command.hpp"
#include "cli/fix_output.hpp"
#include "cli/flag_checks.hpp"
#include "cli/real_context.hpp"
#include "core/exit_code.hpp"
#include "core/json_limits.hpp"
#include "report/style.hpp"

namespace dd::cli {

namespace {

struct ReportOptions {
  bool no_probe = false;
  int probe_timeout_s = 10;
  FixOutputFlags fix;  // --export-format / --report (check only)
};

int run_report(check::ReportScope scope, const ReportOptions& opts, const GlobalOptions& global) {
  if (auto bad = validate_fix_output(opts.fix, global)) return *bad;
  RealSeams seams;
  auto ctx = seams.context(!opts.no_probe);
  ctx.probe_timeout = std::chrono::seconds(opts.probe_timeout_s);
  auto report = check::build_report(ctx, scope);
  int code = core::has_error(report.findings) ? core::k_exit_findings : core::k_exit_ok;
  if (!opts.fix.report_path.empty() || !opts.fix.export_format.empty()) {
    auto out = check::outcome_of(report);
    if (!write_report(opts.fix, out)) return core::k_exit_usage;
    if (print_export(opts.fix, out)) return code;
  }
  if (global.json) {
    std::cout << core::dump_json(check::to_json(report, scope), 2) << "\n";
  } else {
    std::cout << check::render_text(report, scope, global.style());
  }
  return code;
}

void setup_report(CLI::App& sub, const GlobalOptions& global, int& exit_code, check::ReportScope scope) {
  auto opts = std::make_shared<ReportOptions>();
  sub.add_flag("--no-probe", opts->no_probe, "do not load any NCCL library (prediction only)");
  sub.add_option("--probe-timeout", opts->probe_timeout_s, "seconds the NCCL probe child may take")
      ->check(whole_number(1, 600, "seconds"));
  if (scope == check::ReportScope::full) {
    add_export_format_flag(sub, opts->fix);
    add_report_flag(sub, opts->fix);
  }
  sub.callback([opts, &global, &exit_code, scope] { exit_code = run_report(scope, *opts, global); });
}

}  // namespace

void setup_check(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  setup_report(sub, global, exit_code, check::ReportScope::full);
}

void setup_nics(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  setup_report(sub, global, exit_code, check::ReportScope::nics);
}

}  // namespace dd::cli
