// A variable set in a Windows batch file (.bat / .cmd), as cmd.exe reads it (stranger14's
// fix-2026-12-06k p30: a .bat got bash `export` / `unset` lines).
#pragma once

#include <string>
#include <string_view>

#include "core/finding.hpp"

namespace dd::lint {

// `set NAME=value`: no blanks around '=' and no quotes inside the value (cmd.exe keeps both, in the
// name or the value); `set "NAME=value"` when the value holds & | < > ^ ( ), which the quotes around
// the whole assignment keep from cmd; a '%' doubled (a batch file reads %% as one %). An empty
// value (Fix::env: unset) is `set NAME=`, which removes NAME.
std::string cmd_set_line(std::string_view name, std::string_view value);

// `f` with its fix.env written into fix.text as cmd lines (a note about '=' as a REM line above its
// line, since `set` keeps everything after '=') and fix.env emptied, for the text output of a
// batch file's findings.
core::Finding as_batch_file(core::Finding f);

}  // namespace dd::lint
