// Python rules over PythonFacts: TensorFlow strategies on Windows, mixed strategies, TF_CONFIG
// timing, tf.data pipelines; PyTorch collectives under a rank branch, env set after init, NCCL on
// Windows, MASTER_ADDR=localhost across nodes, torch.distributed.launch. docs/lint.md lists them.
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "core/address.hpp"
#include "core/strings.hpp"
#include "lint/python_checks.hpp"
#include "lint/python_facts.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

bool is_collective(std::string_view last) {
  static constexpr std::string_view k[] = {
      "all_reduce", "all_gather", "all_gather_object", "all_gather_into_tensor", "reduce_scatter",
      "reduce_scatter_tensor", "broadcast", "broadcast_object_list", "barrier", "monitored_barrier", "reduce",
      "all_to_all", "all_to_all_single", "gather", "gather_object", "scatter", "scatter_object_list", "new_group",
      "wait_for_everyone", "allreduce", "allgather", "broadcast_variables", "broadcast_parameters",
      // Horovod's own (horovod/torch/functions.py, mpi_ops.py): every
      // rank calls them (fix-2026-12-07r p21: hvd.broadcast_object)
      "broadcast_object", "allgather_object", "broadcast_optimizer_state", "alltoall", "reducescatter",
      "grouped_allreduce", "grouped_allgather", "grouped_reducescatter", "allreduce_", "broadcast_"};
  return std::find(std::begin(k), std::end(k), last) != std::end(k);
}

// The receiver says the call is a collective of torch.distributed, Lightning, Fabric,
// Accelerate or Horovod (functools.reduce, list.gather etc. are not).
bool horovod_callback(std::string_view name) {
  return name == "BroadcastGlobalVariablesCallback" || name == "MetricAverageCallback";
}

bool collective_call(const PyCall& c, const PythonFacts& f) {
  // A bare name imported from Horovod (`from horovod.keras.callbacks import BroadcastGlobalVariablesCallback`,
  // `from horovod.torch import allreduce as hvd_allreduce`): what Horovod calls it decides.
  if (c.name == c.last) {
    auto h = f.from_horovod.find(c.last);
    if (h != f.from_horovod.end()) return is_collective(h->second) || horovod_callback(h->second);
  }
  // Lightning 2.x's Trainer.save_checkpoint ends with strategy.barrier("Trainer.save_checkpoint")
  // (src/lightning/pytorch/trainer/trainer.py): a collective, meant to run on every rank (r14).
  if (c.last == "save_checkpoint") {
    return c.name.size() > c.last.size() && last_name(c.name.substr(0, c.name.size() - c.last.size() - 1)) == "trainer";
  }
  // LightningModule.log / log_dict with sync_dist=True: the logged value is reduced across ranks
  // through trainer.strategy.reduce (DDP: an all_reduce) when the result is computed, on every rank
  // that logged the key (Lightning 2.x: src/lightning/pytorch/core/module.py, log passes
  // sync_dist_fn=self.trainer.strategy.reduce; trainer/connectors/logger_connector/result.py,
  // _ResultMetric.compute calls meta.sync). Under a rank branch only those ranks reduce (p08).
  if ((c.last == "log" || c.last == "log_dict") && c.name == "self." + c.last) return c.sync_dist;
  if (!is_collective(c.last) && !horovod_callback(c.last)) return false;
  if (c.name.empty()) return false;
  if (c.name == c.last) return f.from_torch_distributed.count(c.last) != 0;
  std::string receiver = c.name.substr(0, c.name.size() - c.last.size() - 1);
  std::string_view r_last = last_name(receiver);
  if (c.last == "wait_for_everyone") return true;
  // Horovod's Keras callbacks run a collective on every rank that has them (the broadcast at the
  // start of training, the metric all-reduce at each epoch's end): `hvd.callbacks.X(...)`.
  if (horovod_callback(c.last)) {
    return r_last == "callbacks" && (core::starts_with(receiver, "hvd") || core::starts_with(receiver, "horovod"));
  }
  if (receiver == "dist" || receiver == "torch.distributed" || receiver == "distributed" || receiver == "hvd") {
    return true;
  }
  if (r_last == "strategy" || r_last == "fabric" || r_last == "accelerator" || r_last == "trainer") return true;
  return receiver == "self" && (c.last == "all_gather" || c.last == "all_reduce" || c.last == "barrier");
}

TSNode arguments(const PyCall& c) { return PythonTree::field(c.node, "arguments"); }

TSNode keyword(const PythonTree& t, TSNode args, std::string_view name) {
  for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
    TSNode a = ts_node_named_child(args, i);
    if (PythonTree::is(a, "keyword_argument") && t.text(PythonTree::field(a, "name")) == name) {
      return PythonTree::field(a, "value");
    }
  }
  return TSNode{};
}

TSNode positional(TSNode args, uint32_t index) {
  uint32_t seen = 0;
  for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
    TSNode a = ts_node_named_child(args, i);
    if (PythonTree::is(a, "keyword_argument") || PythonTree::is(a, "comment")) continue;
    if (seen++ == index) return a;
  }
  return TSNode{};
}

bool null(TSNode n) { return ts_node_is_null(n); }

class PythonRules {
 public:
  PythonRules(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts) : ctx_(ctx), t_(tree), f_(facts) {}

  void run() {
    mirrored_on_windows();
    mixed_strategies();
    collectives_under_rank();
    env_after_init();
    nccl_on_windows();
    master_addr_localhost();
    launch_deprecated();
    tf_config_after_strategy();
    data_pipelines();
    batch_not_scaled();
    parallel_calls();
    env_values();
    record_trainers();
    record_env_reads();
  }

 private:
  // The source line of `line` with bytes [begin, end) replaced; nullopt when the range is not on
  // that one line.
  std::optional<std::string> line_with(int line, uint32_t begin, uint32_t end, std::string_view with) const {
    std::string_view text = ctx_.line_text(line);
    std::size_t start = static_cast<std::size_t>(text.data() - ctx_.text().data());
    if (begin < start || end < begin || end > start + text.size()) return std::nullopt;
    std::string out(text);
    out.replace(begin - start, end - begin, with);
    return out;
  }

  // The call's line with a keyword argument inserted before its closing parenthesis (nullopt when
  // the parenthesis is on another line).
  std::optional<std::string> with_keyword(const PyCall& c, const std::string& kw) const {
    TSNode args = arguments(c);
    uint32_t close = ts_node_end_byte(args) - 1;
    bool empty = ts_node_named_child_count(args) == 0;
    return line_with(c.line, close, close, empty ? kw : ", " + kw);
  }

  // A finding at `line` whose fix is `changed` as the new text of `edit_line` (an edit), or, when
  // the change does not fit on one line, `fallback` as prose.
  core::Finding& add_fix(std::string id, Label label, Severity sev, std::string title, int line, int edit_line,
                         std::optional<std::string> changed, std::string fallback) {
    if (changed)
      return ctx_.add(std::move(id), label, sev, std::move(title), line,
                      LineEdit{edit_line, edit_line, std::move(*changed)});
    return ctx_.add(std::move(id), label, sev, std::move(title), line, std::move(fallback));
  }

  // The line's code without its trailing comment (a '#' outside string quotes) and blanks, for a
  // fix text that adds its own comment: the user's comment is not repeated inside it.
  std::string code_of(int line) const {
    std::string_view l = core::trim(ctx_.line_text(line));
    char quote = 0;
    for (std::size_t i = 0; i < l.size(); ++i) {
      char ch = l[i];
      if (quote) {
        if (ch == '\\')
          ++i;
        else if (ch == quote)
          quote = 0;
      } else if (ch == '"' || ch == '\'') {
        quote = ch;
      } else if (ch == '#') {
        return std::string(core::trim(l.substr(0, i)));
      }
    }
    return std::string(l);
  }

  std::string_view indent(int line) const {
    std::string_view l = ctx_.line_text(line);
    return l.substr(0, l.find_first_not_of(" \t") == std::string_view::npos ? 0 : l.find_first_not_of(" \t"));
  }

  bool strategy_call(const PyCall& c, std::string_view kind) const {
    return c.last == kind && (c.name != c.last || true);
  }

  // lint.tf.mirrored-windows-no-cross-device-ops. Without cross_device_ops, TF 2.x's
  // select_cross_device_ops (tensorflow/python/distribute/cross_device_ops.py) uses NcclAllReduce only
  // when get_registered_kernels_for_op("NcclAllReduce") finds a kernel, else it logs "Nccl kernel is not
  // found" and falls back to ReductionToOneDevice: no hang, no error, so a warning at most. An
  // explicit NcclAllReduce has no kernel to run on Windows.
  void mirrored_on_windows() {
    Severity sev;
    if (!windows_rules_on(ctx_, f_.windows_line != 0, sev)) return;
    for (const auto& c : f_.calls) {
      if (!strategy_call(c, "MirroredStrategy")) continue;
      TSNode args = arguments(c);
      TSNode cdo = keyword(t_, args, "cross_device_ops");
      std::string prefix = c.name.size() > c.last.size() ? c.name.substr(0, c.name.size() - c.last.size())
                                                         : std::string("tf.distribute.");
      std::string hier = prefix + "HierarchicalCopyAllReduce()";
      std::optional<std::string> fixed;
      int edit_line = c.line;
      if (null(cdo)) {
        fixed = with_keyword(c, "cross_device_ops=" + hier);
      } else {
        std::string value(t_.text(cdo));
        if (value.find("NcclAllReduce") == std::string::npos) continue;
        edit_line = PythonTree::line(cdo);
        fixed = line_with(edit_line, ts_node_start_byte(cdo), ts_node_end_byte(cdo), hier);
      }
      bool devices = !null(keyword(t_, args, "devices")) || !null(positional(args, 0));
      // Without cross_device_ops the job runs (on the fallback): a warning, never an error.
      auto& f = add_fix("lint.tf.mirrored-windows-no-cross-device-ops", Label::windows_no_nccl,
                        null(cdo) ? Severity::warning : sev,
                        null(cdo) ? "MirroredStrategy without cross_device_ops on Windows: TensorFlow picks NCCL "
                                    "all-reduce only when its kernel is registered, and its Windows builds have none, "
                                    "so TF 2.x logs \"Nccl kernel is not found, not using nccl allreduce.\" and "
                                    "reduces through one device (ReductionToOneDevice); the job runs, on an all-reduce "
                                    "chosen at run time: name the one to use"
                                  : "MirroredStrategy with NcclAllReduce on Windows: TensorFlow's Windows builds have "
                                    "no NCCL kernel to run it",
                        c.line, edit_line, fixed, "cross_device_ops=" + hier);
      if (devices) {
        f.evidence.push_back(
            "devices=[...] does not choose the all-reduce: with GPUs only, TensorFlow still tries "
            "NCCL first");
      }
      platform_evidence(f);
    }
  }

  void platform_evidence(core::Finding& f) const {
    if (ctx_.options().platform == env::Platform::windows) {
      f.evidence.push_back("--platform windows");
    } else if (f_.windows_line) {
      f.evidence.push_back(ctx_.path() + ":" + std::to_string(f_.windows_line) + ": the script checks for Windows");
    }
  }

