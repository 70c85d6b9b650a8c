#include "lint/python_facts.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "core/push_unique.hpp"
#include "core/strings.hpp"

namespace dd::lint {

namespace {

constexpr int k_max_tree_depth = 400;  // deeper nesting is not a training script; stops stack overflow

// Names and attributes that mean "this process's rank" in a condition.
bool rank_word(std::string_view w) {
  static constexpr std::array<std::string_view, 20> k = {"rank",
                                                         "local_rank",
                                                         "global_rank",
                                                         "node_rank",
                                                         "world_rank",
                                                         "my_rank",
                                                         "is_global_zero",
                                                         "is_local_zero",
                                                         "is_main_process",
                                                         "is_local_main_process",
                                                         "is_master",
                                                         "is_main",
                                                         "is_rank_zero",
                                                         "rank_zero",
                                                         "process_index",
                                                         "local_process_index",
                                                         "is_world_process_zero",
                                                         "is_local_process_zero",
                                                         "RANK",
                                                         "LOCAL_RANK"};
  for (auto k1 : k) {
    if (w == k1) return true;
  }
  return false;
}

bool rank_call(std::string_view last) {
  return last == "get_rank" || last == "get_local_rank" || last == "get_global_rank" || last == "get_node_rank" ||
         last == "get_process_index";
}

bool rank_env_name(std::string_view s) {
  return s == "RANK" || s == "LOCAL_RANK" || s == "SLURM_PROCID" || s == "OMPI_COMM_WORLD_RANK" || s == "PMI_RANK" ||
         s == "NODE_RANK" || s == "SLURM_NODEID" || s == "GROUP_RANK";
}

bool multi_node_word(std::string_view s) {
  return s == "NODE_RANK" || s == "NNODES" || s == "GROUP_RANK" || s == "SLURM_NODEID" || s == "SLURM_NNODES" ||
         s == "--nnodes" || s == "--num_nodes" || s == "--num-nodes" || s == "--node_rank" || s == "--node-rank";
}

class Walker {
 public:
  Walker(const PythonTree& tree, PythonFacts& facts) : t_(tree), f_(facts) {}

  struct State {
    uint32_t scope = 0;
    RankGuard guard;
    bool conditional = false;
    int depth = 0;
  };

  void visit(TSNode n, State s) {
    if (ts_node_is_null(n) || ++s.depth > k_max_tree_depth) return;
    std::string_view type = PythonTree::type(n);
    if (type == "function_definition") return function(n, s);
    if (type == "if_statement") return if_statement(n, s);
    if (type == "block" || type == "module") return block(n, s);
    if (type == "conditional_expression" || type == "try_statement" || type == "while_statement") {
      s.conditional = true;
    }
    if (type == "call") call(n, s);
    if (type == "assignment") assignment(n, s);
    if (type == "comparison_operator") comparison(n);
    if (type == "dictionary") environ_copy(n, s);
    if (type == "string") string_node(n);
    if (type == "import_from_statement" || type == "import_statement") import(n);
    if (type == "keyword_argument") keyword(n);
    if (type == "subscript" && !f_.argv_line && t_.dotted(PythonTree::field(n, "value")) == "sys.argv") {
      f_.argv_line = PythonTree::line(n);
    }
    children(n, s);
  }

 private:
  void children(TSNode n, const State& s) {
    uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; ++i) visit(ts_node_named_child(n, i), s);
  }

  void function(TSNode n, State s) {
    s.scope = ts_node_start_byte(n) + 1;
    s.guard = {};
    s.conditional = false;
    f_.function_names[s.scope] = std::string(t_.text(PythonTree::field(n, "name")));
    visit(PythonTree::field(n, "body"), s);
  }

