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
