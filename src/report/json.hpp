// JSON rendering of the shared shapes (DESIGN.md). Each capability renders its own report
// with nlohmann::json and uses these for findings.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "core/finding.hpp"

namespace dd::report {

nlohmann::json to_json(const core::Finding& finding);
nlohmann::json to_json(const std::vector<core::Finding>& findings);

}  // namespace dd::report
