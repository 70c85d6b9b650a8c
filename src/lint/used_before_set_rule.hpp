// lint.shell.used-before-set (used_before_set_rule.cpp): a job variable set from $VAR on a line
// before the file's only assignment of VAR (fix-2026-12-07q p01).
#pragma once

#include "lint/rules.hpp"

namespace dd::lint::detail {

void used_before_set_rule(FileContext& ctx);

}  // namespace dd::lint::detail
