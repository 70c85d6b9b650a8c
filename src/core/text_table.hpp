// TextTable: the one printer of aligned text tables (column widths from the widest cell, two
// spaces between columns, numbers right-aligned where asked). Colour or other decoration is
// applied per cell after the widths are taken from the plain text, so escape codes never shift a
// column.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace dd::core {

enum class Align { left, right };

class TextTable {
 public:
  // `header` names the columns; their number fixes the table's width.
  explicit TextTable(std::vector<std::string> header, std::vector<Align> align = {});

  // A row with at most as many cells as the header (missing cells are empty).
  void add_row(std::vector<std::string> cells);
  std::size_t rows() const { return rows_.size(); }

  // Wraps a cell's padded-free text, e.g. in colour codes; row 0 is the header.
  using Decorate = std::function<std::string(std::size_t row, std::size_t column, const std::string& text)>;

  // Every line ends with '\n'; `indent` precedes each line; the last column has no trailing blanks.
  std::string render(const std::string& indent = "", const Decorate& decorate = {}) const;

 private:
  std::vector<std::string> header_;
  std::vector<Align> align_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace dd::core
