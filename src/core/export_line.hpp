// The one renderer of shell lines for a fix's environment: "export VAR=value" (value shell-quoted)
// or, for an empty value, "unset VAR" (Fix::env convention: distdoctor never recommends VAR="").
#pragma once

#include <string>
#include <string_view>

namespace dd::core {

std::string export_line(std::string_view name, std::string_view value);

// The language a fix's environment is written in: the file it goes into.
enum class EnvSyntax { shell, dockerfile, k8s, python, compose_list, compose_map, powershell };

// One variable set in `syntax`: shell -> export_line; dockerfile -> `ENV VAR=value` (double-quoted
// when the value holds anything but plain characters); k8s -> an env list entry, two lines
// `- name: VAR` / `  value: "value"` (a YAML string, as EnvVar.value must be). An empty value
// (Fix::env: unset) is a comment saying to remove the setting: neither form can unset a variable.
// python -> `os.environ["VAR"] = "value"` (unset: `os.environ.pop("VAR", None)`), for a script that
// sets its own environment before the process group starts. Docker Compose's `environment:` keeps
// its own form: a list item is the string `NAME=value`, split at the first '=' and never unquoted
// (compose-go's NewMappingWithEquals), so compose_list writes `- NAME=value` (the whole item
// double-quoted as a YAML string when the value holds characters YAML reads specially); a map
// entry is YAML, so compose_map writes `NAME: "value"`. powershell -> `$env:NAME = 'value'` (single
// quotes: PowerShell expands nothing in them; a quote inside is doubled), unset:
// `Remove-Item Env:NAME -ErrorAction SilentlyContinue`.
std::string env_setting(EnvSyntax syntax, std::string_view name, std::string_view value);

// Why a *_SOCKET_IFNAME value starts with '=' (NCCL's exact-match form, NCCL 2.5.6+: "=eth0" is
// eth0 only, "eth0" is every name starting with eth0), as a shell comment "  # ..." to put after
// the export line; "" for every other value.
std::string exact_name_note(std::string_view name, std::string_view value);

}  // namespace dd::core