  // lint.tf.mixed-strategies
  void mixed_strategies() {
    const PyCall* mirrored = nullptr;
    const PyCall* multi = nullptr;
    for (const auto& c : f_.calls) {
      if (c.conditional) continue;
      if (c.last == "MirroredStrategy" && !mirrored) mirrored = &c;
      if (c.last == "MultiWorkerMirroredStrategy" && !multi) multi = &c;
    }
    if (!mirrored || !multi) return;
    const PyCall* later = mirrored->byte > multi->byte ? mirrored : multi;
    const PyCall* other = later == mirrored ? multi : mirrored;
    auto& f =
        ctx_.add("lint.tf.mixed-strategies", Label::tf_config, Severity::error,
                 "MirroredStrategy (one machine) and MultiWorkerMirroredStrategy are both built: the workers "
                 "do not agree on one collective group",
                 later->line, "strategy = tf.distribute.MultiWorkerMirroredStrategy()  # one strategy, built once");
    f.evidence.push_back(ctx_.path() + ":" + std::to_string(other->line) + ": " +
                         std::string(core::trim(ctx_.line_text(other->line))));
  }

  // Functions of this file whose body calls a collective outside any rank branch.
  std::map<std::string, const PyCall*> collective_functions() const {
    std::map<std::string, const PyCall*> out;
    for (const auto& c : f_.calls) {
      if (c.scope == 0 || c.guard.line || !collective_call(c, f_)) continue;
      auto it = f_.function_names.find(c.scope);
      if (it != f_.function_names.end() && !out.count(it->second)) out[it->second] = &c;
    }
    return out;
  }

  // The first line inside the rank branch of `c` that binds a name its arguments read (0: none).
  // The first line of the branch `c` is in: an elif/else clause's own line (its guard's line is
  // the `if`'s), else the guard's line (the `if`, or the `if <rank>: return` before the call).
  int branch_start(const PyCall& c) const {
    if (c.guard.in_body || c.guard.branch % 2 == 0) return c.guard.line;
    uint32_t at = (c.guard.branch - 1) / 2;
    return PythonTree::line(ts_node_descendant_for_byte_range(t_.root(), at, at));
  }

  int computed_in_branch(const PyCall& c) const {
    TSNode args = arguments(c);
    const int start = branch_start(c);
    int first = 0;
    for (uint32_t i = 0; !null(args) && i < ts_node_named_child_count(args); ++i) {
      TSNode a = ts_node_named_child(args, i);
      if (PythonTree::is(a, "keyword_argument")) a = PythonTree::field(a, "value");
      if (!PythonTree::is(a, "identifier")) continue;
      const PyBinding* b = f_.binding(c.scope, std::string(t_.text(a)), c.byte);
      if (b && b->line > start && b->line < c.line && (first == 0 || b->line < first)) first = b->line;
    }
    int tuple = first_input_line(t_, c.node, start);  // `a, b = f()` binds no single name
    return tuple && (first == 0 || tuple < first) ? tuple : first;
  }

  // A statement every rank may run in place of rank 0 only: no collective (its own or that of a
  // function of this file it calls) and no output (print, save, write, a log) that should happen once.
  bool movable_to_every_rank(TSNode stmt, const std::map<std::string, const PyCall*>& helpers) const {
    static const std::set<std::string> outputs = {
        "print",   "save",       "write",       "writelines",      "open",    "dump", "makedirs",
        "mkdir",   "remove",     "unlink",      "rmtree",          "savefig", "log",  "info",
        "warning", "add_scalar", "log_metrics", "save_pretrained", "upload"};
    auto unsafe = [&](const PyCall& c) { return collective_call(c, f_) || outputs.count(c.last) != 0; };
    for (const auto& c : f_.calls) {
      if (c.byte < ts_node_start_byte(stmt) || c.byte >= ts_node_end_byte(stmt)) continue;
      if (unsafe(c) || (c.name == c.last && helpers.count(c.last))) return false;
      if (c.name != c.last) continue;
      for (const auto& fn : f_.function_names) {
        if (fn.second != c.last) continue;
        uint32_t scope = fn.first;
        if (std::any_of(f_.calls.begin(), f_.calls.end(),
                        [&](const PyCall& i) { return i.scope == scope && unsafe(i); }))
          return false;
      }
    }
    return true;
  }

  // lint.torch.collective-under-rank-branch for the "rank 0 first" shape (rank_zero_first.cpp): the
  // finding with rank 0's release as its edit, or nullptr when `c` is not of that shape.
  core::Finding* rank_zero_first(const PyCall& c, const std::map<std::string, const PyCall*>& helpers) {
    auto has_collective = [&](TSNode s) {
      return std::any_of(f_.calls.begin(), f_.calls.end(), [&](const PyCall& o) {
        return o.byte >= ts_node_start_byte(s) && o.byte < ts_node_end_byte(s) &&
               (collective_call(o, f_) || helpers.count(o.last) != 0);
      });
    };
    auto release = rank_zero_release(ctx_, t_, c, has_collective);
    if (!release) return nullptr;
    std::string title = c.last + "() only on the ranks where `" + c.guard.condition + "` holds, and rank 0 never " +
                        "calls its own: the others wait in it while rank 0 goes on to its next collective, where the " +
                        "calls no longer match: a hang or an error. This is the \"rank 0 first\" shape (the others " +
                        "wait while rank 0 runs line " + std::to_string(release->work_line) +
                        "), whose release is `if " + release->condition + ": " + release->call + "` after that line";
    auto& f = ctx_.add("lint.torch.collective-under-rank-branch", Label::collective_mismatch, Severity::error, title,
                       c.line, std::move(release->edit));
    f.evidence.push_back(
        ctx_.path() + ":" + std::to_string(release->work_line) + ": " +
        std::string(core::trim(ctx_.line_text(release->work_line))) +
        " (what rank 0 does first; the edit keeps it on rank 0 first, the others after the release: they then run "
        "it too, so it must reuse what rank 0 made, not write it again while rank 0 reads it)");
    return &f;
  }

  // The prose fix of lint.torch.collective-under-rank-branch where no edit is made.
  std::string rank_branch_prose(const PyCall& c) {
    // The line as it is written, without indentation (a fix line printed after "fix: " with
    // blanks in front read as stray); where it goes is said in the comment, and which lines
    // above it in the branch compute what it reads (they move with it).
    std::string fixed = code_of(c.line) + "  # outside the rank branch, at the indentation of line " +
                        std::to_string(c.guard.line) + ": every rank makes the same collective calls";
    if (!c.guard.in_body && c.guard.branch % 2 == 0) {
      // After `if <rank>: return` the call is already at that indentation (fix-2026-12-07n p08).
      // computed_in_branch finds nothing there (the block starts above the guard), so the text says
      // what must run on every rank too.
      fixed = code_of(c.line) + "  # every rank must reach this call, but line " + std::to_string(c.guard.line) +
              " (`" + std::string(core::trim(ctx_.line_text(c.guard.line))) +
              "`) returns before it on some ranks: put the statements between that return and this call that "
              "only the other ranks run under the opposite condition, and this call, with every statement that "
              "computes what it reads, on every rank after them";
    }
    if (int from = computed_in_branch(c)) {
      fixed += "; move lines " + std::to_string(from) + "-" + std::to_string(c.line - 1) +
               " of the branch with it: they compute what it reads";
    }
    return fixed;
  }

  // The block `c` stands in as a statement of its own line, directly in the block of an `if` (owner
  // "if_statement") or an `else:` (owner "else_clause"): `x = f(...)` or `f(...)` alone on its line,
  // the `if`/`else:` on lines of their own (review57: `if r == 0: f()`, `else: g()`, a call over two
  // lines, one in a loop made the printed fix a SyntaxError); a null node otherwise.
  TSNode block_alone_in(const PyCall& c, std::string_view owner) const {
    TSNode stmt = ts_node_parent(c.node);
    if (!null(stmt) && PythonTree::is(stmt, "assignment")) stmt = ts_node_parent(stmt);
    if (null(stmt) || !PythonTree::is(stmt, "expression_statement")) return TSNode{};
    TSNode block = ts_node_parent(stmt);
    if (null(block) || !PythonTree::is(block, "block") || null(ts_node_parent(block)) ||
        !PythonTree::is(ts_node_parent(block), owner))
      return TSNode{};
    if (ts_node_start_point(stmt).row != ts_node_end_point(stmt).row) return TSNode{};
    const int line = static_cast<int>(ts_node_start_point(stmt).row) + 1;
    const int opener = static_cast<int>(ts_node_start_point(ts_node_parent(block)).row) + 1;
    return line != opener && core::trim(ctx_.line_text(line)) == t_.text(stmt) ? block : TSNode{};
  }

  // Whether a block holds one statement (comments aside): the call a fix deletes leaves it empty.
  static bool one_statement(TSNode block) {
    uint32_t statements = 0;
    for (uint32_t i = 0; i < ts_node_named_child_count(block); ++i)
      if (!PythonTree::is(ts_node_named_child(block, i), "comment")) ++statements;
    return statements == 1;
  }

  // Horovod's in-place form is the same collective (`allreduce_` and `allreduce`).
  static std::string_view op_of(std::string_view last) {
    return !last.empty() && last.back() == '_' ? last.substr(0, last.size() - 1) : last;
  }

  // An `if <rank>:` whose body calls one collective and whose `else:` (no elif) calls another, each
  // the only collective of its branch and alone on its line there (fix-2026-12-07r p10: `if rank == 0:
  // dist.reduce(loss, dst=0)` / `else: dist.all_reduce(loss)`): every rank calls one, but not the
  // same one.
  struct CrossedPair {
    const PyCall* if_call;
    const PyCall* else_call;
    TSNode if_block, else_clause, else_block;
  };
  std::vector<CrossedPair> crossed_pairs(const std::vector<const PyCall*>& candidates,
                                         const std::map<uint32_t, std::vector<const PyCall*>>& by_branch) const {
    std::vector<CrossedPair> out;
    for (const PyCall* c : candidates) {
      if (!c->guard.in_body || by_branch.at(c->guard.branch).size() != 1) continue;
      TSNode if_block = block_alone_in(*c, "if_statement");
      if (null(if_block)) continue;
      TSNode else_clause{};
      bool elif = false;
      TSNode if_stmt = ts_node_parent(if_block);
      for (uint32_t i = 0; i < ts_node_named_child_count(if_stmt); ++i) {
        TSNode k = ts_node_named_child(if_stmt, i);
        elif = elif || PythonTree::is(k, "elif_clause");
        if (PythonTree::is(k, "else_clause")) else_clause = k;
      }
      if (elif || null(else_clause)) continue;
      for (const auto& [branch, calls] : by_branch) {
        const PyCall& o = *calls.front();
        if (branch == c->guard.branch || calls.size() != 1 || op_of(o.last) == op_of(c->last)) continue;
        TSNode else_block = block_alone_in(o, "else_clause");
        if (null(else_block) || !ts_node_eq(ts_node_parent(else_block), else_clause)) continue;
        out.push_back({c, &o, if_block, else_clause, else_block});
        break;
      }
    }
    return out;
  }

