// `srun bash -c "torchrun ... --node_rank=$SLURM_PROCID ..."`: inside
// double quotes the shell that runs srun expands $SLURM_PROCID (or $SLURM_NODEID, $SLURM_LOCALID)
// once, before srun starts any task, so every task's bash receives the same number. In single
// quotes the text reaches each task's bash unexpanded and each expands its own.
//
// The fix rewrites the double-quoted argument as a single-quoted one that gives bash -c the same
// string except that the task variables stay unexpanded: every other expansion ($head, ${X:-1},
// $(cmd), `cmd`) is spliced in from outside the single quotes ('...'"$head"'...'), so the shell
// that runs srun still expands it, as before. Backslash escapes are resolved as bash resolves them
// in double quotes; a literal ' becomes \'. No edit when a task variable sits inside quotes the
// inner shell would read as single quotes (it would stop expanding there).
#include <optional>
#include <regex>

#include "core/strings.hpp"
#include "lint/rules.hpp"
#include "lint/shell_lexer.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

bool task_variable(std::string_view name) {
  return name == "SLURM_PROCID" || name == "SLURM_NODEID" || name == "SLURM_LOCALID";
}

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }

constexpr std::size_t k_none = std::string::npos;

std::size_t skip_double(const std::string& s, std::size_t i, int depth);

// From just after `$(` or `${` (or a backtick): the index just past the matching close; k_none
// when the text ends first.
std::size_t skip_group(const std::string& s, std::size_t i, char open, char close, int depth) {
  if (depth > 16) return k_none;
  int level = 1;
  while (i < s.size()) {
    char c = s[i];
    if (c == '\\') {
      i += 2;
    } else if (c == '\'' && open != '`') {
      auto e = s.find('\'', i + 1);
      if (e == k_none) return k_none;
      i = e + 1;
    } else if (c == '"' && open != '`') {
      i = skip_double(s, i + 1, depth + 1);
      if (i == k_none) return k_none;
    } else if (c == close && (open == close || --level == 0)) {
      return i + 1;
    } else {
      if (c == open && open != close) ++level;
      ++i;
    }
  }
  return k_none;
}

// From just after an opening `"`: the index just past its closing `"`.
std::size_t skip_double(const std::string& s, std::size_t i, int depth) {
  if (depth > 16) return k_none;
  while (i < s.size()) {
    char c = s[i];
    if (c == '"') return i + 1;
    if (c == '\\') {
      i += 2;
    } else if (c == '$' && i + 1 < s.size() && (s[i + 1] == '(' || s[i + 1] == '{')) {
      i = skip_group(s, i + 2, s[i + 1], s[i + 1] == '(' ? ')' : '}', depth + 1);
      if (i == k_none) return k_none;
    } else if (c == '`') {
      i = skip_group(s, i + 1, '`', '`', depth + 1);
      if (i == k_none) return k_none;
    } else {
      ++i;
    }
  }
  return k_none;
}

// The single-quoted rewrite of a double-quoted word's content, built as runs of literal text (in
// single quotes) and raw pieces written outside them.
class Requote {
 public:
  // nullopt: no task variable in it (found() false), or one the inner shell would not expand.
  std::optional<std::string> run(const std::string& s, std::size_t from, std::size_t close) {
    std::size_t i = from;
    while (i < close) {
      char c = s[i];
      if (c == '\\' && i + 1 < close) {
        char n = s[i + 1];
        if (n == '\n') {
          raw("\\\n");  // a continuation, removed by the outer shell as before
        } else if (n == '$' || n == '`' || n == '"' || n == '\\') {
          literal(n);
        } else {
          literal('\\');
          literal(n);
        }
        i += 2;
      } else if (c == '$' && i + 1 < close) {
        std::size_t end = expansion_end(s, i, close);
        if (end == k_none) return std::nullopt;
        std::string piece = s.substr(i, end - i);
        std::string name = piece[1] == '{' ? piece.substr(2, piece.size() - 3) : piece.substr(1);
        if (task_variable(name)) {
          if (!found_) name_ = piece;
          found_ = true;
          if (inner_single_) return std::nullopt;
          for (char x : piece) literal(x);
        } else if (end == i + 1) {
          literal('$');
        } else {
          raw("\"" + piece + "\"");
        }
        i = end;
      } else if (c == '`') {
        std::size_t end = skip_group(s, i + 1, '`', '`', 0);
        if (end == k_none || end > close) return std::nullopt;
        raw("\"" + s.substr(i, end - i) + "\"");
        i = end;
      } else {
        literal(c);
        ++i;
      }
    }
    flush();
    if (!found_) return std::nullopt;
    return out_.empty() ? "''" : out_;
  }
  // An unescaped task variable was seen; the first as written ("$SLURM_PROCID").
  bool found() const { return found_; }
  const std::string& name() const { return name_; }

