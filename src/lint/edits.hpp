// lint's fixes as changes to files (DESIGN.md: `edits[]` {file, line, end_line, replacement}):
// composing the edits of several findings on one line into one corrected line, applying them to a
// text (`lint --fix`) and showing them as a unified diff (`lint --diff`).
#pragma once

#include <string>
#include <vector>

#include "core/result.hpp"
#include "lint/lint.hpp"

namespace dd::lint {

// One file's findings (in file order) against the text they were found in. Edits of different
// findings that replace the same single line are composed into one corrected line when their
// changes touch different characters (every finding then carries that line, and a fix.text that was
// its own line becomes the composed one); an edit that overlaps another one it cannot compose with
// is dropped from the later finding (its fix.text stays: a second `lint --fix` applies it).
void compose_edits(std::vector<LintFinding>& findings, const std::string& text);

// The distinct edits of `findings` for `file`, by line.
std::vector<Edit> edits_of(const std::vector<LintFinding>& findings, const std::string& file);

// `text` with `edits` applied (each distinct edit once; a CRLF line keeps its CR; the final newline,
// or its absence, stays). An error when two edits overlap or one lies outside the text.
core::Result<std::string> apply_edits(const std::string& text, const std::vector<Edit>& edits);

// The edits as a unified diff of `path` (`--- a/PATH`, `+++ b/PATH`, three lines of context), as
// `diff -u` and `git diff` print it; "" when there are none. Assumes apply_edits accepts them.
std::string unified_diff(const std::string& path, const std::string& text, const std::vector<Edit>& edits);

}  // namespace dd::lint