  // The finding for a crossed pair: which ranks call which, and one collective on every rank as the
  // fix, said as lines to write and delete (which of the two is meant is the author's choice: both
  // are offered), with the `if`/`else:` lines a branch left empty takes along.
  void crossed_finding(const CrossedPair& p) {
    const PyCall& c = *p.if_call;
    const PyCall& other = *p.else_call;
    // a condition over several lines is quoted on one (review58)
    std::string condition;
    for (const auto& w : core::split(c.guard.condition, ' ')) {
      for (const auto& part : core::split(w, '\n')) {
        std::string word(core::trim(part));
        if (!word.empty()) condition += (condition.empty() ? "" : " ") + word;
      }
    }
    std::string title = "the ranks where `" + condition + "` holds call " + c.last + "() (line " +
                        std::to_string(c.line) + "), the others " + other.last + "() (line " +
                        std::to_string(other.line) +
                        "): two different collectives, which do not match across ranks: a hang, an error or "
                        "wrong values";
    const int else_line = static_cast<int>(ts_node_start_point(p.else_clause).row) + 1;
    const bool if_empty = one_statement(p.if_block);
    const bool else_empty = one_statement(p.else_block);
    std::vector<int> gone = {c.line, other.line};
    if (else_empty) gone.push_back(else_line);
    // the whole `if` header, also one written over several lines (review58: `if (rank == 0` / `and v):`)
    const int body = static_cast<int>(ts_node_start_point(p.if_block).row) + 1;
    if (if_empty && else_empty)
      for (int l = c.guard.line; l < body; ++l) gone.push_back(l);
    std::sort(gone.begin(), gone.end());
    std::vector<std::string> lines;
    for (int l : gone) lines.push_back(std::to_string(l));
    std::string fix = "one collective on every rank: write `" + code_of(c.line) + "` or `" + code_of(other.line) +
                      "` once, above line " + std::to_string(c.guard.line) + " at its indentation, and delete lines " +
                      core::join(lines, ", ") + (else_empty ? " (the `else:` is left empty)" : "") +
                      (if_empty && !else_empty ? "; the `if` body is left empty: write `pass` at line " +
                                                     std::to_string(c.line) + "'s indentation"
                                               : "") +
                      ". Not both one after the other: that applies the operation twice";
    auto& f = ctx_.add("lint.torch.collective-under-rank-branch", Label::collective_mismatch, Severity::error, title,
                       c.line, fix);
    f.evidence.push_back(ctx_.path() + ":" + std::to_string(c.guard.line) + ": " +
                         std::string(core::trim(ctx_.line_text(c.guard.line))));
    f.evidence.push_back(ctx_.path() + ":" + std::to_string(other.line) + ": " +
                         std::string(core::trim(ctx_.line_text(other.line))));
  }

  // lint.torch.collective-under-rank-branch
  void collectives_under_rank() {
    auto helpers = collective_functions();
    struct Hit {
      const PyCall* call;
      const PyCall* inner;  // the collective inside a helper, or nullptr
    };
    std::vector<Hit> hits;
    for (const auto& c : f_.calls) {
      if (!c.guard.line) continue;
      if (collective_call(c, f_)) {
        if (!only_group_members_call(t_, f_, c)) hits.push_back({&c, nullptr});
      } else if (!c.name.empty() && (c.name == c.last || c.name == "self." + c.last)) {
        auto it = helpers.find(c.last);
        if (it != helpers.end() && it->second->scope != c.scope) hits.push_back({&c, it->second});
      }
    }
    // The same collective in another branch of the same scope (`if rank != 0: barrier()` ...
    // `if rank == 0: barrier()`) pairs up: every rank still calls it once.
    auto paired = [&](const PyCall& c) {
      return std::any_of(hits.begin(), hits.end(), [&](const Hit& o) {
        // two branches of one `if`, or the bodies of two `if`s (review57: the `else:` calls of two
        // if/else blocks of one function paired across each other and hid both blocks' mismatch)
        return o.call != &c && o.call->scope == c.scope && op_of(o.call->last) == op_of(c.last) &&
               o.call->guard.branch != c.guard.branch &&
               (o.call->guard.line == c.guard.line || (o.call->guard.in_body && c.guard.in_body));
      });
    };
    std::map<uint32_t, std::vector<const PyCall*>> by_branch;
    for (const auto& h : hits) {
      if (!paired(*h.call)) by_branch[h.call->guard.branch].push_back(h.call);
    }
    // The if/else pair of two different collectives (crossed_pairs): one finding, on the `if` branch's call
    std::vector<const PyCall*> direct;
    for (const auto& h : hits)
      if (!h.inner && !paired(*h.call)) direct.push_back(h.call);
    std::set<const PyCall*> crossed;
    for (const auto& p : crossed_pairs(direct, by_branch)) {
      crossed_finding(p);
      crossed.insert(p.if_call);
      crossed.insert(p.else_call);
    }
    std::map<uint32_t, int> edited;  // branch -> the line of the finding whose edit splits it
    for (const auto& h : hits) {
      const PyCall& c = *h.call;
      if (paired(c) || crossed.count(&c)) continue;
      std::string title = (h.inner ? c.last + "() runs " + h.inner->last + "()" : c.last + "()") +
                          " only on the ranks where `" + c.guard.condition +
                          "` holds: the other ranks skip it and go on to their next collective (or exit), where the "
                          "calls no longer match across ranks: a hang or an error";
      core::Finding* added = nullptr;
      auto e = edited.find(c.guard.branch);
      if (e == edited.end() && !h.inner && (added = rank_zero_first(c, helpers)) != nullptr) {
        edited[c.guard.branch] = c.line;
      } else if (e != edited.end()) {
        added = &ctx_.add("lint.torch.collective-under-rank-branch", Label::collective_mismatch, Severity::error, title,
                          c.line, "the fix of line " + std::to_string(e->second) + " moves this call too");
      } else if (auto split = c.guard.in_body
                                  ? split_rank_branch(ctx_, t_, by_branch[c.guard.branch],
                                                      [&](TSNode s) { return movable_to_every_rank(s, helpers); })
                              : h.inner ? std::nullopt
                                        : split_early_return(ctx_, t_, by_branch[c.guard.branch])) {
        edited[c.guard.branch] = c.line;
        added = &ctx_.add("lint.torch.collective-under-rank-branch", Label::collective_mismatch, Severity::error, title,
                          c.line, std::move(*split));
      } else {
        added = &ctx_.add("lint.torch.collective-under-rank-branch", Label::collective_mismatch, Severity::error, title,
                          c.line, rank_branch_prose(c));
      }
      auto& f = *added;
      f.evidence.push_back(ctx_.path() + ":" + std::to_string(c.guard.line) + ": " +
                           std::string(core::trim(ctx_.line_text(c.guard.line))));
      if (h.inner) {
        f.evidence.push_back(ctx_.path() + ":" + std::to_string(h.inner->line) + ": " +
                             std::string(core::trim(ctx_.line_text(h.inner->line))));
      }
    }
  }

  static bool late_sensitive(const std::string& name) {
    return core::starts_with(name, "NCCL_") || core::starts_with(name, "GLOO_") ||
           core::starts_with(name, "TORCH_NCCL_") || core::starts_with(name, "TORCH_GLOO_");
  }

  // lint.torch.env-after-init
  // Lightning creates the process group when a run starts, not in the constructor: Trainer's
  // fit / validate / test / predict run Trainer._run, which calls strategy.setup_environment()
  // -> DDPStrategy.setup_distributed() -> _init_dist_connection (lightning/pytorch/trainer/trainer.py,
  // lightning/pytorch/strategies/ddp.py, Lightning 2.x); Fabric does it in launch(). So the anchor
  // is such a call on an object built by Trainer(...) / Fabric(...).
  bool lightning_starts(const PyCall& c) const {
    bool trainer_run = c.last == "fit" || c.last == "validate" || c.last == "test" || c.last == "predict";
    if ((!trainer_run && c.last != "launch") || c.name == c.last) return false;
    TSNode fn = PythonTree::field(c.node, "function");
    TSNode object = PythonTree::field(fn, "object");
    TSNode built = object;
    if (PythonTree::is(object, "identifier")) {
      const PyBinding* b = f_.binding(c.scope, std::string(t_.text(object)), ts_node_start_byte(object));
      if (!b) return false;
      built = b->rhs;
    }
    if (!PythonTree::is(built, "call")) return false;
    std::string maker(last_name(t_.dotted(PythonTree::field(built, "function"))));
    return trainer_run ? maker == "Trainer" : maker == "Fabric";
  }

  void env_after_init() {
    for (const auto& e : f_.env_sets) {
      if (!late_sensitive(e.name) || e.child) continue;
      const PyCall* init = nullptr;
      for (const auto& c : f_.calls) {
        bool starts = c.last == "init_process_group" || c.last == "init_distributed" || lightning_starts(c);
        if (starts && c.scope == e.scope && c.byte < e.byte) {
          init = &c;
          break;
        }
      }
      if (!init) continue;
      bool read_at_init = !core::starts_with(e.name, "NCCL_");  // ProcessGroup{Gloo,NCCL} read theirs at init
      auto& f =
          ctx_.add("lint.torch.env-after-init", Label::config_typo, read_at_init ? Severity::error : Severity::warning,
                   e.name + " is set after " + init->last + "(): " +
                       (read_at_init ? "the process group already read its settings, this one is ignored"
                                     : "too late to be sure NCCL sees it (communicators may already exist, "
                                       "and ranks differ in when they create them)"),
                   e.line, move_above(e, *init) + "; or export it in the launch script");
      f.evidence.push_back(ctx_.path() + ":" + std::to_string(init->line) + ": " +
                           std::string(core::trim(ctx_.line_text(init->line))));
    }
  }

  // lint.torch.nccl-on-windows
  void nccl_on_windows() {
    Severity sev;
    if (!windows_rules_on(ctx_, f_.windows_line != 0, sev)) return;
    for (const auto& c : f_.calls) {
      TSNode args = arguments(c);
      TSNode backend;
      if (c.last == "init_process_group") {
        backend = keyword(t_, args, "backend");
        if (null(backend)) backend = positional(args, 0);
      } else {
        backend = keyword(t_, args, "process_group_backend");
      }
      std::string v;
      if (null(backend) || !t_.string_value(backend, v) || core::to_lower(v).find("nccl") == std::string::npos)
        continue;
      auto& f = add_fix(
          "lint.torch.nccl-on-windows", Label::windows_no_nccl, sev,
          "backend \"" + v + "\" on Windows: NCCL does not exist there, init_process_group fails or hangs", c.line,
          PythonTree::line(backend),
          line_with(PythonTree::line(backend), ts_node_start_byte(backend), ts_node_end_byte(backend), "\"gloo\""),
          "backend=\"gloo\"");
      platform_evidence(f);
    }
  }

  static bool loopback_host(std::string_view h) { return core::names_this_machine(h); }

