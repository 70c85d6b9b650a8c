// The one renderer of shell lines for a fix's environment: "export VAR=value" (value shell-quoted)
// or, for an empty value, "unset VAR" (Fix::env convention: distdoctor never recommends VAR="").
#pragma once

#include <string>
#include <string_view>

namespace dd::core {

std::string export_line(std::string_view name, std::string_view value);

}  // namespace dd::core
