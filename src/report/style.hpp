// Style: colour decided once at the edge (tty and NO_COLOR), then passed to renderers.
#pragma once

#include <string>
#include <string_view>

namespace dd::report {

enum class Color { red, yellow, green, blue, bold, dim };

class Style {
 public:
  explicit Style(bool color) : color_(color) {}
  // Colour when stdout is a tty, NO_COLOR is unset/empty and TERM is not "dumb".
  static Style for_stdout(bool force_off);
  std::string paint(Color c, std::string_view text) const;
  bool color() const { return color_; }

 private:
  bool color_;
};

}  // namespace dd::report
