// RankGuard::in_body, set where python_facts.cpp builds the guard, against the branch key (an odd
// `branch` whose (branch - 1) / 2 is the start byte of an enclosing `if` is that if's body). The two
// must name the same guards: group members (group_members.cpp) and the rank-branch split
// (rank_branch_split.cpp) read only the flag, python_rules.cpp groups calls by the key.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "lint/python_facts.hpp"
#include "lint/python_tree.hpp"

namespace dd::lint {
namespace {

bool encoded_as_body(const PyCall& c) {
  if (c.guard.branch % 2 == 0) return false;
  for (TSNode n = ts_node_parent(c.node); !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (PythonTree::is(n, "if_statement") && ts_node_start_byte(n) * 2 + 1 == c.guard.branch) return true;
  }
  return false;
}

TEST(PythonFactsRankGuard, InBodyIsTheIfBodyExactlyWhereTheBranchEncodingSaysSo) {
  const std::string source =
      "import torch.distributed as dist\n"
      "\n"
      "def main(rank, t):\n"
      "    if rank == 0:\n"
      "        dist.broadcast(t, 0)\n"
      "        if t.numel() > 1:\n"
      "            dist.all_reduce(t)\n"
      "    else:\n"
      "        dist.recv(t, 0)\n"
      "    if rank == 1 and t.numel() > 0:\n"
      "        dist.send(t, 0)\n"
      "    elif rank == 2:\n"
      "        dist.barrier()\n"
      "    if t.numel() == 0:\n"
      "        pass\n"
      "    elif rank == 3:\n"
      "        dist.all_gather([t], t)\n"
      "    if rank != 0:\n"
      "        return\n"
      "    dist.reduce(t, 0)\n";
  auto tree = PythonTree::parse(source);
  ASSERT_NE(tree, nullptr);
  auto facts = collect_facts(*tree);
  std::map<std::string, bool> in_body;
  int guarded = 0;
  for (const auto& c : facts.calls) {
    if (c.guard.line == 0) continue;
    ++guarded;
    EXPECT_EQ(c.guard.in_body, encoded_as_body(c)) << c.name << " at line " << c.line;
    if (c.name.rfind("dist.", 0) == 0) in_body[c.last] = c.guard.in_body;
  }
  EXPECT_GE(guarded, 8);
  const std::map<std::string, bool> want = {{"broadcast", true}, {"all_reduce", true}, {"recv", false},
                                            {"send", true},      {"barrier", false},   {"all_gather", false},
                                            {"reduce", false}};
  EXPECT_EQ(in_body, want);
}

// One reader of Python's number literals for every rule (the timeout rule's days, TF_CONFIG's
// literal values): hex, octal, binary and separated digits read as Python reads them.
TEST(PythonNumbers, IntegerLiteralsReadAsPythonReadsThem) {
  EXPECT_EQ(python_integer("0x708"), 1800);
  EXPECT_EQ(python_integer("1_800"), 1800);
  EXPECT_EQ(python_integer("0o17"), 15);
  EXPECT_EQ(python_integer("0b101"), 5);
  EXPECT_EQ(python_integer("7"), 7);
  EXPECT_FALSE(python_integer("1.5").has_value());
  EXPECT_FALSE(python_integer("0x").has_value());
  EXPECT_FALSE(python_integer("99999999999999999999999").has_value());
  EXPECT_DOUBLE_EQ(python_number("0x708"), 1800);
  EXPECT_DOUBLE_EQ(python_number("1.8e3"), 1800);
  const std::string source = "cfg = {\"task\": {\"type\": \"worker\", \"index\": 0x1}}\n";
  auto tree = PythonTree::parse(source);
  ASSERT_TRUE(tree);
  TSNode dict = ts_node_named_child(ts_node_named_child(ts_node_named_child(tree->root(), 0), 0), 1);
  auto json = literal_json(*tree, dict);
  ASSERT_TRUE(json.has_value());
  EXPECT_NE(json->find("\"index\":1"), std::string::npos) << *json;
}

}  // namespace
}  // namespace dd::lint
