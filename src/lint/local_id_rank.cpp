// lint.slurm.local-id-as-rank: `rank = int(os.environ["SLURM_LOCALID"])`
// passed to init_process_group(rank=rank). SLURM_LOCALID is the task's index on its own node
// (0..tasks-per-node-1); the global index is SLURM_PROCID. On one node they agree; on two or more
// every node brings ranks 0..N-1 again, ranks repeat and the world never fills. The edit reads
// SLURM_PROCID on the line that reads SLURM_LOCALID for the rank.
#include <string>

#include "core/strings.hpp"
#include "lint/python_checks.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

bool reads_local_id(std::string_view text) { return text.find("SLURM_LOCALID") != std::string_view::npos; }

TSNode rank_argument(const PythonTree& tree, TSNode call) {
  TSNode args = PythonTree::field(call, "arguments");
  for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
    TSNode a = ts_node_named_child(args, i);
    if (PythonTree::is(a, "keyword_argument") && tree.text(PythonTree::field(a, "name")) == "rank") {
      return PythonTree::field(a, "value");
    }
  }
  return TSNode{};
}

// How many identifiers named `name` the tree under `n` holds (the binding, the rank argument and
// any other use).
int uses(const PythonTree& tree, TSNode n, std::string_view name) {
  if (PythonTree::is(n, "identifier")) return tree.text(n) == name ? 1 : 0;
  // `rank=` in a call and `.local` after a dot are not the variable
  if (PythonTree::is(n, "keyword_argument")) return uses(tree, PythonTree::field(n, "value"), name);
  if (PythonTree::is(n, "attribute")) return uses(tree, PythonTree::field(n, "object"), name);
  if (ts_node_is_null(n)) return 0;
  int count = 0;
  for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) count += uses(tree, ts_node_named_child(n, i), name);
  return count;
}

}  // namespace

void local_id_as_rank(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts) {
  for (const auto& c : facts.calls) {
    if (c.last != "init_process_group") continue;
    TSNode value = rank_argument(tree, c.node);
    if (ts_node_is_null(value)) continue;
    // the rank as passed, or the value its name was bound to last
    int line = PythonTree::line(value);
    std::string_view text = tree.text(value);
    // The name also feeds something else (the fifth stranger's q28: torch.cuda.set_device(local)):
    // the edit goes to the rank argument, so the local index keeps its other uses.
    // Only a name that also picks the device moves the edit: `local`/`local_rank`, or one passed to
    // set_device / torch.device / .to() / an f-string "cuda:{...}". A name such as `rank` returned or
    // logged elsewhere is the rank everywhere, and its binding is what is wrong.
    std::string name(text);
    const std::string& all = ctx.text();
    bool picks_device = name.find("local") != std::string::npos ||
                        all.find("set_device(" + name) != std::string::npos ||
                        all.find("device(" + name) != std::string::npos ||
                        all.find("cuda:{" + name) != std::string::npos || all.find(".to(" + name) != std::string::npos;
    bool shared = PythonTree::is(value, "identifier") && picks_device && uses(tree, tree.root(), text) > 2;
    int arg_line = line;
    uint32_t arg_begin = ts_node_start_byte(value), arg_end = ts_node_end_byte(value);
    if (PythonTree::is(value, "identifier")) {
      const PyBinding* b = facts.binding(c.scope, std::string(text), ts_node_start_byte(value));
      if (!b || ts_node_is_null(b->rhs)) continue;
      text = tree.text(b->rhs);
      line = b->line;
    }
    if (!reads_local_id(text)) continue;
    std::string changed(ctx.line_text(line));
    auto at = changed.find("SLURM_LOCALID");
    bool one = at != std::string::npos && changed.find("SLURM_LOCALID", at + 1) == std::string::npos;
    std::string title =
        "the rank passed to init_process_group is SLURM_LOCALID, the task's index on its own node: on two or more "
        "nodes every node brings ranks 0, 1, ... again, the ranks repeat and the world never fills";
    core::Finding* f = nullptr;
    // the binding's own expression with SLURM_PROCID, in the file's spelling (os.environ, environ, getenv)
    std::string global(text);
    auto local_at = global.find("SLURM_LOCALID");
    bool one_expr = global.find('\n') == std::string::npos && local_at != std::string::npos &&
                    global.find("SLURM_LOCALID", local_at + 1) == std::string::npos;
    if (one_expr) global.replace(local_at, 13, "SLURM_PROCID");
    if (shared && one_expr) {
      std::string call_line(ctx.line_text(arg_line));
      auto start = static_cast<std::size_t>(ctx.line_text(arg_line).data() - ctx.text().data());
      if (arg_begin >= start && arg_end <= start + call_line.size()) {
        call_line.replace(arg_begin - start, arg_end - arg_begin, global);
        f = &ctx.add("lint.slurm.local-id-as-rank", Label::config_typo, Severity::warning, title, line,
                     LineEdit{arg_line, arg_line, call_line});
      }
    }
    if (f) {
      // edited at the call
    } else if (one && !shared) {
      changed.replace(at, 13, "SLURM_PROCID");
      f = &ctx.add("lint.slurm.local-id-as-rank", Label::config_typo, Severity::warning, title, line,
                   LineEdit{line, line, changed});
    } else if (shared) {
      f = &ctx.add("lint.slurm.local-id-as-rank", Label::config_typo, Severity::warning, title, line,
                   "init_process_group(..., rank=int(os.environ[\"SLURM_PROCID\"]), ...)  # the task's global "
                   "index; keep " +
                       std::string(tree.text(value)) + " for its other uses (the device)");
    } else {
      f = &ctx.add("lint.slurm.local-id-as-rank", Label::config_typo, Severity::warning, title, line,
                   "rank = int(os.environ[\"SLURM_PROCID\"])  # the task's global index");
    }
    f->evidence.push_back(ctx.path() + ":" + std::to_string(c.line) + ": " +
                          std::string(core::trim(ctx.line_text(c.line))));
    f->evidence.push_back(
        "Slurm: SLURM_PROCID is the task's global index, SLURM_LOCALID its index on its node (equal on one node)");
  }
}

}  // namespace dd::lint::detail
