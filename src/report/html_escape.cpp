#include "report/html_escape.hpp"

#include "core/utf8.hpp"

namespace dd::report {

std::string html_escape(std::string_view text) {
  std::string clean = core::escape_control(core::to_valid_utf8(text));
  std::string out;
  out.reserve(clean.size());
  for (char c : clean) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace dd::report
