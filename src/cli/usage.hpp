// What a person sees when they ask for help or get the command line wrong: the examples, exit
// status and docs under each command's --help, and usage errors that name the command, the flag
// as typed (with the closest real one) and the missing argument as the usage line shows it.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dd::cli {

// The text under `distdoctor [COMMAND] --help`: EXAMPLES, EXIT STATUS, DOCS. `command` empty:
// the program's own help.
std::string help_footer(std::string_view command);

// The first option in `args` (the words after the command name, in order) that `sub` does not
// have, as a full usage message without the "distdoctor CMD: " prefix ("unknown option '--jsn'
// (did you mean '--json'?)"); nullopt when every option is known. Words after "--" are not options.
std::optional<std::string> unknown_option(const CLI::App& sub, const std::vector<std::string>& args);

// CLI11's parse error rewritten for a person, without the prefix: "--stall must be a number of
// seconds > 0 (got '0')", "missing FILE... (log files ...)".
std::string usage_message(const CLI::App& sub, const CLI::ParseError& e);

// Prints "distdoctor CMD: MESSAGE" and the pointer to --help on stderr; returns exit code 2.
int usage_error(std::string_view command, const std::string& message);

// Prints "distdoctor CMD: MESSAGE" on stderr (an input the command cannot use: an unreadable file,
// an environment it cannot place); returns exit code 2.
int input_error(std::string_view command, const std::string& message);

}  // namespace dd::cli
