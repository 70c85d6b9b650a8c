#include "report/style.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace dd::report {

Style Style::for_stdout(bool force_off) {
  if (force_off) return Style(false);
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return Style(false);
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return Style(false);
  return Style(isatty(STDOUT_FILENO) == 1);
}

std::string Style::paint(Color c, std::string_view text) const {
  if (!color_) return std::string(text);
  const char* code = "";
  switch (c) {
    case Color::red:
      code = "\033[31m";
      break;
    case Color::yellow:
      code = "\033[33m";
      break;
    case Color::green:
      code = "\033[32m";
      break;
    case Color::blue:
      code = "\033[34m";
      break;
    case Color::bold:
      code = "\033[1m";
      break;
    case Color::dim:
      code = "\033[2m";
      break;
  }
  return std::string(code) + std::string(text) + "\033[0m";
}

}  // namespace dd::report
