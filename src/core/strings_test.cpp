#include "core/strings.hpp"

#include <gtest/gtest.h>

namespace dd::core {

TEST(Strings, SplitDropsEmptyUnlessAsked) {
  EXPECT_EQ(split("a,,b", ','), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(split("a,,b", ',', true), (std::vector<std::string>{"a", "", "b"}));
}

TEST(Strings, ParseIntRejectsTrailingJunk) {
  EXPECT_EQ(parse_int("42"), 42);
  EXPECT_FALSE(parse_int("42x").has_value());
  EXPECT_FALSE(parse_int("").has_value());
}

TEST(Strings, EditDistance) {
  EXPECT_EQ(edit_distance("NCCL_SOCKET_IFNAMES", "NCCL_SOCKET_IFNAME"), 1u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
}

TEST(Strings, ShellQuote) {
  EXPECT_EQ(shell_quote("eth0"), "eth0");
  EXPECT_EQ(shell_quote("^docker,lo"), "^docker,lo");
  EXPECT_EQ(shell_quote("a b"), "'a b'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quote(""), "''");
}

}  // namespace dd::core
