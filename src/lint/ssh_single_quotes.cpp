// lint.remote.local-variable-in-single-quotes: `for i in ...; do ssh
// "$h" 'torchrun --node_rank=$i --master_addr=$MASTER_ADDR ...'; done`. Single quotes keep the local
// shell from expanding $i and $MASTER_ADDR; the remote shell expands them, where the script's
// variables do not exist (ssh passes no environment but what SendEnv names and sshd accepts,
// usually LANG/LC_*): torchrun gets `--node_rank= --master_addr=`. Only variables this file sets
// and the remote string does not (nor a file it sources other than a virtualenv's bin/activate, nor
// SendEnv) are named.
//
// The edit splices each such variable out of the single quotes: `--node_rank='"$i"'`, so the local
// shell expands it and the remote one receives the value. It changes the lines after the ssh
// line only (the ssh line itself is left to the user when a variable sits there: prose).
#include <algorithm>
#include <cctype>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/push_unique.hpp"
#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

// Set on any machine by the login shell or sshd: the remote shell has its own value.
bool remote_has(const std::string& name) {
  static const std::set<std::string> k = {
      "HOME", "PATH", "USER", "LOGNAME", "PWD",  "SHELL",      "HOSTNAME",       "RANDOM", "SECONDS",
      "UID",  "EUID", "PPID", "LANG",    "TERM", "SSH_CLIENT", "SSH_CONNECTION", "TMPDIR", "OLDPWD"};
  return k.count(name) > 0 || core::starts_with(name, "LC_") || core::starts_with(name, "SLURM_");
}

// The file assigns `name` itself (NAME=, for NAME in, read NAME, export/local/declare NAME).
bool set_locally(const std::string& text, const std::string& name) {
  const std::regex assign("(^|[\\s;&|(])" + name + R"((\[[^\]]*\])?\+?=)");
  const std::regex keyword(R"((^|[\s;&|(])(for|read|export|local|declare|readonly)\s+(-\w+\s+)*)" + name + R"(\b)");
  return std::regex_search(text, assign) || std::regex_search(text, keyword);
}

struct Use {
  int line = 0;
  std::size_t column = 0;
  std::string name;
  std::size_t length = 0;  // of "$NAME" or "${NAME}"
};

// The $NAME / ${NAME} inside single quotes on lines [first, ...] of the command starting at `first`
// (its continuation lines and the lines its quotes span).
std::vector<Use> single_quoted_uses(const FileContext& ctx, int first, int& last) {
  std::vector<Use> out;
  char quote = 0;
  last = first;
  for (int l = first; l <= ctx.line_count() && l < first + 64; ++l) {
    std::string_view t = ctx.line_text(l);
    last = l;
    for (std::size_t i = 0; i < t.size(); ++i) {
      char c = t[i];
      if (quote == '\'') {
        if (c == '\'') {
          quote = 0;
        } else if (c == '$' && i + 1 < t.size() && (t[i + 1] == '{' || core::is_name_char(t[i + 1])) &&
                   !std::isdigit(static_cast<unsigned char>(t[i + 1]))) {
          bool braced = t[i + 1] == '{';
          std::size_t e = i + (braced ? 2 : 1);
          while (e < t.size() && core::is_name_char(t[e])) ++e;
          if (braced && (e >= t.size() || t[e] != '}')) continue;  // ${X:-...} and the like
          std::string name(t.substr(i + (braced ? 2 : 1), e - i - (braced ? 2 : 1)));
          if (!name.empty()) out.push_back({l, i, name, e - i + (braced ? 1 : 0)});
        }
      } else if (quote == '"') {
        if (c == '\\')
          ++i;
        else if (c == '"')
          quote = 0;
      } else if (c == '\\') {
        ++i;
      } else if (c == '#' && (i == 0 || t[i - 1] == ' ' || t[i - 1] == '\t')) {
        break;
      } else if (c == '\'' || c == '"') {
        quote = c;
      }
    }
    std::string_view trimmed = core::trim(t);
    if (quote == 0 && (trimmed.empty() || trimmed.back() != '\\')) break;
  }
  return out;
}

