#include "core/export_line.hpp"

#include "core/strings.hpp"

namespace dd::core {

std::string export_line(std::string_view name, std::string_view value) {
  if (value.empty()) return "unset " + std::string(name);
  return "export " + std::string(name) + "=" + shell_quote(value);
}

std::string exact_name_note(std::string_view name, std::string_view value) {
  if (name != "NCCL_SOCKET_IFNAME" || value.size() < 2 || value[0] != '=') return "";
  std::string first(value.substr(1, value.find(',') - 1));  // npos - 1 is still "to the end"
  return "  # '=' = exact names: " + first + " only, not every interface whose name starts with " + first;
}

}  // namespace dd::core
