#include "core/export_line.hpp"

#include "core/strings.hpp"

namespace dd::core {

std::string export_line(std::string_view name, std::string_view value) {
  if (value.empty()) return "unset " + std::string(name);
  return "export " + std::string(name) + "=" + shell_quote(value);
}

namespace {

// `value` in double quotes with ", \ (and $ when `dollar`) escaped by a backslash.
std::string double_quoted(std::string_view value, bool dollar) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\' || (dollar && c == '$')) out += '\\';
    out += c;
  }
  return out + "\"";
}

bool plain(std::string_view value) {
  for (char c : value) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              std::string_view("_.,:/+-=@%^").find(c) != std::string_view::npos;
    if (!ok) return false;
  }
  return !value.empty();
}

}  // namespace

std::string env_setting(EnvSyntax syntax, std::string_view name, std::string_view value) {
  switch (syntax) {
    case EnvSyntax::shell:
      return export_line(name, value);
    case EnvSyntax::dockerfile:
      if (value.empty()) return "# remove ENV " + std::string(name) + " (a Dockerfile cannot unset a variable)";
      return "ENV " + std::string(name) + "=" + (plain(value) ? std::string(value) : double_quoted(value, true));
    case EnvSyntax::k8s:
      if (value.empty()) return "# remove the env entry " + std::string(name);
      return "- name: " + std::string(name) + "\n  value: " + double_quoted(value, false);
    case EnvSyntax::compose_list:
      if (value.empty()) return "# remove the list item " + std::string(name) + "=...";
      if (plain(value)) return "- " + std::string(name) + "=" + std::string(value);
      return "- " + double_quoted(std::string(name) + "=" + std::string(value), false);
    case EnvSyntax::compose_map:
      if (value.empty()) return "# remove the entry " + std::string(name) + ":";
      return std::string(name) + ": " + double_quoted(value, false);
    case EnvSyntax::python:
      if (value.empty()) return "os.environ.pop(" + double_quoted(name, false) + ", None)";
      return "os.environ[" + double_quoted(name, false) + "] = " + double_quoted(value, false);
    case EnvSyntax::powershell: {
      if (value.empty()) return "Remove-Item Env:" + std::string(name) + " -ErrorAction SilentlyContinue";
      std::string quoted = "'";
      for (char c : value) quoted += c == '\'' ? std::string("''") : std::string(1, c);
      return "$env:" + std::string(name) + " = " + quoted + "'";
    }
  }
  return export_line(name, value);
}

std::string exact_name_note(std::string_view name, std::string_view value) {
  if (name != "NCCL_SOCKET_IFNAME" || value.size() < 2 || value[0] != '=') return "";
  std::string first(value.substr(1, value.find(',') - 1));  // npos - 1 is still "to the end"
  return "  # '=' = exact names: " + first + " only, not every interface whose name starts with " + first;
}

}  // namespace dd::core
