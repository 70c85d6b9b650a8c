// Helpers for lint's rule tests: read a held-out case file, lint a text as a user's file, pick
// findings by id, apply one finding's edits and lint the result again.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "lint/edits.hpp"
#include "lint/lint.hpp"

namespace dd::lint::test {

// The path of case `name` of a held-out set: tests/data/stranger/<folder>/cases/<name>
// (`folder`: the set, "fix-2026-12-06k").
inline std::string case_path(const std::string& folder, const std::string& name) {
  return std::string(DD_TEST_DATA_DIR) + "/stranger/" + folder + "/cases/" + name;
}

// That case's text, byte for byte as the stranger wrote it (CRLF kept); a failed expectation when
// it cannot be read.
inline std::string case_text(const std::string& folder, const std::string& name) {
  std::ifstream in(case_path(folder, name), std::ios::binary);
  EXPECT_TRUE(in.good()) << folder << "/cases/" << name;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::vector<LintFinding> lint_as(const std::string& path, const std::string& text,
                                        const LintOptions& options = {}) {
  return lint_text(path, kind_of(path), text, options);
}

inline std::vector<const LintFinding*> all_of(const std::vector<LintFinding>& fs, const std::string& id) {
  std::vector<const LintFinding*> out;
  for (const auto& f : fs) {
    if (f.finding.id == id) out.push_back(&f);
  }
  return out;
}

// The first finding `id` (nullptr when there is none).
inline const LintFinding* first_of(const std::vector<LintFinding>& fs, const std::string& id) {
  auto it = std::find_if(fs.begin(), fs.end(), [&](const LintFinding& f) { return f.finding.id == id; });
  return it == fs.end() ? nullptr : &*it;
}

// "id@line id@line ..." for failure messages.
inline std::string ids(const std::vector<LintFinding>& fs) {
  std::string out;
  for (const auto& f : fs) out += f.finding.id + "@" + std::to_string(f.location.line) + " ";
  return out;
}

// The file after applying the one finding's edits.
inline std::string applied(const std::string& text, const LintFinding& f) {
  auto out = apply_edits(text, f.edits);
  EXPECT_TRUE(static_cast<bool>(out));
  return out ? *out : text;
}

// The file at `path` after `lint --fix`: every finding's edits, composed as lint composes them.
inline std::string fixed(const std::string& path, const std::string& text, std::vector<LintFinding> fs) {
  compose_edits(fs, text);
  auto out = apply_edits(text, edits_of(fs, path));
  EXPECT_TRUE(static_cast<bool>(out));
  return out ? *out : text;
}

// The only finding `id` of `text` has `severity` and edits; the edited file has no finding `id`.
// Returns the edited file (`text` when any of that fails).
inline std::string fixed_once(const std::string& path, const std::string& text, const std::string& id,
                              core::Severity severity = core::Severity::error) {
  auto fs = lint_as(path, text);
  auto found = all_of(fs, id);
  EXPECT_EQ(found.size(), 1u) << text << "\n" << ids(fs);
  if (found.size() != 1) return text;
  EXPECT_EQ(found[0]->finding.severity, severity) << found[0]->finding.title;
  EXPECT_FALSE(found[0]->edits.empty()) << found[0]->finding.title << "\n" << found[0]->finding.fix.text;
  if (found[0]->edits.empty()) return text;
  std::string after = applied(text, *found[0]);
  auto again = lint_as(path, after);
  EXPECT_TRUE(all_of(again, id).empty()) << after << "\n" << ids(again);
  return after;
}

// No finding `id` in `text`.
inline void clean(const std::string& path, const std::string& text, const std::string& id) {
  auto fs = lint_as(path, text);
  EXPECT_TRUE(all_of(fs, id).empty()) << text << "\n" << ids(fs);
}

// The ids of the error findings, sorted, for "no new error" checks.
inline std::vector<std::string> error_ids(const std::vector<LintFinding>& fs) {
  std::vector<std::string> out;
  for (const auto& f : fs) {
    if (f.finding.severity == core::Severity::error) out.push_back(f.finding.id);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Whether `text` holds `part`, and how many times: one copy for every lint test file (a unity
// batch puts several in one translation unit).
inline bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }
inline std::size_t count_of(const std::string& text, std::string_view part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace dd::lint::test
