// The lint driver: classifies files, walks folders, runs the front end of each kind, then the
// environment audit over every value found; sorts the findings.
#include "lint/lint.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "core/strings.hpp"
#include "lint/edits.hpp"
#include "lint/env_init_across.hpp"
#include "lint/lightning_tasks_across.hpp"
#include "lint/python_tree.hpp"
#include "lint/rules.hpp"
#include "lint/tf_config_across.hpp"

namespace dd::lint {

namespace {

constexpr std::uintmax_t k_max_file_bytes = 16u << 20;  // a training script is never this large

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::vector<LintFinding> run(const std::string& path, FileKind kind, const std::string& text,
                             const LintOptions& options, std::string& error,
                             std::vector<detail::TfConfigSeen>* tf_configs = nullptr,
                             std::vector<detail::FileFacts>* across = nullptr) {
  detail::FileContext ctx(path, kind, text, options);
  switch (kind) {
    case FileKind::python:
      detail::lint_python(ctx);
      break;
    case FileKind::shell:
      detail::crlf_rule(ctx);
      detail::lint_shell(ctx, false);
      break;
    case FileKind::dockerfile:
      detail::lint_shell(ctx, true);
      break;
    case FileKind::env_file:
      detail::crlf_rule(ctx);
      detail::lint_shell(ctx, false);
      break;  // NAME=value lines: shell assignments
    case FileKind::yaml:
      detail::lint_yaml(ctx);
      break;
    case FileKind::batch:
      detail::lint_batch(ctx);
      break;
    case FileKind::powershell:
      detail::lint_powershell(ctx);
      break;
    case FileKind::none:
      break;
  }
  if (!ctx.error().empty()) {
    error = ctx.error();
    return {};
  }
  detail::audit_env_values(ctx);
  if (tf_configs)
    for (const auto& e : ctx.env())
      if (e.name == "TF_CONFIG") tf_configs->push_back({path, e.line, e.value});
  bool shell = kind == FileKind::shell || kind == FileKind::env_file;
  bool env_init = std::any_of(ctx.findings().begin(), ctx.findings().end(),
                              [](const LintFinding& f) { return f.env_init && f.edits.empty(); });
  if (across) {
    detail::FileFacts facts;
    facts.file = path;
    facts.sruns = ctx.srun_scripts();
    facts.trainers = ctx.trainers();
    facts.text = shell || env_init ? text : "";
    facts.python = kind == FileKind::python;
    facts.env_reads = ctx.env_reads();
    for (const char* name : {"MASTER_ADDR", "MASTER_PORT"})
      if (text.find(name) != std::string::npos) facts.names.insert(name);
    across->push_back(std::move(facts));
  }
  auto out = std::move(ctx.findings());
  for (auto& f : out) f.location.column = detail::first_column(ctx.line_text(f.location.line));
  detail::drop_suppressed(out, ctx);  // `# distdoctor: ignore[rule-id]` on the finding's line
  if (shell) detail::drop_after_broken_continuation(out, text);
  // The CRLF finding first: the file's other findings read it as bash does after its fix.
  auto key = [](const LintFinding& f) {
    return std::pair(f.finding.id != "lint.shell.crlf-line-endings", f.location.line);
  };
  std::stable_sort(out.begin(), out.end(), [&](const LintFinding& a, const LintFinding& b) { return key(a) < key(b); });
  return out;
}

// `lint -`: the text on standard input, named "<stdin>".
core::Result<std::string> read_stdin() {
  std::string text;
  char buf[65536];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) {
    text.append(buf, n);
    if (text.size() > k_max_file_bytes) {
      return core::make_error(core::ErrorKind::unreadable, "<stdin>: larger than 16 MiB, not a script or manifest");
    }
  }
  if (std::ferror(stdin)) return core::make_error(core::ErrorKind::unreadable, "<stdin>: read error");
  return text;
}

// A Python edit whose result the parser rejects (where the file parsed before) is not offered: the
// finding keeps its fix text, and `--fix` never writes a file that no longer parses.
void drop_edits_that_break_parsing(std::vector<LintFinding>& findings, const std::string& text) {
  auto parses = [](const std::string& source) {
    auto tree = PythonTree::parse(source);
    return tree && !ts_node_has_error(tree->root());
  };
  if (!parses(text)) return;
  for (auto& f : findings) {
    if (f.edits.empty()) continue;
    auto fixed = apply_edits(text, f.edits);
    if (!fixed || !parses(*fixed)) f.edits.clear();
  }
}

// A fix whose edits change other lines than the finding's (or several) says which line each text
// replaces: pasted over the finding's line, the text would replace the wrong one (fix-2026-12-06m
// p10: the finding at a deepspeed line, the edit on the next). Only where fix.text is the edits'
// text itself (one line each, trimmed, as FileContext::add writes it).
void name_edited_lines(std::vector<LintFinding>& findings) {
  auto lines = [](const Edit& e) {
    return e.end_line != e.line ? "lines " + std::to_string(e.line) + "-" + std::to_string(e.end_line)
                                : "line " + std::to_string(e.line);
  };
  for (auto& f : findings) {
    if (f.edits.empty()) continue;
    const Edit& first = f.edits.front();
    if (f.edits.size() == 1 && first.line == f.location.line && first.end_line == first.line) continue;
    std::vector<std::string> texts;
    bool block = false;  // an edit that writes several lines is printed as its block
    for (const auto& e : f.edits) {
      block = block || e.replacement.find('\n') != std::string::npos;
      texts.push_back(std::string(core::trim(e.replacement)));
    }
    if (block || core::join(texts, "\n") != f.finding.fix.text) continue;
    std::vector<std::string> named;
    for (const auto& e : f.edits) {
      std::string t(core::trim(e.replacement));
      named.push_back(t.empty() ? "delete " + lines(e)
                                : lines(e) + (e.end_line != e.line ? " become: " : " becomes: ") + t);
    }
    f.finding.fix.text = core::join(named, "\n");
  }
}

// What every path through lint does to one file's findings before they are shown or applied (the
// CLI's files and stdin, and lint_text): only the rules kept stay and only their edits are composed;
// a Python edit that breaks parsing is dropped (until stop 48 only lint_text dropped it, so the CLI
// could offer and `--fix` write one); a fix pasted elsewhere than the finding's line names its lines.
void finish_edits(std::vector<LintFinding>& findings, FileKind kind, const std::string& text,
                  const LintOptions& options) {
  std::erase_if(findings, [&](const LintFinding& f) { return !options.rules.keeps(f.finding.id); });
  compose_edits(findings, text);
  if (kind == FileKind::python) drop_edits_that_break_parsing(findings, text);
  name_edited_lines(findings);
}

}  // namespace

