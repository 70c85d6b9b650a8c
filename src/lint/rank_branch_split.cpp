// The edit for lint.torch.collective-under-rank-branch: moving
// only the collective's line out of the branch leaves the names it reads, computed above it inside
// the branch, undefined (`avg = loss.detach().clone(); dist.all_reduce(avg)`: NameError on every
// rank). So the branch is split where the collective ends instead:
//
//   if rank == 0 and step % N == 0:        if step % N == 0:
//       avg = loss.detach().clone()            avg = loss.detach().clone()
//       dist.all_reduce(avg)          ->       dist.all_reduce(avg)
//       print(avg)                         if rank == 0 and step % N == 0:
//                                              print(avg)
//
// The statements up to the collective keep their order and their text (only when each computes
// what it reads, `x = ...` or `a, b = ...`, and every rank may run it (`movable`: no collective, no
// print or save, in it or in a function of the file it calls); else the fix is prose); they run on every rank
// (under the condition's part that does not test the rank, or dedented when there is none), and
// the rest stays under the whole condition. Only for the plain shape: an `if` without elif/else,
// its condition on the `if` line, each collective a statement of the branch's own block, no
// triple-quoted string in it (its lines must not move).
//
// The same call after `if <rank>: return` (split_early_return, fix-2026-12-07n p08): the ranks that
// return never reach it. The work between the return and the call stays on the ranks that did not
// return, under the condition negated, and the call runs on every rank after it:
//
//   if dist.get_rank() != 0:              if dist.get_rank() == 0:
//       return                                torch.save(model.state_dict(), path)
//   torch.save(model.state_dict(), path)  dist.barrier()
//   dist.barrier()                  ->
//
// Statements after the call return early again (`if <rank>: return` re-written after it). Only when
// the work does not touch a name the call reads (moved under the condition, the other ranks would
// call it with names they never set) and the call is one statement of the same block.
#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/strings.hpp"
#include "lint/python_checks.hpp"

namespace dd::lint::detail {

namespace {

int first_line(TSNode n) { return static_cast<int>(ts_node_start_point(n).row) + 1; }
int last_line(TSNode n) { return static_cast<int>(ts_node_end_point(n).row) + 1; }

std::string_view leading_blanks(std::string_view l) {
  auto e = l.find_first_not_of(" \t");
  return l.substr(0, e == std::string_view::npos ? l.size() : e);
}

// The statement of `block` that holds `call` with no other block between them (null otherwise).
TSNode statement_in(TSNode call, TSNode block) {
  TSNode n = call;
  while (!ts_node_is_null(n)) {
    TSNode parent = ts_node_parent(n);
    if (ts_node_is_null(parent)) return TSNode{};
    if (ts_node_eq(parent, block)) return PythonTree::is(n, "expression_statement") ? n : TSNode{};
    if (PythonTree::is(parent, "block")) return TSNode{};
    n = parent;
  }
  return TSNode{};
}

// The names a statement `x = ...` / `x += ...` / `a, b = ...` binds (empty for any other statement).
std::vector<std::string> assigned(const PythonTree& tree, TSNode s) {
  TSNode a = PythonTree::is(s, "expression_statement") ? ts_node_named_child(s, 0) : TSNode{};
  if (!PythonTree::is(a, "assignment") && !PythonTree::is(a, "augmented_assignment")) return {};
  TSNode left = PythonTree::field(a, "left");
  if (PythonTree::is(left, "identifier")) return {std::string(tree.text(left))};
  if (!PythonTree::is(left, "pattern_list") && !PythonTree::is(left, "tuple_pattern")) return {};
  std::vector<std::string> out;
  for (uint32_t i = 0; i < ts_node_named_child_count(left); ++i) {
    TSNode n = ts_node_named_child(left, i);
    if (!PythonTree::is(n, "identifier")) return {};
    out.emplace_back(tree.text(n));
  }
  return out;
}

// Every statement of `body` before `split` computes a name the collective reads (directly, or
// through a later such statement) and may run on every rank (`movable`). Anything else (a print, a
// save) must stay on rank 0, so the branch is not split. The collectives' own statements
// (`collectives`: Lightning's trainer.save_checkpoint before a barrier, r14) move as they are.
bool only_inputs_before(const PythonTree& tree, TSNode body, TSNode split, const std::vector<TSNode>& collectives,
                        const std::function<bool(TSNode)>& movable) {
  std::set<std::string> needed;
  identifiers(tree, split, needed);
  std::vector<TSNode> before;
  for (uint32_t i = 0; i < ts_node_named_child_count(body); ++i) {
    TSNode s = ts_node_named_child(body, i);
    if (ts_node_start_byte(s) >= ts_node_start_byte(split)) break;
    bool collective = std::any_of(collectives.begin(), collectives.end(), [&](TSNode c) { return ts_node_eq(c, s); });
    if (collective) identifiers(tree, s, needed);
    if (!PythonTree::is(s, "comment") && !collective) before.push_back(s);
  }
  for (auto it = before.rbegin(); it != before.rend(); ++it) {
    auto names = assigned(tree, *it);
    bool used = std::any_of(names.begin(), names.end(), [&](const std::string& n) { return needed.count(n) != 0; });
    if (!used || !movable(*it)) return false;
    identifiers(tree, PythonTree::field(ts_node_named_child(*it, 0), "right"), needed);
  }
  return true;
}

}  // namespace

void identifiers(const PythonTree& tree, TSNode n, std::set<std::string>& out, int depth) {
  if (ts_node_is_null(n) || depth > 64) return;
  if (PythonTree::is(n, "identifier")) out.insert(std::string(tree.text(n)));
  for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i)
    identifiers(tree, ts_node_named_child(n, i), out, depth + 1);
}

