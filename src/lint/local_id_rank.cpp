// A launcher's per-node index passed as the global rank: init_process_group(rank=X) where X (or the
// value its name was bound to last) reads a local index. On one node local and global agree; on two
// or more every node brings ranks 0..N-1 again, ranks repeat and the world never fills. The edit
// reads the launcher's global index on the line that reads the local one.
// - lint.slurm.local-id-as-rank: SLURM_LOCALID (Slurm's index on the node) for SLURM_PROCID.
// - lint.torch.local-rank-as-rank: LOCAL_RANK for RANK, only where the script shows more than one
//   node (NNODES, NODE_RANK, --nnodes, ... read): torchrun sets LOCAL_RANK to the worker's index on
//   its node and RANK to the global one (torch/distributed/elastic/agent/server/local_elastic_agent.py,
//   _start_workers' worker_env; a single-node script may rightly use either) (fix-2026-12-06l p10).
#include <array>
#include <cctype>
#include <string>

#include "core/strings.hpp"
#include "lint/python_checks.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

struct LocalIndex {
  const char* id;
  std::string_view local;   // the per-node index's variable
  std::string_view global;  // the launcher's global index
  bool needs_nodes;         // only where the script shows more than one node
  const char* title;
  const char* source;
};

const std::array<LocalIndex, 2> kLocalIndexes{{
    {"lint.slurm.local-id-as-rank", "SLURM_LOCALID", "SLURM_PROCID", false,
     "the rank passed to init_process_group is SLURM_LOCALID, the task's index on its own node: on two or more "
     "nodes every node brings ranks 0, 1, ... again, the ranks repeat and the world never fills",
     "Slurm: SLURM_PROCID is the task's global index, SLURM_LOCALID its index on its node (equal on one node)"},
    {"lint.torch.local-rank-as-rank", "LOCAL_RANK", "RANK", true,
     "the rank passed to init_process_group is LOCAL_RANK, the worker's index on its own node, in a multi-node "
     "script: every node brings ranks 0, 1, ... again, the ranks repeat and the world never fills",
     "torchrun sets RANK to the worker's global index and LOCAL_RANK to its index on its node (torch/distributed/"
     "elastic/agent/server/local_elastic_agent.py, the workers' environment); equal on one node only"},
}};

// Where `name` stands as a whole word in `text` from `from` (npos when it does not): LOCAL_RANK is
// not OMPI_COMM_WORLD_LOCAL_RANK's tail.
std::size_t find_word(std::string_view text, std::string_view name, std::size_t from = 0) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
  for (auto at = text.find(name, from); at != std::string_view::npos; at = text.find(name, at + 1)) {
    bool before = at > 0 && word(text[at - 1]);
    bool after = at + name.size() < text.size() && word(text[at + name.size()]);
    if (!before && !after) return at;
  }
  return std::string_view::npos;
}

// `text` holds `name` once as a word: where (npos otherwise).
std::size_t word_once(std::string_view text, std::string_view name) {
  auto at = find_word(text, name);
  if (at == std::string_view::npos || find_word(text, name, at + 1) != std::string_view::npos) {
    return std::string_view::npos;
  }
  return at;
}

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

namespace {

// The finding for one init_process_group call whose rank reads `k.local`, with the edit where the
// text allows it.
void local_index_finding(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts, const PyCall& c,
                         const LocalIndex& k) {
  TSNode value = rank_argument(tree, c.node);
  if (ts_node_is_null(value)) return;
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
  bool picks_device = name.find("local") != std::string::npos || all.find("set_device(" + name) != std::string::npos ||
                      all.find("device(" + name) != std::string::npos ||
                      all.find("cuda:{" + name) != std::string::npos || all.find(".to(" + name) != std::string::npos;
  bool shared = PythonTree::is(value, "identifier") && picks_device && uses(tree, tree.root(), text) > 2;
  int arg_line = line;
  uint32_t arg_begin = ts_node_start_byte(value), arg_end = ts_node_end_byte(value);
  if (PythonTree::is(value, "identifier")) {
    const PyBinding* b = facts.binding(c.scope, std::string(text), ts_node_start_byte(value));
    if (!b || ts_node_is_null(b->rhs)) return;
    text = tree.text(b->rhs);
    line = b->line;
  }
  if (find_word(text, k.local) == std::string_view::npos) return;
  std::string changed(ctx.line_text(line));
  auto at = word_once(changed, k.local);
  // the binding's own expression with the global index, in the file's spelling (os.environ, environ, getenv)
  std::string global(text);
  auto local_at = word_once(global, k.local);
  bool one_expr = global.find('\n') == std::string::npos && local_at != std::string::npos;
  if (one_expr) global.replace(local_at, k.local.size(), k.global);
  core::Finding* f = nullptr;
  if (shared && one_expr) {
    std::string call_line(ctx.line_text(arg_line));
    auto start = static_cast<std::size_t>(ctx.line_text(arg_line).data() - ctx.text().data());
    if (arg_begin >= start && arg_end <= start + call_line.size()) {
      call_line.replace(arg_begin - start, arg_end - arg_begin, global);
      f = &ctx.add(k.id, Label::config_typo, Severity::warning, k.title, line, LineEdit{arg_line, arg_line, call_line});
    }
  }
  std::string read = "int(os.environ[\"" + std::string(k.global) + "\"])";
  if (f) {
    // edited at the call
  } else if (at != std::string::npos && !shared) {
    changed.replace(at, k.local.size(), k.global);
    f = &ctx.add(k.id, Label::config_typo, Severity::warning, k.title, line, LineEdit{line, line, changed});
  } else if (shared) {
    f = &ctx.add(k.id, Label::config_typo, Severity::warning, k.title, line,
                 "init_process_group(..., rank=" + read + ", ...)  # the global index; keep " +
                     std::string(tree.text(value)) + " for its other uses (the device)");
  } else {
    f = &ctx.add(k.id, Label::config_typo, Severity::warning, k.title, line, "rank = " + read + "  # the global index");
  }
  f->evidence.push_back(ctx.path() + ":" + std::to_string(c.line) + ": " +
                        std::string(core::trim(ctx.line_text(c.line))));
  if (k.needs_nodes) {
    f->evidence.push_back(ctx.path() + ":" + std::to_string(facts.multi_node_line) + ": " + facts.multi_node_why);
  }
  f->evidence.push_back(k.source);
}

}  // namespace

void local_id_as_rank(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts) {
  for (const auto& c : facts.calls) {
    if (c.last != "init_process_group") continue;
    for (const auto& k : kLocalIndexes) {
      if (k.needs_nodes && !facts.multi_node_line) continue;
      local_index_finding(ctx, tree, facts, c, k);
    }
  }
}

}  // namespace dd::lint::detail
