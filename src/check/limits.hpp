// Resource limits of this process (/proc/self/limits) and the findings they cause: memlock too
// low for InfiniBand memory registration (ibv_reg_mr fails, NCCL falls back or aborts), and an
// open-files limit too low for NCCL's sockets plus DataLoader workers.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "core/result.hpp"
#include "os/file_tree.hpp"

namespace dd::check {

struct Limit {
  std::optional<std::uint64_t> soft;  // nullopt = unlimited
  std::optional<std::uint64_t> hard;
};

// Keyed by the row name in /proc/self/limits: "Max locked memory", "Max open files", ...
using ProcessLimits = std::map<std::string, Limit>;

inline constexpr const char* k_limit_memlock = "Max locked memory";
inline constexpr const char* k_limit_nofile = "Max open files";

// Parses the /proc/<pid>/limits table; error (unreadable) names the line that does not parse.
core::Result<ProcessLimits> parse_limits(const std::string& text);

// /proc/self/limits through the tree; nullopt when missing or unparseable.
std::optional<ProcessLimits> read_limits(const os::FileTree& tree);

// "unlimited", "64 KiB", "8 MiB", "1.5 GiB".
std::string format_bytes(std::optional<std::uint64_t> bytes);

// Findings (label resource-limits): memlock below unlimited when InfiniBand devices are usable
// (`ib_in_use`), error at 64 MiB or less; open files below 4096 (warning).
// `in_container` selects docker/k8s fix text rather than limits.conf.
std::vector<core::Finding> limits_findings(const ProcessLimits& limits, bool ib_in_use, bool in_container);

}  // namespace dd::check
