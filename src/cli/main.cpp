// distdoctor entry point: dispatch through the command table, map outcomes to exit codes.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "core/exit_code.hpp"
#include "core/strings.hpp"

namespace {

using dd::cli::command_table;

// Unknown command name: say so with the closest known name, exit 2.
int unknown_command(const std::string& name) {
  std::string best;
  std::size_t best_d = 4;
  for (const auto& c : command_table()) {
    std::size_t d = dd::core::edit_distance(name, c.name);
    if (d < best_d) best_d = d, best = std::string(c.name);
  }
  std::fprintf(stderr, "distdoctor: error: unknown command '%s'%s%s%s\nRun 'distdoctor --help' for the list.\n",
               name.c_str(), best.empty() ? "" : " (did you mean '", best.c_str(), best.empty() ? "" : "'?)");
  return dd::core::k_exit_usage;
}

int run(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // `distdoctor` alone (or with only flags) is `distdoctor check`.
  if (args.empty() || (args[0].size() > 1 && args[0][0] == '-' && args[0] != "--help" && args[0] != "-h" &&
                       args[0] != "--version")) {
    args.insert(args.begin(), "check");
  } else if (args[0][0] != '-') {
    bool known = false;
    for (const auto& c : command_table()) known = known || c.name == args[0];
    if (!known && args[0] != "help") return unknown_command(args[0]);
    if (args[0] == "help") args[0] = "--help";
  }

  CLI::App app{"distdoctor: finds why multi-node training hangs (NCCL, Gloo, TF) and prints the fix"};
  app.set_version_flag("--version", "distdoctor 0.1.0");
  app.require_subcommand(1, 1);
  // Only --flag / -f options, also on Windows, where CLI11 would otherwise read "/work/x.log" as
  // the option "/work"; the sub-commands inherit this.
  app.allow_windows_style_options(false);
  dd::cli::GlobalOptions global;
  int exit_code = dd::core::k_exit_ok;
  // A named command sets up only its own options (CLI11 builds every option object up front: on a
  // node of a 128-node preflight that start-up is CPU every node pays); `--help` and `--version`
  // alone set up all of them for the list.
  const bool one_command = args[0][0] != '-';
  for (const auto& c : command_table()) {
    if (one_command && c.name != args[0]) continue;
    CLI::App* sub = app.add_subcommand(std::string(c.name), std::string(c.summary));
    sub->add_flag("--json", global.json, "print one JSON object on stdout");
    sub->add_flag("--no-color", global.no_color, "never colour the text output (NO_COLOR works too)");
    if (c.summary.rfind("(internal)", 0) == 0) sub->group("");  // hidden from --help
    c.setup(*sub, global, exit_code);
  }
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return dd::core::k_exit_usage;
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "distdoctor: error: %s\n", e.what());
    return dd::core::k_exit_internal;
  } catch (...) {
    std::fprintf(stderr, "distdoctor: error: unknown internal failure\n");
    return dd::core::k_exit_internal;
  }
}