  // `if <rank condition>:` guards its body and its else-branches.
  void if_statement(TSNode n, State s) {
    TSNode cond = PythonTree::field(n, "condition");
    visit(cond, s);
    bool rank = is_rank_condition(cond, 0);
    State inner = s;
    inner.conditional = true;
    State body = inner;
    if (rank) {
      body.guard = {PythonTree::line(n), ts_node_start_byte(n) * 2 + 1, std::string(t_.text(cond)),
                    rank_free_operand(cond), true};
    }
    visit(PythonTree::field(n, "consequence"), body);
    // What the ranks of each later branch satisfy, as a reader writes it: every test before it
    // failed (fix-2026-12-07o p15: `else: broadcast(...)` under `if rank == 0:` is `rank != 0`;
    // review54: an `else` after `elif rank == 1` is `rank != 0 and rank != 1`), and an `elif`'s own
    // test holds (alone where it and every test before it are equalities: they exclude each other).
    std::vector<std::string> failed = {negated_condition(t_, cond)};
    bool equalities = t_.text(cond).find("==") != std::string_view::npos;
    uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode c = ts_node_named_child(n, i);
      if (!PythonTree::is(c, "elif_clause") && !PythonTree::is(c, "else_clause")) continue;
      State alt = inner;
      TSNode c_cond = PythonTree::field(c, "condition");
      bool alt_rank = rank || (!ts_node_is_null(c_cond) && is_rank_condition(c_cond, 0));
      if (alt_rank) {
        std::string holds = core::join(failed, " and ");
        if (!ts_node_is_null(c_cond)) {
          const std::string own(t_.text(c_cond));
          const bool own_equality = is_rank_condition(c_cond, 0) && own.find("==") != std::string::npos;
          holds = rank && own_equality && equalities ? own : holds + " and " + own;
        }
        alt.guard = {PythonTree::line(rank ? n : c), ts_node_start_byte(c) * 2 + 1, std::move(holds), "", false};
      }
      if (!ts_node_is_null(c_cond)) {
        failed.push_back(negated_condition(t_, c_cond));
        equalities = equalities && t_.text(c_cond).find("==") != std::string_view::npos;
      }
      visit(c_cond, inner);
      visit(PythonTree::field(c, "consequence"), alt);
      visit(PythonTree::field(c, "body"), alt);
    }
  }