// The remote string sources a file (`source x`, `. x`) that may set the variables it reads; a
// virtualenv's or conda's `bin/activate` does not count: it sets VIRTUAL_ENV, PATH, PS1 and its
// own _OLD_VIRTUAL_* / CONDA_* names (virtualenv's activation/bash/activate.sh, venv's
// Lib/venv/scripts/common/activate), never a name of the script that starts ssh.
bool sources_other_than_activate(const std::string& inner) {
  static const std::regex source(R"((^|[\s;&|'"])(source|\.)\s+([^\s;&|'"]+))");
  for (std::sregex_iterator it(inner.begin(), inner.end(), source), end; it != end; ++it) {
    std::string file = (*it)[3].str();
    bool activate = file == "activate" || (file.size() > 9 && file.compare(file.size() - 9, 9, "/activate") == 0);
    if (!activate) return true;
  }
  return false;
}

}  // namespace

void ssh_single_quotes_rule(FileContext& ctx, const std::vector<RemoteCommand>& remote) {
  std::set<int> done;
  for (const auto& rc : remote) {
    if (rc.runner != "ssh" || !done.insert(rc.command.line).second) continue;
    std::string_view first = ctx.line_text(rc.command.line);
    if (first.find("SendEnv") != std::string_view::npos) continue;
    int last = 0;
    auto uses = single_quoted_uses(ctx, rc.command.line, last);
    std::string inner = ctx.lines_text(rc.command.line, last);
    if (sources_other_than_activate(inner)) continue;
    std::vector<Use> local;
    for (const auto& u : uses) {
      if (remote_has(u.name) || !set_locally(ctx.text(), u.name)) continue;
      // set inside the remote string too (NAME=... or for NAME in, on its own lines): the remote's own
      std::string own_lines;
      for (const auto& r : remote) {
        if (r.command.line == rc.command.line) own_lines += core::join(r.command.words, " ") + "\n";
      }
      if (set_locally(own_lines, u.name)) continue;
      local.push_back(u);
    }
    if (local.empty()) continue;
    std::vector<std::string> names;
    for (const auto& u : local) {
      std::string shown = "$" + u.name;
      core::push_unique(names, shown);
    }
    std::string title = "the ssh command is in single quotes: " + core::join(names, ", ") +
                        " (set in this script) expand" + (names.size() == 1 ? "s" : "") +
                        " on the remote host, where the script's variables do not exist, so the command gets "
                        "nothing there";
    int at = local.front().line;
    bool on_ssh_line = std::any_of(local.begin(), local.end(), [&](const Use& u) { return u.line == rc.command.line; });
    core::Finding* f = nullptr;
    if (!on_ssh_line) {
      int from = at;
      int to = local.back().line;
      std::vector<std::string> lines;
      for (int l = from; l <= to; ++l) {
        std::string text(ctx.line_text(l));
        // right to left, so earlier columns stay valid
        for (auto it = local.rbegin(); it != local.rend(); ++it) {
          if (it->line != l) continue;
          text.replace(it->column, it->length, "'\"" + text.substr(it->column, it->length) + "\"'");
        }
        lines.push_back(text);
      }
      f = &ctx.add("lint.remote.local-variable-in-single-quotes", Label::config_typo, Severity::error, title, at,
                   LineEdit{from, to, core::join(lines, "\n")});
    } else {
      f = &ctx.add("lint.remote.local-variable-in-single-quotes", Label::config_typo, Severity::error, title, at,
                   "splice each one out of the single quotes so this shell expands it: '...--node_rank='\"$i\"'...'");
    }
    f->evidence.push_back("ssh passes the remote shell no variables of this one (only what SendEnv names)");
  }
}

}  // namespace dd::lint::detail
