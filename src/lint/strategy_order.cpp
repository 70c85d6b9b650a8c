// lint.tf.strategy-after-ops: a tf.data dataset (or a built Keras
// model, or a tensor) made before tf.distribute.MultiWorkerMirroredStrategy() is constructed.
//
// What TensorFlow's source says (tensorflow/python/distribute/collective_all_reduce_strategy.py,
// CollectiveAllReduceExtended._initialize_multi_worker, and tensorflow/python/eager/context.py,
// Context.configure_collective_ops; TF 2.x, read at tensorflow/tensorflow 02f98785): with a cluster
// (TF_CONFIG or a resolver), the constructor calls configure_collective_ops, which raises
// RuntimeError("Collective ops must be configured at program startup") once the eager context has
// been initialized, which any op, dataset or variable does (tf.random.set_seed and tf.config calls
// are not counted here). On a single worker (no cluster) the
// same call is caught and only logged ("Collective ops is not configured at program startup"). The
// multi-worker tutorial (tensorflow.org, multi_worker_with_keras) gives the same rule: create the
// strategy at the start of the program, before code that may create ops.
//
// The fix moves the strategy's statement (one line) above the first statement that makes ops, in
// the same block, unless something between them writes os.environ (TF_CONFIG must stay before the
// strategy) or binds a name the strategy's arguments read; then the fix is prose.
#include <algorithm>
#include <set>

#include "core/strings.hpp"
#include "lint/python_checks.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

// What the call makes that starts TensorFlow's runtime ("" when it makes nothing known).
std::string makes_ops(const PythonTree& t, const PyCall& c) {
  const std::string& n = c.name;
  if (n.empty()) return "";
  if (n.find("tf.data.") != std::string::npos || core::starts_with(n, "Dataset.") ||
      n.find(".data.Dataset.") != std::string::npos || c.last == "TFRecordDataset" || c.last == "TextLineDataset" ||
      core::starts_with(n, "tfds.load")) {
    return "builds a tf.data dataset";
  }
  bool keras = core::starts_with(n, "tf.keras.") || core::starts_with(n, "keras.") || n == "Sequential";
  if (keras && (n.find(".applications.") != std::string::npos || c.last == "load_model")) return "builds a Keras model";
  if (keras && (c.last == "Sequential" || c.last == "Model")) {
    // Built (its weights created) only when its input shape is known.
    std::string_view call = t.text(c.node);
    if (call.find("input_shape") != std::string_view::npos || call.find("Input(") != std::string_view::npos ||
        call.find("InputLayer") != std::string_view::npos) {
      return "builds a Keras model";
    }
    return "";
  }
  static const std::set<std::string> k_tensors = {"constant", "Variable",          "zeros", "ones",
                                                  "fill",     "convert_to_tensor", "eye",   "linspace"};
  static const std::set<std::string> k_random = {"tf.random.uniform", "tf.random.normal", "tf.random.truncated_normal"};
  if (k_random.count(n) ||
      (core::starts_with(n, "tf.") && n.find('.', 3) == std::string::npos && k_tensors.count(c.last))) {
    return "creates a tensor";
  }
  return "";
}

bool inside_lambda(TSNode n) {
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
    if (PythonTree::is(p, "lambda")) return true;
    if (PythonTree::is(p, "function_definition")) return false;
  }
  return false;
}

// The statement holding `n` whose parent is `block` (null when `n` is not inside `block`).
TSNode statement_under(TSNode n, TSNode block) {
  for (TSNode p = n; !ts_node_is_null(p); p = ts_node_parent(p)) {
    TSNode parent = ts_node_parent(p);
    if (!ts_node_is_null(parent) && ts_node_eq(parent, block)) return p;
  }
  return TSNode{};
}

// The innermost statement holding `n`: the ancestor whose parent is a module or a block.
TSNode statement_of(TSNode n) {
  for (TSNode p = n; !ts_node_is_null(p); p = ts_node_parent(p)) {
    TSNode parent = ts_node_parent(p);
    if (PythonTree::is(parent, "module") || PythonTree::is(parent, "block")) return p;
  }
  return TSNode{};
}

}  // namespace

void strategy_after_ops(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts) {
  for (const auto& s : facts.calls) {
    if (s.last != "MultiWorkerMirroredStrategy") continue;
    TSNode s_stmt = statement_of(s.node);
    if (ts_node_is_null(s_stmt)) continue;
    TSNode block = ts_node_parent(s_stmt);
    for (const auto& c : facts.calls) {
      if (c.scope != s.scope || c.byte >= ts_node_start_byte(s_stmt) || inside_lambda(c.node)) continue;
      std::string what = makes_ops(tree, c);
      if (what.empty()) continue;
      std::string strategy = s.name.empty() ? s.last : s.name;
      std::string title = strategy + "() is constructed after line " + std::to_string(c.line) + " " + what +
                          ": with a cluster in TF_CONFIG the constructor configures collective ops, which TensorFlow "
                          "refuses once its runtime has started (RuntimeError: Collective ops must be configured at "
                          "program startup); without a cluster it only logs a warning";
      TSNode c_stmt = statement_under(c.node, block);
      bool movable = !ts_node_is_null(c_stmt) && ts_node_start_point(s_stmt).row == ts_node_end_point(s_stmt).row;
      int from = movable ? PythonTree::line(c_stmt) : 0;
      int to = PythonTree::line(s_stmt);
      std::vector<std::string> needs;  // argument names bound between `from` and the strategy: they move too
      if (movable) {
        // TF_CONFIG (or anything else the strategy reads from the environment) must stay above it.
        for (const auto& e : facts.env_sets) {
          if (e.scope == s.scope && e.line >= from && e.line < to) movable = false;
        }
        std::set<std::string> names;
        identifiers(tree, PythonTree::field(s.node, "arguments"), names, 0);
        for (const auto& name : names) {
          const PyBinding* b = facts.binding(s.scope, name, s.byte);
          if (b && b->line >= from) {
            movable = false;
            needs.push_back(name + " (line " + std::to_string(b->line) + ")");
          }
        }
      }
      core::Finding* f = nullptr;
      if (movable) {
        std::string moved(ctx.line_text(to));
        if (from < to) moved += "\n" + ctx.lines_text(from, to - 1);
        f = &ctx.add("lint.tf.strategy-after-ops", Label::tf_config, Severity::error, title, s.line,
                     LineEdit{from, to, moved});
      } else {
        f = &ctx.add("lint.tf.strategy-after-ops", Label::tf_config, Severity::error, title, s.line,
                     "construct " + strategy + "() before line " + std::to_string(c.line) +
                         " (after TF_CONFIG is set), at the start of the program" +
                         (needs.empty() ? std::string()
                                        : ", together with what its arguments read: " + core::join(needs, ", ") +
                                              " moves above line " + std::to_string(c.line) + " as well"));
      }
      f->evidence.push_back(ctx.path() + ":" + std::to_string(c.line) + ": " +
                            std::string(core::trim(ctx.line_text(c.line))));
      f->evidence.push_back(
          "TensorFlow 2.x: MultiWorkerMirroredStrategy's multi-worker setup calls "
          "context.configure_collective_ops, which raises once the eager context is initialized "
          "(collective_all_reduce_strategy.py, eager/context.py)");
      break;
    }
  }
}

}  // namespace dd::lint::detail