  // Statements in order; after `if <rank condition>: return` the rest of the block is guarded.
  void block(TSNode n, State s) {
    uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode c = ts_node_named_child(n, i);
      visit(c, s);
      if (!PythonTree::is(c, "if_statement") || s.scope == 0) continue;
      TSNode cond = PythonTree::field(c, "condition");
      TSNode body = PythonTree::field(c, "consequence");
      if (!is_rank_condition(cond, 0) || !ends_with_return(body)) continue;
      bool has_else = false;
      for (uint32_t j = 0; j < ts_node_named_child_count(c); ++j) {
        auto t = PythonTree::type(ts_node_named_child(c, j));
        has_else = has_else || t == "else_clause" || t == "elif_clause";
      }
      if (has_else) continue;
      s.guard = {PythonTree::line(c), ts_node_start_byte(c) * 2, negated_condition(t_, cond), "", false};
    }
  }

  static bool ends_with_return(TSNode body) {
    uint32_t count = ts_node_named_child_count(body);
    if (count == 0) return false;
    return PythonTree::is(ts_node_named_child(body, count - 1), "return_statement");
  }

  // A comparison against -1 ("not distributed") is a mode switch, not a rank selection.
  bool compares_minus_one(TSNode n) const {
    uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode c = ts_node_named_child(n, i);
      if (PythonTree::is(c, "unary_operator") && t_.text(c) == "-1") return true;
    }
    return false;
  }

  // `A and B` with exactly one operand a rank condition: the other's text ("" for other shapes).
  std::string rank_free_operand(TSNode cond) const {
    if (!PythonTree::is(cond, "boolean_operator")) return "";
    TSNode op = PythonTree::field(cond, "operator");
    if (ts_node_is_null(op) || t_.text(op) != "and") return "";
    TSNode left = PythonTree::field(cond, "left");
    TSNode right = PythonTree::field(cond, "right");
    bool l = is_rank_condition(left, 0);
    bool r = is_rank_condition(right, 0);
    if (l == r) return "";
    return std::string(t_.text(l ? right : left));
  }

  bool is_rank_condition(TSNode n, int depth) const {
    if (ts_node_is_null(n) || depth > 50) return false;
    std::string_view type = PythonTree::type(n);
    if (type == "comparison_operator" && compares_minus_one(n)) return false;
    if (type == "identifier") return rank_word(t_.text(n));
    if (type == "attribute") return rank_word(t_.text(PythonTree::field(n, "attribute")));
    if (type == "call") {
      std::string name = t_.dotted(PythonTree::field(n, "function"));
      if (rank_call(last_name(name))) return true;
    }
    if (type == "string") {
      std::string v;
      if (t_.string_value(n, v) && rank_env_name(v)) return true;
    }
    uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
      if (is_rank_condition(ts_node_named_child(n, i), depth + 1)) return true;
    }
    return false;
  }

  void call(TSNode n, const State& s) {
    TSNode fn = PythonTree::field(n, "function");
    PyCall c;
    c.node = n;
    c.name = t_.dotted(fn);
    if (PythonTree::is(fn, "attribute")) {
      c.last = std::string(t_.text(PythonTree::field(fn, "attribute")));
    } else {
      c.last = std::string(last_name(c.name));
    }
    c.line = PythonTree::line(n);
    c.byte = ts_node_start_byte(n);
    c.scope = s.scope;
    c.guard = s.guard;
    c.conditional = s.conditional || s.guard.line != 0;
    TSNode args = PythonTree::field(n, "arguments");
    for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
      TSNode a = ts_node_named_child(args, i);
      c.sync_dist = c.sync_dist ||
                    (PythonTree::is(a, "keyword_argument") && t_.text(PythonTree::field(a, "name")) == "sync_dist" &&
                     t_.text(PythonTree::field(a, "value")) == "True");
    }
    env_call(c, s);
    windows_call(c);
    f_.calls.push_back(std::move(c));
  }

  // os.environ.setdefault("X", v), os.environ.update({...} | X=v), os.putenv("X", v).
  void env_call(const PyCall& c, const State& s) {
    TSNode args = PythonTree::field(c.node, "arguments");
    if (ts_node_is_null(args)) return;
    std::vector<TSNode> pos;
    for (uint32_t i = 0; i < ts_node_named_child_count(args); ++i) pos.push_back(ts_node_named_child(args, i));
    if ((c.name == "os.environ.setdefault" || c.name == "os.putenv" || c.name == "environ.setdefault") &&
        pos.size() >= 2) {
      std::string key;
      if (t_.string_value(pos[0], key)) add_env(key, pos[1], c.line, c.byte, s);
      return;
    }
    // A copy of the environment (env = os.environ.copy() ... env.setdefault / env.update), and
    // dict(os.environ, X=v): values for the child process that the copy is passed to.
    std::string object = c.name.size() > c.last.size() + 1 ? c.name.substr(0, c.name.size() - c.last.size() - 1) : "";
    bool copy = !object.empty() && environ_copy_name(object, s);
    if (copy && c.last == "setdefault" && pos.size() >= 2) {
      std::string key;
      if (t_.string_value(pos[0], key)) {
        add_env(key, pos[1], c.line, c.byte, s);
        f_.env_sets.back().child = true;
      }
      return;
    }
    bool dict_of_environ = c.name == "dict" && !pos.empty() && environ_itself(pos[0]);
    if (c.name != "os.environ.update" && c.name != "environ.update" && !(copy && c.last == "update") &&
        !dict_of_environ) {
      return;
    }
    std::size_t before = f_.env_sets.size();
    for (TSNode a : pos) {
      if (PythonTree::is(a, "keyword_argument")) {
        add_env(std::string(t_.text(PythonTree::field(a, "name"))), PythonTree::field(a, "value"), PythonTree::line(a),
                ts_node_start_byte(a), s);
      } else if (PythonTree::is(a, "dictionary")) {
        for (uint32_t i = 0; i < ts_node_named_child_count(a); ++i) {
          TSNode pair = ts_node_named_child(a, i);
          std::string key;
          if (PythonTree::is(pair, "pair") && t_.string_value(PythonTree::field(pair, "key"), key)) {
            add_env(key, PythonTree::field(pair, "value"), PythonTree::line(pair), ts_node_start_byte(pair), s);
          }
        }
      }
    }
    if (copy || dict_of_environ) {
      for (std::size_t i = before; i < f_.env_sets.size(); ++i) f_.env_sets[i].child = true;
    }
  }

  // os.environ (or `environ` imported from os).
  bool environ_itself(TSNode n) const {
    std::string what = t_.dotted(n);
    return what == "os.environ" || what == "environ";
  }

  // `name` holds a copy of the environment in this scope (or the module's): os.environ.copy(),
  // dict(os.environ), copy.copy(os.environ), {**os.environ}.
  bool environ_copy_name(const std::string& name, const State& s) const {
    return environ_copies_.count({s.scope, name}) || environ_copies_.count({0, name});
  }

  bool copies_environ(TSNode rhs) const {
    if (PythonTree::is(rhs, "dictionary")) {
      for (uint32_t i = 0; i < ts_node_named_child_count(rhs); ++i) {
        TSNode c = ts_node_named_child(rhs, i);
        if (PythonTree::is(c, "dictionary_splat") && environ_itself(ts_node_named_child(c, 0))) return true;
      }
      return false;
    }
    if (!PythonTree::is(rhs, "call")) return false;
    std::string fn = t_.dotted(PythonTree::field(rhs, "function"));
    if (fn == "os.environ.copy" || fn == "environ.copy") return true;
    TSNode args = PythonTree::field(rhs, "arguments");
    if (ts_node_is_null(args) || ts_node_named_child_count(args) < 1) return false;
    return (fn == "dict" || fn == "copy.copy" || fn == "copy.deepcopy") && environ_itself(ts_node_named_child(args, 0));
  }

  // {**os.environ, "NCCL_X": v}: a copy of the environment with values added, the form passed as
  // env= to subprocess; its string keys are set in the child's environment.
  void environ_copy(TSNode dict, const State& s) {
    bool copies_environ = false;
    for (uint32_t i = 0; i < ts_node_named_child_count(dict); ++i) {
      TSNode c = ts_node_named_child(dict, i);
      if (!PythonTree::is(c, "dictionary_splat")) continue;
      std::string what = t_.dotted(ts_node_named_child(c, 0));
      copies_environ = copies_environ || what == "os.environ" || what == "environ";
    }
    if (!copies_environ) return;
    for (uint32_t i = 0; i < ts_node_named_child_count(dict); ++i) {
      TSNode pair = ts_node_named_child(dict, i);
      std::string key;
      if (PythonTree::is(pair, "pair") && t_.string_value(PythonTree::field(pair, "key"), key)) {
        add_env(key, PythonTree::field(pair, "value"), PythonTree::line(pair), ts_node_start_byte(pair), s);
        f_.env_sets.back().child = true;
      }
    }
  }

  // `tf_config = {...}` ... json.dumps(tf_config): the dict bound to the name, when nothing between
  // the binding and this use touches it (tf_config["task"]["index"] = i, tf_config.update(...));
  // a null node otherwise.
  TSNode unchanged_literal(TSNode name_node, const State& s) const {
    std::string name(t_.text(name_node));
    const PyBinding* b = f_.binding(s.scope, name, ts_node_start_byte(name_node));
    if (!b || !PythonTree::is(b->rhs, "dictionary")) return TSNode{};
    std::string_view between = std::string_view(t_.source()).substr(b->byte, ts_node_start_byte(name_node) - b->byte);
    for (std::size_t at = between.find(name); at != std::string_view::npos; at = between.find(name, at + 1)) {
      bool word_start =
          at == 0 || !(std::isalnum(static_cast<unsigned char>(between[at - 1])) || between[at - 1] == '_');
      char next = at + name.size() < between.size() ? between[at + name.size()] : ' ';
      if (word_start && (next == '[' || next == '.')) return TSNode{};
    }
    return b->rhs;
  }

  void add_env(std::string name, TSNode value, int line, uint32_t byte, const State& s) {
    PyEnvSet e;
    e.name = std::move(name);
    e.value_node = value;
    e.line = line;
    e.byte = byte;
    e.scope = s.scope;
    std::string v;
    if (t_.string_value(value, v)) {
      e.value = v;
    } else if (PythonTree::is(value, "integer")) {
      e.value = std::string(t_.text(value));
    } else if (PythonTree::is(value, "call")) {
      // json.dumps({...}) of a literal: TF_CONFIG written inline.
      std::string fn = t_.dotted(PythonTree::field(value, "function"));
      TSNode args = PythonTree::field(value, "arguments");
      if (last_name(fn) == "dumps" && ts_node_named_child_count(args) >= 1) {
        TSNode arg = ts_node_named_child(args, 0);
        if (PythonTree::is(arg, "identifier")) arg = unchanged_literal(arg, s);
        if (!ts_node_is_null(arg)) e.value = literal_json(t_, arg);
        if (!ts_node_is_null(arg) && !e.value && e.name == "TF_CONFIG") {
          e.value = cluster_only_json(t_, arg);
          e.without_task = e.value.has_value();
        }
      }
    }
    f_.env_sets.push_back(std::move(e));
  }

  void assignment(TSNode n, const State& s) {
    TSNode left = PythonTree::field(n, "left");
    TSNode right = PythonTree::field(n, "right");
    if (ts_node_is_null(right)) return;
    if (PythonTree::is(left, "identifier")) {
      node_count_binding(n, left, right);
      if (copies_environ(right)) environ_copies_.insert({s.scope, std::string(t_.text(left))});
      // Keyed by the end of the assignment: in `ds = ds.batch(...)` the right side's `ds` is the earlier one.
      f_.bindings[{s.scope, std::string(t_.text(left))}].push_back({right, PythonTree::line(n), ts_node_end_byte(n)});
      return;
    }
    if (PythonTree::is(left, "subscript")) {
      std::string target = t_.dotted(PythonTree::field(left, "value"));
      TSNode key = PythonTree::field(left, "subscript");
      std::string name;
      if ((target == "os.environ" || target == "environ") && t_.string_value(key, name)) {
        add_env(name, right, PythonTree::line(n), ts_node_start_byte(n), s);
      } else if (environ_copy_name(target, s) && t_.string_value(key, name)) {
        add_env(name, right, PythonTree::line(n), ts_node_start_byte(n), s);
        f_.env_sets.back().child = true;
      }
    }
  }

  // `NNODES = 2` (a node count above 1) or `NODE_RANK = int(sys.argv[1])` (a node rank that is not a
  // constant): the script itself says it runs on several nodes.
  void node_count_binding(TSNode n, TSNode left, TSNode right) {
    if (f_.multi_node_line) return;
    std::string name = core::to_upper(t_.text(left));
    bool count = name == "NNODES" || name == "NUM_NODES" || name == "N_NODES";
    bool rank = name == "NODE_RANK";
    if (!count && !rank) return;
    bool integer = PythonTree::is(right, "integer");
    auto value = integer ? core::parse_int(t_.text(right)) : std::nullopt;
    if (count ? !(value && *value > 1) : integer) return;
    f_.multi_node_line = PythonTree::line(n);
    f_.multi_node_why = "the script sets " + std::string(t_.text(n));
  }

  // os.name == "nt", sys.platform == "win32" / .startswith("win"), platform.system() == "Windows".
  void comparison(TSNode n) {
    bool platform = false, windows = false;
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      TSNode c = ts_node_named_child(n, i);
      std::string name = PythonTree::is(c, "call") ? t_.dotted(PythonTree::field(c, "function")) + "()" : t_.dotted(c);
      platform = platform || name == "os.name" || name == "sys.platform" || name == "platform.system()";
      std::string v;
      windows = windows || (t_.string_value(c, v) && (v == "nt" || v == "win32" || v == "Windows" || v == "cygwin"));
    }
    if (platform && windows && !f_.windows_line) f_.windows_line = PythonTree::line(n);
  }

  void windows_call(const PyCall& c) {
    if (c.name != "sys.platform.startswith") return;
    TSNode args = PythonTree::field(c.node, "arguments");
    std::string v;
    if (ts_node_named_child_count(args) >= 1 && t_.string_value(ts_node_named_child(args, 0), v) && v == "win" &&
        !f_.windows_line) {
      f_.windows_line = c.line;
    }
  }

  // `n` is a positional argument of an `add_argument(...)` call.
  bool declared_option(TSNode n) const {
    TSNode list = ts_node_parent(n);
    TSNode call = ts_node_is_null(list) ? TSNode{} : ts_node_parent(list);
    if (!PythonTree::is(list, "argument_list") || !PythonTree::is(call, "call")) return false;
    std::string callee = t_.dotted(PythonTree::field(call, "function"));
    return callee == "add_argument" || callee.ends_with(".add_argument");
  }

  void string_node(TSNode n) {
    std::string v;
    if (!t_.string_value(n, v)) return;
    // An option counts where argparse declares it (`parser.add_argument("--nnodes", ...)`), not in
    // any other string (a help text, a message that names it).
    bool node_word = multi_node_word(v) && (!v.starts_with("--") || declared_option(n));
    if (node_word && !f_.multi_node_line) {
      f_.multi_node_line = PythonTree::line(n);
      f_.multi_node_why = "the script reads \"" + v + "\"";
    }
    auto& words = f_.multi_node_words;
    if (node_word) core::push_unique(words, v);
    if (v == "torch.distributed.launch") f_.launch_mentions.push_back({PythonTree::line(n), v});
  }

  void keyword(TSNode n) {
    std::string_view name = t_.text(PythonTree::field(n, "name"));
    TSNode value = PythonTree::field(n, "value");
    if ((name == "num_nodes" || name == "nnodes") && !(PythonTree::is(value, "integer") && t_.text(value) == "1") &&
        !f_.multi_node_line) {
      f_.multi_node_line = PythonTree::line(n);
      f_.multi_node_why = "the script passes " + std::string(t_.text(n));
    }
  }

  void import(TSNode n) {
    std::string_view text = t_.text(n);
    TSNode module = PythonTree::field(n, "module_name");
    std::string module_name(t_.text(module));
    if (PythonTree::is(n, "import_from_statement") && module_name == "torch.distributed") {
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_eq(c, module)) continue;
        TSNode name = PythonTree::is(c, "aliased_import") ? PythonTree::field(c, "alias") : c;
        std::string imported(t_.text(PythonTree::is(c, "aliased_import") ? PythonTree::field(c, "name") : c));
        if (imported == "launch") f_.launch_mentions.push_back({PythonTree::line(n), std::string(text)});
        f_.from_torch_distributed.insert(std::string(t_.text(name)));
      }
      return;
    }
    if (PythonTree::is(n, "import_from_statement") &&
        (module_name == "horovod" || module_name.rfind("horovod.", 0) == 0)) {
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_eq(c, module)) continue;
        bool aliased = PythonTree::is(c, "aliased_import");
        std::string local(t_.text(aliased ? PythonTree::field(c, "alias") : c));
        f_.from_horovod[local] = std::string(t_.text(aliased ? PythonTree::field(c, "name") : c));
      }
      return;
    }
    if (module_name == "torch.distributed.launch")
      f_.launch_mentions.push_back({PythonTree::line(n), std::string(text)});
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      TSNode c = ts_node_named_child(n, i);
      bool aliased = PythonTree::is(c, "aliased_import");
      TSNode name = aliased ? PythonTree::field(c, "name") : c;
      std::string_view imported = t_.text(name);
      // Module level only: a name imported inside one function is not bound in the others.
      if (PythonTree::is(n, "import_statement") && f_.tensorflow_name.empty() &&
          PythonTree::is(ts_node_parent(n), "module") &&
          (imported == "tensorflow" || (!aliased && imported.rfind("tensorflow.", 0) == 0))) {
        f_.tensorflow_name = aliased ? std::string(t_.text(PythonTree::field(c, "alias"))) : "tensorflow";
      }
      if (imported == "torch.distributed.launch") {
        f_.launch_mentions.push_back({PythonTree::line(n), std::string(text)});
      }
    }
  }

  const PythonTree& t_;
  PythonFacts& f_;
  std::set<std::pair<uint32_t, std::string>> environ_copies_;  // (scope, name) holding a copy of os.environ
};