core::Result<std::string> read_file(const std::string& path) {
  std::error_code ec;
  auto size = std::filesystem::file_size(path, ec);
  if (ec) return core::make_error(core::ErrorKind::unreadable, path + ": cannot read: " + ec.message());
  if (size > k_max_file_bytes) {
    return core::make_error(core::ErrorKind::unreadable, path + ": larger than 16 MiB, not a script or manifest");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::make_error(core::ErrorKind::unreadable, path + ": cannot open for reading");
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) return core::make_error(core::ErrorKind::unreadable, path + ": read error");
  return s.str();
}

FileKind sniff_kind(std::string_view text) {
  std::string first;
  for (const auto& raw : core::split(text, '\n')) {
    std::string_view l = core::trim(raw);
    if (l.empty()) continue;
    if (core::starts_with(l, "#!")) {
      return l.find("python") != std::string_view::npos ? FileKind::python : FileKind::shell;
    }
    if (core::starts_with(l, "#SBATCH")) return FileKind::shell;
    if (l[0] == '#') continue;
    first = std::string(l);
    break;
  }
  std::string lower = core::to_lower(first);
  if (core::starts_with(lower, "$env:")) return FileKind::powershell;
  for (std::string_view batch : {"@echo", "@rem", "rem ", "::", "setlocal"}) {
    if (core::starts_with(lower, batch)) return FileKind::batch;
  }
  std::string upper = core::to_upper(std::string_view(first).substr(0, first.find(' ')));
  bool python_import = first.find(" import ") != std::string::npos;  // `from torch import nn`
  if ((upper == "FROM" && !python_import) || upper == "ARG") return FileKind::dockerfile;
  if (core::starts_with(first, "apiVersion:") || core::starts_with(first, "kind:") || first == "---")
    return FileKind::yaml;
  for (std::string_view shell :
       {"export ", "set -", "srun ", "torchrun ", "mpirun ", "docker ", "python -m ", "python3 -m "}) {
    if (core::starts_with(first, shell)) return FileKind::shell;
  }
  // Python only where a statement says so: a `set X=1` batch file or a NAME=value list is not.
  for (const auto& raw : core::split(text, '\n')) {
    std::string_view l = core::trim(raw);
    bool from_import = core::starts_with(l, "from ") && l.find(" import ") != std::string_view::npos;
    if (from_import || core::starts_with(l, "import ") || core::starts_with(l, "def ") ||
        core::starts_with(l, "class ") || core::starts_with(l, "if __name__")) {
      return FileKind::python;
    }
  }
  return FileKind::none;
}

