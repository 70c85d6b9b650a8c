// lint.slurm.rendezvous-per-task: the mirror image of
// task-variable-expanded-once. `srun bash -c '... MASTER_PORT=$(shuf -i 20000-40000 -n 1) ...'`
// in single quotes (or with the `$` escaped inside double quotes) reaches each task's shell
// unexpanded, so every node computes its own value: its own host name for MASTER_ADDR
// ($(hostname), $HOSTNAME), its own random port ($(shuf ...), $RANDOM, RANDOM inside $((...))). The nodes then wait for
// a rendezvous at different places. A value the same on every node ($(scontrol show hostnames ... | head -n 1),
// $SLURM_JOB_ID arithmetic) is no finding, nor a step of one node.
//
// The fix is printed (the line is inside srun's string): compute the value once in the batch
// script, before srun, exported so that each task's shell sees it, and drop the line inside the
// quotes.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "lint/rules.hpp"
#include "lint/shell_lexer.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

// What makes a value differ from node to node: this node's name or address, or a random number.
struct PerNode {
  std::string_view what;     // "" when nothing in the value does
  std::string_view written;  // the expansion as written ("$(shuf")
};

// `name` as a whole word inside an arithmetic expansion $((...)) of `value`, where bash reads a
// variable without its `$` (e.g. `$((20000 + RANDOM % 10000))`).
bool read_in_arithmetic(std::string_view value, std::string_view name) {
  auto word = core::is_name_char;
  for (std::size_t open = value.find("$(("); open != std::string_view::npos; open = value.find("$((", open + 3)) {
    std::size_t close = value.find("))", open + 3);
    std::string_view inside = value.substr(open + 3, close == std::string_view::npos ? close : close - open - 3);
    for (std::size_t at = inside.find(name); at != std::string_view::npos; at = inside.find(name, at + 1)) {
      bool starts = at == 0 || !word(inside[at - 1]);
      bool ends = at + name.size() >= inside.size() || !word(inside[at + name.size()]);
      if (starts && ends) return true;
    }
  }
  return false;
}

PerNode per_node_part(std::string_view value) {
  // hostname(1): -i/--ip-address and -I/--all-ip-addresses print addresses, not the name
  // (stranger fix-2026-12-06j p12).
  for (std::string_view p : {"$(hostname -i", "`hostname -i", "$(hostname --ip-address", "`hostname --ip-address"}) {
    if (value.find(p) != std::string_view::npos) return {"the address(es) `hostname -i` prints on this node", p};
  }
  for (std::string_view p :
       {"$(hostname -I", "`hostname -I", "$(hostname --all-ip-addresses", "`hostname --all-ip-addresses"}) {
    if (value.find(p) != std::string_view::npos) return {"the addresses `hostname -I` prints on this node", p};
  }
  for (std::string_view p : {"$(hostname", "`hostname", "$HOSTNAME", "${HOSTNAME}"}) {
    if (value.find(p) != std::string_view::npos) return {"this node's host name", p};
  }
  for (std::string_view p : {"$(ip ", "$(ifconfig", "`ip ", "`ifconfig"}) {
    if (value.find(p) != std::string_view::npos) return {"this node's address", p};
  }
  for (std::string_view p : {"$(shuf", "`shuf", "$RANDOM", "${RANDOM}", "$SRANDOM"}) {
    if (value.find(p) != std::string_view::npos) return {"a random number drawn on this node", p};
  }
  for (std::string_view name : {"RANDOM", "SRANDOM"}) {
    if (read_in_arithmetic(value, name)) return {"a random number drawn on this node", name};
  }
  return {};
}

struct Target {
  std::string what;  // "MASTER_PORT"
  bool port = false;
};

// MASTER_ADDR=..., export MASTER_PORT=..., --master_addr=..., --rdzv_endpoint=...
std::optional<Target> target_of(std::string_view word, std::string& value) {
  auto eq = word.find('=');
  if (eq == std::string_view::npos) return std::nullopt;
  std::string_view key = word.substr(0, eq);
  value = std::string(word.substr(eq + 1));
  if (key == "MASTER_ADDR" || key == "--master_addr" || key == "--master-addr") return Target{"MASTER_ADDR", false};
  if (key == "MASTER_PORT" || key == "--master_port" || key == "--master-port") return Target{"MASTER_PORT", true};
  if (key == "--rdzv_endpoint" || key == "--rdzv-endpoint") {
    // host:port: the part that differs decides what is meant.
    auto colon = value.rfind(':');
    bool port = colon != std::string::npos && !per_node_part(value.substr(colon + 1)).what.empty();
    return Target{port ? "MASTER_PORT" : "MASTER_ADDR", port};
  }
  return std::nullopt;
}

// The quote that opens the string srun's `-c` takes, on the lines from `line` on ('\'' or '"', 0
// when not found).
char opening_quote(const FileContext& ctx, int line) {
  for (int l = line; l <= ctx.line_count() && l < line + 64; ++l) {
    std::string_view t = ctx.line_text(l);
    for (std::size_t at = t.find("-"); at != std::string_view::npos; at = t.find('-', at + 1)) {
      std::size_t e = at + 1;
      while (e < t.size() && std::isalpha(static_cast<unsigned char>(t[e]))) ++e;
      std::string_view flag = t.substr(at, e - at);
      if (flag.size() < 2 || flag.back() != 'c') continue;
      while (e < t.size() && (t[e] == ' ' || t[e] == '\t')) ++e;
      if (e < t.size() && (t[e] == '\'' || t[e] == '"')) return t[e];
    }
    std::string_view trimmed = core::trim(t);
    if (trimmed.empty() || trimmed.back() != '\\') break;
  }
  return 0;
}

