#include "env/launchers/slurm_hostlist.hpp"

#include <gtest/gtest.h>

namespace dd::env::launchers {
namespace {

using V = std::vector<std::string>;

TEST(SlurmHostlist, ExpandsRangesWithPaddingAndSingles) {
  auto r = expand_hostlist("gpu[01-04,07],login1");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(*r, (V{"gpu01", "gpu02", "gpu03", "gpu04", "gpu07", "login1"}));
}

TEST(SlurmHostlist, PaddingFollowsLowBoundAcrossWidthChange) {
  auto r = expand_hostlist("n[08-10]");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, (V{"n08", "n09", "n10"}));
  auto u = expand_hostlist("n[9-11]");
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(*u, (V{"n9", "n10", "n11"}));
}

TEST(SlurmHostlist, SeveralGroupsMultiplyAndSuffixKept) {
  auto r = expand_hostlist("r[1-2]n[1-2]-ib");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, (V{"r1n1-ib", "r1n2-ib", "r2n1-ib", "r2n2-ib"}));
}

TEST(SlurmHostlist, BadSyntaxNamesTheProblem) {
  auto a = expand_hostlist("gpu[01-04");
  ASSERT_FALSE(a.ok());
  EXPECT_NE(a.error().message.find("unbalanced"), std::string::npos);
  auto b = expand_hostlist("gpu[4-1]");
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("bad range '4-1'"), std::string::npos);
  EXPECT_FALSE(expand_hostlist("gpu[x]").ok());
  EXPECT_FALSE(expand_hostlist("n[0-99999999]").ok());
  EXPECT_FALSE(expand_hostlist("").ok());
}

}  // namespace
}  // namespace dd::env::launchers