FileKind kind_named(std::string_view word) {
  static const std::pair<std::string_view, FileKind> names[] = {
      {"py", FileKind::python},     {"sh", FileKind::shell},     {"dockerfile", FileKind::dockerfile},
      {"yaml", FileKind::yaml},     {"env", FileKind::env_file}, {"bat", FileKind::batch},
      {"ps1", FileKind::powershell}};
  for (const auto& [name, kind] : names)
    if (word == name) return kind;
  return FileKind::none;
}

FileKind kind_of(const std::string& path) {
  std::string name = std::filesystem::path(path).filename().string();
  std::string lower = core::to_lower(name);
  if (ends_with(lower, ".py")) return FileKind::python;
  if (ends_with(lower, ".sh") || ends_with(lower, ".bash") || ends_with(lower, ".sbatch") ||
      ends_with(lower, ".slurm")) {
    return FileKind::shell;
  }
  if (ends_with(lower, ".yaml") || ends_with(lower, ".yml")) return FileKind::yaml;
  // Dockerfile, Dockerfile.gpu, train.Dockerfile, x_Dockerfile, Containerfile: the name holds it,
  // unless its extension says it is something else (notes.dockerfile.md, dockerfile-lint.json).
  if (lower.find("dockerfile") != std::string::npos || lower.find("containerfile") != std::string::npos) {
    for (std::string_view other : {".md", ".txt", ".rst", ".adoc", ".html", ".json", ".toml", ".ini", ".cfg", ".lock",
                                   ".log", ".orig", ".bak", ".swp", ".patch", ".diff", ".j2", ".tmpl", ".tpl"}) {
      if (ends_with(lower, other)) return FileKind::none;
    }
    return FileKind::dockerfile;
  }
  if (lower == ".env" || ends_with(lower, ".env") || core::starts_with(lower, ".env.")) return FileKind::env_file;
  if (ends_with(lower, ".bat") || ends_with(lower, ".cmd")) return FileKind::batch;
  if (ends_with(lower, ".ps1")) return FileKind::powershell;
  return FileKind::none;
}

std::string kinds_read() {
  return ".py, .sh, .bash, .sbatch, .slurm, names holding Dockerfile or Containerfile, .yaml, .yml, .env, *.env, "
         ".env.*, .bat and .cmd (their `set NAME=value` lines), .ps1 (its `$env:NAME = \"value\"` lines and commands)";
}

