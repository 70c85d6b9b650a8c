#include "env/variables.hpp"

namespace dd::env {

std::vector<VariableRow> relevant_variables(const AuditInput& input) {
  std::vector<VariableRow> out;
  for (const auto& s : effective_settings(input)) {
    auto family = family_of(s.name);
    if (!family) continue;
    out.push_back({s.name, s.value, s.source, find_var(s.name) != nullptr, *family});
  }
  return out;
}

nlohmann::json to_json(const std::vector<VariableRow>& rows) {
  auto arr = nlohmann::json::array();
  for (const auto& r : rows) {
    arr.push_back({{"name", r.name},
                   {"value", r.value},
                   {"known", r.known},
                   {"family", std::string(to_string(r.family))},
                   {"source", r.source}});
  }
  return arr;
}

std::vector<ConfigSetting> config_settings(const nccl::NcclConfig& config) {
  std::vector<ConfigSetting> out;
  for (const auto& [name, v] : config.values) {
    if (v.source.kind == nccl::SourceKind::file) out.push_back({name, v.value, v.source.describe()});
  }
  return out;
}

}  // namespace dd::env
