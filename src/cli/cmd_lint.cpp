// `distdoctor lint PATH... [--platform linux|windows] [--here] [--json] [--format text|json|github|sarif]
// [--select ID,...] [--ignore ID,...] [--fail-on error|warning]`: training scripts and launch files
// (lint/lint.hpp). --here adds this machine's interfaces (the NCCL model) and InfiniBand devices.
// Without --format: the findings for people (rule id, evidence, fix); --format text: one
// `file:line:col: severity: message [rule-id]` line each; github: workflow annotations; sarif:
// SARIF 2.1.0 (lint/lint_format.hpp). Exit 1 when a finding at --fail-on's severity or above exists
// (default error), 2 when a path cannot be read or a flag (or the config file, lint/lint_config.hpp)
// is wrong.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/command.hpp"
#include "cli/flag_checks.hpp"
#include "cli/usage.hpp"
#include "cli/version.hpp"
#include "core/exit_code.hpp"
#include "lint/lint.hpp"
#include "lint/lint_config.hpp"
#include "lint/lint_format.hpp"
#include "os/file_tree.hpp"
#include "os/host_seams.hpp"
#include "report/style.hpp"

namespace dd::cli {

namespace {

struct LintCliOptions {
  std::vector<std::string> paths;
  std::string platform = os::k_host_platform;
  bool here = false;
  std::string format;  // empty: for people (or --json)
  std::vector<std::string> select, ignore;
  std::string fail_on = "error";
  bool no_config = false;
};

bool fails(const std::vector<lint::LintFinding>& findings, const std::string& fail_on) {
  return std::any_of(findings.begin(), findings.end(), [&](const lint::LintFinding& f) {
    return f.finding.severity == core::Severity::error ||
           (fail_on == "warning" && f.finding.severity == core::Severity::warning);
  });
}

int run_lint(const LintCliOptions& opt, const GlobalOptions& global) {
  if (global.json && !opt.format.empty() && opt.format != "json")
    return usage_error("lint", "--json is --format json: give one of --json and --format " + opt.format);
  for (const auto* list : {&opt.select, &opt.ignore}) {
    for (const auto& p : *list) {
      auto problem = lint::check_rule_pattern(p);
      if (!problem.empty()) return usage_error("lint", (list == &opt.select ? "--select: " : "--ignore: ") + problem);
    }
  }
  lint::LintOptions options;
  options.platform = opt.platform == "windows" ? env::Platform::windows : env::Platform::linux_os;
  options.here = opt.here;
  options.rules.select = opt.select;
  options.rules.ignore = opt.ignore;
  if (!opt.no_config) {  // .distdoctor.toml / [tool.distdoctor]: --select replaces, --ignore adds
    auto config = lint::find_config(std::filesystem::current_path());
    if (!config) return usage_error("lint", config.error().message);
    if (*config) {
      if (opt.select.empty()) options.rules.select = (*config)->select;
      options.rules.ignore.insert(options.rules.ignore.begin(), (*config)->ignore.begin(), (*config)->ignore.end());
    }
  }
  if (opt.here) {
    os::HostInterfaceSource interfaces;
    os::DiskFileTree files("/");
    options.entries = interfaces.addresses();
    options.ib_present = !files.list("/sys/class/infiniband").empty();
  }
  auto report = lint::lint_paths(opt.paths, options);
  if (!report) {
    std::fprintf(stderr, "distdoctor: error: %s\n", report.error().message.c_str());
    return core::k_exit_usage;
  }
  const std::string format = global.json ? "json" : opt.format;
  if (format == "json") std::cout << lint::to_json(*report).dump(2) << "\n";
  else if (format == "text") std::cout << lint::render_lines(*report);
  else if (format == "github") std::cout << lint::render_github(*report);
  else if (format == "sarif") std::cout << lint::to_sarif(*report, k_version_number).dump(2) << "\n";
  else std::cout << lint::render_text(*report, global.style());
  std::cout.flush();
  return fails(report->findings, opt.fail_on) ? core::k_exit_findings : core::k_exit_ok;
}

}  // namespace

void setup_lint(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  auto opt = std::make_shared<LintCliOptions>();
  sub.add_option("PATH", opt->paths, "files or folders: .py, .sh/.bash/.sbatch, Dockerfile*, Kubernetes .yaml")
      ->required();
  sub.add_option("--platform", opt->platform, "lint for this platform (windows turns the Windows rules into errors)")
      ->check(one_of({"linux", "windows"}));
  sub.add_flag("--here", opt->here, "also check values against this machine (interfaces via the NCCL model, /dev/infiniband)");
  sub.add_option("--format", opt->format,
                 "text: file:line:col: severity: message [rule-id] lines; json (= --json); github: workflow "
                 "annotations; sarif: SARIF 2.1.0 for code scanning (default: the findings for people)")
      ->check(one_of({"text", "json", "github", "sarif"}));
  sub.add_option("--select", opt->select, "only these rule ids or prefixes (comma-separated, e.g. lint.docker)")
      ->delimiter(',');
  sub.add_option("--ignore", opt->ignore, "never these rule ids or prefixes (comma-separated; wins over --select)")
      ->delimiter(',');
  sub.add_flag("--no-config", opt->no_config, "do not read .distdoctor.toml / pyproject.toml's [tool.distdoctor]");
  sub.add_option("--fail-on", opt->fail_on, "exit 1 on a finding of this severity or worse: error (default) or warning")
      ->check(one_of({"error", "warning"}));
  sub.callback([opt, &global, &exit_code] { exit_code = run_lint(*opt, global); });
}

}  // namespace dd::cli
