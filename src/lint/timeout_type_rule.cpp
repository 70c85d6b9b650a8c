// lint.torch.timeout-not-timedelta (fix-2026-12-06k p12): `init_process_group(..., timeout=1800)`.
// torch checks the type before any rendezvous: torch 1.13's distributed_c10d.py, init_process_group and
// _new_process_group_helper (new_group), `if not isinstance(timeout, timedelta): raise RuntimeError(
// "Expected timeout argument to be of type" "datetime.timedelta")` (stranger14's runs/p12.before.gloo). Every rank
// stops at init. The edit writes datetime.timedelta(seconds=N) in place of the number, and adds `import datetime` above
// the statement when the file imports neither datetime nor timedelta.
#include <string>

#include "core/strings.hpp"
#include "lint/python_checks.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

TSNode timeout_argument(const PythonTree& tree, TSNode call) {
  TSNode args = PythonTree::field(call, "arguments");
  for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
    TSNode a = ts_node_named_child(args, i);
    if (PythonTree::is(a, "keyword_argument") && tree.text(PythonTree::field(a, "name")) == "timeout") {
      return PythonTree::field(a, "value");
    }
  }
  return TSNode{};
}

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

// How the file can spell a timedelta: "datetime.timedelta" / "dt.timedelta" / "timedelta", "" when it
// imports neither.
std::string timedelta_spelling(const std::string& text) {
  if (text.find("from datetime import timedelta") != std::string::npos) return "timedelta";
  if (text.find("import datetime as dt\n") != std::string::npos) return "dt.timedelta";
  if (text.find("import datetime\n") != std::string::npos) return "datetime.timedelta";
  return "";
}

}  // namespace

void timeout_not_timedelta(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts) {
  for (const auto& c : facts.calls) {
    if (c.last != "init_process_group" && c.last != "new_group") continue;
    TSNode value = timeout_argument(tree, c.node);
    if (!PythonTree::is(value, "integer") && !PythonTree::is(value, "float")) continue;
    std::string number(tree.text(value));
    int line = PythonTree::line(value);
    std::string spelling = timedelta_spelling(ctx.text());
    std::string wanted = (spelling.empty() ? "datetime.timedelta" : spelling) + "(seconds=" + number + ")";
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
      if (spelling.empty()) {
        std::string indent(ctx.line_text(first).substr(0, ts_node_start_point(stmt).column));
        lines = indent + "import datetime\n" + lines;
      }
      f = &ctx.add("lint.torch.timeout-not-timedelta", Label::config_typo, Severity::error, title, first,
                   LineEdit{first, line, lines});
    } else {
      f = &ctx.add("lint.torch.timeout-not-timedelta", Label::config_typo, Severity::error, title, line,
                   "timeout=" + wanted + (spelling.empty() ? "  # with `import datetime` at the top" : ""));
    }
    f->evidence.push_back("torch.distributed." + std::string(c.last) +
                          ": timeout must be a datetime.timedelta (torch 1.13 distributed_c10d.py: isinstance(timeout, "
                          "timedelta) checked when the call runs)");
  }
}

}  // namespace dd::lint::detail
