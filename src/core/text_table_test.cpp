#include "core/text_table.hpp"

#include <gtest/gtest.h>

namespace dd::core {
namespace {

TEST(TextTable, ColumnsTakeTheWidestCellAndNumbersAlignRight) {
  TextTable t({"RANK", "HOST", "GB/s"}, {Align::right, Align::left, Align::right});
  t.add_row({"0", "node0", "1.25"});
  t.add_row({"12", "a-much-longer-host", "0.03"});
  EXPECT_EQ(t.render(),
            "RANK  HOST                GB/s\n"
            "   0  node0               1.25\n"
            "  12  a-much-longer-host  0.03\n");
}

TEST(TextTable, DecorationDoesNotShiftColumnsAndMissingCellsAreEmpty) {
  TextTable t({"A", "B", "C"});
  t.add_row({"x"});
  t.add_row({"yy", "zz", "w"});
  auto bold = [](std::size_t row, std::size_t, const std::string& s) { return row == 0 ? "<" + s + ">" : s; };
  EXPECT_EQ(t.render("  ", bold),
            "  <A>   <B>   <C>\n"
            "  x\n"
            "  yy  zz  w\n");
  EXPECT_EQ(t.rows(), 2u);
}

TEST(TextTable, WidthCountsCharactersNotBytes) {
  TextTable t({"NAME", "X"});
  t.add_row({"\xc3\xa9t\xc3\xa9", "1"});  // "été": 3 characters, 5 bytes
  EXPECT_EQ(t.render(), "NAME  X\nété   1\n");
}

}  // namespace
}  // namespace dd::core
