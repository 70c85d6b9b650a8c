// One test per catalogue entry: its example, classified as a line, yields the entry's event, and
// the whole analysis of that single line does not contradict the entry's label.
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
  std::string scratch;
  ParsedLine p = parse_line(e.example, scratch);
  EXPECT_EQ(static_cast<int>(e.kind), static_cast<int>(p.event.kind)) << e.id << ": " << e.example;
  EXPECT_FALSE(e.origin.empty()) << e.id;
  EXPECT_FALSE(e.format.empty()) << e.id;
  EXPECT_FALSE(e.releases.empty()) << e.id;
}

INSTANTIATE_TEST_SUITE_P(Entries, LogsCatalogue, ::testing::ValuesIn(message_catalogue().begin(), message_catalogue().end()),
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
