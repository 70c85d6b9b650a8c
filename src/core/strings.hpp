// Small string helpers for parsing (no OS calls).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dd::core {

std::string_view trim(std::string_view s);
std::vector<std::string> split(std::string_view s, char sep, bool keep_empty = false);
bool starts_with(std::string_view s, std::string_view prefix);
std::string to_lower(std::string_view s);
std::string to_upper(std::string_view s);
std::string join(const std::vector<std::string>& parts, std::string_view sep);
// Whole-string decimal integer; nullopt on anything else.
std::optional<std::int64_t> parse_int(std::string_view s);
// Levenshtein distance, for "did you mean".
std::size_t edit_distance(std::string_view a, std::string_view b);
// Whether `name` (a host or interface name) occurs in s as a whole name: not inside a longer one.
// "node3" is in "to node3:29500" and "node3." but not in "node37" or "node3-b" or "xnode3".
bool mentions_name(std::string_view s, std::string_view name);
// A letter, digit or '_': a character of a shell variable name.
bool is_name_char(char c);
// Whether `text` expands the variable `name` as some reader of it would: `$NAME` (not `$NAMEX`),
// `${NAME}` / `${NAME:-x}` (shell), `%NAME%` (cmd), `$env:NAME` (PowerShell), and where
// `kubernetes_refs` `$(NAME)` (Kubernetes env and args; not `$$(NAME)`, its escape; in a shell
// `$(NAME)` runs a command NAME and reads no variable).
bool expands_variable(std::string_view text, std::string_view name, bool kubernetes_refs = true);
// Quote a value for a POSIX shell `export` line when needed.
std::string shell_quote(std::string_view value);

}  // namespace dd::core
