// cmd.exe's `set` lines for a batch file's fixes (cmd_set_line.hpp).
#include "lint/cmd_set_line.hpp"

#include "core/export_line.hpp"
#include "core/strings.hpp"

namespace dd::lint {

std::string cmd_set_line(std::string_view name, std::string_view value) {
  std::string escaped;
  for (char c : value) escaped += c == '%' ? std::string("%%") : std::string(1, c);
  std::string assignment = std::string(name) + "=" + escaped;
  bool special = value.find_first_of("&|<>^()") != std::string_view::npos;
  return special ? "set \"" + assignment + "\"" : "set " + assignment;
}

core::Finding as_batch_file(core::Finding f) {
  for (const auto& [k, v] : f.fix.env) {
    std::string note(core::trim(core::exact_name_note(k, v)));
    if (!note.empty()) {
      auto text = note.find_first_not_of("# ");
      f.fix.text += (f.fix.text.empty() ? "" : "\n") + ("REM " + note.substr(text == std::string::npos ? 0 : text));
    }
    f.fix.text += (f.fix.text.empty() ? "" : "\n") + cmd_set_line(k, v);
  }
  f.fix.env.clear();
  return f;
}

}  // namespace dd::lint
