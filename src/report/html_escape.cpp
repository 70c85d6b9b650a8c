#include "report/html_escape.hpp"

#include "core/utf8.hpp"

namespace dd::report {

std::string html_escape(std::string_view text) {
  std::string clean = core::escape_control(core::to_valid_utf8(text));
  std::string out;
  out.reserve(clean.size());
  for (char c : clean) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string html_escape_lines(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      out += html_escape(text.substr(start));
      break;
    }
    out += html_escape(text.substr(start, nl - start)) + "\n";
    start = nl + 1;
  }
  return out;
}

}  // namespace dd::report
