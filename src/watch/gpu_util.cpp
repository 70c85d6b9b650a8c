#include "watch/gpu_util.hpp"

#include <dlfcn.h>

#include <fmt/format.h>

namespace dd::watch {

namespace {

// NVML's C API as its header declares it (nvml.h): every call returns 0 (NVML_SUCCESS) on success.
using NvmlDevice = void*;
struct NvmlUtilization {
  unsigned int gpu;
  unsigned int memory;
};
using InitFn = int (*)();
using ShutdownFn = int (*)();
using CountFn = int (*)(unsigned int*);
using HandleFn = int (*)(unsigned int, NvmlDevice*);
using UtilFn = int (*)(NvmlDevice, NvmlUtilization*);
using NameFn = int (*)(NvmlDevice, char*, unsigned int);

constexpr unsigned k_max_gpus = 64;

template <typename Fn>
Fn symbol(void* lib, const char* name) {
  return reinterpret_cast<Fn>(::dlsym(lib, name));
}

}  // namespace

GpuReport read_gpu_utilisation(const std::string& library) {
  GpuReport rep;
  void* lib = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (lib == nullptr) {
    rep.why = fmt::format("no NVIDIA driver here ({} cannot be loaded): GPU utilisation not read", library);
    return rep;
  }
  auto init = symbol<InitFn>(lib, "nvmlInit_v2");
  auto shutdown = symbol<ShutdownFn>(lib, "nvmlShutdown");
  auto count = symbol<CountFn>(lib, "nvmlDeviceGetCount_v2");
  auto handle = symbol<HandleFn>(lib, "nvmlDeviceGetHandleByIndex_v2");
  auto util = symbol<UtilFn>(lib, "nvmlDeviceGetUtilizationRates");
  auto name = symbol<NameFn>(lib, "nvmlDeviceGetName");
  if (!init || !shutdown || !count || !handle || !util) {
    rep.why = fmt::format("{} lacks the NVML calls watch uses: GPU utilisation not read", library);
  } else if (int rc = init(); rc != 0) {
    rep.why = fmt::format("NVML did not start (nvmlInit_v2 returned {}): GPU utilisation not read", rc);
  } else {
    rep.available = true;
    unsigned n = 0;
    if (count(&n) != 0) n = 0;
    for (unsigned i = 0; i < n && i < k_max_gpus; ++i) {
      NvmlDevice dev = nullptr;
      NvmlUtilization u{};
      if (handle(i, &dev) != 0 || util(dev, &u) != 0) continue;
      GpuReading g{i, "", u.gpu, u.memory};
      char buf[96] = {};
      if (name && name(dev, buf, sizeof buf - 1) == 0) g.name = buf;
      rep.gpus.push_back(std::move(g));
    }
    shutdown();
  }
  ::dlclose(lib);
  return rep;
}

std::vector<std::string> gpu_lines(const GpuReport& report) {
  if (!report.available) return {report.why};
  if (report.gpus.empty()) return {"NVML sees no GPU on this node"};
  std::vector<std::string> out;
  for (const auto& g : report.gpus) {
    std::string meaning = g.gpu_pct >= 90 ? "busy: a long kernel, or an NCCL kernel spinning on a peer that never sends"
                          : g.gpu_pct <= 5
                              ? "idle: its rank waits on the host side (input, a collective not entered, the network)"
                              : "partly busy";
    out.push_back(fmt::format("GPU {}{}: {}% busy, memory {}% - {}", g.index, g.name.empty() ? "" : " (" + g.name + ")",
                              g.gpu_pct, g.memory_pct, meaning));
  }
  return out;
}

}  // namespace dd::watch
