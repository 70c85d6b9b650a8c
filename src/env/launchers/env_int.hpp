// Reading integer launcher variables: absent -> nullopt, malformed -> error naming the variable.
#pragma once

#include <optional>
#include <string>

#include "core/result.hpp"
#include "os/environment.hpp"

namespace dd::env::launchers {

// The value of `name` as a non-negative int; nullopt (in the Result) when unset.
core::Result<std::optional<int>> env_int(const os::Environment& env, const std::string& name);

}  // namespace dd::env::launchers