// The line from `line` on (at most 64) whose text holds `needle`, 0 when none does.
int line_with(const FileContext& ctx, int line, std::string_view needle) {
  for (int l = line; l <= ctx.line_count() && l < line + 64; ++l) {
    if (ctx.line_text(l).find(needle) != std::string_view::npos) return l;
  }
  return 0;
}

// `word` as written inside the quotes goes; the value is computed once before srun.
std::string once_fix(const Target& t, const std::string& word) {
  std::string inside = is_assignment(word) ? "drop " + word + " and use " : "use ";
  if (t.port) {
    return "export MASTER_PORT=$((20000 + SLURM_JOB_ID % 20000))  # in the batch script before srun, once for the "
           "job; inside the quotes " +
           inside + "$MASTER_PORT";
  }
  return "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)  # in the batch script "
         "before srun, once for the job; inside the quotes " +
         inside + "$MASTER_ADDR";
}

// `NAME=value cmd ... $NAME ...`: words[i] is a prefix assignment of its command (only assignments
// before it, a command after) and a later word of that command reads $NAME. Bash expands the
// command's words before the prefix assignment takes effect (bash(1), SIMPLE COMMAND EXPANSION), so
// that word gets NAME's value from before the command. Returns the word, "" when not that shape.
std::string read_before_prefix(const std::vector<std::string>& words, std::size_t i) {
  const std::string& w = words[i];
  if (!is_assignment(w)) return "";
  for (std::size_t k = 0; k < i; ++k)
    if (!is_assignment(words[k])) return "";
  std::size_t k = i + 1;
  while (k < words.size() && is_assignment(words[k])) ++k;
  if (k == words.size()) return "";  // assignments alone: shell variables, read by the commands after them
  std::string name = w.substr(0, w.find('='));
  for (; k < words.size(); ++k) {
    const std::string& r = words[k];
    for (const std::string& use : {"$" + name, "${" + name}) {
      for (auto at = r.find(use); at != std::string::npos; at = r.find(use, at + 1)) {
        if (at + use.size() >= r.size() || !core::is_name_char(r[at + use.size()])) return r;
      }
    }
  }
  return "";
}

// The title of lint.slurm.rendezvous-per-task for `word` (the i-th of the command's words).
std::string per_task_title(const FileContext& ctx, const std::vector<std::string>& words, std::size_t i,
                           const PerNode& part, const Target& target, int srun_line, bool& said_before) {
  const std::string& word = words[i];
  std::string reader = read_before_prefix(words, i);
  if (reader.empty()) {
    return "`" + word + "` inside the string srun runs: each task's shell computes it on its own node (" +
           std::string(part.what) + "), so the nodes look for the rendezvous at different " +
           (target.port ? "ports" : "addresses") + " and wait";
  }
  std::string name = word.substr(0, word.find('='));
  // Set on a line before srun (`export NAME=...`, `NAME=...`): the word reads that value, the same on
  // every node (no finding).
  for (int l = 1; l < srun_line && !said_before; ++l) {
    std::string_view t = core::trim(ctx.line_text(l));
    if (t.empty() || t.front() == '#') continue;
    for (auto at = t.find(name + "="); at != std::string_view::npos && !said_before; at = t.find(name + "=", at + 1))
      said_before = at == 0 || t[at - 1] == ' ' || t[at - 1] == '\t' || t[at - 1] == ';';
  }
  return "`" + word + "` is a prefix of the command inside the string srun runs: bash expands `" + reader +
         "` before the prefix takes effect, so it gets the " + name +
         " each task inherits from the batch script (which sets none: empty unless the shell that ran sbatch "
         "exported one), not " +
         std::string(part.what);
}

}  // namespace

void srun_per_task_rule(FileContext& ctx, const std::vector<RemoteCommand>& remote) {
  std::vector<int> said;
  for (const auto& rc : remote) {
    if (rc.runner != "srun" || !rc.every_host) continue;
    char quote = opening_quote(ctx, rc.command.line);
    if (quote == 0) continue;
    const auto& words = rc.command.words;
    for (std::size_t i = 0; i < words.size(); ++i) {
      const std::string& word = words[i];
      std::string value;
      auto target = target_of(word, value);
      if (!target) continue;
      PerNode part = per_node_part(value);
      if (part.what.empty()) continue;
      std::string key = word.substr(0, word.find('=') + 1);
      int at = line_with(ctx, rc.command.line, key);
      if (at == 0) continue;
      // In double quotes only an escaped `\$` (or \`) reaches the task's shell unexpanded.
      std::string_view raw = ctx.line_text(at);
      std::string_view after = raw.substr(raw.find(key) + key.size());
      std::string escaped = part.written.front() == '$' || part.written.front() == '`'
                                ? "\\" + std::string(part.written)
                                : std::string("\\$((");
      if (quote == '"' && after.find(escaped) == std::string_view::npos) continue;
      if (std::find(said.begin(), said.end(), at) != said.end()) continue;
      bool set_before = false;
      std::string title = per_task_title(ctx, words, i, part, *target, rc.command.line, set_before);
      if (set_before) continue;
      said.push_back(at);
      auto& f = ctx.add("lint.slurm.rendezvous-per-task", Label::config_typo, Severity::error, title, at,
                        once_fix(*target, word));
      f.evidence.push_back(std::string("srun ... -c ") + quote + "...: " +
                           (quote == '\'' ? "single quotes pass the text to each task's shell unexpanded"
                                          : "the escaped $ passes the expansion to each task's shell"));
    }
  }
}

}  // namespace dd::lint::detail