std::optional<nlohmann::json> literal(const PythonTree& t, TSNode n, int depth) {
  if (ts_node_is_null(n) || depth > 64) return std::nullopt;
  std::string_view type = PythonTree::type(n);
  std::string s;
  if (t.string_value(n, s)) return nlohmann::json(s);
  if (type == "integer") {
    auto v = python_integer(t.text(n));
    return v ? std::optional<nlohmann::json>(nlohmann::json(*v)) : std::nullopt;
  }
  if (type == "true") return nlohmann::json(true);
  if (type == "false") return nlohmann::json(false);
  if (type == "none") return nlohmann::json(nullptr);
  if (type == "list" || type == "tuple") {
    nlohmann::json out = nlohmann::json::array();
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      auto v = literal(t, ts_node_named_child(n, i), depth + 1);
      if (!v) return std::nullopt;
      out.push_back(std::move(*v));
    }
    return out;
  }
  if (type == "dictionary") {
    nlohmann::json out = nlohmann::json::object();
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      TSNode pair = ts_node_named_child(n, i);
      std::string key;
      if (!PythonTree::is(pair, "pair") || !t.string_value(PythonTree::field(pair, "key"), key)) return std::nullopt;
      auto v = literal(t, PythonTree::field(pair, "value"), depth + 1);
      if (!v) return std::nullopt;
      out[key] = std::move(*v);
    }
    return out;
  }
  return std::nullopt;
}

}  // namespace

