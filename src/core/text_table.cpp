#include "core/text_table.hpp"

#include <algorithm>

#include "core/utf8.hpp"

namespace dd::core {

TextTable::TextTable(std::vector<std::string> header, std::vector<Align> align)
    : header_(std::move(header)), align_(std::move(align)) {
  align_.resize(header_.size(), Align::left);
}

void TextTable::add_row(std::vector<std::string> cells) {
  cells.resize(header_.size());
  rows_.push_back(std::move(cells));
}

std::string TextTable::render(const std::string& indent, const Decorate& decorate) const {
  const std::size_t columns = header_.size();
  std::vector<std::size_t> width(columns, 0);
  auto all = [&](auto&& visit) {
    visit(std::size_t{0}, header_);
    for (std::size_t r = 0; r < rows_.size(); ++r) visit(r + 1, rows_[r]);
  };
  all([&](std::size_t, const std::vector<std::string>& row) {
    for (std::size_t c = 0; c < columns; ++c) width[c] = std::max(width[c], utf8_length(row[c]));
  });
  std::string out;
  all([&](std::size_t r, const std::vector<std::string>& row) {
    std::string line = indent;
    for (std::size_t c = 0; c < columns; ++c) {
      const std::string& text = row[c];
      std::size_t pad = width[c] - utf8_length(text);
      std::string cell = decorate ? decorate(r, c, text) : text;
      bool last = c + 1 == columns;
      if (align_[c] == Align::right)
        line += std::string(pad, ' ') + cell;
      else
        line += cell + (last ? std::string() : std::string(pad, ' '));
      if (!last) line += "  ";
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  });
  return out;
}

}  // namespace dd::core
