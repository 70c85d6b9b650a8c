// Commands that a remote runner takes as one argument string and runs on other machines: `ssh
// [options] HOST CMD...`, `pdsh|clush [options] CMD...`, `srun [options] bash|sh -c CMD` (each task's
// shell, on every node of the step), and within those `bash|sh [-l] -c CMD`.
// The lexer removed the quotes, so the string is a word (or, unquoted, the remaining words); it is
// split again into commands numbered with the outer line, which the command rules then read as
// any other. --fix does not edit inside an ssh/pdsh/clush string (FileContext::mark_embedded): the
// fix is printed for the user to apply inside the quotes. srun's string is left unmarked: the rules
// that edit the srun line read it themselves (lint_shell).
//
// lint.remote.same-node-rank: a literal --node_rank in the one command that pdsh/clush runs on every
// host, or that ssh runs in a loop over hosts: every host starts as the same node.
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "lint/rules.hpp"
#include "lint/shell_lexer.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

bool one_of(std::string_view w, std::initializer_list<std::string_view> set) {
  for (auto s : set)
    if (w == s) return true;
  return false;
}

// Words a command may start with before its program: shell keywords and wrappers.
bool lead_word(std::string_view w) {
  return one_of(w, {"do", "then", "else", "time", "nohup", "exec", "command", "{", "("}) ||
         (w.find('=') != std::string_view::npos && w.front() != '-');
}

// The index after `runner`'s options (each option that takes a value skips it too).
std::size_t after_options(const std::vector<std::string>& w, std::size_t i, std::string_view with_value) {
  while (i < w.size() && w[i].size() >= 2 && w[i][0] == '-') {
    bool takes = w[i].size() == 2 && with_value.find(w[i][1]) != std::string_view::npos;
    i += takes ? 2 : 1;
  }
  return i;
}

struct Inner {
  std::string text;         // the command string the runner runs
  std::string runner;       // "ssh", "pdsh", ...
  bool every_host = false;  // pdsh/clush: the same command on each host of its list
};

// The string `w` hands to a remote runner or to `sh -c`, if any.
std::optional<Inner> inner_of(const std::vector<std::string>& w, bool shell_c) {
  std::size_t j = 0;
  while (j < w.size() && lead_word(w[j])) ++j;
  if (j >= w.size()) return std::nullopt;
  std::string prog = program_name(w[j]);
  std::size_t k = 0;
  Inner in{"", prog, false};
  if (prog == "ssh") {
    k = after_options(w, j + 1, "BbcDEeFIiJLlmOoPpQRSWw");
    ++k;  // the host
  } else if (prog == "pdsh" || prog == "clush") {
    k = after_options(w, j + 1, prog == "pdsh" ? "wxgXRltufF" : "wxgXltufOo");
    in.every_host = true;
  } else if (prog == "srun") {
    // srun [options] bash|sh [-l] -c STRING: each task's shell runs STRING on its node. Options
    // with a separate value (`-N 2`, `--nodes 2`) are skipped with it; a step of one node or one
    // task runs it once.
    std::size_t s = j + 1;
    bool one = false;
    while (s < w.size() && w[s].size() >= 2 && w[s][0] == '-') {
      const std::string& o = w[s];
      for (std::string_view single : {"-N1", "-n1", "--nodes=1", "--ntasks=1"}) one = one || o == single;
      bool next_is_value = o.find('=') == std::string::npos && s + 1 < w.size() &&
                           (o == "-N" || o == "-n" || o == "--nodes" || o == "--ntasks") && w[s + 1] == "1";
      one = one || next_is_value;
      bool valued = o.find('=') == std::string::npos && s + 1 < w.size() && w[s + 1][0] != '-' &&
                    program_name(w[s + 1]) != "bash" && program_name(w[s + 1]) != "sh";
      s += valued ? 2 : 1;
    }
    if (s >= w.size() || (program_name(w[s]) != "bash" && program_name(w[s]) != "sh")) return std::nullopt;
    auto shell = inner_of(std::vector<std::string>(w.begin() + static_cast<std::ptrdiff_t>(s), w.end()), true);
    if (!shell) return std::nullopt;
    return Inner{shell->text, "srun", !one};
  } else if (shell_c && (prog == "bash" || prog == "sh")) {
    k = j + 1;
    while (k < w.size() && w[k].size() >= 2 && w[k][0] == '-' && w[k].find('c') == std::string::npos) ++k;
    if (k >= w.size() || w[k][0] != '-') return std::nullopt;
    ++k;  // -c / -lc: the next word is the command
    if (k >= w.size()) return std::nullopt;
    in.text = w[k];
    return in;
  } else {
    return std::nullopt;
  }
  if (k >= w.size()) return std::nullopt;
  // One word is the quoted string itself; several (unquoted, as ssh joins them) are re-quoted
  // where a word holds a blank, so `ssh h bash -c "a b"` keeps "a b" as the -c argument.
  if (k + 1 == w.size()) {
    in.text = w[k];
    return in;
  }
  for (std::size_t i = k; i < w.size(); ++i) {
    if (i > k) in.text += ' ';
    in.text += w[i].find_first_of(" \t") == std::string::npos ? w[i] : core::shell_quote(w[i]);
  }
  return in;
}

