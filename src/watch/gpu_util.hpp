// GPU utilisation at a stall, read through NVML loaded at run time (dlopen of the driver's
// libnvidia-ml.so.1: no link-time dependency, nothing needed where there is no GPU). A stalled job
// with busy GPUs is inside long kernels (or NCCL kernels spinning on a peer that never sends); with
// idle GPUs the ranks wait on the host side (data loader, a collective not entered, the network).
#pragma once

#include <string>
#include <vector>

namespace dd::watch {

struct GpuReading {
  unsigned index = 0;
  std::string name;
  unsigned gpu_pct = 0;     // time a kernel ran over the driver's last sample period
  unsigned memory_pct = 0;  // time device memory was read or written
};

struct GpuReport {
  bool available = false;  // NVML loaded and initialised
  std::string why;         // when not available: one line saying why
  std::vector<GpuReading> gpus;
};

inline constexpr const char* k_nvml_library = "libnvidia-ml.so.1";

// Loads `library`, reads every device's utilisation and unloads it again.
GpuReport read_gpu_utilisation(const std::string& library = k_nvml_library);

// The stall report's lines: one per GPU with what it means, or the one line saying why none.
std::vector<std::string> gpu_lines(const GpuReport& report);

}  // namespace dd::watch
