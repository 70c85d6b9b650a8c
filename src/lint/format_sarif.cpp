// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format, sarif-2.1/schema/
// sarif-schema-2.1.0.json of oasis-tcs/sarif-spec; tests/data/sarif holds that schema and the
// lint test validates every log against it): one run, the rules that produced a result, one
// result per finding. The artifact uri is the path as lint was given it (relative paths stay
// relative to the working directory, as code scanning expects from a run at the repository root),
// percent-encoded outside RFC 3986's unreserved characters and '/'.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "lint/lint_format.hpp"

namespace dd::lint {

namespace {

std::string uri_of(const std::string& path) {
  std::string out = path.rfind('/', 0) == 0 ? "file://" : "";
  for (char ch : path) {
    auto c = static_cast<unsigned char>(ch);
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
                c == '_' || c == '~' || c == '/';
    out += keep ? std::string(1, ch) : fmt::format("%{:02X}", c);
  }
  return out;
}

}  // namespace

nlohmann::json to_sarif(const LintReport& report, std::string_view version) {
  std::set<std::string> rule_ids;
  nlohmann::json results = nlohmann::json::array();
  for (const auto& f : report.findings) {
    rule_ids.insert(f.finding.id);
    nlohmann::json region = {{"startLine", std::max(1, f.location.line)},
                             {"startColumn", std::max(1, f.location.column)}};
    nlohmann::json result = {
        {"ruleId", f.finding.id},
        {"level", compiler_severity(f.finding.severity)},
        {"message", {{"text", f.finding.title}}},
        {"locations",
         {{{"physicalLocation", {{"artifactLocation", {{"uri", uri_of(f.location.file)}}}, {"region", region}}}}}}};
    if (!f.finding.fix.text.empty()) result["properties"] = {{"fix", f.finding.fix.text}};
    results.push_back(std::move(result));
  }
  nlohmann::json rules = nlohmann::json::array();
  for (const auto& id : rule_ids) rules.push_back({{"id", id}});
  nlohmann::json driver = {{"name", "distdoctor"}, {"version", std::string(version)}, {"rules", std::move(rules)}};
  return {{"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", {{{"tool", {{"driver", std::move(driver)}}}, {"results", std::move(results)}}}}};
}

}  // namespace dd::lint
