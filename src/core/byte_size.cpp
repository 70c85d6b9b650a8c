#include "core/byte_size.hpp"

#include "core/strings.hpp"

namespace dd::core {

std::optional<std::int64_t> parse_byte_size(std::string_view s) {
  s = trim(s);
  std::size_t digits = 0;
  while (digits < s.size() && s[digits] >= '0' && s[digits] <= '9') ++digits;
  auto n = parse_int(s.substr(0, digits));
  if (!n) return std::nullopt;
  std::string unit = to_lower(trim(s.substr(digits)));
  if (!unit.empty() && unit.back() == 'b') unit.pop_back();
  if (unit.size() == 2 && unit.back() == 'i') unit.pop_back();
  int shift = 0;
  if (unit == "k")
    shift = 10;
  else if (unit == "m")
    shift = 20;
  else if (unit == "g")
    shift = 30;
  else if (unit == "t")
    shift = 40;
  else if (!unit.empty())
    return std::nullopt;
  if (*n > (std::int64_t{1} << 50) >> shift) return std::nullopt;
  return *n << shift;
}

}  // namespace dd::core