  // lint.torch.master-addr-localhost
  void master_addr_localhost() {
    if (!f_.multi_node_line) {
      one_machine_init();
      return;
    }
    auto report = [&](int line, const std::string& what, std::string fixed) {
      auto& f = ctx_.add("lint.torch.master-addr-localhost", Label::hostname_resolution, Severity::error,
                         what + " in a multi-node script: ranks on other nodes dial themselves and wait", line,
                         std::move(fixed));
      f.evidence.push_back(ctx_.path() + ":" + std::to_string(f_.multi_node_line) + ": " + f_.multi_node_why);
    };
    for (const auto& e : f_.env_sets) {
      if (e.name != "MASTER_ADDR" || !e.value || !loopback_host(*e.value)) continue;
      // Not an edit: the rank-0 node's address is not in the file.
      report(e.line, "MASTER_ADDR is hard-coded to " + *e.value,
             line_with(e.line, ts_node_start_byte(e.value_node), ts_node_end_byte(e.value_node),
                       "os.environ.get(\"MASTER_ADDR\", \"<rank-0 node address>\")")
                 .value_or("os.environ[\"MASTER_ADDR\"] = \"<rank-0 node address>\""));
    }
    for (const auto& i : loopback_tcp_inits()) env_init_fix(*i.call, i.method, i.url);
    node_local_file_init();
  }

  // lint.torch.init-file-node-local: init_method="file:///tmp/..." (or /dev/shm, /var/tmp, /run) in a
  // multi-node script. torch's file:// rendezvous is a FileStore on that path (torch/distributed/
  // rendezvous.py, _file_rendezvous_handler); those folders are each machine's own, so the ranks of
  // each node meet in a file of their own and wait for the others (stranger fix-2026-12-06j p28).
  // Prose: which shared file system the nodes mount is not in the file.
  void node_local_file_init() {
    for (const auto& c : f_.calls) {
      if (c.last != "init_process_group") continue;
      TSNode m = keyword(t_, arguments(c), "init_method");
      std::string v;
      if (null(m) || !t_.string_value(m, v) || !core::starts_with(v, "file://")) continue;
      std::string path = v.substr(7);
      std::string local;
      for (std::string_view d : {"/tmp/", "/dev/shm/", "/var/tmp/", "/run/"})
        if (core::starts_with(path, d)) local = std::string(d.substr(0, d.size() - 1));
      if (local.empty()) continue;
      auto& f = ctx_.add("lint.torch.init-file-node-local", Label::config_typo, Severity::error,
                         "init_method \"" + v + "\" in a multi-node script: " + local +
                             " is each node's own, so the ranks of each node meet in a file of their own and wait "
                             "for the others in init_process_group",
                         c.line,
                         "init_method=\"file:///SHARED/ddp_init_file\"  # SHARED: a folder every node mounts "
                         "(NFS, Lustre), a new file per run; or init_method=\"env://\" with MASTER_ADDR and "
                         "MASTER_PORT from the launcher");
      f.evidence.push_back(ctx_.path() + ":" + std::to_string(f_.multi_node_line) + ": " + f_.multi_node_why);
    }
  }

  // init_process_group(init_method="tcp://HOST:P") calls whose HOST names this machine.
  struct LoopbackInit {
    const PyCall* call;
    TSNode method;    // the init_method keyword's value
    std::string url;  // tcp://HOST:P
    std::string host;
  };
  std::vector<LoopbackInit> loopback_tcp_inits() const {
    std::vector<LoopbackInit> out;
    for (const auto& c : f_.calls) {
      if (c.last != "init_process_group") continue;
      TSNode m = keyword(t_, arguments(c), "init_method");
      std::string v;
      if (null(m) || !t_.string_value(m, v) || !core::starts_with(v, "tcp://")) continue;
      std::string host = v.substr(6, v.rfind(':') > 6 ? v.rfind(':') - 6 : std::string::npos);
      if (loopback_host(host)) out.push_back({&c, m, v, host});
    }
    return out;
  }

  // init_method="tcp://localhost:P" in a file that shows no second node: right on one machine, so a
  // warning that says how to tell (ranks on another machine). A launch file linted with it that
  // names several hosts makes it the error, with the edits (env_init_across.cpp).
  void one_machine_init() {
    for (const auto& i : loopback_tcp_inits()) {
      const PyCall& c = *i.call;
      TSNode m = i.method;
      const std::string& v = i.url;
      const std::string& host = i.host;
      auto edited = line_with(PythonTree::line(m), ts_node_start_byte(m), ts_node_end_byte(m), "\"env://\"");
      auto unset = env_init_unset(c);
      std::string port = v.rfind(':') > 6 ? v.substr(v.rfind(':') + 1) : "";
      std::string fixed = edited.value_or("init_method=\"env://\"") +
                          "  # only if a rank runs on another machine: env:// reads " +
                          (unset.empty() ? std::string("MASTER_ADDR, MASTER_PORT") : core::join(unset, ", ")) +
                          " from each rank's environment (MASTER_ADDR=<rank-0 node address> on every node); on one "
                          "machine tcp://" +
                          host + " is right, keep it";
      auto& f = ctx_.add("lint.torch.master-addr-localhost", Label::hostname_resolution, Severity::warning,
                         "init_method " + v +
                             " works only while every rank runs on this machine: a rank started on another node "
                             "dials itself and waits in init_process_group",
                         c.line, fixed);
      f.evidence.push_back(ctx_.path() +
                           ": the file reads, sets or declares none of NODE_RANK, NNODES, --nnodes, num_nodes=, so it "
                           "does not say whether it spans nodes: to tell, see whether the launch starts ranks on "
                           "more than one host");
      std::string digits = port.substr(0, port.find_first_not_of("0123456789"));
      bool port_unset = std::find(unset.begin(), unset.end(), "MASTER_PORT") != unset.end();
      if (edited && !unset.empty())
        ctx_.last().env_init = EnvInitFix{PythonTree::line(m), *edited, unset, port_unset ? digits : ""};
    }
  }

  // The variables env:// reads that this file does not set: torch/distributed/rendezvous.py
  // (_env_rendezvous_handler, torch 1.13 to 2.x) reads MASTER_ADDR and MASTER_PORT from the
  // environment and raises ValueError when one is unset or empty; RANK and WORLD_SIZE too unless
  // init_process_group gets rank= and world_size= (they go into the URL's query).
  std::vector<std::string> env_init_unset(const PyCall& c) const {
    TSNode args = arguments(c);
    std::vector<std::string> unset;
    for (const auto& [kw, name] : {std::pair{"", "MASTER_ADDR"}, std::pair{"", "MASTER_PORT"},
                                   std::pair{"rank", "RANK"}, std::pair{"world_size", "WORLD_SIZE"}}) {
      std::string_view var = name;  // a structured binding cannot be captured before clang 16
      bool set = std::any_of(f_.env_sets.begin(), f_.env_sets.end(),
                             [var](const PyEnvSet& e) { return e.name == var && !e.child; });
      if (!set && (*kw == '\0' || null(keyword(t_, args, kw)))) unset.emplace_back(name);
    }
    return unset;
  }

  // init_method="tcp://localhost:P" -> "env://", which needs the variables from the launcher. The
  // file shows it when it starts its ranks with torch.multiprocessing.spawn: it runs under plain
  // python, which sets none (the spawned processes inherit its environment), so the edit names the
  // launch line that provides them. Otherwise prose, with the same as data (env_init), which
  // env_init_across turns into edits when a shell file linted with this one starts it.
  // What the file reads to tell the nodes apart (NODE_RANK, --node_rank, NNODES, ...), each with the
  // value every node must give it: as variables before `python` and as options after the file.
  // The file reads positional arguments (sys.argv[1], ...): the launch line keeps them.
  std::string positional_arguments() const { return f_.argv_line ? " <the arguments it takes now>" : ""; }

  std::pair<std::string, std::string> node_inputs() const {
    std::string env_words;
    std::string flags;
    for (const auto& w : f_.multi_node_words) {
      if (w.starts_with("SLURM_")) continue;  // srun sets those; plain python does not
      bool count = w.find("nodes") != std::string::npos || w == "NNODES";
      std::string value = count ? "<node count>" : "<node index: 0 on the rank-0 node>";
      if (w.starts_with("--"))
        flags += " " + w + "=" + value;
      else
        env_words += " " + w + "=" + value;
    }
    return {env_words, flags};
  }

  void env_init_fix(const PyCall& c, TSNode m, const std::string& v) {
    auto edited = line_with(PythonTree::line(m), ts_node_start_byte(m), ts_node_end_byte(m), "\"env://\"");
    auto unset = env_init_unset(c);
    std::string port = v.rfind(':') > 6 ? v.substr(v.rfind(':') + 1) : "";
    std::string example;
    for (const auto& n : unset) {
      if (n == "MASTER_ADDR") example += " MASTER_ADDR=<rank-0 node address>";
      if (n == "MASTER_PORT") example += " MASTER_PORT=" + (port.empty() ? std::string("<free port>") : port);
    }
    std::string title = "init_method " + v +
                        " names this machine in a multi-node script: ranks on other nodes dial themselves and wait";
    auto spawn = std::find_if(f_.calls.begin(), f_.calls.end(), [](const PyCall& s) {
      return s.last == "spawn" && (s.name.find("multiprocessing") != std::string::npos || s.name == "mp.spawn");
    });
    bool master_only =
        std::all_of(unset.begin(), unset.end(), [](const std::string& n) { return n.starts_with("MASTER_"); });
    core::Finding* f = nullptr;
    if (edited && !unset.empty() && master_only && spawn != f_.calls.end()) {
      auto [env_words, flags] = node_inputs();
      std::string base = ctx_.path().substr(ctx_.path().find_last_of('/') + 1);
      f = &ctx_.add("lint.torch.master-addr-localhost", Label::hostname_resolution, Severity::error, title, c.line,
                    LineEdit{PythonTree::line(m), PythonTree::line(m),
                             *edited + "  # " + spawn->name + " (line " + std::to_string(spawn->line) +
                                 ") starts the ranks itself, so the file runs under python, which sets no " +
                                 core::join(unset, ", ") + ": on every node run" + env_words + example + " python " +
                                 base + flags + positional_arguments()});
    } else {
      std::string fixed = edited.value_or("init_method=\"env://\"");
      if (!unset.empty())
        fixed += "  # env:// reads " + core::join(unset, ", ") +
                 " from each rank's environment (this file sets none of them): torchrun sets them; with another "
                 "launcher export them on every node" +
                 (example.empty() ? std::string() : " (" + example.substr(1) + ")");
      f = &ctx_.add("lint.torch.master-addr-localhost", Label::hostname_resolution, Severity::error, title, c.line,
                    fixed);
      bool port_unset = std::find(unset.begin(), unset.end(), "MASTER_PORT") != unset.end();
      std::string digits = port.substr(0, port.find_first_not_of("0123456789"));
      if (edited && !unset.empty())
        ctx_.last().env_init = EnvInitFix{PythonTree::line(m), *edited, unset, port_unset ? digits : ""};
    }
    f->evidence.push_back(ctx_.path() + ":" + std::to_string(f_.multi_node_line) + ": " + f_.multi_node_why);
  }

