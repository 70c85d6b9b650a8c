// lint.torch.timeout-not-timedelta (fix-2026-12-06k p12): `init_process_group(..., timeout=1800)`.
// torch checks the type before any rendezvous: torch 1.13's distributed_c10d.py, init_process_group and
// _new_process_group_helper (new_group), `if not isinstance(timeout, timedelta): raise RuntimeError(
// "Expected timeout argument to be of type" "datetime.timedelta")` (stranger14's runs/p12.before.gloo). Every rank
// stops at init. The edit writes datetime.timedelta(seconds=N) in place of the number, and adds `import datetime` above
// the statement when the file imports neither datetime nor timedelta.
#include <cctype>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/strings.hpp"
#include "lint/python_checks.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

// The statement that holds `n` (its ancestor whose parent is the module or a block).
TSNode timeout_statement(TSNode n) {
  TSNode at = n;
  for (int depth = 0; depth < 64 && !ts_node_is_null(at); ++depth) {
    TSNode parent = ts_node_parent(at);
    if (ts_node_is_null(parent)) return TSNode{};
    if (PythonTree::is(parent, "module") || PythonTree::is(parent, "block")) return at;
    at = parent;
  }
  return TSNode{};
}

// How the file spells datetime.timedelta, read from its top-level imports: `use` in the call, and
// the import to `add` above the statement ("" when the file has one). `from datetime import
// datetime` makes the name datetime the class (datetime.timedelta is then an AttributeError, and an
// added `import datetime` would rebind the name the file uses), so the class's file gets
// `from datetime import timedelta`.
struct Spelling {
  std::string use = "datetime.timedelta";
  std::string add = "import datetime";
};

Spelling timedelta_spelling(const PythonTree& tree) {
  std::string td, module;
  bool class_named_datetime = false;
  TSNode root = tree.root();
  for (uint32_t i = 0; i < ts_node_named_child_count(root); ++i) {
    TSNode st = ts_node_named_child(root, i);
    bool from = PythonTree::is(st, "import_from_statement");
    if (!from && !PythonTree::is(st, "import_statement")) continue;
    TSNode source = PythonTree::field(st, "module_name");
    if (from && tree.text(source) != "datetime") continue;
    for (uint32_t k = 0; k < ts_node_named_child_count(st); ++k) {
      TSNode n = ts_node_named_child(st, k);
      if (from && ts_node_eq(n, source)) continue;
      bool aliased = PythonTree::is(n, "aliased_import");
      std::string_view name = tree.text(aliased ? PythonTree::field(n, "name") : n);
      std::string bound(aliased ? tree.text(PythonTree::field(n, "alias")) : name);
      if (PythonTree::is(n, "wildcard_import")) td = "timedelta";
      if (from && name == "timedelta") td = bound;
      if (from && name == "datetime" && bound == "datetime") class_named_datetime = true;
      if (!from && name == "datetime") module = bound;
    }
  }
  if (!td.empty()) return {td, ""};
  if (!module.empty() && !(module == "datetime" && class_named_datetime)) return {module + ".timedelta", ""};
  if (class_named_datetime) return {"timedelta", "from datetime import timedelta"};
  return {};
}

// `timedelta(N)`: a call of a name ending in timedelta with one positional number and nothing else;
// the number's node (null otherwise).
TSNode positional_days(const PythonTree& tree, TSNode value) {
  if (!PythonTree::is(value, "call")) return TSNode{};
  std::string_view fn = tree.text(PythonTree::field(value, "function"));
  if (fn != "timedelta" && !fn.ends_with(".timedelta")) return TSNode{};
  TSNode args = PythonTree::field(value, "arguments");
  if (ts_node_is_null(args) || ts_node_named_child_count(args) != 1) return TSNode{};
  TSNode n = ts_node_named_child(args, 0);
  bool number = PythonTree::is(n, "integer") || PythonTree::is(n, "float");
  return number ? n : TSNode{};
}

