// distdoctor entry point: dispatch through the command table, map outcomes to exit codes.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <streambuf>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/flag_checks.hpp"
#include "cli/usage.hpp"
#include "cli/version.hpp"
#include "core/exit_code.hpp"
#include "core/strings.hpp"

namespace {

using dd::cli::command_table;

using dd::cli::k_version_number;
const std::string k_version = std::string("distdoctor ") + k_version_number;

// Unknown command name: say so with the closest known name, exit 2.
int unknown_command(const std::string& name) {
  std::string best;
  std::size_t best_d = 4;
  for (const auto& c : command_table()) {
    std::size_t d = dd::core::edit_distance(name, c.name);
    if (d < best_d) best_d = d, best = std::string(c.name);
  }
  return dd::cli::usage_error(
      "", "unknown command '" + name + "'" + (best.empty() ? "" : " (did you mean '" + best + "'?)"));
}

// Where std::cout goes under --quiet.
class NullBuffer final : public std::streambuf {
 protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

bool is_builtin(const std::string& name) { return name == "help" || name == "version"; }

// The options every command takes (DESIGN.md), and its help footer.
void add_global_options(CLI::App& sub, dd::cli::GlobalOptions& global) {
  sub.add_flag("--json", global.json, "print one JSON object on stdout");
  sub.add_option("--color", global.color,
                 "colour the text output: auto (on a terminal, unless NO_COLOR is set), "
                 "always (also through a pipe, e.g. to less -R) or never")
      ->check(dd::cli::one_of({"auto", "always", "never"}));
  sub.add_flag("--no-color", global.no_color,
               "never colour the text output (same as --color never; NO_COLOR works too)");
  sub.add_flag("-q,--quiet", global.quiet, "print nothing on stdout: the exit code tells (errors still go to stderr)");
  sub.footer(dd::cli::help_footer(sub.get_name()));
}

// `distdoctor help [COMMAND]` (listed, and answered before parsing) and `distdoctor version`.
void add_builtin_commands(CLI::App& app, dd::cli::GlobalOptions& global, int& exit_code, bool all,
                          const std::string& name, std::string& help_topic) {
  if (all || name == "help") {
    CLI::App* help = app.add_subcommand("help", "the help of the program or of one command: distdoctor help [COMMAND]");
    help->add_option("COMMAND", help_topic, "the command whose help to show");
    help->footer(dd::cli::help_footer("help"));
  }
  if (all || name == "version") {
    CLI::App* version = app.add_subcommand("version", "print the version (also: -V, --version)");
    add_global_options(*version, global);
    version->callback([&global, &exit_code] {
      if (global.json)
        std::cout << nlohmann::json{{"command", "version"},
                                    {"version", k_version_number},
                                    {"findings", nlohmann::json::array()}}
                         .dump(2)
                  << "\n";
      else
        std::cout << k_version << "\n";
      exit_code = dd::core::k_exit_ok;
    });
  }
}

int run(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // `distdoctor help COMMAND` is `distdoctor COMMAND --help`; `help` alone the program's help.
  if (!args.empty() && args[0] == "help" && (args.size() == 1 || args[1][0] != '-')) {
    args = args.size() == 1 ? std::vector<std::string>{"--help"} : std::vector<std::string>{args[1], "--help"};
  }
  // `distdoctor` alone (or with only flags) is `distdoctor check`.
  if (args.empty() || (args[0].size() > 1 && args[0][0] == '-' && args[0] != "--help" && args[0] != "-h" &&
                       args[0] != "--version" && args[0] != "-V")) {
    args.insert(args.begin(), "check");
  } else if (args[0][0] != '-') {
    bool known = is_builtin(args[0]);
    for (const auto& c : command_table()) known = known || c.name == args[0];
    if (!known) return unknown_command(args[0]);
  }

  CLI::App app{"distdoctor: finds why multi-node training hangs (NCCL, Gloo, TF) and prints the fix", "distdoctor"};
  app.set_version_flag("-V,--version", k_version, "print the version and exit");
  app.require_subcommand(1, 1);
  app.footer(dd::cli::help_footer(""));
  // Only --flag / -f options, also on Windows, where CLI11 would otherwise read "/work/x.log" as
  // the option "/work"; the sub-commands inherit this.
  app.allow_windows_style_options(false);
  dd::cli::GlobalOptions global;
  int exit_code = dd::core::k_exit_ok;
  // A named command sets up only its own options (CLI11 builds every option object up front: on a
  // node of a 128-node preflight that start-up is CPU every node pays); `--help` and `--version`
  // alone set up all of them for the list.
  const bool one_command = args[0][0] != '-';
  const std::string command = one_command ? args[0] : "";
  for (const auto& c : command_table()) {
    if (one_command && c.name != command) continue;
    CLI::App* sub = app.add_subcommand(std::string(c.name), std::string(c.summary));
    add_global_options(*sub, global);
    if (c.summary.rfind("(internal)", 0) == 0) sub->group("");  // hidden from --help
    c.setup(*sub, global, exit_code);
  }
  std::string help_topic;  // `help COMMAND` is rewritten above; this only lists it in `help --help`
  add_builtin_commands(app, global, exit_code, !one_command, command, help_topic);
  CLI::App* sub = one_command ? app.get_subcommand(command) : &app;
  // An option the command does not have is refused before CLI11 parses (and before anything runs),
  // with the closest real one. A command that passes everything on (allow_extras) is left alone.
  if (one_command && !sub->get_allow_extras()) {
    if (auto bad = dd::cli::unknown_option(*sub, std::vector<std::string>(args.begin() + 1, args.end())))
      return dd::cli::usage_error(command, *bad);
  }
  // --quiet: the command's own stdout goes nowhere (watch still relays the job's output).
  NullBuffer nowhere;
  std::streambuf* stdout_buffer = std::cout.rdbuf();
  app.parse_complete_callback([&] {
    if (global.quiet && global.json) {
      throw CLI::ValidationError("--quiet", "must not come with --json (one prints nothing, the other one object)");
    }
    if (global.no_color && global.color == "always") {
      throw CLI::ValidationError("--no-color", "contradicts --color always: give one of them");
    }
    if (global.quiet) std::cout.rdbuf(&nowhere);
  });
  std::reverse(args.begin(), args.end());
  struct RestoreStdout {
    std::streambuf* buffer;
    ~RestoreStdout() { std::cout.rdbuf(buffer); }
  } restore{stdout_buffer};
  try {
    app.parse(args);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return dd::cli::usage_error(command, dd::cli::usage_message(*sub, e));
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
