// lint.docker.exec-form-variable: `ENTRYPOINT ["torchrun",
// "--node_rank=$NODE_RANK", ...]`. The exec form runs the program directly, with no shell, so
// nothing expands $NODE_RANK: torchrun receives the literal text and stops at parsing it (Docker's
// reference: "the exec form does not invoke a command shell ... ENTRYPOINT [ "echo", "$HOME" ] will
// not do variable substitution on $HOME"). An exec form whose program is a shell given -c is fine.
//
// The fix hands the same words to a shell: ENTRYPOINT ["/bin/sh", "-c", "exec torchrun
// \"--node_rank=$NODE_RANK\" ... \"$@\"", "--"] (the CMD, if any, still arrives as "$@"); CMD the
// same without "$@", and only when the file has no ENTRYPOINT (else CMD's words are its arguments).
#include <nlohmann/json.hpp>

#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

// The first $NAME / ${NAME} in `w`, "" when none.
std::string first_variable(const std::string& w) {
  for (std::size_t i = 0; i + 1 < w.size(); ++i) {
    if (w[i] != '$') continue;
    char n = w[i + 1];
    if (n == '{') {
      auto e = w.find('}', i);
      if (e != std::string::npos) return w.substr(i, e - i + 1);
    }
    if (std::isalpha(static_cast<unsigned char>(n)) || n == '_') {
      std::size_t e = i + 1;
      while (e < w.size() && (std::isalnum(static_cast<unsigned char>(w[e])) || w[e] == '_')) ++e;
      return w.substr(i, e - i);
    }
  }
  return "";
}

// A word for sh: double quotes where it expands a variable (kept expanding), else shell_quote.
std::string sh_word(const std::string& w) {
  if (first_variable(w).empty()) return core::shell_quote(w);
  std::string out = "\"";
  for (char c : w) {
    if (c == '"' || c == '\\' || c == '`') out += '\\';
    out += c;
  }
  return out + "\"";
}

bool shell_with_c(const std::vector<std::string>& words) {
  if (words.size() < 2) return false;
  std::string p = program_name(words[0]);
  bool shell = p == "sh" || p == "bash" || p == "dash" || p == "ash" || p == "zsh";
  return shell && words[1].size() >= 2 && words[1][0] == '-' && words[1].find('c') != std::string::npos;
}

// `instr ["/bin/sh", "-c", "exec WORDS"]` (with "$@" and "--" for an ENTRYPOINT that gets CMD).
std::string through_shell(const std::string& instr, const std::vector<std::string>& words, bool with_args) {
  std::vector<std::string> sh;
  for (const auto& w : words) sh.push_back(sh_word(w));
  std::string script = "exec " + core::join(sh, " ") + (with_args ? " \"$@\"" : "");
  return instr + " [\"/bin/sh\", \"-c\", " + nlohmann::json(script).dump() + (with_args ? ", \"--\"]" : "]");
}

// An ENTRYPOINT (exec form) that runs its arguments as a command: an init process (tini, dumb-init,
// catatonit; docker run --init's docker-init), alone or with its own options.
bool runs_its_arguments(const std::vector<std::string>& entrypoint) {
  if (entrypoint.empty()) return false;
  std::string p = program_name(entrypoint.front());
  return p == "tini" || p == "tini-static" || p == "dumb-init" || p == "catatonit" || p == "docker-init";
}

}  // namespace

void exec_form_variables(FileContext& ctx, const std::string& instr, const std::vector<std::string>& words, int line,
                         const std::optional<std::vector<std::string>>& entrypoint) {
  if (words.empty() || shell_with_c(words)) return;
  std::string var;
  std::string word;
  for (const auto& w : words) {
    var = first_variable(w);
    if (!var.empty()) {
      word = w;
      break;
    }
  }
  if (var.empty()) return;
  std::string title = instr + " in exec form (a JSON list) runs " + program_name(words[0]) +
                      " without a shell: nothing expands " + var + ", so it receives the text \"" + word + "\"";
  bool entry = instr == "ENTRYPOINT";
  std::string fixed = through_shell(instr, words, entry);
  std::string_view text = core::trim(ctx.line_text(line));
  bool one_line = !text.empty() && text.back() == ']';
  // A CMD under an ENTRYPOINT is that program's arguments: through a shell only where the ENTRYPOINT
  // runs its arguments as a command (an init such as tini: `tini -- sh -c "..."` expands).
  bool cmd_runs = entry || !entrypoint || runs_its_arguments(*entrypoint);
  core::Finding* f = nullptr;
  if (one_line && cmd_runs) {
    f = &ctx.add("lint.docker.exec-form-variable", Label::config_typo, Severity::error, title, line,
                 LineEdit{line, line, fixed});
  } else if (cmd_runs) {
    f = &ctx.add("lint.docker.exec-form-variable", Label::config_typo, Severity::error, title, line, fixed);
  } else {
    // Neither `docker run -e` (the words still reach the program without a shell) nor a shell
    // ENTRYPOINT with "$@" (sh does not expand "$@"'s words again) expands it (r21).
    std::vector<std::string> whole = entrypoint->empty() ? std::vector<std::string>{"ENTRYPOINT"} : *entrypoint;
    whole.insert(whole.end(), words.begin(), words.end());
    std::string name = entrypoint->empty() ? std::string("the ENTRYPOINT") : program_name(entrypoint->front());
    f = &ctx.add("lint.docker.exec-form-variable", Label::config_typo, Severity::error, title, line,
                 "CMD's words are the arguments of " + name + ": if it runs them as a command (exec \"$@\"), " + fixed +
                     "; otherwise the whole command through a shell, " +
                     (entrypoint->empty() ? std::string("ENTRYPOINT [\"/bin/sh\", \"-c\", \"exec ...\"]")
                                          : through_shell("ENTRYPOINT", whole, false)) +
                     ", and no CMD");
  }
  f->evidence.push_back("a shell expands " + var + " only in the shell form (" + instr +
                        " torchrun ...) or through [\"/bin/sh\", \"-c\", \"...\"]");
}

}  // namespace dd::lint::detail
