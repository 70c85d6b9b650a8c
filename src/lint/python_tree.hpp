// PythonTree: a Python module parsed in-process by tree-sitter (Debian's libtree-sitter with the
// vendored tree-sitter-python grammar, third_party/). Thin helpers over TSNode; no rules here.
#pragma once

#include <tree_sitter/api.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace dd::lint {

class PythonTree {
 public:
  // Parses `source` (kept by reference: it must outlive the tree). Syntax errors give a tree with
  // ERROR nodes, never a failure; nullptr only when tree-sitter gave up (timeout / no memory).
  static std::unique_ptr<PythonTree> parse(const std::string& source);

  TSNode root() const { return ts_tree_root_node(tree_.get()); }
  const std::string& source() const { return source_; }

  std::string_view text(TSNode n) const;
  static int line(TSNode n) { return static_cast<int>(ts_node_start_point(n).row) + 1; }  // 1-based
  static std::string_view type(TSNode n) { return ts_node_type(n); }
  static bool is(TSNode n, std::string_view t) { return !ts_node_is_null(n) && type(n) == t; }
  static TSNode field(TSNode n, std::string_view name) {
    return ts_node_child_by_field_name(n, name.data(), static_cast<uint32_t>(name.size()));
  }
  // The content of a string literal without quotes or prefix; nullopt-like "" + false when `n` is
  // not a plain string (f-strings with interpolations are not plain).
  bool string_value(TSNode n, std::string& out) const;
  // "tf.distribute.MirroredStrategy" for a call's function, spaces removed; "" for other shapes.
  std::string dotted(TSNode n) const;
  // The value of `call`'s keyword argument `name` (`f(x, name=value)`); a null node when absent.
  TSNode keyword_value(TSNode call, std::string_view name) const;

 private:
  struct TreeDeleter {
    void operator()(TSTree* t) const { ts_tree_delete(t); }
  };
  PythonTree(const std::string& source, TSTree* tree) : source_(source), tree_(tree) {}
  const std::string& source_;
  std::unique_ptr<TSTree, TreeDeleter> tree_;
};

// The last component of a dotted name: "tf.distribute.MirroredStrategy" -> "MirroredStrategy".
std::string_view last_name(std::string_view dotted);

// The value of a Python number literal as tree-sitter gives it: digit separators (`1_800`), hex /
// octal / binary integers (`0x708`), floats (`1.8e3`). Never throws: a literal too large for a
// double reads as infinity, one too large for 64 bits as the largest.
double python_number(std::string_view text);
// `cond` negated as a reader writes it: `a != b` -> `a == b` (one comparison of two operands),
// `not x` -> `x`, else `not (cond)`.
std::string negated_condition(const PythonTree& tree, TSNode cond);
// An integer literal's value (`1_800`, `0x708`, `0o7`, `0b1`); nullopt where it is not one or does
// not fit 64 bits.
std::optional<long long> python_integer(std::string_view text);

}  // namespace dd::lint
