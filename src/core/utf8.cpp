#include "core/utf8.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace dd::core {

namespace {

bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

}  // namespace

std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  if (i >= s.size()) return 0;
  auto c = static_cast<unsigned char>(s[i]);
  auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  if (c < 0x80) return 1;
  std::size_t n = 0;
  if (c >= 0xC2 && c <= 0xDF)
    n = 2;
  else if (c >= 0xE0 && c <= 0xEF)
    n = 3;
  else if (c >= 0xF0 && c <= 0xF4)
    n = 4;
  else
    return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if (!continuation(at(k))) return 0;
  // Overlong forms, surrogates and code points above U+10FFFF.
  if (c == 0xE0 && at(1) < 0xA0) return 0;
  if (c == 0xED && at(1) > 0x9F) return 0;
  if (c == 0xF0 && at(1) < 0x90) return 0;
  if (c == 0xF4 && at(1) > 0x8F) return 0;
  return n;
}

bool is_valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    auto n = utf8_sequence_length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string to_valid_utf8(std::string_view s) {
  if (is_valid_utf8(s)) return std::string(s);
  std::string out;
  out.reserve(s.size() + 8);
  for (std::size_t i = 0; i < s.size();) {
    auto n = utf8_sequence_length(s, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::size_t utf8_length(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++n) i += std::max<std::size_t>(1, utf8_sequence_length(s, i));
  return n;
}

std::string_view utf8_prefix(std::string_view s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return s;
  std::size_t end = 0;
  for (std::size_t i = 0; i < s.size();) {
    auto n = utf8_sequence_length(s, i);
    if (n == 0) n = 1;  // an invalid byte counts as one character
    if (i + n > max_bytes) break;
    i += n;
    end = i;
  }
  return s.substr(0, end);
}

std::string shorten_utf8(std::string_view s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return std::string(s);
  return std::string(utf8_prefix(s, max_bytes)) + "...";
}

std::string escape_control(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    auto n = utf8_sequence_length(s, i);
    if (n == 0) {
      out += fmt::format("\\x{:02x}", c);
      ++i;
      continue;
    }
    if (n == 1) {
      if (c == '\n')
        out += "\\n";
      else if (c == '\r')
        out += "\\r";
      else if (c == 0x1B)
        out += "\\e";
      else if ((c < 0x20 && c != '\t') || c == 0x7F)
        out += fmt::format("\\x{:02x}", c);
      else
        out += static_cast<char>(c);
      ++i;
      continue;
    }
    if (n == 2 && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) {  // C1 controls U+0080..U+009F
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(s[i + 1]));
      i += 2;
      continue;
    }
    out.append(s.substr(i, n));
    i += n;
  }
  return out;
}

}  // namespace dd::core