std::vector<LintFinding> lint_text(const std::string& path, FileKind kind, const std::string& text,
                                   const LintOptions& options) {
  std::string error;
  std::vector<detail::TfConfigSeen> tf_configs;
  auto out = run(path, kind, text, options, error, &tf_configs);
  for (auto& f : detail::tf_config_across(tf_configs)) out.push_back(std::move(f));
  if (!error.empty()) {
    LintFinding f{
        core::new_finding("lint.input.unparsed", core::Label::other, core::Severity::warning, error), {path, 1}, {}};
    out.push_back(std::move(f));
  }
  finish_edits(out, kind, text, options);
  return out;
}

namespace {

// The files lint reads, in order: each with whether it was named explicitly (a folder's files are
// found), and the text of standard input when "-" was named.
struct Inputs {
  std::vector<std::pair<std::string, bool>> files;
  std::optional<std::string> stdin_text;
};

// The files under folder `dir` that lint reads, sorted, appended to `in`; the others are counted
// (and the first 1000 named) in report.skipped. .git, node_modules and __pycache__ are not entered.
std::optional<core::Error> add_folder(const std::string& dir, Inputs& in, LintReport& report) {
  std::error_code ec;
  std::vector<std::string> found;
  auto opts = std::filesystem::directory_options::skip_permission_denied;
  for (std::filesystem::recursive_directory_iterator it(dir, opts, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (it->is_directory(ec) && (name == ".git" || name == "node_modules" || name == "__pycache__")) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file(ec)) continue;
    if (kind_of(it->path().string()) != FileKind::none) {
      found.push_back(it->path().string());
    } else if (report.skipped_count++ < 1000) {
      report.skipped.push_back(it->path().string());
    }
  }
  if (ec) return core::make_error(core::ErrorKind::unreadable, dir + ": cannot list: " + ec.message());
  std::sort(found.begin(), found.end());
  std::sort(report.skipped.begin(), report.skipped.end());
  for (auto& f : found) in.files.push_back({std::move(f), false});
  return std::nullopt;
}

// The paths the user named: "-" (standard input, once), folders (their files) and files of a kind
// lint reads. An error names the first path that is none of these.
core::Result<Inputs> collect_inputs(const std::vector<std::string>& paths, LintReport& report) {
  Inputs in;
  for (const auto& p : paths) {
    if (p == "-") {
      if (in.stdin_text) return core::make_error(core::ErrorKind::usage, "-: standard input can be named only once");
      auto text = read_stdin();
      if (!text) return text.error();
      in.stdin_text = std::move(*text);
      in.files.push_back({"-", true});
      continue;
    }
    std::error_code ec;
    auto status = std::filesystem::status(p, ec);
    if (ec || !std::filesystem::exists(status)) {
      return core::make_error(core::ErrorKind::unreadable, p + ": no such file or folder");
    }
    if (std::filesystem::is_directory(status)) {
      if (auto error = add_folder(p, in, report)) return *error;
    } else {
      if (kind_of(p) == FileKind::none) {
        return core::make_error(core::ErrorKind::usage, p + ": not a file lint reads (" + kinds_read() + ")");
      }
      in.files.push_back({p, true});
    }
  }
  // A file named twice (`lint a.sh ./a.sh .`) is read once, under its first name.
  std::set<std::string> seen;
  std::erase_if(in.files, [&](const std::pair<std::string, bool>& f) {
    if (f.first == "-") return false;
    std::error_code ec;
    auto id = std::filesystem::weakly_canonical(f.first, ec);
    return !seen.insert(ec ? f.first : id.string()).second;
  });
  return in;
}

// Lints one file into `report` (its findings, lines, and its text when a finding edits it). A
// file that does not parse as its kind gets a lint.input.unparsed finding and its problem is
// added to `unparsed`.
std::optional<core::Error> lint_file(const std::string& file, const Inputs& in, const LintOptions& options,
                                     LintReport& report, std::vector<detail::TfConfigSeen>& tf_configs,
                                     std::vector<detail::FileFacts>& across, std::vector<std::string>& unparsed) {
  bool from_stdin = file == "-" && in.stdin_text;
  std::string path = from_stdin ? std::string("<stdin>") : file;
  auto text = from_stdin ? core::Result<std::string>(*in.stdin_text) : read_file(path);
  if (!text) return text.error();
  std::string error;
  FileKind kind = !from_stdin ? kind_of(path) : options.stdin_kind ? *options.stdin_kind : sniff_kind(*text);
  if (kind == FileKind::none) {
    return core::make_error(core::ErrorKind::usage,
                            "<stdin>: its text does not say what kind of file it is; name it with --stdin-kind "
                            "py|sh|dockerfile|yaml|env|bat|ps1");
  }
  auto found = run(path, kind, *text, options, error, &tf_configs, &across);
  // A file that does not parse as its kind (a Helm template's {{ }}) is reported and skipped,
  // named or found in a folder alike; the others are still linted. Exit 2 (DESIGN.md: unreadable
  // input) only when nothing usable was given, in lint_paths.
  if (!error.empty()) {
    found.push_back(
        {core::new_finding("lint.input.unparsed", core::Label::other, core::Severity::warning, error + " (skipped)"),
         {path, 1},
         {}});
    unparsed.push_back(error);
  }
  report.files.push_back(path);
  report.lines += static_cast<long>(std::count(text->begin(), text->end(), '\n')) +
                  (!text->empty() && text->back() != '\n' ? 1 : 0);
  finish_edits(found, kind, *text, options);
  if (std::any_of(found.begin(), found.end(), [](const LintFinding& f) { return !f.edits.empty(); })) {
    report.texts[path] = *text;
  }
  for (auto& f : found) report.findings.push_back(std::move(f));
  return std::nullopt;
}

}  // namespace

