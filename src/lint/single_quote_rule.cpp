// lint.shell.single-quoted-expansion: a launcher variable
// assigned in single quotes that hold an expansion, `export MASTER_ADDR='$(scontrol show hostnames
// ... | head -n 1)'`. Inside single quotes bash expands nothing (bash(1), QUOTING): the variable
// holds the literal text "$(scontrol ...)", and torch, NCCL or Gloo read that text (MASTER_ADDR is
// then a host name that does not resolve). Only names a distributed stack reads (env::family_of:
// NCCL_*, MASTER_*, WORLD_SIZE, TF_CONFIG, ...) are judged: a command kept in a variable for a later
// `bash -c "$CMD"` is single-quoted on purpose; a file that `eval`s the name is left alone too.
//
// The fix is the same value in double quotes, where $(...), `...` and $VAR expand once, in the
// shell that runs the line. An edit only when the text reads the same there: no backslash, and a
// double quote only inside a $(...) (its own quoting context); prose otherwise.
//
// Not so for a variable that differs per task (SLURM_PROCID, SLURM_NODEID, SLURM_LOCALID,
// OMPI_COMM_WORLD_RANK, PMI_RANK, ...) when a launcher later in the file starts the tasks: srun and
// mpirun set it in each task's environment only (in sbatch's batch step SLURM_PROCID is 0), so the
// double quotes expand it once, in the launching shell, and every task gets the same index
// (stranger fix-2026-12-06j p27: TF_CONFIG's "index" 0 on both workers). There the value is set in
// each task instead: `srun bash -c 'export NAME="..."; exec CMD'`, an edit of the assignment and the
// srun line when the srun line is simple (options as --opt=value, a command without quotes or
// expansions, the variable read nowhere else in the file); prose otherwise.
#include <cctype>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/strings.hpp"
#include "env/catalog.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

// What in `s` the shell would expand outside single quotes: "command substitution $(...)",
// "command substitution `...`", "variable $X"; "" when nothing.
std::string expansion_in(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '`') return "command substitution `...`";
    if (s[i] != '$' || i + 1 >= s.size()) continue;
    char n = s[i + 1];
    if (n == '(') return s.substr(i, 3) == "$((" ? "arithmetic $((...))" : "command substitution $(...)";
    if (n == '{')
      return "variable " +
             std::string(s.substr(i, s.find('}', i) == std::string_view::npos ? 2 : s.find('}', i) + 1 - i));
    if (std::isalpha(static_cast<unsigned char>(n)) || n == '_') {
      std::size_t e = i + 1;
      while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
      return "variable " + std::string(s.substr(i, e - i));
    }
  }
  return "";
}

// Whether `s` means the same inside double quotes (apart from the expansions it is meant to have):
// no backslash, and every `"` inside a $(...).
bool same_in_double_quotes(std::string_view s) {
  int depth = 0;
  bool backtick = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\\') return false;
    if (c == '`') backtick = !backtick;
    if (c == '$' && i + 1 < s.size() && s[i + 1] == '(') {
      ++depth;
      ++i;
    } else if (c == '(' && depth > 0) {
      ++depth;
    } else if (c == ')' && depth > 0) {
      --depth;
    } else if (c == '"' && (depth == 0 || backtick)) {
      return false;
    }
  }
  return depth == 0 && !backtick;
}

// Whether the file hands `name`'s value to eval (then the single quotes may be meant).
bool evaluated(std::string_view text, const std::string& name) {
  for (const auto& raw : core::split(text, '\n')) {
    std::string_view l = core::trim(raw);
    bool eval = core::starts_with(l, "eval ") || l.find(" eval ") != std::string_view::npos;
    if (eval && (l.find("$" + name) != std::string_view::npos || l.find("${" + name) != std::string_view::npos))
      return true;
  }
  return false;
}

// Whether `name` holds a different value in each task a launcher starts.
bool per_task_name(std::string_view name) {
  for (std::string_view n :
       {"SLURM_PROCID", "SLURM_NODEID", "SLURM_LOCALID", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_LOCAL_RANK",
        "OMPI_COMM_WORLD_NODE_RANK", "PMI_RANK", "PMIX_RANK", "MPI_LOCALRANKID", "MV2_COMM_WORLD_RANK"})
    if (name == n) return true;
  return false;
}

