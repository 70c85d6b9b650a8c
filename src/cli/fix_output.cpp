#include "cli/fix_output.hpp"

#include <cstdio>
#include <iostream>

#include "core/exit_code.hpp"
#include "os/atomic_file.hpp"
#include "report/export_formats.hpp"
#include "report/fix_plan.hpp"
#include "report/html_report.hpp"

namespace dd::cli {

void add_export_format_flag(CLI::App& sub, FixOutputFlags& flags) {
  sub.add_option("--export-format", flags.export_format,
                 "print only the fix, as: sh, dockerfile, k8s, slurm, torchrun or tf (TF_CONFIG per worker)");
}

void add_report_flag(CLI::App& sub, FixOutputFlags& flags) {
  sub.add_option("--report", flags.report_path, "also write a self-contained HTML report to this file");
}

std::optional<int> validate_fix_output(const FixOutputFlags& flags, const GlobalOptions& global) {
  if (!flags.export_format.empty()) {
    auto f = report::parse_export_format(flags.export_format);
    if (!f) {
      std::fprintf(stderr, "distdoctor: error: %s\n", f.error().message.c_str());
      return core::k_exit_usage;
    }
    if (global.json) {
      std::fprintf(stderr, "distdoctor: error: --export-format and --json both want stdout: use one\n");
      return core::k_exit_usage;
    }
  }
  if (!flags.report_path.empty()) {
    if (auto bad = os::check_output_path("--report", flags.report_path)) {
      std::fprintf(stderr, "distdoctor: error: %s\n", bad->message.c_str());
      return core::k_exit_usage;
    }
  }
  return std::nullopt;
}

bool write_report(const FixOutputFlags& flags, const nlohmann::json& out) {
  if (flags.report_path.empty()) return true;
  if (auto bad = os::write_file_atomic("--report", flags.report_path, report::render_html_report(out))) {
    std::fprintf(stderr, "distdoctor: error: %s\n", bad->message.c_str());
    return false;
  }
  std::fprintf(stderr, "distdoctor: report written to %s\n", flags.report_path.c_str());
  return true;
}

bool print_export(const FixOutputFlags& flags, const nlohmann::json& out) {
  if (flags.export_format.empty()) return false;
  auto f = report::parse_export_format(flags.export_format);
  if (!f) return false;  // validated before the command ran
  std::cout << report::render_export(report::fix_plan_from_json(out), *f);
  std::cout.flush();
  return true;
}

}  // namespace dd::cli
