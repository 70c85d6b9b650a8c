#include "report/json.hpp"

namespace dd::report {

nlohmann::json to_json(const core::Finding& f) {
  nlohmann::json fix = {{"env", f.fix.env}, {"per_host", f.fix.per_host}, {"text", f.fix.text}};
  return {{"id", f.id},
          {"label", core::to_string(f.label)},
          {"severity", core::to_string(f.severity)},
          {"title", f.title},
          {"evidence", f.evidence},
          {"hosts", f.hosts},
          {"ranks", f.ranks},
          {"fix", fix}};
}

nlohmann::json to_json(const std::vector<core::Finding>& findings) {
  auto arr = nlohmann::json::array();
  for (const auto& f : findings) arr.push_back(to_json(f));
  return arr;
}

}  // namespace dd::report