core::Result<LintReport> lint_paths(const std::vector<std::string>& paths, const LintOptions& options) {
  LintReport report;
  auto in = collect_inputs(paths, report);
  if (!in) return in.error();
  std::vector<detail::TfConfigSeen> tf_configs;
  std::vector<detail::FileFacts> across;
  std::vector<std::string> unparsed;  // "<file>:<line>: <problem>" of each file that did not parse
  for (const auto& entry : in->files) {
    if (auto error = lint_file(entry.first, *in, options, report, tf_configs, across, unparsed)) return *error;
  }
  if (!unparsed.empty() && unparsed.size() == in->files.size()) {
    return core::make_error(core::ErrorKind::unreadable, core::join(unparsed, "; "));
  }
  for (auto& f : detail::tf_config_across(tf_configs)) report.findings.push_back(std::move(f));
  // The edit is of a batch script: --fix compares with the text read above, not a second read.
  for (const auto& file : detail::env_init_across(across, report.findings))
    for (const auto& facts : across)
      if (facts.file == file) report.texts.try_emplace(facts.file, facts.text);
  for (auto& f : detail::env_unset_across(across, report.findings)) {
    for (const auto& facts : across)
      if (!f.edits.empty() && facts.file == f.location.file) report.texts.try_emplace(facts.file, facts.text);
    report.findings.push_back(std::move(f));
  }
  for (auto& f : detail::lightning_tasks_across(across)) {
    if (!f.edits.empty())
      for (const auto& facts : across)
        if (facts.file == f.location.file) report.texts.try_emplace(facts.file, facts.text);
    report.findings.push_back(std::move(f));
  }
  std::erase_if(report.findings, [&](const LintFinding& f) { return !options.rules.keeps(f.finding.id); });
  // A file's CRLF finding before the rest: what else is said of that file holds once it is fixed.
  auto rank = [](const LintFinding& f) {
    if (f.finding.id == "lint.shell.crlf-line-endings") return -1;
    core::Severity s = f.finding.severity;
    return s == core::Severity::error ? 0 : s == core::Severity::warning ? 1 : 2;
  };
  std::stable_sort(report.findings.begin(), report.findings.end(),
                   [&](const LintFinding& a, const LintFinding& b) { return rank(a) < rank(b); });
  return report;
}

}  // namespace dd::lint
