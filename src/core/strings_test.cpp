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

TEST(Strings, MentionsNameOnlyAsAWholeName) {
  EXPECT_TRUE(mentions_name("connect to node3:29500 refused", "node3"));
  EXPECT_TRUE(mentions_name("node3", "node3"));
  EXPECT_TRUE(mentions_name("probe from node3.", "node3"));
  EXPECT_TRUE(mentions_name("(node3) and node37", "node3"));
  EXPECT_FALSE(mentions_name("node37 cannot reach node1", "node3"));
  EXPECT_FALSE(mentions_name("xnode3 down", "node3"));
  EXPECT_FALSE(mentions_name("node3-b down", "node3"));
  EXPECT_FALSE(mentions_name("node3.dc1 down", "node3"));
  EXPECT_FALSE(mentions_name("anything", ""));
}

TEST(Strings, ShellQuote) {
  EXPECT_EQ(shell_quote("eth0"), "eth0");
  EXPECT_EQ(shell_quote("^docker,lo"), "^docker,lo");
  EXPECT_EQ(shell_quote("a b"), "'a b'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quote(""), "''");
}

TEST(Strings, ExpandsVariableInEachReadersForm) {
  EXPECT_TRUE(expands_variable("--rdzv_endpoint=$MASTER_HOST:29400", "MASTER_HOST"));
  EXPECT_TRUE(expands_variable("\"${MASTER_HOST}\"", "MASTER_HOST"));
  EXPECT_TRUE(expands_variable("${MASTER_HOST:-node0}", "MASTER_HOST"));
  EXPECT_TRUE(expands_variable("value: \"$(MASTER_HOST):29400\"", "MASTER_HOST"));
  EXPECT_TRUE(expands_variable("set EP=%MASTER_HOST%:29400", "MASTER_HOST"));
  EXPECT_TRUE(expands_variable("$env:MASTER_HOST", "MASTER_HOST"));
  EXPECT_FALSE(expands_variable("$MASTER_HOSTNAME", "MASTER_HOST"));
  EXPECT_FALSE(expands_variable("$$(MASTER_HOST)", "MASTER_HOST"));  // Kubernetes' escape: the literal text
  EXPECT_FALSE(expands_variable("MASTER_HOST=node0", "MASTER_HOST"));
  EXPECT_FALSE(expands_variable("$(hostname)", "host"));
  // in a shell `$(MASTER_HOST)` runs a command of that name: no variable is read
  EXPECT_FALSE(expands_variable("EP=$(MASTER_HOST):29400", "MASTER_HOST", false));
  EXPECT_TRUE(expands_variable("EP=${MASTER_HOST}:29400", "MASTER_HOST", false));
  EXPECT_FALSE(expands_variable("", "MASTER_HOST"));
}

}  // namespace dd::core
