// Small builders for the catalogue tables (internal to src/env/catalog_*.cpp).
#pragma once

#include <utility>

#include "env/catalog.hpp"

namespace dd::env::detail {

inline VarSpec var(std::string_view name, VarFamily family, VarType type, std::string_view note = {}) {
  VarSpec s;
  s.name = name;
  s.family = family;
  s.type = type;
  s.note = note;
  return s;
}

// An NCCL_PARAM integer with its documented default.
inline VarSpec nccl_int(std::string_view name, std::string_view def) {
  VarSpec s = var(name, VarFamily::nccl, VarType::integer);
  s.default_value = def;
  return s;
}

inline VarSpec with_range(VarSpec s, long long lo, long long hi) {
  s.min = lo;
  s.max = hi;
  return s;
}

inline VarSpec enum_var(std::string_view name, VarFamily family, std::vector<std::string_view> values,
                        bool case_sensitive = false, std::string_view note = {}) {
  VarSpec s = var(name, family, VarType::enum_, note);
  s.values = std::move(values);
  s.case_sensitive = case_sensitive;
  return s;
}

inline VarSpec with_status(VarSpec s, Status status, std::string_view replacement = {}, std::string_view note = {}) {
  s.status = status;
  s.replacement = replacement;
  if (!note.empty()) s.note = note;
  return s;
}

}  // namespace dd::env::detail
