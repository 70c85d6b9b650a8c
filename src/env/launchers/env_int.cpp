#include "env/launchers/env_int.hpp"

#include <fmt/format.h>

#include "core/strings.hpp"

namespace dd::env::launchers {

core::Result<std::optional<int>> env_int(const os::Environment& env, const std::string& name) {
  auto v = env.get(name);
  if (!v) return std::optional<int>{};
  auto n = core::parse_int(core::trim(*v));
  if (!n || *n < 0 || *n > 1'000'000'000)
    return core::make_error(core::ErrorKind::usage, fmt::format("{}='{}': expected a non-negative integer", name, *v));
  return std::optional<int>(static_cast<int>(*n));
}

}  // namespace dd::env::launchers
