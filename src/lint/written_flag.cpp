#include "lint/written_flag.hpp"

namespace dd::lint::detail {

std::optional<WrittenFlag> find_written_flag(const std::vector<std::string>& w, std::size_t from,
                                             std::initializer_list<std::string_view> names) {
  std::optional<WrittenFlag> out;
  for (std::size_t i = from; i < w.size(); ++i) {
    for (std::string_view n : names) {
      std::string_view word = w[i];
      if (word == n && i + 1 < w.size()) {
        out = WrittenFlag{std::string(n), w[i + 1], false};
      } else if (word.size() > n.size() && word.substr(0, n.size()) == n && word[n.size()] == '=') {
        out = WrittenFlag{std::string(n), std::string(word.substr(n.size() + 1)), true};
      }
    }
  }
  return out;
}

std::string as_written(const WrittenFlag& f) { return as_written(f, f.value); }

std::string as_written(const WrittenFlag& f, std::string_view value) {
  return f.flag + (f.joined ? "=" : " ") + std::string(value);
}

}  // namespace dd::lint::detail
