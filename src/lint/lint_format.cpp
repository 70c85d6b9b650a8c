// Compiler-style lines and GitHub annotations (lint_format.hpp). Escaping for workflow commands
// follows actions/toolkit packages/core/src/command.ts (escapeData: % CR LF; escapeProperty also
// : and ,), read at its main branch.
#include "lint/lint_format.hpp"

#include <fmt/format.h>

#include "core/utf8.hpp"

namespace dd::lint {

std::string_view compiler_severity(core::Severity s) {
  switch (s) {
    case core::Severity::error:
      return "error";
    case core::Severity::warning:
      return "warning";
    case core::Severity::info:
      return "note";
  }
  return "note";
}

namespace {

std::string_view github_command(core::Severity s) {
  switch (s) {
    case core::Severity::error:
      return "error";
    case core::Severity::warning:
      return "warning";
    case core::Severity::info:
      return "notice";
  }
  return "notice";
}

std::string escape_data(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else
      out += c;
  }
  return out;
}

std::string escape_property(std::string_view s) {
  std::string out;
  for (char c : escape_data(s)) {
    if (c == ':')
      out += "%3A";
    else if (c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

}  // namespace

std::string render_lines(const LintReport& report) {
  std::string out;
  for (const auto& f : report.findings) {
    out += fmt::format("{}:{}:{}: {}: {} [{}]\n", core::escape_control(f.location.file), f.location.line,
                       f.location.column, compiler_severity(f.finding.severity), core::escape_control(f.finding.title),
                       f.finding.id);
  }
  return out;
}

std::string render_github(const LintReport& report) {
  std::string out;
  for (const auto& f : report.findings) {
    out += fmt::format("::{} file={},line={},col={},title={}::{}\n", github_command(f.finding.severity),
                       escape_property(f.location.file), f.location.line, f.location.column,
                       escape_property(f.finding.id), escape_data(f.finding.title));
  }
  return out;
}

}  // namespace dd::lint
