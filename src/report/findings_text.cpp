#include "report/findings_text.hpp"

#include <fmt/format.h>

#include "core/export_line.hpp"
#include "core/strings.hpp"
#include "core/utf8.hpp"

namespace dd::report {

namespace {

Color color_of(core::Severity s) {
  switch (s) {
    case core::Severity::error:
      return Color::red;
    case core::Severity::warning:
      return Color::yellow;
    case core::Severity::info:
      return Color::blue;
  }
  return Color::blue;
}

std::string indent_continuation(std::string_view text, std::string_view pad) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '\n') out += pad;
  }
  return out;
}

}  // namespace

std::string render_findings(const std::vector<core::Finding>& findings, const Style& style) {
  return render_findings(findings, style, FindingTag::label);
}

std::string render_findings(const std::vector<core::Finding>& findings, const Style& style, FindingTag tag) {
  return render_findings(findings, style, tag, core::EnvSyntax::shell);
}

std::string render_findings(const std::vector<core::Finding>& findings, const Style& style, FindingTag tag,
                            core::EnvSyntax syntax) {
  std::string out;
  for (const auto& f : findings) {
    std::string sev = core::to_upper(core::to_string(f.severity));
    out += fmt::format("{} [{}] {}\n", style.paint(color_of(f.severity), fmt::format("{:<7}", sev)),
                       tag == FindingTag::id ? std::string_view(f.id) : core::to_string(f.label),
                       style.paint(Color::bold, core::escape_control(f.title)));
    if (!f.hosts.empty()) out += fmt::format("        hosts: {}\n", core::join(f.hosts, ", "));
    for (const auto& e : f.evidence)
      out += fmt::format("        {} {}\n", style.paint(Color::dim, "|"), core::escape_control(e));
    // A fix of several lines (YAML keys, a continued command) keeps its own indentation under "fix: ".
    if (!f.fix.text.empty()) out += fmt::format("        fix: {}\n", indent_continuation(f.fix.text, "             "));
    for (const auto& [k, v] : f.fix.env) {
      std::string note = core::exact_name_note(k, v);
      // A Dockerfile instruction takes no trailing comment (it would be part of the value): above it.
      if (syntax == core::EnvSyntax::dockerfile && !note.empty()) {
        out += "          " + std::string(core::trim(note)) + "\n";
        note.clear();
      }
      out += "          " + indent_continuation(core::env_setting(syntax, k, v), "          ") + note + "\n";
    }
    for (const auto& [host, vars] : f.fix.per_host) {
      for (const auto& [k, v] : vars) out += fmt::format("          on {}: {}\n", host, core::export_line(k, v));
    }
    out += "\n";
  }
  return out;
}

std::string render_summary(const std::vector<core::Finding>& findings, const Style& style) {
  int errors = 0, warnings = 0, infos = 0;
  for (const auto& f : findings) {
    if (f.severity == core::Severity::error)
      ++errors;
    else if (f.severity == core::Severity::warning)
      ++warnings;
    else
      ++infos;
  }
  auto plural = [](int n, const char* word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); };
  // Notes are not problems, but "no problems found" right under one reads as a contradiction.
  if (errors == 0 && warnings == 0)
    return style.paint(Color::green, infos ? "OK: no errors or warnings (" + plural(infos, "note") + " above)"
                                           : std::string("OK: no problems found")) +
           "\n";
  std::string line =
      fmt::format("{}, {}, {}", plural(errors, "error"), plural(warnings, "warning"), plural(infos, "note"));
  return style.paint(errors ? Color::red : Color::yellow, line) + "\n";
}

}  // namespace dd::report
