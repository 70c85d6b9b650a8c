// lint.slurm.local-id-as-rank (issue 27, a third stranger's 26): `rank = int(os.environ["SLURM_LOCALID"])`
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

}  // namespace

void local_id_as_rank(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts) {
  for (const auto& c : facts.calls) {
    if (c.last != "init_process_group") continue;
    TSNode value = rank_argument(tree, c.node);
    if (ts_node_is_null(value)) continue;
    // the rank as passed, or the value its name was bound to last
    int line = PythonTree::line(value);
    std::string_view text = tree.text(value);
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
    if (one) {
      changed.replace(at, 13, "SLURM_PROCID");
      f = &ctx.add("lint.slurm.local-id-as-rank", Label::config_typo, Severity::warning, title, line,
                   LineEdit{line, line, changed});
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
