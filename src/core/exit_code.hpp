// Process exit codes (DESIGN.md): the only place they are defined.
#pragma once

namespace dd::core {

enum ExitCode : int {
  k_exit_ok = 0,        // no error finding
  k_exit_findings = 1,  // at least one error finding
  k_exit_usage = 2,     // bad usage or unreadable input
  k_exit_internal = 3,  // the tool itself failed
};

}  // namespace dd::core
