// `distdoctor launch-template [--launcher torchrun|srun|mpirun|tf] [--nodes N] [--gpus-per-node G]`:
// runs check on this node (no library probe: the model's choice) and prints a launch script with
// the verified variables (report/launch_template.hpp); --json: {"script", "findings", ...}. Exit 0, or 2
// on a bad flag.
#include <cstdio>
#include <iostream>
#include <memory>

#include "check/report.hpp"
#include "cli/command.hpp"
#include "cli/flag_checks.hpp"
#include "cli/real_context.hpp"
#include "cli/usage.hpp"
#include "core/exit_code.hpp"
#include "core/json_limits.hpp"
#include "report/fix_plan.hpp"
#include "report/json.hpp"
#include "report/launch_template.hpp"

namespace dd::cli {

namespace {

struct TemplateOptions {
  std::string launcher = "torchrun";
  int nodes = 2;
  int gpus_per_node = 1;
};

int run_launch_template(const TemplateOptions& o, const GlobalOptions& global) {
  auto launcher = report::parse_launcher(o.launcher);
  if (!launcher) {
    return usage_error("launch-template", launcher.error().message);
  }
  RealSeams seams;
  auto report = check::build_report(seams.context(false), check::ReportScope::full);
  report::InterfaceChoice here;
  if (report.prediction.bootstrap) {
    here.iface = report.prediction.bootstrap->iface;
    here.addr = report.prediction.bootstrap->addr;
  }
  report::LaunchShape shape{*launcher, o.nodes, o.gpus_per_node, report.host};
  std::string script = report::render_launch_template(report::fix_plan(report.findings), shape, here);
  if (global.json) {  // the script as one string, with the check findings it was made from
    nlohmann::json j = {
        {"command", "launch-template"},     {"launcher", o.launcher}, {"nodes", o.nodes},
        {"gpus_per_node", o.gpus_per_node}, {"script", script},       {"findings", report::to_json(report.findings)}};
    std::cout << core::dump_json(j, 2) << "\n";
    return core::k_exit_ok;
  }
  std::cout << script;
  return core::k_exit_ok;
}

}  // namespace

void setup_launch_template(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  auto o = std::make_shared<TemplateOptions>();
  sub.add_option("--launcher", o->launcher, "torchrun (default), srun (an sbatch script), mpirun or tf (TF_CONFIG)");
  sub.add_option("--nodes", o->nodes, "number of nodes (default 2)")->check(whole_number(1, 65536));
  sub.add_option("--gpus-per-node", o->gpus_per_node, "processes (GPUs) per node (default 1)")
      ->check(whole_number(1, 1024));
  sub.callback([o, &global, &exit_code] { exit_code = run_launch_template(*o, global); });
}

}  // namespace dd::cli
