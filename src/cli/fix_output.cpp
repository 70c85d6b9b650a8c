#include "cli/fix_output.hpp"

#include <cstdio>
#include <iostream>

#include "cli/usage.hpp"
#include "core/exit_code.hpp"
#include "os/atomic_file.hpp"
#include "report/export_formats.hpp"
#include "report/html_report.hpp"

namespace dd::cli {

void add_export_format_flag(CLI::App& sub, FixOutputFlags& flags) {
  flags.command = sub.get_name();
  sub.add_option("--export-format", flags.export_format,
                 "print only the fix, as: sh, dockerfile, k8s, slurm, torchrun or tf (TF_CONFIG per worker)");
}

void add_report_flag(CLI::App& sub, FixOutputFlags& flags) {
  flags.command = sub.get_name();
  sub.add_option("--report", flags.report_path, "also write a self-contained HTML report to this file");
}

std::optional<int> validate_fix_output(const FixOutputFlags& flags, const GlobalOptions& global) {
  if (!flags.export_format.empty()) {
    auto f = report::parse_export_format(flags.export_format);
    if (!f) {
      return usage_error(flags.command, f.error().message);
    }
    if (global.json) {
      return usage_error(flags.command, "--export-format and --json both want stdout: give one of them");
    }
  }
  if (!flags.report_path.empty()) {
    if (auto bad = os::check_output_path("--report", flags.report_path)) {
      return usage_error(flags.command, bad->message);
    }
  }
  return std::nullopt;
}

bool write_report(const FixOutputFlags& flags, const report::Outcome& out) {
  if (flags.report_path.empty()) return true;
  if (auto bad = os::write_file_atomic("--report", flags.report_path, report::render_html_report(out))) {
    input_error(flags.command, bad->message);
    return false;
  }
  std::fprintf(stderr, "distdoctor %s: report written to %s\n", flags.command.c_str(), flags.report_path.c_str());
  return true;
}

bool print_export(const FixOutputFlags& flags, const report::Outcome& out) {
  if (flags.export_format.empty()) return false;
  auto f = report::parse_export_format(flags.export_format);
  if (!f) return false;  // validated before the command ran
  std::cout << report::render_export(out.fix, *f);
  std::cout.flush();
  return true;
}

}  // namespace dd::cli
