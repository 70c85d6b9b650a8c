// `distdoctor lint PATH... [--platform linux|windows] [--here] [--json] [--format text|json|github|sarif]
// [--select ID,...] [--ignore ID,...] [--fail-on error|warning] [--fix|--diff] [--unsafe-fixes] [--stdin-kind KIND]`:
// training scripts and launch files (lint/lint.hpp). --here adds this machine's interfaces (the NCCL model) and
// InfiniBand devices. Without
// --format: the findings for people (rule id, evidence, fix); --format text: one `file:line:col: severity: message
// [rule-id]` line each; github: workflow annotations; sarif: SARIF 2.1.0 (lint/lint_format.hpp). Exit 1 when a finding
// at --fail-on's severity or above exists (default error), 2 when a path cannot be read or a flag (or the config file,
// lint/lint_config.hpp) is wrong, or --fix could not rewrite a file (lint/edits.hpp: --fix applies edits[], --diff
// shows them).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/command.hpp"
#include "cli/flag_checks.hpp"
#include "cli/usage.hpp"
#include "cli/version.hpp"
#include "core/exit_code.hpp"
#include "core/strings.hpp"
#include "lint/edits.hpp"
#include "lint/lint.hpp"
#include "lint/lint_config.hpp"
#include "lint/lint_format.hpp"
#include "os/atomic_file.hpp"
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
  bool fix = false;           // --fix: apply the edits, then report what remains
  bool diff = false;          // --diff: print the edits as a unified diff, write nothing
  bool unsafe_fixes = false;  // --unsafe-fixes: also the edits that change a hyperparameter (the batch)
  std::string stdin_kind;     // --stdin-kind: what `lint -` reads (empty: from its text)
};

// The rule ids whose edits include `e`.
std::string rules_of(const std::vector<lint::LintFinding>& findings, const lint::Edit& e) {
  std::vector<std::string> ids;
  for (const auto& f : findings) {
    if (std::find(f.edits.begin(), f.edits.end(), e) != f.edits.end() &&
        std::find(ids.begin(), ids.end(), f.finding.id) == ids.end()) {
      ids.push_back(f.finding.id);
    }
  }
  return core::join(ids, ", ");
}

// --diff: every file's edits as one unified diff on stdout; a count on stderr.
int print_diff(const lint::LintReport& report) {
  std::size_t edits = 0, files = 0;
  for (const auto& [path, text] : report.texts) {
    auto es = lint::edits_of(report.findings, path);
    if (es.empty()) continue;
    std::cout << lint::unified_diff(path, text, es);
    edits += es.size();
    ++files;
  }
  std::cout.flush();
  std::size_t without = static_cast<std::size_t>(std::count_if(
      report.findings.begin(), report.findings.end(), [](const lint::LintFinding& f) { return f.edits.empty(); }));
  std::fprintf(stderr,
               "distdoctor lint --diff: %zu edit%s in %zu file%s; %zu finding%s without an edit (see lint's output)\n",
               edits, edits == 1 ? "" : "s", files, files == 1 ? "" : "s", without, without == 1 ? "" : "s");
  return core::k_exit_ok;
}

