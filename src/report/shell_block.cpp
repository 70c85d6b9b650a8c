#include "report/shell_block.hpp"

#include "core/export_line.hpp"
#include "core/strings.hpp"
#include "core/utf8.hpp"

namespace dd::report {

std::string comment_line(std::string_view text, std::string_view indent) {
  return std::string(indent) + "# " + core::escape_control(text) + "\n";
}

std::string note_comments(const FixPlan& plan, std::string_view indent) {
  std::string out;
  for (const auto& n : plan.notes) {
    out += comment_line(n.id + ": " + n.title, indent);
    if (!n.text.empty()) out += comment_line("  " + n.text, indent);
  }
  return out;
}

std::string env_lines(const FixPlan& plan, std::string_view indent) {
  std::string out;
  for (const auto& [name, value] : plan.env) out += std::string(indent) + core::export_line(name, value) + "\n";
  return out;
}

std::string per_host_case(const FixPlan& plan, std::string_view indent) {
  if (plan.per_host.empty()) return "";
  std::string in(indent);
  std::string out = in + "case \"$(hostname)\" in\n";
  for (const auto& [host, env] : plan.per_host) {
    out += in + "  " + core::shell_quote(host) + ")";
    for (const auto& [name, value] : env) out += " " + core::export_line(name, value) + ";";
    out += " ;;\n";
  }
  return out + in + "esac\n";
}

}  // namespace dd::report