void collect(const std::vector<std::string>& w, int line, bool in_loop, int depth, std::vector<RemoteCommand>& out,
             const std::string& runner, bool every_host) {
  if (depth > 3) return;
  auto in = inner_of(w, depth > 0);
  if (!in) return;
  std::string who = depth == 0 ? in->runner : runner;
  bool all = depth == 0 ? in->every_host || (in->runner == "ssh" && in_loop) : every_host;
  for (auto& c : split_commands(in->text, line)) {
    c.line = line;
    // A `bash -c STRING` inside is read as its STRING's commands (once: not also as a wrapper).
    if (inner_of(c.words, true)) {
      collect(c.words, line, in_loop, depth + 1, out, who, all);
    } else {
      out.push_back({c, who, all});
    }
  }
}

}  // namespace

std::vector<RemoteCommand> remote_commands(const std::vector<ShellCommand>& commands) {
  std::vector<RemoteCommand> out;
  int loops = 0;
  for (const auto& c : commands) {
    if (c.words.empty()) continue;
    if (one_of(c.words.front(), {"for", "while", "until"})) ++loops;
    collect(c.words, c.line, loops > 0, 0, out, "", false);
    if (loops > 0 && c.words.back() == "done")
      --loops;
    else if (loops > 0 && c.words.front() == "done")
      --loops;
  }
  return out;
}

void same_node_rank_rule(FileContext& ctx, const RemoteCommand& rc) {
  if (!rc.every_host) return;
  const auto& w = rc.command.words;
  bool launcher = false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    launcher = launcher || program_name(w[i]) == "torchrun" || w[i] == "torch.distributed.launch" ||
               w[i] == "torch.distributed.run" || program_name(w[i]) == "deepspeed" ||
               (program_name(w[i]) == "accelerate" && i + 1 < w.size() && w[i + 1] == "launch");
    if (!launcher) continue;
    std::string value;
    std::string said;
    for (std::string_view flag : {"--node_rank", "--node-rank", "--machine_rank", "--machine-rank"}) {
      if (w[i] == flag && i + 1 < w.size()) value = w[i + 1];
      if (core::starts_with(w[i], std::string(flag) + "=")) value = w[i].substr(flag.size() + 1);
      if (!value.empty() && said.empty()) said = std::string(flag);
    }
    if (value.empty() || !core::parse_int(value)) continue;
    std::string where = rc.runner == "ssh"    ? "ssh runs in a loop over hosts"
                        : rc.runner == "srun" ? "srun runs on every node of the step"
                                              : rc.runner + " runs on every host of its list";
    auto& f = ctx.add(
        "lint.remote.same-node-rank", Label::config_typo, Severity::error,
        said + "=" + value + " is written into the one command " + where + ": every host starts as node " + value +
            ", so the hosts claim the same ranks and the rendezvous never completes",
        rc.command.line,
        core::starts_with(said, "--machine")
            ? "give each host its own machine rank, e.g. a counter: i=0; for host in ...; do ssh \"$host\" \"... " +
                  said + " $i ...\" & i=$((i+1)); done"
            : "give each host its own node rank (e.g. a counter: i=0; for host in ...; do ssh \"$host\" \"... "
              "--node_rank=$i ...\" & i=$((i+1)); done), "
              "or drop --node_rank and --master_addr/--master_port for --rdzv_backend=c10d "
              "--rdzv_endpoint=RANK0_HOST:PORT, which numbers the nodes itself");
    f.evidence.push_back("the command " + rc.runner + " runs: " + core::join(w, " "));
    return;
  }
}

}  // namespace dd::lint::detail
