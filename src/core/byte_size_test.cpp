#include "core/byte_size.hpp"

#include <gtest/gtest.h>

namespace dd::core {

TEST(ByteSize, BinaryUnits) {
  EXPECT_EQ(parse_byte_size("4MB"), 4194304);
  EXPECT_EQ(parse_byte_size("4 MiB"), 4194304);
  EXPECT_EQ(parse_byte_size("64m"), 64 << 20);
  EXPECT_EQ(parse_byte_size("512k"), 512 << 10);
  EXPECT_EQ(parse_byte_size("1g"), std::int64_t{1} << 30);
  EXPECT_EQ(parse_byte_size("4096"), 4096);
  EXPECT_EQ(parse_byte_size("4096b"), 4096);
  for (const char* bad : {"", "MB", "1.5MB", "-4MB", "4 MB x", "4xb", "4i", "2000000t"}) {
    EXPECT_FALSE(parse_byte_size(bad).has_value()) << bad;
  }
}

}  // namespace dd::core
