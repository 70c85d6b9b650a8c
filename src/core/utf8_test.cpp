#include "core/utf8.hpp"

#include <gtest/gtest.h>

#include "core/json_limits.hpp"

namespace dd::core {
namespace {

TEST(Utf8, ShorteningNeverCutsACharacterInHalf) {
  std::string cjk;
  for (int i = 0; i < 100; ++i) cjk += "\xE6\xBC\xA2";  // 漢, 3 bytes each
  for (std::size_t max : {0u, 1u, 2u, 3u, 4u, 199u, 200u, 201u}) {
    auto s = shorten_utf8(cjk, max);
    EXPECT_TRUE(is_valid_utf8(s)) << max;
    EXPECT_LE(s.size(), max + 3) << max;
    EXPECT_EQ(utf8_prefix(cjk, max).size(), max / 3 * 3) << max;
  }
  EXPECT_EQ(shorten_utf8("short", 10), "short");
  EXPECT_EQ(shorten_utf8("abcdef", 3), "abc...");
}

TEST(Utf8, InvalidBytesAreReplacedAndValidTextKept) {
  EXPECT_EQ(to_valid_utf8("ok \xC3\xA9"), "ok \xC3\xA9");
  EXPECT_EQ(to_valid_utf8("\xff"), "\xEF\xBF\xBD");
  EXPECT_EQ(to_valid_utf8("a\xE6\xBC"), "a\xEF\xBF\xBD\xEF\xBF\xBD");  // a cut character
  EXPECT_FALSE(is_valid_utf8("\xC0\xAF"));                             // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));                         // surrogate
}

TEST(Utf8, ControlCharactersAreShownNotObeyed) {
  EXPECT_EQ(escape_control("a\nb"), "a\\nb");
  EXPECT_EQ(escape_control("\x1b[2J"), "\\e[2J");
  EXPECT_EQ(escape_control("tab\tok"), "tab\tok");
  EXPECT_EQ(escape_control("\x7f\x01"), "\\x7f\\x01");
  EXPECT_EQ(escape_control("\xC2\x9B"), "\\u009b");  // C1 CSI
  EXPECT_EQ(escape_control("\xff"), "\\xff");
  EXPECT_EQ(escape_control("\xC3\xA9t\xC3\xA9"), "\xC3\xA9t\xC3\xA9");
}

TEST(JsonLimits, DepthIsCappedBeforeParsingAndBracketsInStringsDoNotCount) {
  std::string deep(200000, '[');
  auto r = parse_json_bounded(deep, "TF_CONFIG");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "TF_CONFIG: JSON nested deeper than 64 levels");
  EXPECT_EQ(json_nesting(R"({"a": "[[[[{{{{", "b": [1, {"c": []}]})"), 4u);
  EXPECT_EQ(json_nesting(R"({"a": "\"[[["})"), 1u);
  auto ok = parse_json_bounded(R"({"a": [1, 2]})", "x");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ((*ok)["a"][1], 2);
  EXPECT_FALSE(parse_json_bounded("{", "x").ok());
}

TEST(JsonLimits, DumpReplacesInvalidUtf8InsteadOfThrowing) {
  nlohmann::json j = {{"v", std::string("\xff\xfe") + "ok"}};
  EXPECT_EQ(dump_json(j), "{\"v\":\"\xEF\xBF\xBD\xEF\xBF\xBDok\"}");
}

}  // namespace
}  // namespace dd::core
