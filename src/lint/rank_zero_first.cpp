// The "rank 0 first" pattern (fix-2026-12-06l p04): the ranks other than 0 wait at a barrier while
// rank 0 does some work first (a download, a preprocessing step), then rank 0 releases them with
// its own barrier:
//
//   if rank != 0:                          if rank != 0:
//       dist.barrier()                         dist.barrier()
//   download_dataset(root)           ->    download_dataset(root)
//                                          if rank == 0:
//                                              dist.barrier()
//
// Without rank 0's barrier the others wait while rank 0 goes on to its next collective. Dedenting
// the guarded barrier would run the work on every rank at once (what the pattern avoids), so the
// edit adds the release after the statement that follows the branch. Only for the plain shape: an
// `if NAME != 0:` (or `NAME > 0`, `0 != NAME`) without elif/else whose block is the barrier alone,
// followed in the same block by a statement with no collective in it (`has_collective`).
#include <regex>
#include <string>

#include "core/strings.hpp"
#include "lint/python_checks.hpp"

namespace dd::lint::detail {

namespace {

int end_line_of(TSNode n) { return static_cast<int>(ts_node_end_point(n).row) + 1; }

// `rank != 0` -> `rank == 0` (nullopt for any other condition).
std::optional<std::string> rank_zero_condition(const std::string& condition) {
  static const std::regex not_zero(R"(^\s*([A-Za-z_][\w.]*(?:\(\))?)\s*(?:!=|>)\s*0\s*$)");
  static const std::regex zero_not(R"(^\s*0\s*!=\s*([A-Za-z_][\w.]*(?:\(\))?)\s*$)");
  std::smatch m;
  if (std::regex_match(condition, m, not_zero) || std::regex_match(condition, m, zero_not)) {
    return m[1].str() + " == 0";
  }
  return std::nullopt;
}

}  // namespace

std::optional<RankZeroRelease> rank_zero_release(const FileContext& ctx, const PythonTree& tree, const PyCall& c,
                                                 const std::function<bool(TSNode)>& has_collective) {
  if (c.last != "barrier" && c.last != "monitored_barrier") return std::nullopt;
  auto release = rank_zero_condition(c.guard.condition);
  if (!release) return std::nullopt;
  // call -> expression_statement -> block -> if_statement
  TSNode stmt = ts_node_parent(c.node);
  TSNode block = ts_node_is_null(stmt) ? TSNode{} : ts_node_parent(stmt);
  TSNode branch = ts_node_is_null(block) ? TSNode{} : ts_node_parent(block);
  if (!PythonTree::is(stmt, "expression_statement") || !PythonTree::is(block, "block") ||
      !PythonTree::is(branch, "if_statement") || ts_node_named_child_count(block) != 1 ||
      !ts_node_is_null(PythonTree::field(branch, "alternative")) || PythonTree::line(branch) != c.guard.line) {
    return std::nullopt;
  }
  TSNode work = ts_node_next_named_sibling(branch);
  while (!ts_node_is_null(work) && PythonTree::is(work, "comment")) work = ts_node_next_named_sibling(work);
  if (ts_node_is_null(work) || has_collective(work)) return std::nullopt;
  int last = end_line_of(work);
  std::string if_line(ctx.line_text(c.guard.line));
  std::string call_line(ctx.line_text(c.line));
  std::string indent = if_line.substr(0, if_line.find_first_not_of(" \t"));
  std::string inner = call_line.substr(0, call_line.find_first_not_of(" \t"));
  std::string code(tree.text(c.node));
  if (code.find('\n') != std::string::npos || inner.size() <= indent.size()) return std::nullopt;
  std::string text = ctx.lines_text(last, last) + "\n" + indent + "if " + *release + ":\n" + inner + code;
  return RankZeroRelease{LineEdit{last, last, text}, PythonTree::line(work), *release, code};
}

}  // namespace dd::lint::detail