 private:
  // The end of the expansion starting at s[i] == '$' (i + 1 when it is a plain dollar sign).
  static std::size_t expansion_end(const std::string& s, std::size_t i, std::size_t close) {
    char n = s[i + 1];
    if (n == '{' || n == '(') {
      std::size_t end = skip_group(s, i + 2, n, n == '{' ? '}' : ')', 0);
      return end == k_none || end > close ? k_none : end;
    }
    if (name_start(n)) {
      std::size_t e = i + 1;
      while (e < close && core::is_name_char(s[e])) ++e;
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(n)) || std::string_view("@*#?$!-").find(n) != std::string_view::npos) {
      return i + 2;
    }
    return i + 1;
  }

  void literal(char c) {
    if (c == '\'') {
      if (!inner_double_) inner_single_ = !inner_single_;
      flush();
      out_ += "\\'";
      return;
    }
    if (c == '"' && !inner_single_) inner_double_ = !inner_double_;
    run_ += c;
  }
  void raw(const std::string& text) {
    flush();
    out_ += text;
  }
  void flush() {
    if (!run_.empty()) out_ += "'" + run_ + "'";
    run_.clear();
  }

  std::string out_;
  std::string run_;
  bool inner_single_ = false;
  bool inner_double_ = false;
  bool found_ = false;
  std::string name_;
};

std::size_t offset_of(const FileContext& ctx, int line) {
  return static_cast<std::size_t>(ctx.line_text(line).data() - ctx.text().data());
}

int line_at(const FileContext& ctx, std::size_t offset, int from) {
  int l = from;
  while (l < ctx.line_count() && offset_of(ctx, l + 1) <= offset) ++l;
  return l;
}

}  // namespace

void srun_quoting_rule(FileContext& ctx) {
  // srun ... bash|sh [-flags] -c "  (continuations allowed between the words)
  static const std::regex shell_c(
      R"((^|[\s;&|(])srun\b[^\n;&|]*?(?:\\\n[^\n;&|]*?)*[\s/](?:bash|sh)((?:[ \t]|\\\n)+-[A-Za-z]+)*?(?:[ \t]|\\\n)+-[A-Za-z]*c(?:[ \t]|\\\n)+")");
  const std::string& text = ctx.text();
  bool batch = text.find("#SBATCH") != std::string::npos;
  int after = 0;  // the last line already read (a command's continuation lines)
  for (const auto& c : split_commands(text)) {
    if (c.line <= after) continue;
    bool task_var = false;
    for (const auto& w : c.words) {
      for (std::string_view v : {"SLURM_PROCID", "SLURM_NODEID", "SLURM_LOCALID"})
        task_var = task_var || w.find(v) != std::string::npos;
    }
    if (!task_var) continue;
    // The command's own lines (continuations followed): where `-c "` must be.
    int command_last = c.line;
    while (command_last < ctx.line_count()) {
      std::string_view t = core::trim(ctx.line_text(command_last));
      if (t.empty() || t.back() != '\\') break;
      ++command_last;
    }
    std::size_t begin = offset_of(ctx, c.line);
    std::size_t end = offset_of(ctx, command_last) + ctx.line_text(command_last).size();
    if (end - begin > 4096) continue;  // libstdc++'s std::regex recurses per character
    std::string window = text.substr(begin, end - begin);
    std::smatch m;
    if (!std::regex_search(window, m, shell_c)) continue;
    std::size_t open = begin + static_cast<std::size_t>(m.position(0) + m.length(0));  // just past the "
    std::size_t close_end = skip_double(text, open, 0);
    if (close_end == k_none) continue;
    std::size_t close = close_end - 1;
    int first = line_at(ctx, open - 1, c.line);
    int last = line_at(ctx, close, first);
    after = last;
    Requote requote;
    auto single = requote.run(text, open, close);
    if (!requote.found()) continue;  // escaped (\$SLURM_PROCID), or not read
    const std::string& var = requote.name();
    std::string value =
        batch ? "the batch shell's value (0, the first node's)" : "the value it has there (none outside a Slurm task)";
    std::string title = "`srun ... -c \"..." + var + "...\"`: inside double quotes the shell that runs srun expands " +
                        var + " once, before srun starts the tasks, so every task's shell gets " + value +
                        " and every node the same rank";
    core::Finding* f = nullptr;
    if (single) {
      std::size_t line_begin = offset_of(ctx, first);
      std::string_view last_text = ctx.line_text(last);
      std::size_t line_end = offset_of(ctx, last) + last_text.size();
      std::string replaced =
          text.substr(line_begin, open - 1 - line_begin) + *single + text.substr(close + 1, line_end - close - 1);
      f = &ctx.add("lint.slurm.task-variable-expanded-once", Label::config_typo, Severity::error, title, c.line,
                   LineEdit{first, last, replaced});
    } else {
      f = &ctx.add("lint.slurm.task-variable-expanded-once", Label::config_typo, Severity::error, title, c.line,
                   "srun bash -c '... $SLURM_PROCID ...'  # single quotes: each task's bash expands it on its own "
                   "node; splice in the batch shell's own variables as '\"$VAR\"'");
    }
    f->evidence.push_back(
        "in single quotes the text reaches each task's bash unexpanded; the fix keeps every other "
        "expansion outside them ('\"$VAR\"'), so the shell that runs srun still expands those");
  }
}

}  // namespace dd::lint::detail