  // lint.torch.launch-deprecated
  void launch_deprecated() {
    for (const auto& [line, what] : f_.launch_mentions) {
      ctx_.add("lint.torch.launch-deprecated", Label::config_typo, Severity::warning,
               "torch.distributed.launch is deprecated: use torchrun (it sets LOCAL_RANK in the environment instead "
               "of --local_rank)",
               line,
               "torchrun --nnodes=$NNODES --nproc-per-node=$GPUS_PER_NODE --rdzv-endpoint=$MASTER_ADDR:29500 train.py");
    }
  }

  // Where "move above line `anchor`" must leave the statement setting `e`: the lines between the anchor
  // and it that bind what it reads (directly or through each other) move with it, in their order;
  // when one of them reads what the anchor's own line binds (`n = strategy.num_replicas_in_sync`),
  // nothing can move above the anchor and the text says so.
  std::string move_above(const PyEnvSet& e, const PyCall& anchor) const {
    std::string where = "  # move above line " + std::to_string(anchor.line) + " (" + anchor.last + ")";
    std::set<std::string> read;
    identifiers(t_, e.value_node, read);
    std::set<int> lines;
    std::set<std::string> seen;
    std::vector<std::string> todo(read.begin(), read.end());
    while (!todo.empty()) {
      std::string name = todo.back();
      todo.pop_back();
      if (!seen.insert(name).second) continue;
      const PyBinding* b = f_.binding(e.scope, name, e.byte);
      if (!b || b->line < anchor.line || b->line >= e.line) continue;
      if (b->line == anchor.line) {
        return code_of(e.line) + "  # it reads " + name + ", bound on line " + std::to_string(anchor.line) + " by " +
               anchor.last + "(): compute the value without it and set " + e.name + " above line " +
               std::to_string(anchor.line);
      }
      lines.insert(b->line);
      std::set<std::string> more;
      identifiers(t_, b->rhs, more);
      todo.insert(todo.end(), more.begin(), more.end());
    }
    if (lines.empty()) return code_of(e.line) + where;
    std::vector<std::string> named;
    for (int l : lines) named.push_back(std::to_string(l));
    return code_of(e.line) + where + ", and line" + (lines.size() > 1 ? "s " : " ") + core::join(named, ", ") +
           " with it, above it, in that order: " + (lines.size() > 1 ? "they compute" : "it computes") +
           " what it reads";
  }

  // lint.tf.tf-config-after-strategy
  void tf_config_after_strategy() {
    for (const auto& e : f_.env_sets) {
      if (e.name != "TF_CONFIG" || e.child) continue;
      for (const auto& c : f_.calls) {
        bool reads = c.last == "MultiWorkerMirroredStrategy" || c.last == "ParameterServerStrategy" ||
                     c.last == "TFConfigClusterResolver" || c.last == "MirroredStrategy";
        if (!reads || c.scope != e.scope || c.byte > e.byte) continue;
        auto& f = ctx_.add("lint.tf.tf-config-after-strategy", Label::tf_config, Severity::error,
                           "TF_CONFIG is set after " + c.last +
                               "() was built: the strategy read the cluster at construction, this worker runs alone "
                               "or waits for the others forever",
                           e.line, move_above(e, c));
        f.evidence.push_back(ctx_.path() + ":" + std::to_string(c.line) + ": " +
                             std::string(core::trim(ctx_.line_text(c.line))));
        break;
      }
    }
  }

  // A tf.data pipeline reaching `expr`, followed through assignments (`ds = ds.batch(...)`).
  struct Chain {
    bool dataset = false;
    std::vector<std::string> steps;  // constructor, then methods, in order
    std::vector<TSNode> step_calls;
    int line = 0;  // the last assignment (or the expression) that built it
    TSNode end;    // that assignment's right-hand side
    // Built by a function of the file (`make_ds(...).repeat()`): line and end are the function's,
    // and the last `after_call` steps are those written after the call.
    bool returned = false;
    std::size_t after_call = 0;
  };

  // The expression the function `name` of this file returns, with the function's scope, when the
  // file defines it once and its body ends in its only return statement.
  std::optional<std::pair<TSNode, uint32_t>> returned_by(const std::string& name) const {
    uint32_t scope = 0;
    for (const auto& [s, n] : f_.function_names) {
      if (n != name) continue;
      if (scope) return std::nullopt;
      scope = s;
    }
    if (!scope) return std::nullopt;
    TSNode def = ts_node_descendant_for_byte_range(t_.root(), scope - 1, scope - 1);
    while (!null(def) && !(PythonTree::is(def, "function_definition") && ts_node_start_byte(def) == scope - 1))
      def = ts_node_parent(def);
    TSNode body = PythonTree::field(def, "body");
    uint32_t count = null(body) ? 0 : ts_node_named_child_count(body);
    if (count == 0) return std::nullopt;
    TSNode last = ts_node_named_child(body, count - 1);
    if (!PythonTree::is(last, "return_statement") || ts_node_named_child_count(last) != 1) return std::nullopt;
    for (uint32_t i = 0; i + 1 < count; ++i) {
      if (PythonTree::is(ts_node_named_child(body, i), "return_statement")) return std::nullopt;
    }
    return std::make_pair(ts_node_named_child(last, 0), scope);
  }

  static bool dataset_source(const std::string& name) {
    return name.find("tf.data.") != std::string::npos || core::starts_with(name, "Dataset.") ||
           name.find(".data.Dataset.") != std::string::npos || name == "TFRecordDataset" || name == "TextLineDataset" ||
           core::starts_with(name, "tfds.load");
  }

  void chain_of(TSNode n, uint32_t scope, Chain& out, int depth) const {
    if (null(n) || depth > 32) return;
    if (PythonTree::is(n, "parenthesized_expression"))
      return chain_of(ts_node_named_child(n, 0), scope, out, depth + 1);
    if (PythonTree::is(n, "identifier")) {
      const PyBinding* b = f_.binding(scope, std::string(t_.text(n)), ts_node_start_byte(n));
      if (!b) return;
      if (!out.line) {
        out.line = b->line;
        out.end = b->rhs;
      }
      return chain_of(b->rhs, scope, out, depth + 1);
    }
    if (!PythonTree::is(n, "call")) return;
    if (!out.line) {
      out.line = PythonTree::line(n);
      out.end = n;
    }
    TSNode fn = PythonTree::field(n, "function");
    std::string name = t_.dotted(fn);
    if (!name.empty() && dataset_source(name)) {
      out.dataset = true;
      out.steps.insert(out.steps.begin(), std::string(last_name(name)));
      out.step_calls.insert(out.step_calls.begin(), n);
      return;
    }
    if (PythonTree::is(fn, "identifier") && !out.returned) {
      // A pipeline a function of the file returns: its steps, then those written after the call.
      auto ret = returned_by(std::string(t_.text(fn)));
      if (!ret) return;
      Chain inner;
      chain_of(ret->first, ret->second, inner, depth + 1);
      if (!inner.dataset || inner.returned) return;
      inner.returned = true;
      inner.after_call = out.steps.size();
      inner.steps.insert(inner.steps.end(), out.steps.begin(), out.steps.end());
      inner.step_calls.insert(inner.step_calls.end(), out.step_calls.begin(), out.step_calls.end());
      out = std::move(inner);
      return;
    }
    if (!PythonTree::is(fn, "attribute")) return;
    std::string method(t_.text(PythonTree::field(fn, "attribute")));
    if (method == "experimental_distribute_dataset" || method == "distribute_datasets_from_function") {
      return;  // a distributed dataset: checked where it was built
    }
    out.steps.insert(out.steps.begin(), method);
    out.step_calls.insert(out.step_calls.begin(), n);
    chain_of(PythonTree::field(fn, "object"), scope, out, depth + 1);
  }

  static bool has(const Chain& c, std::string_view step) {
    return std::find(c.steps.begin(), c.steps.end(), step) != c.steps.end();
  }

  TSNode step_call(const Chain& c, std::string_view step) const {
    for (std::size_t i = 0; i < c.steps.size(); ++i) {
      if (c.steps[i] == step) return c.step_calls[i];
    }
    return TSNode{};
  }

  // lint.tf.data-pipeline-incomplete, lint.tf.unknown-cardinality-fit
  void data_pipelines() {
    std::set<int> reported;
    for (const auto& c : f_.calls) {
      bool fit = c.last == "fit" && c.name != c.last;
      bool distribute = c.last == "experimental_distribute_dataset";
      if (!fit && !distribute) continue;
      TSNode args = arguments(c);
      TSNode x = keyword(t_, args, fit ? "x" : "dataset");
      if (null(x)) x = positional(args, 0);
      Chain chain;
      chain_of(x, c.scope, chain, 0);
      if (!chain.dataset) continue;
      if (fit && null(keyword(t_, args, "steps_per_epoch"))) cardinality(c, chain);
      if (!reported.insert(chain.line).second) continue;
      if (chain.returned) {
        // Judged as the function builds it, unless steps written after the call reorder or add
        // cache/shuffle/batch/prefetch (then the function's part alone says nothing).
        Chain built = chain;
        built.steps.resize(chain.steps.size() - chain.after_call);
        built.step_calls.resize(chain.step_calls.size() - chain.after_call);
        bool after = std::any_of(
            chain.steps.end() - static_cast<std::ptrdiff_t>(chain.after_call), chain.steps.end(),
            [](const std::string& s) { return s == "cache" || s == "shuffle" || s == "batch" || s == "prefetch"; });
        if (!after) pipeline(built);
        continue;
      }
      pipeline(chain);
    }
  }

  void cardinality(const PyCall& fit, const Chain& chain) {
    TSNode repeat = step_call(chain, "repeat");
    bool infinite = !null(repeat) && ts_node_named_child_count(PythonTree::field(repeat, "arguments")) == 0;
    std::string unknown;
    for (const char* s : {"filter", "from_generator", "TFRecordDataset", "TextLineDataset", "list_files", "interleave",
                          "flat_map", "unbatch", "rejection_resample", "take_while"}) {
      if (has(chain, s)) unknown = s;
    }
    if (!infinite && unknown.empty()) return;
    // A finite dataset of unknown size only hangs across workers (one worker runs out of batches
    // while the others wait in its all-reduce); one machine's strategy just ends the epoch.
    bool workers = std::any_of(f_.calls.begin(), f_.calls.end(),
                               [](const PyCall& c) { return c.last == "MultiWorkerMirroredStrategy"; });
    if (!infinite && !workers) return;
    // An edit only names a step count the file defines; the count itself is the author's to say.
    // Without repeat() no edit: with steps_per_epoch Keras does not restart a dataset each epoch
    // (DataHandler recreates the iterator only without it), so a finite one ends training with
    // "ran out of data" after the first epoch; the dataset needs repeat() too.
    std::string steps = infinite ? bound_name({"STEPS_PER_EPOCH", "steps_per_epoch", "TRAIN_STEPS"}, "") : "";
    auto& f = add_fix(
        "lint.tf.unknown-cardinality-fit", Label::data_pipeline_stall, infinite ? Severity::error : Severity::info,
        infinite ? "fit() gets an infinite dataset (repeat()) and no steps_per_epoch: the epoch never ends"
                 : "fit() gets a dataset of unknown cardinality (" + unknown +
                       ") and no steps_per_epoch under MultiWorkerMirroredStrategy: TensorFlow releases that did "
                       "not handle the last partial batch across workers (2.3 and older, tensorflow/tensorflow#36153, "
                       "where steps_per_epoch was required) can wait there for a batch other workers do not have; "
                       "later releases end the epoch together",
        fit.line, fit.line, !steps.empty() ? with_keyword(fit, "steps_per_epoch=" + steps) : std::nullopt,
        infinite ? "steps_per_epoch=<examples per epoch // global batch size>"
                 : ".repeat() at the end of the pipeline, and steps_per_epoch=<examples per epoch // "
                   "global batch size> in fit() (without repeat(), Keras stops after the first epoch: "
                   "it does not restart the dataset when steps_per_epoch is given)");
    f.evidence.push_back("pipeline: " + core::join(chain.steps, " -> "));
  }

