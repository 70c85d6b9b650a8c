// lint.shell.export-blanks (export_blanks_rule.cpp): `export NAME = value`, blanks around '='.
#pragma once

#include "lint/rules.hpp"

namespace dd::lint::detail {

// Finds `export NAME = value` lines (a blank beside '='); the edit is `export NAME=value`.
void export_blanks_rule(FileContext& ctx);

}  // namespace dd::lint::detail
