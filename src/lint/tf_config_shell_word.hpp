// tf-config.invalid-json where the file's own text is JSON and the shell breaks it
// (fix-2026-12-07p p11): `-e TF_CONFIG={"cluster":...}` or `export TF_CONFIG={"cluster":...}`
// unquoted, so bash removes the double quotes and the program gets {cluster:{worker:[...]}}, which
// json.loads refuses. The finding is retold and its fix is the same word in single quotes.
#pragma once

#include "lint/rules.hpp"

namespace dd::lint::detail {

// Retells `lf` (a tf-config.invalid-json finding of the command at `line`) when that line or one of its
// continuation lines holds TF_CONFIG= followed
// by an unquoted word that starts with `{`, holds double quotes, no blank, and parses as JSON
// as written: title, fix text and an edit that single-quotes the word. Returns whether it did.
bool retell_unquoted_tf_config(const FileContext& ctx, int line, LintFinding& lf);

}  // namespace dd::lint::detail
