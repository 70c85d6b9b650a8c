// Slurm hostlist expansion: "gpu[01-04,07],login1" -> gpu01 gpu02 gpu03 gpu04 gpu07 login1.
// Zero padding follows the written width of each range's low bound ("[08-10]" -> 08 09 10);
// several bracket groups in one name multiply ("r[1-2]n[1-2]"). Checked against Slurm's
// documented hostlist syntax (scontrol show hostnames).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace dd::env::launchers {

// At most this many names are produced; larger lists are an error (a typo like [1-9999999]).
inline constexpr std::size_t k_max_hostlist = 65536;

// Expand a hostlist; error (unreadable) naming the text and the problem on bad syntax.
core::Result<std::vector<std::string>> expand_hostlist(std::string_view list);

}  // namespace dd::env::launchers
