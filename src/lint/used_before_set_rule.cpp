// lint.shell.used-before-set (fix-2026-12-07q p01): `export NCCL_SOCKET_IFNAME=$DATA_IF` on line 9,
// `DATA_IF=ens1f0` on line 13. A script runs top to bottom: on line 9 DATA_IF is not set yet, bash
// expands it to nothing and exports NCCL_SOCKET_IFNAME empty (NCCL then picks an interface itself).
// Claimed only with that evidence: the using line and the assignment both at the top level (no
// indentation: not inside a function called later, a loop or a branch), no assignment of VAR (or
// read, for, local, declare) before the using line, and no default (`${VAR:-x}`). The environment
// that starts the script could set VAR, which the title says. The edit moves the assignment above
// the using line where the assignment is a plain `VAR=value` with no expansion in it.
#include "lint/used_before_set_rule.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "env/catalog.hpp"

namespace dd::lint::detail {

namespace {

// Variables whose value a distributed job reads: the names a distributed stack reads (env::family_of),
// the Horovod and UCX ones, and the names launch files commonly carry into a launcher's arguments.
bool job_variable(const std::string& name) {
  if (env::family_of(name)) return true;
  for (const char* p : {"TORCH_", "HOROVOD_", "UCX_"})
    if (core::starts_with(name, p)) return true;
  for (const char* n : {"NNODES", "NPROC_PER_NODE", "GPUS_PER_NODE", "RDZV_ENDPOINT", "HEAD_NODE"})
    if (name == n) return true;
  return false;
}

// Every line that assigns a name (NAME=, export/local/readonly/declare NAME=, read ... NAME,
// for NAME in), first line per name.
std::map<std::string, std::vector<int>> assignment_lines(const FileContext& ctx) {
  static const std::regex assign(
      R"(^\s*(?:(?:export|local|readonly|declare(?:\s+-\w+)*)\s+)?([A-Za-z_][A-Za-z0-9_]*)=)");
  static const std::regex loop(R"(^\s*for\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\b)");
  // `read` as a command: at the start, after ; & | or while/do (not the word in a comment or a string)
  static const std::regex read(R"((?:^\s*|[;&|]\s*|\bwhile\s+|\bdo\s+)read\s+(?:-\w+\s+)*([A-Za-z_][A-Za-z0-9_ ]*))");
  std::map<std::string, std::vector<int>> out;
  for (int l = 1; l <= ctx.line_count(); ++l) {
    std::string text(ctx.line_text(l));
    if (core::starts_with(core::trim(text), "#")) continue;  // a comment assigns nothing
    std::smatch m;
    if (std::regex_search(text, m, assign) || std::regex_search(text, m, loop)) out[m[1].str()].push_back(l);
    if (std::regex_search(text, m, read))
      for (const auto& n : core::split(m[1].str(), ' ')) out[n].push_back(l);
  }
  return out;
}

// A job variable's line that reads VAR before the file's first assignment of VAR.
struct EarlyUse {
  int line = 0;
  std::string text, target, value;
};

void report_early_use(FileContext& ctx, const std::string& var, int set_at, const std::vector<EarlyUse>& uses) {
  static const std::regex plain(R"(^(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*=[^$`"' \t;&|]*$)");
  const EarlyUse& u = uses.front();
  std::string set_text(core::trim(ctx.line_text(set_at)));
  std::string bare = u.value.size() >= 2 && u.value.front() == '"' && u.value.back() == '"'
                         ? u.value.substr(1, u.value.size() - 2)
                         : u.value;
  bool whole = bare == "$" + var || bare == "${" + var + "}";
  std::string title = "`" + u.text + "` (line " + std::to_string(u.line) + ") reads " + var + " before line " +
                      std::to_string(set_at) + " sets it (`" + set_text + "`): the script runs top to bottom, so " +
                      var + " expands to nothing there and " + u.target + " gets " +
                      (whole ? "an empty value" : "the value without it") + " (unless the environment that starts " +
                      "the script sets " + var + ")";
  core::Finding* f = nullptr;
  if (std::regex_match(set_text, plain)) {
    // the assignment moves above the first using line; the lines between keep their order
    std::string replacement = set_text;
    for (int k = u.line; k < set_at; ++k) replacement += "\n" + std::string(ctx.line_text(k));
    f = &ctx.add("lint.shell.used-before-set", core::Label::config_typo, core::Severity::error, title, u.line,
                 LineEdit{u.line, set_at, replacement});
  } else {
    f = &ctx.add("lint.shell.used-before-set", core::Label::config_typo, core::Severity::error, title, u.line,
                 "set " + var + " before line " + std::to_string(u.line) + ": move `" + set_text + "` above it");
  }
  for (std::size_t i = 1; i < uses.size(); ++i)
    f->evidence.push_back("line " + std::to_string(uses[i].line) + " reads it too: `" + uses[i].text + "`");
}

}  // namespace

// Which lines run at the top level of the script, in order: not inside a function body, a loop, a
// branch or a case (keywords and braces counted per line), nor inside a here-document's body; and
// the first line that may set variables the rule cannot see (source, ., eval, set -a).
struct Layout {
  std::vector<char> top;  // 1: the line runs at the top level (char: no vector<bool> proxies)
  int first_opaque = 0;
};

Layout layout_of(const FileContext& ctx) {
  static const std::regex heredoc(R"(<<-?\s*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?)");
  Layout out;
  out.top = std::vector<char>(static_cast<std::size_t>(ctx.line_count()) + 1, 0);
  int depth = 0;
  std::string heredoc_end;
  for (int l = 1; l <= ctx.line_count(); ++l) {
    std::string text(ctx.line_text(l));
    if (!heredoc_end.empty()) {
      if (core::trim(text) == heredoc_end) heredoc_end.clear();
      continue;
    }
    out.top[static_cast<std::size_t>(l)] = depth == 0 ? 1 : 0;
    std::string words = text;
    for (char& c : words)
      if (c == ';' || c == '\t') c = ' ';
    auto tokens = core::split(words, ' ');
    if (!tokens.empty() && !out.first_opaque &&
        (tokens[0] == "source" || tokens[0] == "." || tokens[0] == "eval" ||
         (tokens[0] == "set" && tokens.size() > 1 && (tokens[1] == "-a" || tokens[1] == "-o"))))
      out.first_opaque = l;
    for (const auto& t : tokens) {
      if (t.front() == '#') break;
      if (t == "if" || t == "for" || t == "while" || t == "until" || t == "case" || t == "select" || t == "{" ||
          core::starts_with(t, "{") || (t.size() > 3 && t.substr(t.size() - 3) == "(){"))
        ++depth;
      if (t == "fi" || t == "done" || t == "esac" || t == "}" || t == "};") depth = std::max(0, depth - 1);
    }
    std::smatch m;
    if (std::regex_search(text, m, heredoc)) heredoc_end = m[1].str();
  }
  return out;
}

// `value` without its single-quoted spans (nothing expands inside them).
std::string expanding_part(const std::string& value) {
  std::string out;
  bool in_single = false, in_double = false;
  for (char c : value) {
    if (c == '\'' && !in_double) {
      in_single = !in_single;
      continue;
    }
    if (c == '"' && !in_single) in_double = !in_double;
    if (!in_single) out += c;
  }
  return out;
}

void used_before_set_rule(FileContext& ctx) {
  static const std::regex job_line(R"(^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$)");
  static const std::regex use(R"(\$(\{?)([A-Za-z_][A-Za-z0-9_]*)(\}|:?[-=+?])?)");
  std::map<std::string, std::vector<int>> assigned;
  std::optional<Layout> layout;
  std::map<std::string, std::vector<EarlyUse>> early;  // VAR -> its uses before its assignment
  for (int l = 1; l <= ctx.line_count(); ++l) {
    std::string text(ctx.line_text(l));
    std::smatch m;
    if (text.find('$') == std::string::npos || !std::regex_match(text, m, job_line) || !job_variable(m[1].str()))
      continue;
    if (!layout) layout = layout_of(ctx), assigned = assignment_lines(ctx);
    // a line inside a block or a here-document, or after a line that may set variables unseen
    if (!layout->top[static_cast<std::size_t>(l)] || (layout->first_opaque && layout->first_opaque < l)) continue;
    const std::string target = m[1].str(), value = m[2].str(), expanded = expanding_part(value);
    for (auto it = std::sregex_iterator(expanded.begin(), expanded.end(), use); it != std::sregex_iterator(); ++it) {
      const std::string var = (*it)[2].str(), after = (*it)[3].str();
      if (!after.empty() && after != "}") continue;  // ${VAR:-default}: the author gave a default
      auto a = assigned.find(var);
      if (a == assigned.end() || a->second.front() <= l) continue;  // never set in the file, or set before
      int set_at = a->second.front();
      // the assignment runs later at the top level, unindented (not in a block that may run first)
      if (!layout->top[static_cast<std::size_t>(set_at)] || ctx.line_text(set_at) != core::trim(ctx.line_text(set_at)))
        continue;
      auto& list = early[var];
      if (list.empty() || list.back().line != l) list.push_back({l, text, target, value});
    }
  }
  for (const auto& [var, uses] : early) report_early_use(ctx, var, assigned[var].front(), uses);
}

}  // namespace dd::lint::detail