  // One corrected pipeline per chain (lint.tf.data-pipeline-incomplete): the chain's steps with
  // cache / shuffle / batch / prefetch put in that order in the slots they already occupy (other
  // steps such as map() stay where they are), the missing ones added (cache() only for data already
  // in memory: caching a file-backed dataset can exhaust RAM), prefetch's argument set to
  // tf.data.AUTOTUNE, and batch's argument scaled as lint.tf.batch-not-scaled says, so the two
  // findings of one line print the same corrected line. Whole statement, as the line reads.
  void pipeline(const Chain& chain) {
    static const std::vector<std::string> k_order = {"cache", "shuffle", "batch", "prefetch"};
    std::vector<std::string> problems;
    std::vector<std::string> present;  // in the chain's order
    for (std::size_t i = 1; i < chain.steps.size(); ++i) {
      if (std::find(k_order.begin(), k_order.end(), chain.steps[i]) != k_order.end()) present.push_back(chain.steps[i]);
    }
    std::vector<std::string> canonical;
    for (const auto& s : k_order) {
      if (std::find(present.begin(), present.end(), s) != present.end()) canonical.push_back(s);
    }
    if (present != canonical)
      problems.push_back("its steps in the order " + core::join(present, " -> ") + " instead of " +
                         core::join(canonical, " -> "));
    bool in_memory = chain.steps.empty() ? false
                                         : chain.steps[0] == "from_tensor_slices" || chain.steps[0] == "from_tensors" ||
                                               chain.steps[0] == "range";
    bool serious = present != canonical;
    std::vector<std::string> missing;
    for (const auto& s : k_order) {
      if (has(chain, s) || (s == "cache" && !in_memory)) continue;
      missing.push_back(s);
      problems.push_back("no " + s + "()");
      serious = serious || s == "batch";
    }
    TSNode prefetch = step_call(chain, "prefetch");
    bool fixed_prefetch = false;
    if (!null(prefetch)) {
      // prefetch(AUTOTUNE) or prefetch(buffer_size=AUTOTUNE), tf.data's or tf.data.experimental's
      TSNode args = PythonTree::field(prefetch, "arguments");
      TSNode arg = positional(args, 0);
      if (null(arg)) arg = keyword(t_, args, "buffer_size");
      if (null(arg) || t_.text(arg).find("AUTOTUNE") == std::string_view::npos) {
        problems.push_back("a fixed prefetch size instead of prefetch(tf.data.AUTOTUNE)");
        fixed_prefetch = true;
      }
    }
    TSNode batch = step_call(chain, "batch");
    if (problems.empty()) return;
    LineEdit fixed = composed_line(chain, missing, fixed_prefetch);
    if (!fixed.text.empty() && !null(batch)) composed_[ts_node_start_byte(batch)] = fixed;
    std::string title = "the tf.data pipeline has " + core::join(problems, ", ") + ": " +
                        core::join(pipeline_harms(present, missing, fixed_prefetch), "; ");
    // Steps out of order or no batch() change what is trained on: a warning. A missing cache() or
    // prefetch() or a fixed prefetch size is performance advice: a note (--fix leaves it).
    auto sev = serious ? Severity::warning : Severity::info;
    auto& f = fixed.text.empty() ? ctx_.add("lint.tf.data-pipeline-incomplete", Label::data_pipeline_stall, sev,
                                            std::move(title), chain.line, "")
                                 : ctx_.add("lint.tf.data-pipeline-incomplete", Label::data_pipeline_stall, sev,
                                            std::move(title), chain.line, fixed);
    f.evidence.push_back("pipeline: " + core::join(chain.steps, " -> "));
    if (present != canonical) {
      f.evidence.push_back(
          "cache() before shuffle() (else every epoch replays the first epoch's order), shuffle() before "
          "batch() (else whole batches are shuffled), prefetch(tf.data.AUTOTUNE) last");
    }
  }

  // What each problem of a pipeline costs, in the order the title lists them. Steps out of order
  // change what is trained on (or overlap nothing); a missing step or a fixed prefetch leaves the
  // input slower than it could be.
  static std::vector<std::string> pipeline_harms(const std::vector<std::string>& present,
                                                 const std::vector<std::string>& missing, bool fixed_prefetch) {
    auto at = [&](const char* s) {
      return static_cast<std::ptrdiff_t>(std::find(present.begin(), present.end(), s) - present.begin());
    };
    auto both = [&](const char* a, const char* b) {
      return at(a) < static_cast<std::ptrdiff_t>(present.size()) && at(b) < static_cast<std::ptrdiff_t>(present.size());
    };
    std::vector<std::string> harms;
    if (both("shuffle", "batch") && at("shuffle") > at("batch"))
      harms.emplace_back(
          "shuffle() after batch() shuffles whole batches, not examples: every epoch trains on the "
          "same batches, only in another order");
    if (both("cache", "shuffle") && at("cache") > at("shuffle"))
      harms.emplace_back("cache() after shuffle() stores the first epoch's order, and every later epoch replays it");
    if (at("prefetch") + 1 < static_cast<std::ptrdiff_t>(present.size()))
      harms.emplace_back("the steps after prefetch() run in the training step, not ahead of it");
    if (!missing.empty() || fixed_prefetch)
      harms.emplace_back(
          "the input can fall behind the training step, and an input-bound step looks like an "
          "all-reduce hang");
    if (both("cache", "batch") && at("cache") > at("batch") && harms.empty())
      harms.emplace_back(
          "cache() after batch() stores whole batches: a shuffle() after it would shuffle batches, not "
          "examples");
    if (harms.empty()) harms.emplace_back("steps out of the order cache -> shuffle -> batch -> prefetch");
    return harms;
  }

  // A method step's own text: ".shuffle(1000)" (from the end of its object to its end).
  std::string step_text(TSNode call) const {
    TSNode object = PythonTree::field(PythonTree::field(call, "function"), "object");
    uint32_t from = null(object) ? ts_node_start_byte(call) : ts_node_end_byte(object);
    return t_.source().substr(from, ts_node_end_byte(call) - from);
  }

  // The module-level name bound to a value among `names`, else `fallback`.
  std::string bound_name(std::initializer_list<const char*> names, std::string fallback) const {
    for (const char* n : names) {
      if (f_.bindings.count({0u, n})) return n;
    }
    return fallback;
  }

  // (name, text) of each step of a rewritten chain.
  using StepTexts = std::vector<std::pair<std::string, std::string>>;

  // A step's place in the order cache, shuffle, batch, prefetch; 4 for any other step.
  static std::ptrdiff_t pipeline_rank(const std::string& name) {
    static const std::vector<std::string> k_order = {"cache", "shuffle", "batch", "prefetch"};
    return std::find(k_order.begin(), k_order.end(), name) - k_order.begin();
  }

  // texts[i]: step i's text as the rewritten chain writes it; step 0 is the source call, kept whole.
  std::vector<std::string> chain_step_texts(const Chain& chain, bool fixed_prefetch) const {
    std::vector<std::string> texts;
    texts.push_back(std::string(t_.text(chain.step_calls[0])));
    for (std::size_t i = 1; i < chain.step_calls.size(); ++i) {
      std::string text = step_text(chain.step_calls[i]);
      if (chain.steps[i] == "prefetch" && fixed_prefetch) text = ".prefetch(" + autotune() + ")";
      if (chain.steps[i] == "batch") {
        if (auto scaled = scaled_batch_text(chain.step_calls[i])) text = *scaled;
      }
      texts.push_back(std::move(text));
    }
    return texts;
  }

  // The steps with the four reordered within the slots they occupy; the others stay in place.
  static StepTexts reordered_steps(const std::vector<std::string>& names, const std::vector<std::string>& texts) {
    std::vector<std::size_t> slots;
    for (std::size_t i = 1; i < names.size(); ++i) {
      if (pipeline_rank(names[i]) < 4) slots.push_back(i);
    }
    StepTexts special;
    for (auto i : slots) special.push_back({names[i], texts[i]});
    std::stable_sort(special.begin(), special.end(),
                     [&](const auto& a, const auto& b) { return pipeline_rank(a.first) < pipeline_rank(b.first); });
    StepTexts steps;
    for (std::size_t i = 0, k = 0; i < names.size(); ++i) {
      if (k < slots.size() && slots[k] == i)
        steps.push_back(special[k++]);
      else
        steps.push_back({names[i], texts[i]});
    }
    return steps;
  }

  // The text of missing step `m`: sizes named by the file's own constants where it binds them.
  std::string missing_step_text(const Chain& chain, const std::string& m) const {
    std::string strategy = strategy_name();
    bool scaled = std::any_of(f_.calls.begin(), f_.calls.end(), [](const PyCall& c) {
      return c.last == "MirroredStrategy" || c.last == "MultiWorkerMirroredStrategy" || c.last == "TPUStrategy";
    });
    return m == "cache" ? ".cache()"
           : m == "shuffle"
               ? ".shuffle(" + bound_name({"BUFFER_SIZE", "SHUFFLE_BUFFER_SIZE", "SHUFFLE_BUFFER"}, "10000") + ")"
           : m == "batch" ? ".batch(" +
                                bound_name({"GLOBAL_BATCH_SIZE"}, scaled && scaling_allowed(chain.step_calls[0])
                                                                      ? "64 * " + strategy + ".num_replicas_in_sync"
                                                                      : "64") +
                                ")"
                          : ".prefetch(" + autotune() + ")";
  }

  // Inserts missing step (m, text) before the first present step that must follow it, else at the
  // end; cache() after an endless repeat() would never finish filling: it goes before the repeat.
  static void insert_missing(StepTexts& steps, const std::string& m, std::string text) {
    std::size_t at = steps.size();
    for (std::size_t i = 1; i < steps.size(); ++i) {
      if (pipeline_rank(steps[i].first) < 4 && pipeline_rank(steps[i].first) > pipeline_rank(m)) {
        at = i;
        break;
      }
    }
    if (m == "cache") {
      for (std::size_t i = 1; i < at; ++i) {
        if (steps[i].first == "repeat") {
          at = i;
          break;
        }
      }
    }
    steps.insert(steps.begin() + static_cast<std::ptrdiff_t>(at), {m, std::move(text)});
  }

