// lint.horovod.root-rank-varies (fix-2026-12-07t p19): `hvd.broadcast_parameters(model.state_dict(),
// root_rank=hvd.local_rank())`. Every rank must name the same root: each node's local rank 0 names
// itself and the others name their own local index, so the ranks disagree on who sends (Horovod
// stops with a mismatch between ranks, or different nodes start from different weights). The edit
// writes root_rank=0, the rank whose weights every worker starts from.
#include <string>
#include <string_view>

#include "lint/python_checks.hpp"

namespace dd::lint::detail {

namespace {

// A value that differs between ranks: the call hvd.local_rank() / hvd.rank() (or local_rank() / rank()
// imported from Horovod). A bare name is not judged (review59: `for rank in range(hvd.size()):
// hvd.broadcast(t, root_rank=rank)` gathers, every rank passing the same value each pass).
bool varies_by_rank(std::string_view v) {
  for (std::string_view p : {"hvd.", "horovod.torch.", "horovod.tensorflow.", "horovod."})
    if (v.starts_with(p)) v.remove_prefix(p.size());
  return v == "local_rank()" || v == "rank()";
}

}  // namespace

void root_rank_varies(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts) {
  for (const auto& c : facts.calls) {
    if (c.last != "broadcast_parameters" && c.last != "broadcast_optimizer_state" && c.last != "broadcast_variables" &&
        c.last != "broadcast_object" && c.last != "broadcast" && c.last != "BroadcastGlobalVariablesCallback")
      continue;
    TSNode value = tree.keyword_value(c.node, "root_rank");
    if (ts_node_is_null(value)) continue;
    const std::string written(tree.text(value));
    if (!varies_by_rank(written)) continue;
    const int line = PythonTree::line(value);
    if (PythonTree::line(value) != static_cast<int>(ts_node_end_point(value).row) + 1) continue;
    std::string changed(ctx.line_text(line));
    auto start = static_cast<uint32_t>(ctx.line_text(line).data() - ctx.text().data());
    changed.replace(ts_node_start_byte(value) - start, ts_node_end_byte(value) - ts_node_start_byte(value), "0");
    auto& f = ctx.add("lint.horovod.root-rank-varies", core::Label::collective_mismatch, core::Severity::error,
                      std::string(c.last) + "(..., root_rank=" + written +
                          "): the root differs from rank to rank, while every rank must name the same one: "
                          "the ranks disagree on who sends",
                      line, LineEdit{line, line, changed});
    f.evidence.push_back(written + " is " +
                         (written.find("local") != std::string::npos
                              ? "each process's index on its own node (0 on every node's first)"
                              : "each process's own rank") +
                         "; Horovod's broadcasts take the sending rank, the same number on every rank");
  }
}

}  // namespace dd::lint::detail
