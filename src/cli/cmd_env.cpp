// `distdoctor env [--export]`: the environment audit (env/audit.hpp) of this process's
// environment and NCCL's config files. Text: the relevant variables with their source, then the
// findings; --json: {"variables": [...], "findings": [...]}; --export: only the shell lines that
// apply every fix (not with --json or --export-format: refused, exit 2). Exit 1 when an error finding exists, else 0.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>

#include "cli/command.hpp"
#include "cli/fix_output.hpp"
#include "cli/flag_checks.hpp"
#include "cli/usage.hpp"
#include "core/json_limits.hpp"
#include "core/utf8.hpp"
#ifndef _WIN32
#include "check/ifname_check.hpp"  // Linux only: the Windows build has no check/ folder
#endif
#include "cli/real_context.hpp"
#include "core/exit_code.hpp"
#include "env/audit.hpp"
#include "env/catalog.hpp"
#include "env/node_count.hpp"
#include "env/variables.hpp"
#include "nccl/config.hpp"
#include "os/file_tree.hpp"
#include "os/host_seams.hpp"
#include "report/findings_text.hpp"
#include "report/json.hpp"
#include "report/outcome.hpp"
#include "report/style.hpp"

namespace dd::cli {

namespace {

struct EnvOptions {
  bool export_only = false;
  std::string platform = os::k_host_platform;
  FixOutputFlags fix;  // --export-format
};

env::Platform platform_of(const std::string& name) {
  if (name == "windows") return env::Platform::windows;
  if (name == "macos") return env::Platform::macos;
  return env::Platform::linux_os;
}

// The table shows catalogued names and suspicious unknown ones (NCCL_*, TORCH_NCCL_*, ...); the
// launchers' many other variables (SLURM_CPUS_ON_NODE, ...) are only counted, --json has them all.
std::string render_variables(const std::vector<env::VariableRow>& all, const report::Style& style) {
  std::vector<env::VariableRow> rows;
  for (const auto& r : all) {
    if (r.known || env::checks_unknown_names(r.name)) rows.push_back(r);
  }
  std::size_t hidden = all.size() - rows.size();
  std::string more = hidden ? fmt::format("(+{} other launcher variables; --json lists them)\n", hidden) : "";
  if (rows.empty() && hidden) return style.paint(report::Color::dim, more) + "\n";
  if (rows.empty())
    return style.paint(report::Color::dim, "No NCCL, torch, Gloo, TF or launcher variables are set.") + "\n\n";
  std::size_t name_w = 4, value_w = 5;
  // Values are shown with control characters escaped (an escape sequence or a newline in a
  // variable cannot rewrite the terminal) and cut on a character boundary.
  auto shown = [](const std::string& v) {
    auto e = core::escape_control(v);
    return e.size() > 60 ? core::shorten_utf8(e, 57) : e;
  };
  for (const auto& r : rows) {
    name_w = std::max(name_w, r.name.size());
    value_w = std::max(value_w, shown(r.value).size());
  }
  std::string out = style.paint(report::Color::bold, fmt::format("{:<{}}  {:<{}}  {:<12}  {}", "NAME", name_w, "VALUE",
                                                                 value_w, "FAMILY", "SOURCE")) +
                    "\n";
  for (const auto& r : rows) {
    std::string source = r.source + (r.known ? "" : ", not in catalogue");
    out += fmt::format("{:<{}}  {:<{}}  {:<12}  {}\n", core::escape_control(r.name), name_w, shown(r.value), value_w,
                       env::to_string(r.family), style.paint(report::Color::dim, source));
  }
  return out + style.paint(report::Color::dim, more) + "\n";
}

// The launch scripts of --export-format take the job's size and TF_CONFIG from the checked environment.
static void fill_launch_size(report::FixPlan& plan, const env::AuditInput& input) {
  auto size = env::launch_size(input);
  constexpr long long k_max = 1 << 20;
  if (size.nodes && *size.nodes <= k_max) {
    plan.world = static_cast<int>(*size.nodes);
    plan.world_from = size.nodes_from;
  }
  if (size.procs_per_node && *size.procs_per_node <= k_max) {
    plan.procs_per_node = static_cast<int>(*size.procs_per_node);
    plan.procs_from = size.procs_from;
  }
  plan.tf_config = input.env.get("TF_CONFIG").value_or("");
}

int run_env(const EnvOptions& opts, const GlobalOptions& global) {
  // --export prints shell lines: with another output asked for, one of the two would be dropped.
  if (opts.export_only && global.json)
    return usage_error("env",
                       "--export prints shell lines, --json a JSON object: give one (--json has every fix "
                       "in findings[].fix.env)");
  if (opts.export_only && !opts.fix.export_format.empty())
    return usage_error("env", "--export is the shell form of the fix; for another form give --export-format " +
                                  opts.fix.export_format + " alone");
  if (auto bad = validate_fix_output(opts.fix, global)) return *bad;
  os::DiskFileTree files("/");
  os::HostResolver resolver;
  os::HostInterfaceSource interfaces;
  env::AuditInput input(os::Environment::capture(), resolver);
  input.config_files = env::config_settings(nccl::load_config(input.env, files, passwd_home()));
  for (const auto& a : interfaces.addresses()) input.local_addresses.push_back(a.addr);
  input.ib_present = !files.list("/sys/class/infiniband").empty();
  input.platform = platform_of(opts.platform);

  auto findings = env::audit(input);
#ifndef _WIN32
  if (input.platform == env::Platform::linux_os) {
    // Interface names are judged against this machine as check does, and no fix exports one
    // that selects nothing here (check/ifname_check.hpp).
    RealSeams seams;
    check::Context ctx = seams.context(false);
    ctx.env = input.env;
    auto nodes = env::node_count(input) == 1 ? check::JobNodes::one : check::JobNodes::several_or_unknown;
    for (auto& f : check::ifname_findings(ctx, nodes)) findings.push_back(std::move(f));
    check::verify_exported_ifnames(ctx, nodes, findings);
    core::sort_findings(findings);
  }
#endif
  int code = core::has_error(findings) ? core::k_exit_findings : core::k_exit_ok;
  if (opts.export_only) {
    std::cout << env::export_lines(findings);
    return code;
  }
  auto rows = env::relevant_variables(input);
  nlohmann::json out = {{"command", "env"}, {"variables", env::to_json(rows)}, {"findings", report::to_json(findings)}};
  report::Outcome outcome;
  outcome.command = "env";
  outcome.findings = findings;
  outcome.fix = report::fix_plan(findings);
  fill_launch_size(outcome.fix, input);
  if (print_export(opts.fix, outcome)) return code;
  if (global.json) {
    std::cout << core::dump_json(out, 2) << "\n";
    return code;
  }
  auto style = global.style();
  std::cout << render_variables(rows, style) << report::render_findings(findings, style)
            << report::render_summary(findings, style);
  bool fixable =
      std::any_of(findings.begin(), findings.end(), [](const core::Finding& f) { return !f.fix.env.empty(); });
  // The same audit, so the same fixes: --platform as this run was given it.
  std::string platform = input.platform == env::Platform::windows ? " --platform windows" : "";
  if (fixable) std::cout << "Apply the fixes with: eval \"$(distdoctor env" << platform << " --export)\"\n";
  return code;
}

}  // namespace

void setup_env(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  auto opts = std::make_shared<EnvOptions>();
  sub.add_flag("--export", opts->export_only, "print only the shell lines that apply every fix (eval-able)");
  sub.add_option("--platform", opts->platform, "audit as if running on this platform (linux, windows, macos)")
      ->check(one_of({"linux", "windows", "macos"}));
  add_export_format_flag(sub, opts->fix);
  sub.callback([opts, &global, &exit_code] { exit_code = run_env(*opts, global); });
}

}  // namespace dd::cli