int first_input_line(const PythonTree& tree, TSNode call, int guard_line) {
  TSNode stmt = call;
  while (!ts_node_is_null(stmt) && !ts_node_is_null(ts_node_parent(stmt)) &&
         !PythonTree::is(ts_node_parent(stmt), "block")) {
    stmt = ts_node_parent(stmt);
  }
  TSNode body = ts_node_parent(stmt);
  if (ts_node_is_null(body) || first_line(body) <= guard_line) return 0;
  std::set<std::string> needed;
  identifiers(tree, PythonTree::field(call, "arguments"), needed);
  int first = 0;
  std::vector<TSNode> before;
  for (uint32_t i = 0; i < ts_node_named_child_count(body); ++i) {
    TSNode s = ts_node_named_child(body, i);
    if (ts_node_start_byte(s) >= ts_node_start_byte(stmt)) break;
    before.push_back(s);
  }
  for (auto it = before.rbegin(); it != before.rend(); ++it) {
    auto names = assigned(tree, *it);
    if (!std::any_of(names.begin(), names.end(), [&](const std::string& n) { return needed.count(n) != 0; })) continue;
    first = first_line(*it);
    identifiers(tree, PythonTree::field(ts_node_named_child(*it, 0), "right"), needed);
  }
  return first;
}

std::optional<LineEdit> split_rank_branch(const FileContext& ctx, const PythonTree& tree,
                                          const std::vector<const PyCall*>& calls,
                                          const std::function<bool(TSNode)>& movable) {
  if (calls.empty()) return std::nullopt;
  const RankGuard& guard = calls.front()->guard;
  // Only the body of an `if` splits plainly: not an elif/else branch, not the rest of a block after
  // `if rank: return`. That `if` is the enclosing one that starts on the guard's line (no other
  // enclosing `if` can start there).
  if (!guard.in_body) return std::nullopt;
  TSNode if_node = ts_node_parent(calls.front()->node);
  while (!ts_node_is_null(if_node) && !(PythonTree::is(if_node, "if_statement") && first_line(if_node) == guard.line)) {
    if_node = ts_node_parent(if_node);
  }
  if (ts_node_is_null(if_node)) return std::nullopt;
  for (uint32_t i = 0; i < ts_node_named_child_count(if_node); ++i) {
    auto t = PythonTree::type(ts_node_named_child(if_node, i));
    if (t == "elif_clause" || t == "else_clause") return std::nullopt;
  }
  TSNode cond = PythonTree::field(if_node, "condition");
  TSNode body = PythonTree::field(if_node, "consequence");
  int if_line = first_line(if_node);
  if (ts_node_is_null(cond) || ts_node_is_null(body) || last_line(cond) != if_line || first_line(body) <= if_line)
    return std::nullopt;

  // The last collective's statement ends the part every rank runs.
  TSNode split{};
  std::vector<TSNode> statements;
  for (const auto* c : calls) {
    TSNode s = statement_in(c->node, body);
    if (ts_node_is_null(s)) return std::nullopt;
    statements.push_back(s);
    if (ts_node_is_null(split) || ts_node_end_byte(s) > ts_node_end_byte(split)) split = s;
  }
  if (!only_inputs_before(tree, body, split, statements, movable)) return std::nullopt;
  int head_end = last_line(split);
  int block_end = head_end;
  bool tail = false;
  for (uint32_t i = 0; i < ts_node_named_child_count(body); ++i) {
    TSNode s = ts_node_named_child(body, i);
    if (ts_node_start_byte(s) < ts_node_end_byte(split)) continue;
    block_end = std::max(block_end, last_line(s));
    tail = tail || !PythonTree::is(s, "comment");
  }
  std::string whole = ctx.lines_text(if_line, block_end);
  if (whole.find("\"\"\"") != std::string::npos || whole.find("'''") != std::string::npos) return std::nullopt;

  std::string indent(leading_blanks(ctx.line_text(if_line)));
  std::string body_indent(leading_blanks(ctx.line_text(first_line(split))));
  if (body_indent.size() <= indent.size() || !core::starts_with(body_indent, indent)) return std::nullopt;
  std::size_t extra = body_indent.size() - indent.size();

  std::vector<std::string> out;
  if (!guard.other.empty()) {
    out.push_back(indent + "if " + guard.other + ":");
    for (int l = if_line + 1; l <= head_end; ++l) out.emplace_back(ctx.line_text(l));
  } else {
    for (int l = if_line + 1; l <= head_end; ++l) {
      std::string_view text = ctx.line_text(l);
      std::size_t cut = std::min(extra, leading_blanks(text).size());
      out.emplace_back(text.substr(cut));
    }
  }
  if (tail) out.push_back(indent + "if " + guard.condition + ":");
  for (int l = head_end + 1; l <= block_end; ++l) out.emplace_back(ctx.line_text(l));
  return LineEdit{if_line, block_end, core::join(out, "\n")};
}

