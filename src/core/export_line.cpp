#include "core/export_line.hpp"

#include "core/strings.hpp"

namespace dd::core {

std::string export_line(std::string_view name, std::string_view value) {
  if (value.empty()) return "unset " + std::string(name);
  return "export " + std::string(name) + "=" + shell_quote(value);
}

}  // namespace dd::core
