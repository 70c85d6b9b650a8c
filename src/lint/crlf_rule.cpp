// lint.shell.crlf-line-endings: a shell script or batch file saved
// with Windows line endings (CRLF, e.g. edited in Notepad and submitted from WSL). bash splits lines
// at "\n" only, so the "\r" stays in each line's last word: `torchrun ... train.py\r` asks for a
// file that does not exist, `export NCCL_SOCKET_IFNAME=eth0\r` names an interface no node has, and a
// trailing `\` escapes the "\r" instead of the newline, ending the command there. (Slurm's sbatch
// refuses such a script outright: "Batch script contains DOS line breaks".)
//
// The fix is an edit that strips the "\r" of every such line (Edit::strip_cr), one per run of CRLF
// lines, line for line, so that it composes with the other findings' edits on those lines; by hand:
// `sed -i 's/\r$//' FILE` or `dos2unix FILE`. A .env file gets the same edit as a warning: a shell
// that sources it keeps the "\r" in each value, while docker's --env-file drops it.
#include <algorithm>
#include <string>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

bool ends_in_cr(std::string_view text, std::size_t line_end) { return line_end > 0 && text[line_end - 1] == '\r'; }

// The last word of `line` (its text without the "\r"), "" for a blank or comment line.
std::string last_word(std::string_view line) {
  std::string_view t = core::trim(line);
  if (t.empty() || t.front() == '#') return "";
  auto blank = t.find_last_of(" \t");
  return std::string(blank == std::string_view::npos ? t : t.substr(blank + 1));
}

}  // namespace

void crlf_rule(FileContext& ctx) {
  std::string_view text = ctx.text();
  std::vector<std::pair<int, int>> runs;  // [first, last] lines that end in "\r\n"
  int line = 1, count = 0, example_line = 0;
  std::string example;
  for (std::size_t b = 0; b < text.size(); ++line) {
    std::size_t e = text.find('\n', b);
    if (e == std::string_view::npos) break;  // a last line without "\n": its "\r" (if any) is not CRLF
    if (ends_in_cr(text, e)) {
      ++count;
      if (!runs.empty() && runs.back().second == line - 1) {
        runs.back().second = line;
      } else {
        runs.emplace_back(line, line);
      }
      if (example.empty()) example = last_word(ctx.line_text(line)), example_line = line;
    }
    b = e + 1;
  }
  if (runs.empty()) return;
  bool env_file = ctx.kind() == FileKind::env_file;
  std::string title = "Windows line endings (CRLF) on " + std::to_string(count) + " of " +
                      std::to_string(ctx.line_count()) + " lines: " +
                      (env_file ? "a shell that sources this file (`. FILE`, `set -a; . FILE`) splits lines at \\n "
                                  "only, so the \\r stays in each value"
                                : "bash splits lines at \\n only, so the \\r stays in each line's last word");
  if (!example.empty()) {
    title += " (line " + std::to_string(example_line) + " ends in `" + example + "\\r`)";
  }
  // standard input has no file to edit, and lint --fix refuses it: the user names the file they piped
  bool piped = ctx.path() == "<stdin>";
  std::string file = piped ? "FILE" : core::shell_quote(ctx.path());
  std::string by_hand = "sed -i 's/\\r$//' " + file + "  # or dos2unix " + file +
                        (piped ? "; FILE: the file whose text came on standard input (lint --diff - prints the patch)"
                               : "; lint --fix does the same");
  auto& f = ctx.add("lint.shell.crlf-line-endings", core::Label::config_typo,
                    env_file ? core::Severity::warning : core::Severity::error, title, runs.front().first, by_hand);
  // Go's bufio.ScanLines drops a line's final \r: docker's --env-file reader (docker/cli opts/file.go
  // parseKeyValueFile) and the Dockerfile parser (moby/buildkit frontend/dockerfile/parser) both
  // read lines with it, which is why a Dockerfile is not reported.
  f.evidence.push_back(env_file ? "docker run --env-file reads lines with Go's bufio.ScanLines, which drops the "
                                  "\\r; a shell keeps it in the value"
                                : "sbatch refuses such a script (\"Batch script contains DOS line breaks\"); bash "
                                  "runs it with the \\r in every command's last argument");
  for (const auto& [first, last] : runs) {
    Edit e{ctx.path(), first, last, ctx.lines_text(first, last)};
    e.strip_cr = true;
    ctx.last().edits.push_back(std::move(e));
  }
}

}  // namespace dd::lint::detail

namespace dd::lint::detail {

// The commands whose `\` continuation a "\r" ends: each [first, last] from the line a command
// starts on through the line after its last "\\\r" line. bash runs the first line as the whole
// command and the rest as commands of their own, so what lint reads of them as one command is not
// what runs, before or after the fix.
std::vector<std::pair<int, int>> broken_continuations(std::string_view text) {
  std::vector<std::pair<int, int>> out;
  int line = 1;
  bool open = false;  // the previous line ended in "\\\r" (or "\\" inside a broken command)
  for (std::size_t b = 0; b < text.size(); ++line) {
    std::size_t e = text.find('\n', b);
    std::string_view l = text.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    bool continued = !l.empty() && l.back() == '\\';
    bool broken = continued && e != std::string_view::npos && e > b && text[e - 1] == '\r';
    if (broken && !open) out.emplace_back(line, line + 1);
    if (open) out.back().second = std::max(out.back().second, continued ? line + 1 : line);
    open = (open && continued) || broken;
    if (e == std::string_view::npos) break;
    b = e + 1;
  }
  return out;
}

void drop_after_broken_continuation(std::vector<LintFinding>& findings, std::string_view text) {
  auto crlf = std::find_if(findings.begin(), findings.end(),
                           [](const LintFinding& f) { return f.finding.id == "lint.shell.crlf-line-endings"; });
  if (crlf == findings.end()) return;
  auto broken = broken_continuations(text);
  if (broken.empty()) return;
  auto inside = [&](const LintFinding& f) {
    return std::any_of(broken.begin(), broken.end(), [&](const std::pair<int, int>& r) {
      return f.location.line >= r.first && f.location.line <= r.second;
    });
  };
  std::string lines;
  for (const auto& [first, last] : broken) {
    lines += (lines.empty() ? "" : ", ") + std::to_string(first) + "-" + std::to_string(last);
  }
  auto dropped = std::count_if(findings.begin(), findings.end(), [&](const LintFinding& f) {
    return f.finding.id != "lint.shell.crlf-line-endings" && inside(f);
  });
  crlf->finding.evidence.push_back(
      "lines " + lines + " are one command continued with `\\`; the \\r after each `\\` ends the command there, and " +
      "bash runs the next line as a command of its own" +
      (dropped > 0 ? " (" + std::to_string(dropped) + (dropped == 1 ? " finding" : " findings") +
                         " on those lines left out: they read the command as bash would not run it; lint again "
                         "after this fix)"
                   : ""));
  std::erase_if(findings,
                [&](const LintFinding& f) { return f.finding.id != "lint.shell.crlf-line-endings" && inside(f); });
}

}  // namespace dd::lint::detail
