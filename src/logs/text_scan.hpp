#pragma once
// Character classes and prefix tests shared by the log parsers. They run on every byte of a log:
// the classes that are not a single range are 256-entry tables built at compile time, and a prefix
// test against a literal compiles to a few compares instead of a call to memcmp.

#include <cstring>
#include <string_view>

namespace dd::logs {

// s begins with p.
inline bool starts(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && std::memcmp(s.data(), p.data(), p.size()) == 0;
}

// How common a byte is in log text (lower = rarer): capitals, then other letters, then digits,
// then blanks and the separators every line has. find_literal looks for a literal's rarest byte.
constexpr int byte_commonness(char c) {
  if (c >= 'A' && c <= 'Z') return 1;
  if (c >= 'a' && c <= 'z') return 2;
  if (c >= '0' && c <= '9') return 3;
  return (c == ' ' || c == '/' || c == ':' || c == '.' || c == '[' || c == ']' || c == '-' || c == '_') ? 4 : 1;
}

// Index of the rarest byte of `lit` (the first of the rarest), 0 for an empty literal.
constexpr std::size_t rarest_byte(std::string_view lit) {
  std::size_t best = 0;
  for (std::size_t k = 1; k < lit.size(); ++k)
    if (byte_commonness(lit[k]) < byte_commonness(lit[best])) best = k;
  return best;
}

// Offset of the first `lit` in `s` (npos when none), as string_view::find: memchr for the byte
// lit[at] (pass rarest_byte(lit)), then a byte compare in line at each candidate, in order of their
// start (string_view::find stops at every copy of the literal's first byte and calls memcmp there).
inline std::size_t find_literal(std::string_view s, std::string_view lit, std::size_t at = 0) {
  const std::size_t n = lit.size();
  if (n == 0 || s.size() < n || at >= n) return n == 0 ? 0 : std::string_view::npos;
  const char* base = s.data();
  const char* last = base + (s.size() - n) + at;  // lit[at] of the last place `lit` may start
  const char* p = base + at;
  while (p <= last) {
    p = static_cast<const char*>(std::memchr(p, lit[at], static_cast<std::size_t>(last - p) + 1));
    if (p == nullptr) return std::string_view::npos;
    const char* start = p - at;
    std::size_t k = 0;
    while (k < n && start[k] == lit[k]) ++k;
    if (k == n) return static_cast<std::size_t>(start - base);
    ++p;
  }
  return std::string_view::npos;
}

constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

namespace detail {
struct CharTable {
  bool ok[256];
  template <typename Pred>
  constexpr explicit CharTable(Pred pred) : ok() {
    for (int i = 0; i < 256; ++i) ok[i] = pred(static_cast<char>(i));
  }
  constexpr bool operator()(char c) const { return ok[static_cast<unsigned char>(c)]; }
};
inline constexpr CharTable k_name_chars{
    [](char c) { return is_alpha(c) || is_digit(c) || c == '.' || c == '-' || c == '_'; }};
inline constexpr CharTable k_token_chars{
    [](char c) { return c != ' ' && c != '\t' && c != ':' && c != '[' && c != ']' && c != '\0'; }};
}  // namespace detail

// A host, service or file name: letters, digits, '.', '-', '_'.
constexpr bool is_name_char(char c) { return detail::k_name_chars(c); }
// A field of NCCL's "host:pid:tid [dev]" header: anything but blanks, ':', '[', ']' and NUL.
constexpr bool is_token_char(char c) { return detail::k_token_chars(c); }

}  // namespace dd::logs