// lint.torch.timeout-days (fix-2026-12-06l p26): `timeout=timedelta(1800)`. timedelta's first
// positional parameter is days (Python's datetime docs: timedelta(days=0, seconds=0, ...); seen here:
// str(timedelta(1800)) is "1800 days, 0:00:00"), so the watchdog waits 1800 days and a hung
// collective is never stopped. Judged from 60 (two months): a smaller count may mean days.
void timeout_in_days(FileContext& ctx, const PythonTree& tree, const PyCall& c, TSNode value) {
  TSNode n = positional_days(tree, value);
  if (ts_node_is_null(n)) return;
  std::string number(tree.text(n));
  if (python_number(number) < 60) return;
  int line = PythonTree::line(n);
  std::string changed(ctx.line_text(line));
  auto start = static_cast<uint32_t>(ctx.line_text(line).data() - ctx.text().data());
  changed.insert(ts_node_start_byte(n) - start, "seconds=");
  std::string call(tree.text(value));
  auto& f = ctx.add("lint.torch.timeout-days", Label::config_typo, Severity::warning,
                    std::string(c.last) + "(timeout=" + call + "): timedelta's first positional argument is days, so " +
                        "this is " + number + " days, not " + number +
                        " seconds: a hung collective is not stopped by this timeout",
                    line, LineEdit{line, line, changed});
  f.evidence.push_back("Python's datetime.timedelta(days=0, seconds=0, ...): one positional argument is days");
}

}  // namespace

void timeout_not_timedelta(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts) {
  for (const auto& c : facts.calls) {
    if (c.last != "init_process_group" && c.last != "new_group") continue;
    TSNode value = tree.keyword_value(c.node, "timeout");
    timeout_in_days(ctx, tree, c, value);
    if (!PythonTree::is(value, "integer") && !PythonTree::is(value, "float")) continue;
    std::string number(tree.text(value));
    int line = PythonTree::line(value);
    Spelling spelling = timedelta_spelling(tree);
    std::string wanted = spelling.use + "(seconds=" + number + ")";
    std::string title = std::string(c.last) + "(timeout=" + number +
                        ") passes a number: torch requires a datetime.timedelta and raises at this call, before "
                        "any rank joins (torch 1.13: RuntimeError \"Expected timeout argument to be of type...\")";
    // The lines from the statement's first to the number's, with the number replaced; `import
    // datetime` goes above them at the statement's indentation when the file has no spelling yet.
    TSNode stmt = timeout_statement(c.node);
    int first = ts_node_is_null(stmt) ? line : PythonTree::line(stmt);
    auto first_start = static_cast<uint32_t>(ctx.line_text(first).data() - ctx.text().data());
    uint32_t begin = ts_node_start_byte(value), end = ts_node_end_byte(value);
    std::string lines = ctx.lines_text(first, line);
    bool plain = !ts_node_is_null(stmt) && begin >= first_start && end - first_start <= lines.size() &&
                 ts_node_start_point(stmt).column == ctx.line_text(first).find_first_not_of(" \t");
    core::Finding* f = nullptr;
    if (plain) {
      lines.replace(begin - first_start, end - begin, wanted);
      if (!spelling.add.empty()) {
        std::string indent(ctx.line_text(first).substr(0, ts_node_start_point(stmt).column));
        lines = indent + spelling.add + "\n" + lines;
      }
      f = &ctx.add("lint.torch.timeout-not-timedelta", Label::config_typo, Severity::error, title, first,
                   LineEdit{first, line, lines});
    } else {
      f = &ctx.add("lint.torch.timeout-not-timedelta", Label::config_typo, Severity::error, title, line,
                   "timeout=" + wanted + (spelling.add.empty() ? "" : "  # with `" + spelling.add + "` at the top"));
    }
    f->evidence.push_back("torch.distributed." + std::string(c.last) +
                          ": timeout must be a datetime.timedelta (torch 1.13 distributed_c10d.py: isinstance(timeout, "
                          "timedelta) checked when the call runs)");
  }
}

}  // namespace dd::lint::detail