// --fix: rewrites each file with edits (atomically, mode kept), refusing one that changed since it
// was read; prints each change on stderr. Returns false when a file could not be rewritten.
bool apply_fixes(const lint::LintReport& report) {
  bool ok = true;
  for (const auto& [path, text] : report.texts) {
    auto es = lint::edits_of(report.findings, path);
    if (es.empty()) continue;
    if (path == "<stdin>") {
      input_error("lint", "--fix: standard input cannot be rewritten; use --diff to see the edits");
      ok = false;
      continue;
    }
    auto fixed = lint::apply_edits(text, es);
    if (!fixed) {
      input_error("lint", "--fix: " + fixed.error().message);
      ok = false;
      continue;
    }
    auto now = lint::read_file(path);
    if (!now || *now != text) {
      input_error("lint", "--fix: " + path + " changed after lint read it; not rewritten (run lint --fix again)");
      ok = false;
      continue;
    }
    // Through a symbolic link to the file it names (the link stays a link).
    std::error_code ec;
    std::string target = std::filesystem::canonical(path, ec).string();
    if (ec) target = path;
    if (auto err = os::replace_file_atomic("--fix", target, *fixed)) {
      input_error("lint", err->message);
      ok = false;
      continue;
    }
    for (const auto& e : es) {
      std::string lines = std::to_string(e.line) + (e.end_line > e.line ? "-" + std::to_string(e.end_line) : "");
      std::fprintf(stderr, "fixed %s:%s [%s]\n", path.c_str(), lines.c_str(), rules_of(report.findings, e).c_str());
    }
  }
  return ok;
}

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
  options.unsafe_fixes = opt.unsafe_fixes;
  if (!opt.stdin_kind.empty()) options.stdin_kind = lint::kind_named(opt.stdin_kind);
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
  if (opt.fix && opt.diff)
    return usage_error("lint", "--fix rewrites the files and --diff only shows the edits: give one");
  if (opt.fix && std::find(opt.paths.begin(), opt.paths.end(), "-") != opt.paths.end())
    return usage_error("lint", "--fix: standard input (-) cannot be rewritten; use --diff");
  auto report = lint::lint_paths(opt.paths, options);
  if (!report) return input_error("lint", report.error().message);
  if (opt.diff) {
    print_diff(*report);
    return fails(report->findings, opt.fail_on) ? core::k_exit_findings : core::k_exit_ok;
  }
  bool fixed_all = true;
  if (opt.fix && !report->texts.empty()) {
    fixed_all = apply_fixes(*report);
    // What remains after the edits, as lint reads the files now.
    report = lint::lint_paths(opt.paths, options);
    if (!report) return input_error("lint", report.error().message);
  }
  const std::string format = global.json ? "json" : opt.format;
  if (format == "json")
    std::cout << lint::to_json(*report).dump(2) << "\n";
  else if (format == "text")
    std::cout << lint::render_lines(*report);
  else if (format == "github")
    std::cout << lint::render_github(*report);
  else if (format == "sarif")
    std::cout << lint::to_sarif(*report, k_version_number).dump(2) << "\n";
  else
    std::cout << lint::render_text(*report, global.style());
  std::cout.flush();
  if (!fixed_all) return core::k_exit_usage;
  return fails(report->findings, opt.fail_on) ? core::k_exit_findings : core::k_exit_ok;
}

}  // namespace

void setup_lint(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  auto opt = std::make_shared<LintCliOptions>();
  sub.add_option(
         "PATH", opt->paths,
         "files or folders: .py, .sh/.bash/.sbatch, Dockerfile*, Kubernetes .yaml, .env, .bat/.cmd, .ps1; - for "
         "standard input")
      ->required();
  sub.add_option("--platform", opt->platform, "lint for this platform (windows turns the Windows rules into errors)")
      ->check(one_of({"linux", "windows"}));
  sub.add_flag("--here", opt->here,
               "also check values against this machine (interfaces via the NCCL model, /dev/infiniband)");
  sub.add_option("--format", opt->format,
                 "text: file:line:col: severity: message [rule-id] lines; json (= --json); github: workflow "
                 "annotations; sarif: SARIF 2.1.0 for code scanning (default: the findings for people)")
      ->check(one_of({"text", "json", "github", "sarif"}));
  sub.add_option("--select", opt->select, "only these rule ids or prefixes (comma-separated, e.g. lint.docker)")
      ->delimiter(',');
  sub.add_option("--ignore", opt->ignore, "never these rule ids or prefixes (comma-separated; wins over --select)")
      ->delimiter(',');
  sub.add_flag("--unsafe-fixes", opt->unsafe_fixes,
               "also offer the fixes that change a hyperparameter as edits (lint.tf.batch-not-scaled: the batch "
               "times the replica count); without it they are printed as suggestions and --fix leaves them");
  sub.add_option("--stdin-kind", opt->stdin_kind,
                 "what `lint -` reads standard input as: py, sh, dockerfile, yaml, env, bat or ps1 (default: from its "
                 "text, refused when the text does not say)")
      ->check(one_of({"py", "sh", "dockerfile", "yaml", "env", "bat", "ps1"}));
  sub.add_flag("--fix", opt->fix,
               "apply the fixes that are changes to the files (edits[] in --json), then report what remains");
  sub.add_flag("--diff", opt->diff, "print those changes as a unified diff and write nothing");
  sub.add_flag("--no-config", opt->no_config, "do not read .distdoctor.toml / pyproject.toml's [tool.distdoctor]");
  sub.add_option("--fail-on", opt->fail_on, "exit 1 on a finding of this severity or worse: error (default) or warning")
      ->check(one_of({"error", "warning"}));
  sub.callback([opt, &global, &exit_code] { exit_code = run_lint(*opt, global); });
}

}  // namespace dd::cli
