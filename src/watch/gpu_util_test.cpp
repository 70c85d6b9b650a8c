// NVML through dlopen, against a fake libnvidia-ml (tests/fakes/fake_nvml.cpp) and a missing one.
#include "watch/gpu_util.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace dd::watch {
namespace {

TEST(WatchGpu, ReadsEveryGpuThroughNvmlAndSaysWhatBusyAndIdleMean) {
  ::unsetenv("DD_FAKE_NVML_INIT_RC");
  auto rep = read_gpu_utilisation(DD_FAKE_NVML);
  ASSERT_TRUE(rep.available) << rep.why;
  ASSERT_EQ(rep.gpus.size(), 2u);
  EXPECT_EQ(rep.gpus[0].gpu_pct, 97u);
  EXPECT_EQ(rep.gpus[0].memory_pct, 41u);
  EXPECT_EQ(rep.gpus[0].name, "Fake H100");
  EXPECT_EQ(rep.gpus[1].gpu_pct, 0u);
  auto lines = gpu_lines(rep);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find("GPU 0 (Fake H100): 97% busy"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("spinning on a peer"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("idle"), std::string::npos) << lines[1];
}

TEST(WatchGpu, NoDriverIsOneLineNotAnError) {
  auto rep = read_gpu_utilisation("/nonexistent/libnvidia-ml.so.1");
  EXPECT_FALSE(rep.available);
  auto lines = gpu_lines(rep);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("no NVIDIA driver here"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("/nonexistent/libnvidia-ml.so.1"), std::string::npos);
}

TEST(WatchGpu, ADriverThatDoesNotStartIsSaid) {
  ::setenv("DD_FAKE_NVML_INIT_RC", "9", 1);  // NVML_ERROR_DRIVER_NOT_LOADED
  auto rep = read_gpu_utilisation(DD_FAKE_NVML);
  ::unsetenv("DD_FAKE_NVML_INIT_RC");
  EXPECT_FALSE(rep.available);
  EXPECT_NE(rep.why.find("nvmlInit_v2 returned 9"), std::string::npos) << rep.why;
}

}  // namespace
}  // namespace dd::watch
