// Helpers for the logs rule tests: pick a finding of a report by id or label, and look for a part of
// a text in a string or in a finding's evidence.
#pragma once

#include <string>

#include "logs/analyzer.hpp"

namespace dd::logs::test {

inline const core::Finding* find_id(const LogsReport& r, const std::string& id) {
  for (const auto& f : r.findings)
    if (f.id == id) return &f;
  return nullptr;
}

inline bool any_label(const LogsReport& r, core::Label label) {
  for (const auto& f : r.findings)
    if (f.label == label) return true;
  return false;
}

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

inline bool evidence_has(const core::Finding& f, const std::string& part) {
  for (const auto& e : f.evidence)
    if (has(e, part)) return true;
  return false;
}

}  // namespace dd::logs::test