// The names `s` reads as $NAME or ${NAME} (in order, with repeats).
std::vector<std::string> names_read(std::string_view s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    if (s[i] != '$') continue;
    std::size_t b = s[i + 1] == '{' ? i + 2 : i + 1;
    std::size_t e = b;
    while (e < s.size() && core::is_name_char(s[e])) ++e;
    if (e > b && !std::isdigit(static_cast<unsigned char>(s[b]))) out.emplace_back(s.substr(b, e - b));
  }
  return out;
}

// The first name in `s` that differs per task, "" when none.
std::string per_task_in(std::string_view s) {
  for (const auto& n : names_read(s))
    if (per_task_name(n)) return n;
  return "";
}

// A launcher that starts the tasks, on a line after `after`: its line and program, {0, ""} when none.
std::pair<int, std::string> launcher_after(const FileContext& ctx, int after) {
  for (int l = after + 1; l <= ctx.line_count(); ++l) {
    std::string_view t = core::trim(ctx.line_text(l));
    for (std::string_view p : {"srun", "mpirun", "mpiexec"})
      if (core::starts_with(t, std::string(p) + " ")) return {l, std::string(p)};
  }
  return {0, ""};
}

// `srun OPTS CMD` (one line, OPTS all --opt=value or a flag, CMD without quotes, expansions or
// shell operators) rewritten to set `name`="quoted" in each task (`quoted`: the text between the
// double quotes, escaped as it must be there, without a '); nullopt when the line is not so simple.
std::optional<std::string> per_task_srun(std::string_view line, const std::string& name, const std::string& quoted) {
  std::string_view t = core::trim(line);
  if (t.find_first_of("'\"\\$`;&|<>()#") != std::string_view::npos) return std::nullopt;
  auto words = core::split(t, ' ');
  std::size_t j = 1;
  while (j < words.size() && core::starts_with(words[j], "--")) ++j;
  for (std::size_t k = 1; k < j; ++k) {
    bool valued = words[k].find('=') != std::string::npos;
    bool flag = words[k] == "--exclusive" || words[k] == "--overlap" || words[k] == "--unbuffered" ||
                words[k] == "--kill-on-bad-exit" || words[k] == "--label";
    if (!valued && !flag) return std::nullopt;
  }
  // A short option (`-n 2`, `-N2`) may take the next word as its value: not parsed here, so no edit.
  if (j >= words.size() || core::starts_with(words[j], "-")) return std::nullopt;
  std::vector<std::string> opts(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(j));
  std::vector<std::string> cmd(words.begin() + static_cast<std::ptrdiff_t>(j), words.end());
  return core::join(opts, " ") + " bash -c 'export " + name + "=\"" + quoted + "\"; exec " + core::join(cmd, " ") + "'";
}

// Whether the file names `name` on a line other than `line`.
bool named_elsewhere(const FileContext& ctx, const std::string& name, int line) {
  for (int l = 1; l <= ctx.line_count(); ++l)
    if (l != line && ctx.line_text(l).find(name) != std::string_view::npos) return true;
  return false;
}

// Whether every variable `content` reads is per task or one Slurm sets in each task's environment
// (a batch-shell variable that is not exported would be empty in the task's shell).
bool task_shell_has_all(std::string_view content) {
  for (const auto& n : names_read(content))
    if (!per_task_name(n) && !core::starts_with(n, "SLURM_")) return false;
  return true;
}

// The finding for a per-task variable `var` in `content` (single-quoted on v.line) with the launcher
// on `at`: the value set in each task.
// `quoted`: the value as it goes between double quotes; `id`: the finding's.
void per_task_finding(FileContext& ctx, const std::string& id, const EnvValue& v, const std::string& quoted,
                      const std::string& var, std::pair<int, std::string> at, std::string title) {
  std::string why = "$" + var + " differs per task: " + at.second + " (line " + std::to_string(at.first) +
                    ") sets it in each task's environment only, so double quotes here expand it once, in "
                    "the shell that runs this file, and every task gets the same value";
  std::optional<std::string> srun;
  if (at.second == "srun" && !named_elsewhere(ctx, v.name, v.line) && task_shell_has_all(quoted) &&
      quoted.find('\'') == std::string::npos)
    srun = per_task_srun(ctx.line_text(at.first), v.name, quoted);
  core::Finding* f = nullptr;
  if (srun) {
    std::string kept = at.first > v.line + 1 ? ctx.lines_text(v.line + 1, at.first - 1) + "\n" : "";
    f = &ctx.add(id, core::Label::config_typo, core::Severity::error, std::move(title), v.line,
                 LineEdit{v.line, at.first, kept + *srun});
  } else {
    f = &ctx.add(id, core::Label::config_typo, core::Severity::error, std::move(title), v.line,
                 "set it in each task, not here: " + at.second + " ... bash -c 'export " + v.name + "=\"...$" + var +
                     "...\"; exec CMD' (single quotes around bash -c's string: each task's shell "
                     "expands $" +
                     var + " itself; escape each \" inside the value as \\\")");
  }
  f->evidence.push_back(why);
}

}  // namespace

