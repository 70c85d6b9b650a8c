#include "nccl/ifname_filter.hpp"

#include <gtest/gtest.h>

namespace dd::nccl {
namespace {

TEST(NcclIfnameFilter, ShortValuesAreIgnored) {
  for (const char* v : {"", "l", "=", "^"}) {
    auto f = parse_ifname_list(v);
    EXPECT_TRUE(f.ignored) << v;
    EXPECT_FALSE(matches(f, "lo")) << v;
  }
  EXPECT_FALSE(parse_ifname_list("lo").ignored);
}

TEST(NcclIfnameFilter, CaretThenEquals) {
  auto f = parse_ifname_list("^=eth0");
  EXPECT_TRUE(f.negate);
  EXPECT_TRUE(f.exact);
  EXPECT_EQ(f.tokens, std::vector<std::string>{"eth0"});
  EXPECT_TRUE(matches(f, "lo"));
  EXPECT_FALSE(matches(f, "eth0"));
  EXPECT_TRUE(matches(f, "eth0:1"));

  auto g = parse_ifname_list("=^eth0");  // '^' after '=' is part of the name
  EXPECT_FALSE(g.negate);
  EXPECT_TRUE(g.exact);
  EXPECT_EQ(g.tokens, std::vector<std::string>{"^eth0"});
  EXPECT_FALSE(matches(g, "eth0"));
}

TEST(NcclIfnameFilter, PrefixCaseSensitiveNoTrim) {
  auto f = parse_ifname_list("eth1");
  EXPECT_TRUE(matches(f, "eth1"));
  EXPECT_TRUE(matches(f, "eth10"));
  EXPECT_FALSE(matches(f, "eth0"));
  EXPECT_FALSE(matches(parse_ifname_list("ETH0"), "eth0"));
  auto g = parse_ifname_list("lo, eth0");
  EXPECT_EQ(g.tokens, (std::vector<std::string>{"lo", " eth0"}));
  EXPECT_FALSE(matches(g, "eth0"));
}

TEST(NcclIfnameFilter, PortsAreStrippedAndExactAppliesToEveryToken) {
  auto f = parse_ifname_list("=eth0:1,=lo");
  EXPECT_EQ(f.tokens, (std::vector<std::string>{"eth0", "=lo"}));
  EXPECT_EQ(f.ports, (std::vector<std::string>{"1", ""}));
  EXPECT_TRUE(matches(f, "eth0"));
  EXPECT_FALSE(matches(f, "eth0:1"));
  EXPECT_FALSE(matches(f, "lo"));
  EXPECT_TRUE(matches(parse_ifname_list("eth0:1"), "eth0:1"));
}

TEST(NcclIfnameFilter, EmptyListMatchesEverythingBeforeNegation) {
  EXPECT_TRUE(matches(parse_ifname_list("=,"), "lo"));
  EXPECT_FALSE(matches(parse_ifname_list("^,"), "eth0"));
  EXPECT_FALSE(matches(parse_ifname_list("^="), "eth0"));
}

TEST(NcclIfnameFilter, SixteenNonEmptyTokensCountedAfterDroppingEmptyAndBarePorts) {
  // Correction 2: empty entries and bare ':port' entries do not count towards the 16.
  std::string v = ",:1234,x1,,x2,x3,x4,x5,x6,x7,x8,x9,x10,x11,x12,x13,x14,:5,x15,eth0";
  auto f = parse_ifname_list(v);
  ASSERT_EQ(f.tokens.size(), 16u);
  EXPECT_EQ(f.tokens.back(), "eth0");
  EXPECT_TRUE(f.dropped.empty());
  auto g = parse_ifname_list("x1,x2,x3,x4,x5,x6,x7,x8,x9,x10,x11,x12,x13,x14,x15,x16,eth0");
  EXPECT_EQ(g.tokens.size(), 16u);
  EXPECT_EQ(g.dropped, std::vector<std::string>{"eth0"});
  EXPECT_FALSE(matches(g, "eth0"));
}

TEST(NcclIfnameFilter, WithoutExactSyntaxEqualsIsAName) {
  auto f = parse_ifname_list("=eth0", ExactSyntax::unsupported);
  EXPECT_FALSE(f.exact);
  EXPECT_EQ(f.tokens, std::vector<std::string>{"=eth0"});
  EXPECT_FALSE(matches(f, "eth0"));
}

TEST(NcclIfnameFilter, Describe) {
  EXPECT_EQ(describe(parse_ifname_list("^docker")), "'^docker' (exclude prefix)");
  EXPECT_EQ(describe(parse_ifname_list("=eth0")), "'=eth0' (exact)");
}

}  // namespace
}  // namespace dd::nccl