namespace {

// The `if <rank>: return` statement of `block` that starts on `line` (null when it is not that
// shape: a bare return as its whole body, no elif/else, its condition on the `if` line).
TSNode early_return_at(TSNode block, int line) {
  for (uint32_t i = 0; i < ts_node_named_child_count(block); ++i) {
    TSNode s = ts_node_named_child(block, i);
    if (!PythonTree::is(s, "if_statement") || first_line(s) != line) continue;
    TSNode cond = PythonTree::field(s, "condition");
    TSNode body = PythonTree::field(s, "consequence");
    if (ts_node_is_null(cond) || ts_node_is_null(body) || last_line(cond) != line) return TSNode{};
    if (ts_node_named_child_count(s) != 2 || ts_node_named_child_count(body) != 1) return TSNode{};
    TSNode ret = ts_node_named_child(body, 0);
    return PythonTree::is(ret, "return_statement") && ts_node_named_child_count(ret) == 0 ? s : TSNode{};
  }
  return TSNode{};
}

}  // namespace

std::optional<LineEdit> split_early_return(const FileContext& ctx, const PythonTree& tree,
                                           const std::vector<const PyCall*>& calls) {
  if (calls.empty() || calls.front()->guard.in_body) return std::nullopt;
  const int guard_line = calls.front()->guard.line;
  // One collective statement, a statement of the block the `if ...: return` is in.
  TSNode stmt = calls.front()->node;
  while (!ts_node_is_null(stmt) && !PythonTree::is(ts_node_parent(stmt), "block")) stmt = ts_node_parent(stmt);
  if (ts_node_is_null(stmt) || !PythonTree::is(stmt, "expression_statement")) return std::nullopt;
  for (const auto* c : calls) {
    if (ts_node_start_byte(c->node) < ts_node_start_byte(stmt) || ts_node_end_byte(c->node) > ts_node_end_byte(stmt))
      return std::nullopt;
  }
  TSNode block = ts_node_parent(stmt);
  TSNode guard_if = early_return_at(block, guard_line);
  if (ts_node_is_null(guard_if)) return std::nullopt;
  const int work_from = last_line(guard_if) + 1, work_to = first_line(stmt) - 1, call_end = last_line(stmt);
  // The work that stays on the guarded ranks must not compute what the collective reads (moved under
  // the condition, the others would call it with names they never set).
  std::set<std::string> read, touched;
  identifiers(tree, stmt, read);
  bool tail = false;
  for (uint32_t i = 0; i < ts_node_named_child_count(block); ++i) {
    TSNode s = ts_node_named_child(block, i);
    if (first_line(s) > call_end) tail = tail || !PythonTree::is(s, "comment");
    if (first_line(s) >= work_from && last_line(s) <= work_to) identifiers(tree, s, touched);
  }
  for (const auto& name : read) {
    if (name != "dist" && name != "torch" && touched.count(name) != 0) return std::nullopt;
  }
  std::string whole = ctx.lines_text(guard_line, call_end);
  if (whole.find("\"\"\"") != std::string::npos || whole.find("'''") != std::string::npos) return std::nullopt;
  std::string indent(leading_blanks(ctx.line_text(guard_line)));
  std::string unit = "    ";
  if (std::string ret_indent(leading_blanks(ctx.line_text(last_line(guard_if))));
      last_line(guard_if) > guard_line && ret_indent.size() > indent.size() && core::starts_with(ret_indent, indent)) {
    unit = ret_indent.substr(indent.size());
  }
  std::string cond(tree.text(PythonTree::field(guard_if, "condition")));
  std::vector<std::string> out;
  bool work = false;
  for (int l = work_from; l <= work_to; ++l) {
    std::string_view code = core::trim(ctx.line_text(l));
    work = work || (!code.empty() && code.front() != '#');  // comments alone make no body
  }
  if (work) {
    out.push_back(indent + "if " + negated_condition(tree, PythonTree::field(guard_if, "condition")) + ":");
    for (int l = work_from; l <= work_to; ++l) {
      std::string_view text = ctx.line_text(l);
      out.push_back(core::trim(text).empty() ? std::string() : unit + std::string(text));
    }
  } else {
    for (int l = work_from; l <= work_to; ++l) out.emplace_back(ctx.line_text(l));  // blanks and comments kept
  }
  for (int l = work_to + 1; l <= call_end; ++l) out.emplace_back(ctx.line_text(l));
  if (tail) {
    out.push_back(indent + "if " + cond + ":");
    out.push_back(indent + unit + "return");
  }
  return LineEdit{guard_line, call_end, core::join(out, "\n")};
}

}  // namespace dd::lint::detail