namespace {

// `NAME="...$SLURM_PROCID..."` (double quotes) with srun on a later line: the shell that runs the file
// expands it once, and srun passes that one value to every task (lint.slurm.task-variable-expanded-once;
// stranger fix-2026-12-06j p27, the shape its old fix printed).
void double_quoted_per_task(FileContext& ctx, const EnvValue& v) {
  std::string line(ctx.line_text(v.line));
  std::string key = v.name + "=\"";
  auto at = line.find(key);
  if (at == std::string::npos || (at > 0 && line[at - 1] != ' ' && line[at - 1] != '\t')) return;
  std::size_t open = at + key.size() - 1, close = open + 1;
  while (close < line.size() && line[close] != '"') close += line[close] == '\\' ? 2U : 1U;
  if (close >= line.size()) return;
  std::string quoted = line.substr(open + 1, close - open - 1);
  std::string var = per_task_in(quoted);
  if (var.empty() || quoted.find("\\$" + var) != std::string::npos) return;
  auto launcher = launcher_after(ctx, v.line);
  if (launcher.second != "srun") return;
  per_task_finding(ctx, "lint.slurm.task-variable-expanded-once", v, quoted, var, launcher,
                   v.name + "=\"" + quoted + "\": the shell that runs this file expands $" + var +
                       " once, before srun (line " + std::to_string(launcher.first) +
                       ") starts the tasks (in sbatch's batch step SLURM_PROCID is 0, the others that shell's or "
                       "none), and srun passes that one value to every task");
}

}  // namespace

void single_quoted_expansion_rule(FileContext& ctx) {
  for (const auto& v : ctx.env()) {
    if (!env::family_of(v.name) || evaluated(ctx.text(), v.name)) continue;
    if (v.via.empty()) double_quoted_per_task(ctx, v);
    std::string line(ctx.line_text(v.line));
    std::string key = v.name + "='";
    auto at = line.find(key);
    // The name starts a word: `export NAME='`, `NAME='` at the start, or after a blank.
    if (at == std::string::npos || (at > 0 && line[at - 1] != ' ' && line[at - 1] != '\t')) continue;
    std::size_t open = at + key.size() - 1;
    auto close = line.find('\'', open + 1);
    if (close == std::string::npos) continue;
    std::string content = line.substr(open + 1, close - open - 1);
    std::string what = expansion_in(content);
    if (what.empty()) continue;
    std::string title = v.name + "='" + content + "' is in single quotes: the shell does not expand the " + what +
                        " there, so " + v.name +
                        " holds that text literally and every program that reads it gets "
                        "the text, not its value";
    std::string var = per_task_in(content);
    auto launcher = var.empty() ? std::pair<int, std::string>{0, ""} : launcher_after(ctx, v.line);
    if (launcher.first > 0) {
      std::string escaped;
      for (char c : content) {
        if (c == '"' || c == '\\') escaped += '\\';
        escaped += c;
      }
      per_task_finding(ctx, "lint.shell.single-quoted-expansion", v, escaped, var, launcher, std::move(title));
    } else if (same_in_double_quotes(content)) {
      std::string fixed = line.substr(0, open) + "\"" + content + "\"" + line.substr(close + 1);
      ctx.add("lint.shell.single-quoted-expansion", core::Label::config_typo, core::Severity::error, std::move(title),
              v.line, LineEdit{v.line, v.line, fixed});
    } else {
      ctx.add("lint.shell.single-quoted-expansion", core::Label::config_typo, core::Severity::error, std::move(title),
              v.line,
              "quote the value with double quotes (\"...\") so that the shell expands it, escaping any \" or \\ "
              "that must stay literal");
    }
  }
}

}  // namespace dd::lint::detail
