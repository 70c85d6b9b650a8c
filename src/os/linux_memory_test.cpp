#include "os/linux_memory.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace dd::os {
namespace {

TEST(LinuxMemory, ResizeHugeKeepsTheOldValuesAndZeroesTheNew) {
  std::vector<float> v = {1.0f, 2.0f, 3.0f};
  resize_huge(v, 3u << 20);  // 12 MiB: several 2 MiB-aligned huge pages inside
  ASSERT_EQ(3u << 20, v.size());
  EXPECT_EQ(1.0f, v[0]);
  EXPECT_EQ(3.0f, v[2]);
  EXPECT_EQ(0.0f, v[3]);
  EXPECT_EQ(0.0f, v.back());
  v[100] = 7.0f;
  resize_huge(v, 10);  // never shrinks
  EXPECT_EQ(3u << 20, v.size());
  EXPECT_EQ(7.0f, v[100]);
}

TEST(LinuxMemory, AdviceOnRangesWithoutAWholeHugePageIsANoOp) {
  advise_huge_pages(nullptr, 1u << 30);
  std::vector<char> small(4096, 'x');
  advise_huge_pages(small.data(), small.size());
  EXPECT_EQ('x', small[4095]);
}

}  // namespace
}  // namespace dd::os
