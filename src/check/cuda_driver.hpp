// The NVIDIA driver version of this node, from the kernel module's own line in
// /proc/driver/nvidia/version (present wherever the driver is loaded, containers with GPUs
// included). NCCL and the CUDA runtime need a driver at least as new as they were built for;
// preflight compares it across nodes.
#pragma once

#include <optional>
#include <string>

#include "os/file_tree.hpp"

namespace dd::check {

inline constexpr const char* k_nvidia_version_file = "/proc/driver/nvidia/version";

struct CudaDriver {
  std::string version;  // "535.104.05"
  std::string source;   // the file it came from
};

// The version from the "NVRM version:" line (proprietary and open kernel modules); nullopt when
// the file is absent (no NVIDIA driver) or names no version.
std::optional<CudaDriver> read_cuda_driver(const os::FileTree& files);

}  // namespace dd::check
