#include "nccl/version.hpp"

#include <gtest/gtest.h>

namespace dd::nccl {
namespace {

TEST(NcclVersion, ParseAndCodes) {
  EXPECT_EQ(Version::parse("2.28.9"), (Version{2, 28, 9}));
  EXPECT_EQ(Version::parse("v2.19.3-1"), (Version{2, 19, 3}));
  EXPECT_FALSE(Version::parse("2.28"));
  EXPECT_FALSE(Version::parse("2.x.1"));
  EXPECT_FALSE(Version::parse(""));
  EXPECT_EQ(Version::from_code(22809), (Version{2, 28, 9}));
  EXPECT_EQ(Version::from_code(21003), (Version{2, 10, 3}));
  EXPECT_EQ(Version::from_code(2708), (Version{2, 7, 8}));
  EXPECT_FALSE(Version::from_code(0));
  EXPECT_FALSE(Version::from_code(15000));
  EXPECT_EQ((Version{2, 28, 9}.to_string()), "2.28.9");
}

TEST(NcclVersion, OrderAndFeatures) {
  EXPECT_LT((Version{2, 9, 9}), (Version{2, 10, 0}));
  EXPECT_TRUE((Version{2, 28, 3}).has_running_filter());
  EXPECT_FALSE((Version{2, 28, 2}).has_running_filter());
  EXPECT_FALSE((Version{2, 28, 2}).has_virbr_step());
  EXPECT_TRUE((Version{2, 5, 6}).has_exact_syntax());
  EXPECT_FALSE((Version{2, 5, 5}).has_exact_syntax());
  EXPECT_TRUE((Version{2, 7, 8}).has_list_bootstrap());
  EXPECT_FALSE((Version{2, 8, 3}).has_list_bootstrap());
  EXPECT_FALSE((Version{2, 4, 7}).has_list_bootstrap());
  EXPECT_EQ(k_default_version, (Version{2, 28, 9}));
}

}  // namespace
}  // namespace dd::nccl
