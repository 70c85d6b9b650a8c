// The variables `distdoctor env` shows: every effective setting that belongs to a catalogued
// family (NCCL_*, TORCH_*, GLOO_*, MASTER_*, rank and launcher variables, TF_CONFIG, CUDA_*),
// whether the catalogue knows it, and where its value came from.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "env/audit.hpp"
#include "env/catalog.hpp"
#include "nccl/config.hpp"

namespace dd::env {

struct VariableRow {
  std::string name;
  std::string value;
  std::string source;  // "environment" or a config file path
  bool known = false;  // in the catalogue
  VarFamily family = VarFamily::nccl;
};

// Relevant settings of `input`, sorted by name; unrelated variables (PATH, HOME) are left out.
std::vector<VariableRow> relevant_variables(const AuditInput& input);

// [{name, value, known, family, source}, ...]
nlohmann::json to_json(const std::vector<VariableRow>& rows);

// The config-file values of an NCCL configuration (nccl::load_config) as audit input: only the
// values that came from a file (the environment is passed separately), with "path:line" as source.
std::vector<ConfigSetting> config_settings(const nccl::NcclConfig& config);

}  // namespace dd::env
