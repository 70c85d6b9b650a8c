// The command table: name, one-line summary, and a setup function that adds the command's
// options to its CLI11 sub-app and sets the callback that runs it.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "report/style.hpp"

namespace dd::cli {

// Options every command takes (DESIGN.md): --json, --color auto|always|never, --no-color.
struct GlobalOptions {
  bool json = false;
  bool no_color = false;       // --no-color: same as --color never
  std::string color = "auto";  // --color
  bool quiet = false;          // -q/--quiet: nothing on stdout, the exit code tells

  // The colour policy for stdout: never, always, or auto (a terminal, NO_COLOR unset, TERM not dumb).
  report::Style style() const {
    if (no_color || color == "never") return report::Style(false);
    if (color == "always") return report::Style(true);
    return report::Style::for_stdout(false);
  }
};

struct Command {
  std::string_view name;
  std::string_view summary;
  // Adds options to `sub` and a callback that stores the command's exit code in `exit_code`.
  void (*setup)(CLI::App& sub, const GlobalOptions& global, int& exit_code);
};

const std::vector<Command>& command_table();

// One setup function per command, each in its own cmd_<name>.cpp.
void setup_check(CLI::App& sub, const GlobalOptions& global, int& exit_code);
void setup_nics(CLI::App& sub, const GlobalOptions& global, int& exit_code);
void setup_env(CLI::App& sub, const GlobalOptions& global, int& exit_code);

}  // namespace dd::cli
