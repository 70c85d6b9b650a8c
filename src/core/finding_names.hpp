// The inverses of to_string(Label) and to_string(Severity) (finding.hpp), for data files that
// name labels and severities ("loopback-interface", "warning"); nullopt for an unknown name.
#pragma once

#include <optional>
#include <string_view>

#include "core/finding.hpp"

namespace dd::core {

std::optional<Label> label_named(std::string_view name);
std::optional<Severity> severity_named(std::string_view name);

}  // namespace dd::core
