#include "nccl/version.hpp"

#include <vector>

#include "core/strings.hpp"

namespace dd::nccl {

std::optional<Version> Version::parse(std::string_view text) {
  if (!text.empty() && (text.front() == 'v' || text.front() == 'V')) text.remove_prefix(1);
  auto dash = text.find('-');
  if (dash != std::string_view::npos) {
    auto suffix = core::parse_int(text.substr(dash + 1));
    if (!suffix || *suffix < 0) return std::nullopt;
    text = text.substr(0, dash);
  }
  auto parts = core::split(text, '.', true);
  if (parts.size() != 3) return std::nullopt;
  int values[3] = {0, 0, 0};
  for (std::size_t i = 0; i < 3; ++i) {
    auto v = core::parse_int(parts[i]);
    if (!v || *v < 0 || *v > 9999) return std::nullopt;
    values[i] = static_cast<int>(*v);
  }
  return Version{values[0], values[1], values[2]};
}

std::optional<Version> Version::from_code(long code) {
  if (code <= 0) return std::nullopt;
  if (code >= 20900) {  // NCCL_VERSION(X,Y,Z) = X*10000 + Y*100 + Z since 2.9
    return Version{static_cast<int>(code / 10000), static_cast<int>((code % 10000) / 100),
                   static_cast<int>(code % 100)};
  }
  if (code >= 1000 && code < 10000) {  // X*1000 + Y*100 + Z before 2.9
    return Version{static_cast<int>(code / 1000), static_cast<int>((code % 1000) / 100), static_cast<int>(code % 100)};
  }
  return std::nullopt;
}

std::string Version::to_string() const {
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

}  // namespace dd::nccl