const PyBinding* PythonFacts::binding(uint32_t scope, const std::string& name, uint32_t before) const {
  for (uint32_t sc : {scope, 0u}) {
    auto it = bindings.find({sc, name});
    if (it == bindings.end()) continue;
    const PyBinding* best = nullptr;
    for (const auto& b : it->second) {
      if (b.byte < before) best = &b;
    }
    if (best) return best;
    if (sc == 0) break;
  }
  return nullptr;
}

PythonFacts collect_facts(const PythonTree& tree) {
  PythonFacts facts;
  Walker(tree, facts).visit(tree.root(), {});
  return facts;
}

std::optional<std::string> literal_json(const PythonTree& tree, TSNode node) {
  auto v = literal(tree, node, 0);
  if (!v) return std::nullopt;
  return v->dump();
}

std::optional<std::string> cluster_only_json(const PythonTree& tree, TSNode node) {
  if (!PythonTree::is(node, "dictionary")) return std::nullopt;
  std::optional<nlohmann::json> cluster;
  for (uint32_t i = 0; i < ts_node_named_child_count(node); ++i) {
    TSNode pair = ts_node_named_child(node, i);
    std::string key;
    if (!PythonTree::is(pair, "pair") || !tree.string_value(PythonTree::field(pair, "key"), key)) return std::nullopt;
    if (key == "cluster") {
      cluster = literal(tree, PythonTree::field(pair, "value"), 1);
      if (!cluster) return std::nullopt;
    } else if (key != "task") {
      return std::nullopt;
    }
  }
  if (!cluster) return std::nullopt;
  nlohmann::json out = nlohmann::json::object();
  out["cluster"] = std::move(*cluster);
  return out.dump();
}

}  // namespace dd::lint
