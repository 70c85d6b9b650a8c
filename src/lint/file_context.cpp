#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

FileContext::FileContext(const std::string& path, FileKind kind, const std::string& text, const LintOptions& options)
    : path_(path), kind_(kind), text_(text), options_(options) {
  starts_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && i + 1 < text.size()) starts_.push_back(i + 1);
  }
}

std::string_view FileContext::line_text(int line) const {
  if (line < 1 || line > line_count()) return {};
  std::size_t b = starts_[static_cast<std::size_t>(line - 1)];
  std::size_t e = text_.find('\n', b);
  if (e == std::string::npos) e = text_.size();
  std::string_view l = std::string_view(text_).substr(b, e - b);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  return l;
}

core::Finding& FileContext::add(std::string id, core::Label label, core::Severity severity, std::string title, int line,
                                std::string fixed) {
  LintFinding lf{core::new_finding(std::move(id), label, severity, std::move(title)), {path_, line}, {}};
  lf.finding.evidence.push_back(path_ + ":" + std::to_string(line) + ": " + std::string(core::trim(line_text(line))));
  lf.finding.fix.text = std::move(fixed);
  if (auto e = embedded_.find(line); e != embedded_.end()) {
    lf.finding.evidence.push_back(
        "the command is inside the string " + e->second +
        " runs on other machines: apply the fix inside its quotes (--fix leaves this line as it is)");
  }
  findings_.push_back(std::move(lf));
  return findings_.back().finding;
}

core::Finding& FileContext::add(std::string id, core::Label label, core::Severity severity, std::string title, int line,
                                LineEdit edit) {
  if (edit.end_line < edit.line) edit.end_line = edit.line;
  bool one_line = edit.text.find('\n') == std::string::npos;
  if (one_line && !edit.text.empty() && edit.text[0] != ' ' && edit.text[0] != '\t' && edit.line == edit.end_line) {
    std::string_view old = line_text(edit.line);
    edit.text = std::string(old.substr(
                    0, old.find_first_not_of(" \t") == std::string_view::npos ? 0 : old.find_first_not_of(" \t"))) +
                edit.text;
  }
  auto& f = add(std::move(id), label, severity, std::move(title), line,
                one_line ? std::string(core::trim(edit.text)) : edit.text);
  // A note is a suggestion, not a fix: --fix never applies it (docs/lint.md).
  if (severity != core::Severity::info && !embedded_.count(edit.line)) {
    if (auto e = embedded_.find(line); e != embedded_.end()) {
      // The command starts inside a remote runner's string, but the edit is on another line: one
      // that only changes a word inside those quotes (or a line outside them), which --fix applies.
      f.evidence.back() = "the command is inside the string " + e->second +
                          " runs on other machines; --fix changes line " + std::to_string(edit.line) + " only";
    }
    findings_.back().edits.push_back({path_, edit.line, edit.end_line, std::move(edit.text)});
  }
  return f;
}

std::string FileContext::lines_text(int first, int last) const {
  std::string out;
  for (int l = first; l <= last; ++l) {
    if (l > first) out += '\n';
    out += line_text(l);
  }
  return out;
}

bool windows_rules_on(const FileContext& ctx, bool script_targets_windows, core::Severity& severity) {
  if (ctx.options().platform == env::Platform::windows) {
    severity = core::Severity::error;
    return true;
  }
  if (script_targets_windows) {
    severity = core::Severity::warning;
    return true;
  }
  return false;
}

}  // namespace dd::lint::detail
