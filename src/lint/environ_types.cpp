// lint.python.environ-not-str: `os.environ["MASTER_PORT"] = 29500`.
// os.environ accepts only str keys and values; anything else raises TypeError at that statement,
// before any rank starts (checked with CPython 3.11: "str expected, not int" for
// os.environ[...] =, setdefault (only when the key is unset) and update; os.putenv: "expected str, bytes or os.PathLike
// object, not int"). A copy of the environment (os.environ.copy()) is a plain dict and takes any value, so only
// os.environ itself is judged. The fix quotes a number as written; True/False/None get no edit (str(True) is "True",
// which no NCCL or torch variable reads as a flag).
#include <algorithm>
#include <set>
#include <string>

#include "core/strings.hpp"
#include "lint/python_checks.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

// The Python type of a literal value node ("int", "float", "bool", "NoneType"), "" otherwise.
std::string literal_type(TSNode n) {
  if (PythonTree::is(n, "unary_operator")) n = PythonTree::field(n, "argument");
  if (PythonTree::is(n, "integer")) return "int";
  if (PythonTree::is(n, "float")) return "float";
  if (PythonTree::is(n, "true") || PythonTree::is(n, "false")) return "bool";
  if (PythonTree::is(n, "none")) return "NoneType";
  return "";
}

// The last name of the call the value is an argument of ("putenv", "setdefault"); "" when none.
std::string called_with(const PythonTree& tree, TSNode value) {
  TSNode args = ts_node_parent(value);
  if (PythonTree::is(args, "keyword_argument")) args = ts_node_parent(args);
  TSNode call = ts_node_is_null(args) ? args : ts_node_parent(args);
  if (!PythonTree::is(call, "call")) return "";
  return std::string(last_name(tree.dotted(PythonTree::field(call, "function"))));
}

}  // namespace

void environ_value_types(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts) {
  for (const auto& e : facts.env_sets) {
    if (e.child || ts_node_is_null(e.value_node)) continue;
    std::string type = literal_type(e.value_node);
    if (type.empty()) continue;
    TSNode v = e.value_node;
    int line = PythonTree::line(v);
    std::string written(tree.text(v));
    std::string call = called_with(tree, v);
    std::string error = call == "putenv" ? "TypeError: expected str, bytes or os.PathLike object, not " + type
                                         : "TypeError: str expected, not " + type;
    // setdefault stores its value only when the key is missing (MutableMapping.setdefault, CPython 3.11):
    // with the variable already in the environment the line runs, and the int is never stored.
    std::string when =
        call == "setdefault" ? " when " + e.name + " is unset (setdefault keeps a value already set)" : "";
    std::string title = "the environment variable " + e.name + " is given " + written + " (" + type +
                        "): os.environ takes only strings, so this line raises " + error + when;
    bool number = type == "int" || type == "float";
    bool one_line = ts_node_start_point(v).row == ts_node_end_point(v).row;
    std::string_view text = ctx.line_text(line);
    std::size_t start = static_cast<std::size_t>(text.data() - ctx.text().data());
    uint32_t b = ts_node_start_byte(v), end = ts_node_end_byte(v);
    core::Finding* f = nullptr;
    if (number && one_line && b >= start && end <= start + text.size()) {
      // The quote the line already uses for strings (its key), double quotes otherwise.
      char q = text.find('"') == std::string_view::npos && text.find('\'') != std::string_view::npos ? '\'' : '"';
      std::string changed(text);
      changed.replace(b - start, end - b, q + written + q);
      f = &ctx.add("lint.python.environ-not-str", Label::config_typo, Severity::error, title, line,
                   LineEdit{line, line, changed});
    } else {
      f = &ctx.add("lint.python.environ-not-str", Label::config_typo, Severity::error, title, line,
                   number ? "write the value as a string: \"" + written + "\""
                          : "write the value as the string the program expects (\"1\" or \"0\" for a flag), or leave "
                            "the variable unset");
    }
    f->evidence.push_back("os.environ values must be str (os._Environ encodes each value and rejects other types)");
  }
}

// lint.torch.master-port-per-process (fix-2026-12-07q p24): `os.environ["MASTER_PORT"] =
// str(random.randint(20000, 40000))` in the training script. Every process that runs the line picks
// its own port: rank 0's store listens on one, the other ranks connect to theirs, and every rank
// times out at the rendezvous (the stranger's 2-rank Gloo run: rc 1; without the line: rc 0). A file
// that starts its processes itself (multiprocessing spawn / Process) sets it once in the parent,
// which its children inherit: no claim there.
void master_port_per_process(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts) {
  bool spawns = std::any_of(facts.calls.begin(), facts.calls.end(), [](const PyCall& c) {
    for (const char* n : {"spawn", "start_processes", "Process", "Pool", "Popen", "run", "call", "check_call", "fork"})
      if (c.last == n) return true;
    return false;
  });
  if (spawns) return;
  // A fallback for a run without a launcher: the line does not run where MASTER_PORT is set already.
  const std::string& text = ctx.text();
  for (const char* guard : {"\"MASTER_PORT\" not in os.environ", "'MASTER_PORT' not in os.environ",
                            "get(\"MASTER_PORT\")", "get('MASTER_PORT')", "getenv(\"MASTER_PORT\")",
                            "getenv('MASTER_PORT')", "\"MASTER_PORT\" in os.environ", "'MASTER_PORT' in os.environ"})
    if (text.find(guard) != std::string::npos) return;
  for (const auto& e : facts.env_sets) {
    if (e.child || e.name != "MASTER_PORT" || ts_node_is_null(e.value_node)) continue;
    if (called_with(tree, e.value_node) == "setdefault") continue;  // kept where the launcher set it
    std::set<std::string> names;
    identifiers(tree, e.value_node, names);
    if (names.count("Random")) continue;  // random.Random(seed): the same pick on every rank with one seed
    // the most telling name: the call that picks (randint, find_free_port), else the module
    std::string picker;
    for (const auto& n : names) {
      std::string lower = core::to_lower(n);
      bool helper = lower.find("free_port") != std::string::npos || lower.find("open_port") != std::string::npos ||
                    lower.find("unused_port") != std::string::npos;
      if (helper || n == "randint" || n == "randrange" || n == "choice" || n == "SystemRandom") picker = n;
      if (n == "random" && picker.empty()) picker = n;
    }
    if (picker.empty()) continue;
    int line = PythonTree::line(e.value_node);
    auto& f = ctx.add(
        "lint.torch.master-port-per-process", Label::config_typo, Severity::error,
        "MASTER_PORT is set from " + picker +
            "(...) in the script every rank runs: each process picks its own "
            "port, so rank 0's store listens on one and the other ranks connect to theirs, and the rendezvous times "
            "out",
        line,
        "choose the port once for the whole job, outside the ranks: the launcher's --master_port (torchrun sets "
        "MASTER_PORT for every rank) or one `export MASTER_PORT=N` in the launch script, the same on every node; "
        "then remove this line");
    f.evidence.push_back("line " + std::to_string(line) + ": " + std::string(core::trim(ctx.line_text(line))));
  }
}

}  // namespace dd::lint::detail
