// `distdoctor lint PATH... [--platform linux|windows] [--here] [--json]`: training scripts and
// launch files (lint/lint.hpp). --here adds this machine's interfaces (the NCCL model) and
// InfiniBand devices. Exit 1 when an error finding exists, 2 when a path cannot be read.
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/command.hpp"
#include "core/exit_code.hpp"
#include "lint/lint.hpp"
#include "os/file_tree.hpp"
#include "os/host_seams.hpp"
#include "report/style.hpp"

namespace dd::cli {

namespace {

struct LintCliOptions {
  std::vector<std::string> paths;
  std::string platform = os::k_host_platform;
  bool here = false;
};

int run_lint(const LintCliOptions& opt, const GlobalOptions& global) {
  lint::LintOptions options;
  options.platform = opt.platform == "windows" ? env::Platform::windows : env::Platform::linux_os;
  options.here = opt.here;
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
  std::vector<core::Finding> findings;
  for (const auto& f : report->findings) findings.push_back(f.finding);
  if (global.json) {
    std::cout << lint::to_json(*report).dump(2) << "\n";
  } else {
    std::cout << lint::render_text(*report, report::Style::for_stdout(global.no_color));
  }
  std::cout.flush();
  return core::has_error(findings) ? core::k_exit_findings : core::k_exit_ok;
}

}  // namespace

void setup_lint(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  auto opt = std::make_shared<LintCliOptions>();
  sub.add_option("paths", opt->paths, "files or folders: .py, .sh/.bash/.sbatch, Dockerfile*, Kubernetes .yaml")
      ->required();
  sub.add_option("--platform", opt->platform, "lint for this platform (windows turns the Windows rules into errors)")
      ->check(CLI::IsMember({"linux", "windows"}));
  sub.add_flag("--here", opt->here, "also check values against this machine (interfaces via the NCCL model, /dev/infiniband)");
  sub.callback([opt, &global, &exit_code] { exit_code = run_lint(*opt, global); });
}

}  // namespace dd::cli
