// JSON rendering of the shared shapes (DESIGN.md). Each capability renders its own report
// with nlohmann::json and uses these for findings.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "core/finding.hpp"

namespace dd::report {

nlohmann::json to_json(const core::Finding& finding);
nlohmann::json to_json(const std::vector<core::Finding>& findings);

// The inverse of to_json(Finding) for findings another node sent; nullopt on a wrong shape (an
// unknown label reads as "other").
std::optional<core::Finding> finding_from_json(const nlohmann::json& j);

}  // namespace dd::report
