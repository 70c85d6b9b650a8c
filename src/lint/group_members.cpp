// only_group_members_call (python_checks.hpp): a collective on a subgroup called by exactly its
// members is not a rank-branch mismatch. Read from torch.distributed: new_group() is called by every
// rank (a collective itself); a collective on a group the calling rank is not in returns at once with
// a warning (distributed_c10d.py, _rank_not_in_group), so only the members need to call it.
#include <optional>
#include <regex>
#include <set>
#include <string>

#include "lint/python_checks.hpp"

namespace dd::lint::detail {

namespace {

// The ranks in `[0, 1]` / `(0, 1)` / `[0]` written as integer literals; nullopt for any other text.
std::optional<std::set<long>> literal_ranks(std::string_view text) {
  static const std::regex list(R"(^\s*[\[(]\s*(\d+\s*(,\s*\d+\s*)*,?)?\s*[\])]\s*$)");
  std::string s(text);
  if (!std::regex_match(s, list)) return std::nullopt;
  std::set<long> out;
  static const std::regex number(R"(\d+)");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), number); it != std::sregex_iterator(); ++it)
    out.insert(std::stol(it->str()));
  return out;
}

// The ranks a rank test admits when it is exactly `NAME == K`, `K == NAME` or `NAME in (K, ...)`.
std::optional<std::set<long>> ranks_admitted(std::string_view condition) {
  static const std::regex equal(R"(^\s*[A-Za-z_][\w.]*(\(\))?\s*==\s*(\d+)\s*$)");
  static const std::regex equal_rev(R"(^\s*(\d+)\s*==\s*[A-Za-z_][\w.]*(\(\))?\s*$)");
  static const std::regex in(R"(^\s*[A-Za-z_][\w.]*(\(\))?\s+in\s+([\[(].*[\])])\s*$)");
  std::string s(condition);
  std::smatch m;
  if (std::regex_match(s, m, equal)) return std::set<long>{std::stol(m[2].str())};
  if (std::regex_match(s, m, equal_rev)) return std::set<long>{std::stol(m[1].str())};
  if (std::regex_match(s, m, in)) return literal_ranks(m[2].str());
  return std::nullopt;
}

// The members named by the new_group call `group` is bound to, where that call runs on every rank.
std::optional<std::set<long>> group_ranks(const PythonTree& tree, const PythonFacts& facts, const PyCall& call,
                                          TSNode group) {
  if (!PythonTree::is(group, "identifier")) return std::nullopt;
  const PyBinding* b = facts.binding(call.scope, std::string(tree.text(group)), call.byte);
  if (b == nullptr || !PythonTree::is(b->rhs, "call")) return std::nullopt;
  const PyCall* made = nullptr;
  for (const auto& c : facts.calls)
    if (ts_node_eq(c.node, b->rhs)) made = &c;
  if (made == nullptr || made->last != "new_group" || made->guard.line != 0) return std::nullopt;
  TSNode args = PythonTree::field(b->rhs, "arguments");
  TSNode members{};
  for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
    TSNode a = ts_node_named_child(args, i);
    bool kw = PythonTree::is(a, "keyword_argument");
    if (kw && tree.text(PythonTree::field(a, "name")) == "ranks") members = PythonTree::field(a, "value");
    if (!kw && i == 0) members = a;
  }
  if (ts_node_is_null(members)) return std::nullopt;
  return literal_ranks(tree.text(members));
}

}  // namespace

bool only_group_members_call(const PythonTree& tree, const PythonFacts& facts, const PyCall& call) {
  if (call.guard.line == 0 || !call.guard.other.empty() || !call.guard.in_body) return false;
  auto admitted = ranks_admitted(call.guard.condition);
  if (!admitted || admitted->empty()) return false;
  TSNode args = PythonTree::field(call.node, "arguments");
  for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
    TSNode a = ts_node_named_child(args, i);
    if (!PythonTree::is(a, "keyword_argument") || tree.text(PythonTree::field(a, "name")) != "group") continue;
    auto members = group_ranks(tree, facts, call, PythonTree::field(a, "value"));
    return members && *members == *admitted;
  }
  return false;
}

}  // namespace dd::lint::detail
