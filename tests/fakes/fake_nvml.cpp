// A stand-in for the driver's libnvidia-ml.so.1 in unit tests (watch/gpu_util_test.cpp): the NVML
// calls watch makes, with two GPUs, GPU 0 busy and GPU 1 idle. DD_FAKE_NVML_INIT_RC, when set, is
// what nvmlInit_v2 returns (a driver that is installed but not working).
#include <cstdlib>
#include <cstring>

namespace {
struct Utilization {
  unsigned int gpu;
  unsigned int memory;
};
int devices[2];
}  // namespace

extern "C" {
int nvmlInit_v2() {
  const char* rc = std::getenv("DD_FAKE_NVML_INIT_RC");
  return rc != nullptr ? std::atoi(rc) : 0;
}
int nvmlShutdown() { return 0; }
int nvmlDeviceGetCount_v2(unsigned int* n) {
  *n = 2;
  return 0;
}
int nvmlDeviceGetHandleByIndex_v2(unsigned int i, void** dev) {
  if (i >= 2) return 2;  // NVML_ERROR_INVALID_ARGUMENT
  *dev = &devices[i];
  return 0;
}
int nvmlDeviceGetUtilizationRates(void* dev, Utilization* u) {
  bool busy = dev == &devices[0];
  u->gpu = busy ? 97 : 0;
  u->memory = busy ? 41 : 0;
  return 0;
}
int nvmlDeviceGetName(void*, char* name, unsigned int length) {
  std::strncpy(name, "Fake H100", length);
  return 0;
}
}
