#include "check/cuda_driver.hpp"

#include <gtest/gtest.h>

#include "os/fake/memory_file_tree.hpp"

namespace dd::check {
namespace {

TEST(CudaDriver, ProprietaryAndOpenKernelModuleLines) {
  os::fake::MemoryFileTree proprietary;
  proprietary.file(k_nvidia_version_file,
                   "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023\n"
                   "GCC version:  gcc version 12.2.0 (Debian 12.2.0-14)\n");
  auto a = read_cuda_driver(proprietary);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->version, "535.104.05");
  EXPECT_EQ(a->source, k_nvidia_version_file);

  os::fake::MemoryFileTree open;
  open.file(k_nvidia_version_file,
            "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  570.86.15  Release Build  "
            "(dvs-builder@U16-I3-B03-4-3)  Thu Jan 23 23:55:58 UTC 2025\nGCC version:  gcc version 12.2.0\n");
  ASSERT_TRUE(read_cuda_driver(open).has_value());
  EXPECT_EQ(read_cuda_driver(open)->version, "570.86.15");
}

TEST(CudaDriver, AbsentOrUnreadableIsUnknown) {
  os::fake::MemoryFileTree none;
  EXPECT_FALSE(read_cuda_driver(none).has_value());
  os::fake::MemoryFileTree garbage;
  garbage.file(k_nvidia_version_file, "GCC version: gcc version 12.2.0\nNVRM version: NVIDIA UNIX Kernel Module\n");
  EXPECT_FALSE(read_cuda_driver(garbage).has_value());
}

}  // namespace
}  // namespace dd::check