  // The expression that replaces chain.end. Steps written in earlier statements (ds = ...;
  // ds = ds.batch()) stay there when unchanged; else the statement rebuilds the whole chain from its
  // source. nullopt when it cannot be said that way.
  std::optional<std::string> chain_expression(const Chain& chain, const StepTexts& steps,
                                              const std::vector<std::string>& texts) const {
    uint32_t end_begin = ts_node_start_byte(chain.end), end_end = ts_node_end_byte(chain.end);
    auto inside = [&](TSNode n) { return ts_node_start_byte(n) >= end_begin && ts_node_end_byte(n) <= end_end; };
    std::size_t earlier = 0;
    while (earlier < chain.step_calls.size() && !inside(chain.step_calls[earlier])) ++earlier;
    bool keep_earlier = earlier > 0;
    for (std::size_t i = 0; i < earlier && keep_earlier; ++i) keep_earlier = steps[i].second == texts[i];
    std::string rhs;
    std::size_t from = 0;
    if (keep_earlier) {
      TSNode first = chain.step_calls[earlier < chain.step_calls.size() ? earlier : chain.step_calls.size() - 1];
      TSNode object = PythonTree::field(PythonTree::field(first, "function"), "object");
      if (earlier == chain.step_calls.size() || null(object)) return std::nullopt;
      rhs = t_.source().substr(end_begin, ts_node_end_byte(object) - end_begin);
      from = earlier;
    }
    for (std::size_t i = from; i < steps.size(); ++i) rhs += steps[i].second;
    // A chain written inside parentheses over several lines keeps them (without, its continuation
    // lines would be an indentation error).
    // (With earlier steps kept, the opening parenthesis is in the kept text already.)
    if (PythonTree::is(chain.end, "parenthesized_expression")) rhs = (keep_earlier ? "" : "(") + rhs + ")";
    return rhs;
  }

  // The line(s) of `chain.end` with the chain rewritten (see pipeline()); text "" when it cannot be
  // said that way.
  LineEdit composed_line(const Chain& chain, const std::vector<std::string>& missing, bool fixed_prefetch) const {
    if (chain.step_calls.empty()) return {};
    bool needs_autotune = fixed_prefetch || std::find(missing.begin(), missing.end(), "prefetch") != missing.end();
    if (needs_autotune && f_.tensorflow_name.empty()) return {};  // no name in the file reaches tf.data.AUTOTUNE
    std::vector<std::string> texts = chain_step_texts(chain, fixed_prefetch);
    // Reorder within the slots the four steps occupy, then add the missing ones.
    StepTexts steps = reordered_steps(chain.steps, texts);
    for (const auto& m : missing) insert_missing(steps, m, missing_step_text(chain, m));
    auto rhs = chain_expression(chain, steps, texts);
    if (!rhs) return {};
    // The statement's line(s) around chain.end, with chain.end replaced.
    uint32_t end_begin = ts_node_start_byte(chain.end), end_end = ts_node_end_byte(chain.end);
    int first_line = PythonTree::line(chain.end);
    int last_line = static_cast<int>(ts_node_end_point(chain.end).row) + 1;
    std::string_view head = ctx_.line_text(first_line), tail = ctx_.line_text(last_line);
    std::size_t head_start = static_cast<std::size_t>(head.data() - ctx_.text().data());
    std::size_t tail_start = static_cast<std::size_t>(tail.data() - ctx_.text().data());
    if (end_begin < head_start || end_end < tail_start || end_end > tail_start + tail.size()) return {};
    std::string out(head.substr(0, end_begin - head_start));
    return {first_line, last_line, out + *rhs + std::string(tail.substr(end_end - tail_start))};
  }

  // batch(N)'s call with N times the replica count (lint.tf.batch-not-scaled's fix): ".batch(N *
  // s.num_replicas_in_sync)" as the step's text; nullopt when the rule does not apply to this call.
  std::optional<std::string> scaled_batch_text(TSNode call) const {
    auto arg = unscaled_batch_arg(call);
    if (!arg || arg->global || !scaling_allowed(call)) return std::nullopt;
    std::string text = step_text(call);
    uint32_t from = ts_node_end_byte(PythonTree::field(PythonTree::field(call, "function"), "object"));
    std::size_t a = ts_node_start_byte(arg->node) - from, b = ts_node_end_byte(arg->node) - from;
    return text.substr(0, a) + arg->shown + " * " + strategy_name() + ".num_replicas_in_sync" + text.substr(b);
  }

  // The scope of a call node (0: module), from the facts' calls.
  uint32_t scope_of(TSNode call) const {
    for (const auto& c : f_.calls)
      if (ts_node_start_byte(c.node) == ts_node_start_byte(call) && ts_node_end_byte(c.node) == ts_node_end_byte(call))
        return c.scope;
    return 0;
  }

  // The strategy variable is bound where `call` runs: assigned before it in its own scope, or at
  // module level (before it, when the call is at module level too). Else an edit naming it would
  // raise NameError.
  bool strategy_visible(TSNode call) const {
    uint32_t scope = scope_of(call), byte = ts_node_start_byte(call);
    for (const auto& [key, list] : f_.bindings) {
      for (const auto& b : list) {
        if (!PythonTree::is(b.rhs, "call")) continue;
        std::string fn = t_.dotted(PythonTree::field(b.rhs, "function"));
        if (core::to_lower(std::string(last_name(fn))).find("strategy") == std::string::npos) continue;
        if (key.first == scope && b.byte <= byte) return true;
        if (key.first == 0 && scope != 0) return true;
      }
    }
    return false;
  }

  // A fix may multiply by the replica count: lint.tf.batch-not-scaled is selected, the strategy is
  // bound at that point, and the user asked for fixes that change a hyperparameter (--unsafe-fixes:
  // the batch may be meant as the global one, and scaling it changes what was tuned).
  bool scaling_allowed(TSNode call) const {
    return ctx_.options().unsafe_fixes && ctx_.options().rules.keeps("lint.tf.batch-not-scaled") &&
           strategy_visible(call);
  }

  struct UnscaledBatch {
    TSNode node;          // the argument
    std::string shown;    // its name or literal
    std::string name;     // the bound name ("" for a literal)
    std::string value;    // the literal
    int bound_line = 0;   // where the name is bound
    bool global = false;  // the name says GLOBAL: a fixed global batch (lint.tf.global-batch-fixed)
  };
  // lint.tf.batch-not-scaled's condition for one .batch() call.
  std::optional<UnscaledBatch> unscaled_batch_arg(TSNode call) const {
    bool strategy = std::any_of(f_.calls.begin(), f_.calls.end(), [](const PyCall& c) {
      return c.last == "MirroredStrategy" || c.last == "MultiWorkerMirroredStrategy" || c.last == "TPUStrategy";
    });
    if (!strategy) return std::nullopt;
    // A dataset function given to distribute_datasets_from_function batches per replica already.
    bool per_replica_fn = std::any_of(f_.calls.begin(), f_.calls.end(), [](const PyCall& c) {
      return c.last == "distribute_datasets_from_function" ||
             c.last == "experimental_distribute_datasets_from_function";
    });
    if (per_replica_fn && scope_of(call) != 0) return std::nullopt;
    // Model.fit(x, y, batch_size=N) on arrays: Keras batches them by N (TensorLikeDataAdapter) and
    // distributes that dataset, so N is the global batch as in .batch(N) (TensorFlow 2.x,
    // tensorflow/python/keras/engine/data_adapter.py: DataHandler calls
    // strategy.experimental_distribute_dataset on the adapter's batched dataset).
    bool fit = is_fit(call);
    TSNode args = PythonTree::field(call, "arguments");
    if (fit) {
      // fit(dataset, batch_size=...): Keras refuses batch_size for a dataset; that is not this rule.
      Chain x;
      TSNode x_node = positional(args, 0);
      if (!null(x_node)) chain_of(x_node, scope_of(call), x, 0);
      if (x.dataset) return std::nullopt;
    }
    TSNode arg = fit ? TSNode{} : positional(args, 0);
    if (null(arg)) arg = keyword(t_, args, "batch_size");
    if (null(arg)) return std::nullopt;
    std::string name;
    int bound_line = 0;
    auto value = constant_int(arg, scope_of(call), &name, &bound_line);
    if (!value) return std::nullopt;
    bool global = core::to_upper(name).find("GLOBAL") != std::string::npos;
    return UnscaledBatch{arg, name.empty() ? *value : name, name, *value, bound_line, global};
  }

  // `x.fit(...)` (a method: Keras' Model.fit), not a free function named fit.
  static bool is_fit(const PyCall& c) { return c.last == "fit" && c.name != c.last; }
  bool is_fit(TSNode call) const {
    for (const auto& c : f_.calls)
      if (ts_node_start_byte(c.node) == ts_node_start_byte(call) && ts_node_end_byte(c.node) == ts_node_end_byte(call))
        return is_fit(c);
    return false;
  }

  // An integer literal, or a name bound to one; the literal's text (and the binding's line).
  std::optional<std::string> constant_int(TSNode n, uint32_t scope, std::string* name_out,
                                          int* line_out = nullptr) const {
    if (PythonTree::is(n, "integer")) return std::string(t_.text(n));
    if (!PythonTree::is(n, "identifier")) return std::nullopt;
    std::string name(t_.text(n));
    const PyBinding* b = f_.binding(scope, name, ts_node_start_byte(n));
    if (!b || !PythonTree::is(b->rhs, "integer")) return std::nullopt;
    if (name_out) *name_out = name;
    if (line_out) *line_out = b->line;
    return std::string(t_.text(b->rhs));
  }

  // tf.data.AUTOTUNE spelled with the name the file binds tensorflow to (callers check it is bound).
  std::string autotune() const { return f_.tensorflow_name + ".data.AUTOTUNE"; }

  std::string strategy_name() const {
    for (const auto& [key, list] : f_.bindings) {
      for (const auto& b : list) {
        if (!PythonTree::is(b.rhs, "call")) continue;
        std::string fn = t_.dotted(PythonTree::field(b.rhs, "function"));
        if (core::to_lower(std::string(last_name(fn))).find("strategy") != std::string::npos) return key.second;
      }
    }
    return "strategy";
  }

