// One test per catalogue entry: its example (and each of its more_examples), classified as a line,
// yields the entry's event, and the entry itself is the one that recognised it (the catalogue
// drives the classifier: an entry that an earlier one shadows fails here).
#include "logs/message_catalogue.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "logs/embedded_data.hpp"
#include "logs/line_classifier.hpp"

namespace dd::logs {
namespace {

class LogsCatalogue : public ::testing::TestWithParam<CatalogueEntry> {};

TEST_P(LogsCatalogue, ExampleYieldsTheEntrysEvent) {
  const CatalogueEntry& e = GetParam();
  auto catalogue = message_catalogue();
  std::vector<std::string> lines{e.example};
  lines.insert(lines.end(), e.more_examples.begin(), e.more_examples.end());
  for (const std::string& line : lines) {
    std::string scratch;
    ParsedLine p = parse_line(line, scratch);
    EXPECT_EQ(to_string(e.kind), to_string(p.event.kind)) << e.id << ": " << line;
    ASSERT_GE(p.event.catalogue_entry, 0) << e.id << ": no entry recognised " << line;
    EXPECT_EQ(e.id, catalogue[static_cast<std::size_t>(p.event.catalogue_entry)].id) << line;
  }
  EXPECT_FALSE(e.origin.empty()) << e.id;
  EXPECT_FALSE(e.format.empty()) << e.id;
  EXPECT_FALSE(e.releases.empty()) << e.id;
}

INSTANTIATE_TEST_SUITE_P(Entries, LogsCatalogue,
                         ::testing::ValuesIn(message_catalogue().begin(), message_catalogue().end()),
                         [](const ::testing::TestParamInfo<CatalogueEntry>& entry) {
                           std::string n;
                           for (char c : entry.param.id) n += (std::isalnum(static_cast<unsigned char>(c)) ? c : '_');
                           return n;
                         });

// The whole compiled-in file loads (an unknown kind or label name throws, data_file_test.cpp).
TEST(LogsCatalogueTable, TheDataFileLoads) {
  std::vector<CatalogueEntry> entries;
  ASSERT_NO_THROW(entries = parse_message_catalogue(embedded::message_catalogue_json));
  EXPECT_EQ(entries.size(), message_catalogue().size());
}

TEST(LogsCatalogueTable, IdsAreUnique) {
  std::set<std::string_view> ids;
  for (const auto& e : message_catalogue()) EXPECT_TRUE(ids.insert(e.id).second) << e.id;
  EXPECT_GE(ids.size(), 30u);
}

}  // namespace
}  // namespace dd::logs
