// distdoctor's version, as `-V`, `version` and lint's SARIF output print it (the project version of
// CMakeLists.txt's project()).
#pragma once

namespace dd::cli {

inline constexpr const char* k_version_number = "0.1.0";

}  // namespace dd::cli
