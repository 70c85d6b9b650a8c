// The fix-rendering flags several commands share: `--export-format FORMAT` (report/export_formats)
// and `--report FILE.html` (report/html_report). Both are validated before the command runs (a
// bad format or an unwritable path is exit 2 at once, not after a 60-second preflight) and
// rendered afterwards from the command's typed outcome (report/outcome.hpp), never from its JSON.
#pragma once

#include <optional>
#include <string>

#include "cli/command.hpp"
#include "report/outcome.hpp"

namespace dd::cli {

struct FixOutputFlags {
  std::string export_format;  // empty: not asked
  std::string report_path;    // empty: not asked
  std::string command;        // the command the flags belong to (set by add_*_flag), for messages
};

void add_export_format_flag(CLI::App& sub, FixOutputFlags& flags);
void add_report_flag(CLI::App& sub, FixOutputFlags& flags);

// Exit code 2 (message on stderr) when a flag is unusable, else nullopt.
std::optional<int> validate_fix_output(const FixOutputFlags& flags, const GlobalOptions& global);

// Writes --report (when asked) and says where on stderr; false after printing why it could not.
bool write_report(const FixOutputFlags& flags, const report::Outcome& outcome);

// Prints the --export-format rendering to stdout when asked (then the caller prints nothing else).
bool print_export(const FixOutputFlags& flags, const report::Outcome& outcome);

}  // namespace dd::cli