  // The `name` operands of `X // name` and `X / name` not on line `skip`, in source order, the
  // first of each line.
  void divisions_by(TSNode n, const std::string& name, int skip, std::vector<TSNode>& found, int depth) const {
    if (null(n) || depth > 200) return;
    if (PythonTree::is(n, "binary_operator")) {
      TSNode right = PythonTree::field(n, "right");
      std::string_view op = t_.text(PythonTree::field(n, "operator"));
      int line = PythonTree::line(n);
      if ((op == "//" || op == "/") && PythonTree::is(right, "identifier") && t_.text(right) == name && line != skip &&
          std::none_of(found.begin(), found.end(), [&](TSNode f) { return PythonTree::line(f) == line; })) {
        found.push_back(right);
      }
    }
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i)
      divisions_by(ts_node_named_child(n, i), name, skip, found, depth + 1);
  }

  // `steps_per_epoch = N // BATCH_SIZE` counts steps of the unscaled batch: once the batch is
  // scaled it asks for N times too many steps per epoch. When lint.tf.batch-not-scaled's finding `f`
  // (added last) edits the batch (--unsafe-fixes), each such division is edited with it to divide by
  // the scaled batch (`scaled`); otherwise it is named.
  void steps_by_batch(core::Finding& f, const UnscaledBatch& arg, int batch_line, int arg_line,
                      const std::string& scaled) {
    std::vector<TSNode> divisors;
    divisions_by(t_.root(), arg.name, batch_line, divisors, 0);
    auto& lf = ctx_.last();
    bool edited = !lf.edits.empty();
    for (TSNode d : divisors) {
      int l = PythonTree::line(d);
      auto changed = edited && l != arg_line && strategy_visible(d)
                         ? line_with(l, ts_node_start_byte(d), ts_node_end_byte(d), "(" + scaled + ")")
                         : std::nullopt;
      if (changed) {
        lf.edits.push_back({ctx_.path(), l, l, *changed});
        f.title += "; line " + std::to_string(l) + " divides by " + arg.name +
                   " (a step count?): the edit divides it by the scaled batch too, so each epoch keeps its "
                   "number of examples";
        f.fix.text += "\n" + std::string(core::trim(*changed));
      } else {
        f.title += "; line " + std::to_string(l) + " divides by the unscaled " + arg.name +
                   " (a step count?): scale it with the batch, or it counts N times too many steps";
      }
      f.evidence.push_back(ctx_.path() + ":" + std::to_string(l) + ": " + std::string(core::trim(ctx_.line_text(l))));
    }
  }

  // lint.tf.batch-not-scaled
  // and lint.tf.global-batch-fixed (the same literal under a name that says it is global: a note)
  void batch_not_scaled() {
    std::string s = strategy_name();
    std::map<std::string, std::vector<int>> global_uses;  // GLOBAL name -> lines of its batch()/fit() uses
    std::map<std::string, UnscaledBatch> global_first;
    for (const auto& c : f_.calls) {
      bool fit = is_fit(c);
      if ((c.last != "batch" || c.name == c.last) && !fit) continue;
      auto arg = unscaled_batch_arg(c.node);
      if (!arg) continue;
      if (arg->global) {
        global_uses[arg->name].push_back(c.line);
        global_first.emplace(arg->name, *arg);
        continue;
      }
      const std::string& shown = arg->shown;
      // The pipeline's corrected line when the same line gets one (one line, one correction).
      auto same = fit ? composed_.end() : composed_.find(ts_node_start_byte(c.node));
      std::string title =
          fit ? "fit(batch_size=" + shown +
                    ") is not multiplied by the replica count: Keras batches the "
                    "arrays by batch_size and the strategy splits each batch across its N replicas, so each "
                    "gets " +
                    shown + "/N examples per step"
              : "batch(" + shown +
                    ") is not multiplied by the replica count: the strategy splits each "
                    "batch across its N replicas, so each gets " +
                    shown + "/N examples per step";
      std::string scaled = shown + " * " + s + ".num_replicas_in_sync";
      int arg_line = PythonTree::line(arg->node);
      bool visible = strategy_visible(c.node);
      bool scale = scaling_allowed(c.node);
      // Without an edit the text is the suggestion itself, never the pipeline's line (which leaves
      // the batch as it is): what is printed is what --fix would apply.
      std::string why = visible ? "  # changes the global batch to " + shown +
                                      " x replicas (a hyperparameter: "
                                      "retune the learning rate); --fix applies it with --unsafe-fixes"
                                : "  # once `" + s + "` (the strategy) is defined before this line";
      auto& f = scale && same != composed_.end() && same->second.line == c.line
                    ? ctx_.add("lint.tf.batch-not-scaled", Label::data_pipeline_stall, Severity::warning,
                               std::move(title), c.line, same->second)
                    : add_fix("lint.tf.batch-not-scaled", Label::data_pipeline_stall, Severity::warning,
                              std::move(title), c.line, arg_line,
                              scale ? line_with(arg_line, ts_node_start_byte(arg->node), ts_node_end_byte(arg->node),
                                                shown + " * " + s + ".num_replicas_in_sync")
                                    : std::nullopt,
                              (fit ? "batch_size=" + scaled : ".batch(" + scaled + ")") + why);
      f.evidence.push_back("scaling is a hyperparameter change: each step then sees " + shown +
                           " examples per replica, " + shown + " x replicas in all; keep " + shown +
                           " if it is meant as the global batch");
      if (!arg->name.empty()) f.evidence.push_back(arg->name + " = " + arg->value);
      if (!arg->name.empty()) steps_by_batch(f, *arg, c.line, arg_line, scaled);
    }
    for (const auto& [name, lines] : global_uses) {
      const UnscaledBatch& g = global_first.at(name);
      auto& f = ctx_.add("lint.tf.global-batch-fixed", Label::data_pipeline_stall, Severity::info,
                         name + " = " + g.value +
                             " is a fixed global batch: the strategy splits it across its N "
                             "replicas, so each gets " +
                             g.value + "/N examples per step, fewer as workers are added",
                         g.bound_line,
                         "if " + g.value + " is meant per replica: " + name + " = " + g.value + " * " + s +
                             ".num_replicas_in_sync (after the strategy is created); if it is meant as the global "
                             "batch, keep it (--ignore lint.tf.global-batch-fixed)");
      for (int l : lines) f.evidence.push_back("used as the batch size at line " + std::to_string(l));
    }
  }

  // lint.tf.num-parallel-calls-not-autotune
  void parallel_calls() {
    for (const auto& c : f_.calls) {
      TSNode v = keyword(t_, arguments(c), "num_parallel_calls");
      if (null(v)) continue;
      std::string name;
      auto value = constant_int(v, c.scope, &name);
      if (!value) continue;
      // Without a name bound to tensorflow the edit would raise NameError: prose only then.
      std::optional<std::string> fixed;
      if (!f_.tensorflow_name.empty())
        fixed = line_with(PythonTree::line(v), ts_node_start_byte(v), ts_node_end_byte(v), autotune());
      add_fix("lint.tf.num-parallel-calls-not-autotune", Label::performance, Severity::warning,
              "num_parallel_calls=" + (name.empty() ? *value : name + " (" + *value + ")") +
                  " is fixed: tf.data.AUTOTUNE sizes it to the machine, a fixed count may leave the replicas waiting "
                  "for input",
              c.line, PythonTree::line(v), fixed,
              f_.tensorflow_name.empty() ? "num_parallel_calls=tf.data.AUTOTUNE (after `import tensorflow as tf`)"
                                         : "num_parallel_calls=" + autotune());
    }
  }

  // Lightning's Trainer(devices=N), N a literal: lightning_tasks_across compares it with the tasks
  // per node of the srun step that runs this file.
  void record_trainers() {
    for (const auto& c : f_.calls) {
      if (c.last != "Trainer") continue;
      TSNode v = keyword(t_, arguments(c), "devices");
      if (null(v) || !PythonTree::is(v, "integer")) continue;
      auto n = core::parse_int(t_.text(v));
      if (n && *n > 0) ctx_.trainers().push_back({c.line, static_cast<int>(*n)});
    }
  }

  // init_process_group calls that read the env:// rendezvous: init_method="env://", or neither
  // init_method (keyword or second positional) nor store, which torch takes as "env://"
  // (torch/distributed/distributed_c10d.py, init_process_group, torch 1.x to 2.x). A call with
  // *args / **kwargs is not judged. env_unset_across compares them with the launch of the file.
  void record_env_reads() {
    for (const auto& c : f_.calls) {
      if (c.last != "init_process_group") continue;
      TSNode args = arguments(c);
      if (null(args)) continue;
      bool splat = false;
      for (uint32_t i = 0; i < ts_node_named_child_count(args); ++i) {
        TSNode a = ts_node_named_child(args, i);
        splat = splat || PythonTree::is(a, "list_splat") || PythonTree::is(a, "dictionary_splat");
      }
      if (splat || !null(keyword(t_, args, "store"))) continue;
      TSNode m = keyword(t_, args, "init_method");
      if (null(m)) m = positional(args, 1);
      std::string v;
      if (!null(m) && (!t_.string_value(m, v) || v != "env://")) continue;
      std::vector<std::string> unset;
      for (auto& n : env_init_unset(c))
        if (!n.starts_with("MASTER_") || ctx_.text().find(n) == std::string::npos) unset.push_back(n);
      ctx_.env_reads().push_back({c.line, std::string(core::trim(ctx_.line_text(c.line))), unset});
    }
  }

  // Literal values written into os.environ go through the environment audit.
  void env_values() {
    for (const auto& e : f_.env_sets) {
      if (e.value) ctx_.env().push_back({e.name, *e.value, e.line, ""});
      if (e.value && e.without_task) ctx_.tf_config_without_task().insert(e.line);
    }
    if (f_.multi_node_line) {
      ctx_.shape().multi_node = true;
      ctx_.shape().multi_node_why = f_.multi_node_why;
    }
  }

  FileContext& ctx_;
  const PythonTree& t_;
  const PythonFacts& f_;
  // batch() call start byte -> the line and corrected line its pipeline's finding printed
  std::map<uint32_t, LineEdit> composed_;  // by the batch() call's first byte: its pipeline's corrected statement
};

// The 1-based line of the first ERROR or MISSING node, depth first in source order.
int first_error_line(TSNode n) {
  if (PythonTree::is(n, "ERROR") || ts_node_is_missing(n)) return PythonTree::line(n);
  uint32_t count = ts_node_child_count(n);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode c = ts_node_child(n, i);
    if (ts_node_has_error(c)) return first_error_line(c);
  }
  return PythonTree::line(n);
}

}  // namespace

void lint_python(FileContext& ctx) {
  auto tree = PythonTree::parse(ctx.text());
  if (!tree) {
    ctx.add("lint.python.unparsed", Label::other, Severity::warning,
            "the Python parser gave up on this file (too large or too slow); it was not linted", 1, "");
    return;
  }
  if (ts_node_has_error(tree->root())) {
    // A file that does not parse must not read "OK: no problems found": Python stops at the same
    // place before any rank starts, and the rules below see only the part that parsed.
    int line = first_error_line(tree->root());
    ctx.add("lint.python.syntax-error", Label::other, Severity::error,
            "line " + std::to_string(line) +
                " is not valid Python: the script stops there before training starts, "
                "and lint read the file only in part",
            line, "");
  }
  PythonFacts facts = collect_facts(*tree);
  PythonRules(ctx, *tree, facts).run();
  environ_value_types(ctx, *tree, facts);
  master_port_per_process(ctx, *tree, facts);
  strategy_after_ops(ctx, *tree, facts);
  local_id_as_rank(ctx, *tree, facts);
  timeout_not_timedelta(ctx, *tree, facts);
  root_rank_varies(ctx, *tree, facts);
}

}  // namespace dd::lint::detail
