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

std::optional<core::Finding> finding_from_json(const nlohmann::json& j) {
  try {
    core::Finding f;
    f.id = j.at("id").get<std::string>();
    f.title = j.at("title").get<std::string>();
    auto label = j.at("label").get<std::string>();
    for (int i = 0; i <= static_cast<int>(core::Label::other); ++i) {
      if (core::to_string(static_cast<core::Label>(i)) == label) f.label = static_cast<core::Label>(i);
    }
    auto sev = j.at("severity").get<std::string>();
    f.severity = sev == "error"     ? core::Severity::error
                 : sev == "warning" ? core::Severity::warning
                                    : core::Severity::info;
    f.evidence = j.value("evidence", std::vector<std::string>{});
    f.hosts = j.value("hosts", std::vector<std::string>{});
    f.ranks = j.value("ranks", std::vector<int>{});
    const nlohmann::json fix = j.value("fix", nlohmann::json::object());
    f.fix.env = fix.value("env", std::map<std::string, std::string>{});
    f.fix.per_host = fix.value("per_host", std::map<std::string, std::map<std::string, std::string>>{});
    f.fix.text = fix.value("text", std::string());
    return f;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

nlohmann::json to_json(const std::vector<core::Finding>& findings) {
  auto arr = nlohmann::json::array();
  for (const auto& f : findings) arr.push_back(to_json(f));
  return arr;
}

}  // namespace dd::report
