// Shell pieces every shell-shaped fix rendering shares (export formats sh/slurm/torchrun and
// launch-template): comment lines that cannot break out of the comment, the export/unset lines
// (core::export_line), and the `case "$(hostname)"` block for per-host values.
#pragma once

#include <string>
#include <string_view>

#include "report/fix_plan.hpp"

namespace dd::report {

// "# text" with control characters escaped, so a hostile title cannot start a new line.
std::string comment_line(std::string_view text, std::string_view indent = "");

// "# <id>: <title>" (+ "#   <fix text>") per note.
std::string note_comments(const FixPlan& plan, std::string_view indent = "");

// export/unset line per plan.env entry, each line prefixed with `indent`.
std::string env_lines(const FixPlan& plan, std::string_view indent = "");

// case "$(hostname)" in 'host') export A=b; export C=d ;; esac -- empty when no per-host values.
// Host patterns are shell-quoted, so they match literally.
std::string per_host_case(const FixPlan& plan, std::string_view indent = "");

}  // namespace dd::report
