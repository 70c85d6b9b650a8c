// UTF-8 helpers for text that came from outside (logs, environment, peers): cut on character
// boundaries, replace what is not UTF-8, and make control characters visible (no OS calls).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace dd::core {

// Length of the valid UTF-8 sequence starting at s[i] (1..4), or 0 when s[i] starts none.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i);

// True when every byte of `s` belongs to a well-formed UTF-8 sequence.
bool is_valid_utf8(std::string_view s);

// Invalid bytes replaced by U+FFFD; valid text is returned unchanged.
std::string to_valid_utf8(std::string_view s);

// Characters in `s` (an invalid byte counts as one): the columns it takes in a table.
std::size_t utf8_length(std::string_view s);

// The longest prefix of `s` of at most `max_bytes` bytes that ends on a character boundary.
std::string_view utf8_prefix(std::string_view s, std::size_t max_bytes);

// The longest prefix of at most `max_bytes` bytes that does not cut a UTF-8 character in half;
// when cut, "..." is appended (so the result may be up to max_bytes + 3 bytes).
std::string shorten_utf8(std::string_view s, std::size_t max_bytes);

// For terminal text: control characters (C0 except tab, DEL, C1) and invalid bytes shown as
// \n, \r, \e, \xNN; everything else unchanged. A value can then not move the cursor, clear the
// screen or fake a second line.
std::string escape_control(std::string_view s);

}  // namespace dd::core
