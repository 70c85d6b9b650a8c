// PythonFacts: one walk over a tree-sitter Python tree collecting what the rules need: calls (with
// their scope, the rank branch around them and whether they sit under a condition), os.environ
// writes, name bindings per scope (for data-flow over `ds = ds.batch(...)` and constants), names
// imported from torch.distributed, and signs that the script targets Windows or several nodes.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lint/python_tree.hpp"

namespace dd::lint {

// The innermost rank condition a statement runs under: `if rank == 0:` (its body or else-branch)
// or the rest of a block after `if rank != 0: return`.
struct RankGuard {
  int line = 0;           // 0: not under a rank condition
  uint32_t branch = 0;    // which branch (two calls in different branches of one `if` differ)
  std::string condition;  // the condition's source text
  // `if A and B:` where only A tests the rank: B's source text (the part every rank can test), "" else
  std::string other;
  // The body of the `if` at `line` (not an elif/else branch, not the rest of a block after
  // `if <rank>: return`); set where the guard is built (python_facts.cpp).
  bool in_body = false;
};

struct PyCall {
  TSNode node;
  std::string name;  // dotted function name ("dist.all_reduce"), "" for computed callees
  std::string last;  // its last component ("all_reduce"); the attribute for a method on any object
  int line = 0;
  uint32_t byte = 0;
  uint32_t scope = 0;  // 0: module; else the enclosing function's start byte + 1
  RankGuard guard;
  bool conditional = false;  // under an if / conditional expression / try
  bool sync_dist = false;    // a keyword argument `sync_dist=True` (Lightning's self.log / log_dict)
};

struct PyEnvSet {
  std::string name;
  std::optional<std::string> value;  // literal values only (json.dumps of a literal dict included)
  TSNode value_node;                 // may be null
  int line = 0;
  uint32_t byte = 0;
  uint32_t scope = 0;
  bool child = false;  // a key of {**os.environ, ...}: the environment of a process this one starts
  // TF_CONFIG = json.dumps(d) where d's "task" is not a literal (an index from sys.argv): value
  // holds d's literal cluster alone, judged without a task.
  bool without_task = false;
};

struct PyBinding {
  TSNode rhs;
  int line = 0;
  uint32_t byte = 0;  // where the assignment ends (the binding holds from there on)
};

struct PythonFacts {
  std::vector<PyCall> calls;
  std::vector<PyEnvSet> env_sets;
  std::map<std::pair<uint32_t, std::string>, std::vector<PyBinding>> bindings;  // (scope, name) -> in order
  std::map<uint32_t, std::string> function_names;                               // scope -> def name
  std::set<std::string> from_torch_distributed;  // `from torch.distributed import barrier, ...`
  // `from horovod.<...> import X as Y`: the local name -> the name Horovod gives it.
  std::map<std::string, std::string> from_horovod;
  // The name `import tensorflow [as tf]` binds ("" when the file binds none): fixes spell
  // tf.data.AUTOTUNE with it, so that the fixed line names something the file has.
  std::string tensorflow_name;
  int windows_line = 0;     // os.name == "nt", sys.platform checks, ...
  int multi_node_line = 0;  // NODE_RANK / NNODES / num_nodes= ... read here
  int argv_line = 0;        // the first sys.argv[...] subscript (a positional argument read); 0: none
  std::string multi_node_why;
  std::vector<std::string> multi_node_words;                 // every such string the file holds, once each, in order
  std::vector<std::pair<int, std::string>> launch_mentions;  // torch.distributed.launch imports/strings

  // The value bound to `name` in `scope` (else module scope) last before `before` (a byte offset).
  const PyBinding* binding(uint32_t scope, const std::string& name, uint32_t before) const;
};

PythonFacts collect_facts(const PythonTree& tree);

// A literal Python value (dict/list/str/int/float/bool/None) as JSON text, for TF_CONFIG built
// with json.dumps({...}); nullopt when any part is not a literal.
std::optional<std::string> literal_json(const PythonTree& tree, TSNode node);

// {"cluster": ...} of a dict literal whose "cluster" is a literal and whose only other key is
// "task" (not a literal), as JSON text; nullopt otherwise.
std::optional<std::string> cluster_only_json(const PythonTree& tree, TSNode node);

}  // namespace dd::lint
