#include "core/strings.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace dd::core {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::vector<std::string> split(std::string_view s, char sep, bool keep_empty) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    std::size_t pos = s.find(sep, start);
    if (pos == std::string_view::npos) pos = s.size();
    std::string_view part = s.substr(start, pos - start);
    if (keep_empty || !part.empty()) out.emplace_back(part);
    start = pos + 1;
  }
  return out;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

std::string to_lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string to_upper(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return out;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}

std::optional<std::int64_t> parse_int(std::string_view s) {
  std::int64_t v = 0;
  if (s.empty()) return std::nullopt;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool expands_variable(std::string_view text, std::string_view name, bool kubernetes_refs) {
  if (name.empty()) return false;
  for (std::size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    const std::size_t end = at + name.size();
    const char after = end < text.size() ? text[end] : '\0';
    const std::string_view before = text.substr(0, at);
    if (before.ends_with("$(") && after == ')') {
      if (kubernetes_refs && !before.ends_with("$$(")) return true;
    } else if (before.ends_with("${") && (after == '}' || after == ':' || after == '-' || after == '=')) {
      return true;
    } else if (before.ends_with("%") && after == '%') {
      return true;
    } else if ((before.ends_with("$") || before.ends_with("$env:") || before.ends_with("$Env:")) &&
               !is_name_char(after)) {
      return true;
    }
  }
  return false;
}

bool mentions_name(std::string_view s, std::string_view name) {
  if (name.empty()) return false;
  auto name_char = [](unsigned char c) { return std::isalnum(c) || c == '-' || c == '_'; };
  for (auto at = s.find(name); at != std::string_view::npos; at = s.find(name, at + 1)) {
    auto end = at + name.size();
    bool open_before = at == 0 || !(name_char(static_cast<unsigned char>(s[at - 1])) || s[at - 1] == '.');
    // a '.' ends the name unless a longer dotted name goes on ("node3.dc1")
    bool open_after = end == s.size() ||
                      (!name_char(static_cast<unsigned char>(s[end])) &&
                       !(s[end] == '.' && end + 1 < s.size() && std::isalnum(static_cast<unsigned char>(s[end + 1]))));
    if (open_before && open_after) return true;
  }
  return false;
}

std::string shell_quote(std::string_view value) {
  bool safe = !value.empty() && std::all_of(value.begin(), value.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-' || c == '.' || c == '/' || c == ':' || c == ',' || c == '=' ||
           c == '^' || c == '+' || c == '@' || c == '%';
  });
  if (safe) return std::string(value);
  std::string out = "'";
  for (char c : value) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  out += "'";
  return out;
}

}  // namespace dd::core
