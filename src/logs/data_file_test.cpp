// The data-file reader (data_file.hpp) and the names it reads: a bad entry fails loudly, naming
// the file, the entry and the field.
#include "logs/data_file.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/finding_names.hpp"
#include "logs/message_catalogue.hpp"
#include "logs/message_matcher.hpp"

namespace dd::logs {
namespace {

// The error a catalogue text raises ("" when it parses).
std::string catalogue_error(std::string_view json) {
  try {
    parse_message_catalogue(json);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

constexpr std::string_view k_entry_start =
    R"([{"id": "x.y", "origin": "o", "releases": "r", "format": "f", "example": "e", "match": {"on": "text", "has": ["xy"]}, )";

// The error compiling a catalogue entry whose "match" is `match` raises ("" when it compiles).
std::string match_error(std::string_view match) {
  try {
    auto entries = parse_message_catalogue(
        R"([{"id": "x.y", "origin": "o", "releases": "r", "format": "f", "example": "e", "kind": "ib_none", "label": "other", "match": )" +
        std::string(match) + "}]");
    check_catalogue_matches(entries);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(LogsDataFile, NamesTheEntryOfABadMatch) {
  EXPECT_EQ("",
            match_error(R"({"on": ["nccl", "text"], "starts": "ab", "pattern": "ab {rank} c", "extract": "comm"})"));
  EXPECT_EQ("message_catalogue.json (x.y): field \"on\": unknown scope 'nccl-info'",
            match_error(R"({"on": "nccl-info", "has": ["ab"]})"));
  EXPECT_EQ("message_catalogue.json (x.y): unknown extractor 'rank'",
            match_error(R"({"on": "text", "has": ["ab"], "extract": "rank"})"));
  EXPECT_EQ("message_catalogue.json (x.y): pattern \"ab {host}\": unknown field {host}",
            match_error(R"({"on": "text", "pattern": "ab {host}"})"));
  EXPECT_EQ("message_catalogue.json (x.y): pattern \"{rank} ab\": does not start with a literal",
            match_error(R"({"on": "text", "pattern": "{rank} ab"})"));
  EXPECT_EQ("message_catalogue.json (x.y): a literal shorter than 2 characters",
            match_error(R"({"on": "text", "has": ["a"]})"));
  EXPECT_EQ("message_catalogue.json (x.y): a \"mark\" shorter than 2 characters",
            match_error(R"({"on": "nccl", "starts": "ab", "mark": "/"})"));
  EXPECT_EQ("message_catalogue.json (x.y): \"match\" names nothing to recognise", match_error(R"({"on": "text"})"));
  EXPECT_EQ("message_catalogue.json: entry 1 (x.y): field \"match\": missing", [] {
    try {
      parse_message_catalogue(
          R"([{"id": "x.y", "origin": "o", "releases": "r", "format": "f", "example": "e", "kind": "ib_none", "label": "other"}])");
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string();
  }());
}

TEST(LogsDataFile, ReadsAWellFormedEntry) {
  auto entries = parse_message_catalogue(std::string(k_entry_start) + R"("kind": "ib_none", "label": "tf-config"}])");
  ASSERT_EQ(1u, entries.size());
  EXPECT_EQ("x.y", entries[0].id);
  EXPECT_EQ(EventKind::ib_none, entries[0].kind);
  EXPECT_EQ(core::Label::tf_config, entries[0].label);
}

TEST(LogsDataFile, NamesTheEntryAndFieldOfABadName) {
  EXPECT_EQ("message_catalogue.json: entry 1 (x.y): field \"kind\": unknown event kind 'ib-none'",
            catalogue_error(std::string(k_entry_start) + R"("kind": "ib-none", "label": "other"}])"));
  EXPECT_EQ("message_catalogue.json: entry 1 (x.y): field \"label\": unknown label 'tf_config'",
            catalogue_error(std::string(k_entry_start) + R"("kind": "ib_none", "label": "tf_config"}])"));
  EXPECT_EQ("message_catalogue.json: entry 1 (x.y): field \"label\": missing",
            catalogue_error(std::string(k_entry_start) + R"("kind": "ib_none"}])"));
  EXPECT_EQ("message_catalogue.json: entry 1 (x.y): field \"kind\": not a string",
            catalogue_error(std::string(k_entry_start) + R"("kind": 3, "label": "other"}])"));
  EXPECT_EQ("message_catalogue.json: not valid JSON", catalogue_error(R"([{"id": )"));
  EXPECT_EQ("message_catalogue.json: not a JSON array", catalogue_error(R"({"id": "x"})"));
}

TEST(LogsDataFile, EveryEventKindAndLabelNameReadsBack) {
  for (int i = 0; i <= static_cast<int>(EventKind::opaque_error); ++i) {
    auto k = static_cast<EventKind>(i);
    EXPECT_FALSE(to_string(k).empty()) << i;
    EXPECT_EQ(k, event_kind_named(to_string(k))) << to_string(k);
  }
  EXPECT_EQ(std::nullopt, event_kind_named("bootstrap-iface"));
  for (int i = 0; i <= static_cast<int>(core::Label::other); ++i) {
    auto l = static_cast<core::Label>(i);
    EXPECT_EQ(l, core::label_named(core::to_string(l))) << core::to_string(l);
  }
  EXPECT_EQ(core::Severity::warning, core::severity_named("warning"));
  EXPECT_EQ(std::nullopt, core::severity_named("fatal"));
}

}  // namespace
}  // namespace dd::logs
