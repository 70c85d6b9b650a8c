#include "transport/wire_schema.hpp"

#include <gtest/gtest.h>

namespace dd::cluster {
namespace {

using nlohmann::json;

json good_join() {
  return {{"rank", 1},
          {"world", 2},
          {"host", "n1"},
          {"proof", std::string(64, 'a')},
          {"nonce", std::string(32, 'b')},
          {"facts", json::object()},
          {"report", json::object()},
          {"sent_unix_us", 1700000000000000LL}};
}

TEST(PreflightWireSchema, EveryTypeHasItsCheck) {
  EXPECT_EQ(schema_problem({MsgType::join, good_join()}), "");
  EXPECT_EQ(schema_problem({MsgType::challenge, {{"nonce", std::string(32, 'a')}}}), "");
  EXPECT_EQ(schema_problem({MsgType::reject, {{"reason", "full"}}}), "");
  EXPECT_EQ(schema_problem({MsgType::verdict, {{"verdict", "OK"}, {"exit_code", 0}}}), "");
  EXPECT_EQ(schema_problem({MsgType::results, {{"rank", 1}, {"results", json::array()}}}), "");
  EXPECT_EQ(
      schema_problem({MsgType::plan, {{"proof", std::string(64, 'a')}, {"targets", json::array()}, {"world", 2}}}), "");
  EXPECT_NE(schema_problem({MsgType::challenge, json::object()}), "");
  EXPECT_NE(schema_problem({MsgType::reject, {{"reason", 5}}}), "");
  EXPECT_NE(schema_problem({MsgType::verdict, {{"verdict", "OK"}, {"exit_code", 7}}}), "");
}

TEST(PreflightWireSchema, RanksAndWorldsAreCheckedAs64BitNotTruncated) {
  auto j = good_join();
  j["rank"] = 4294967297LL;  // 2^32 + 1: would be rank 1 as a 32-bit int
  EXPECT_EQ(schema_problem({MsgType::join, j}), "field 'rank': 4294967297 is outside 1..4095");
  j["rank"] = -1;
  EXPECT_EQ(schema_problem({MsgType::join, j}), "field 'rank': -1 is outside 1..4095");
  j["rank"] = 1;
  j["world"] = "2";
  EXPECT_EQ(schema_problem({MsgType::join, j}), "field 'world' must be an integer");
  j["world"] = 2.0;
  EXPECT_EQ(schema_problem({MsgType::join, j}), "field 'world' must be an integer");
}

TEST(PreflightWireSchema, NestedResultsAndTargetsAreCheckedFieldByField) {
  json results = {{"rank", 1}, {"results", json::array({{{"to", 0}, {"ok", true}, {"rtt_us", "fast"}}})}};
  EXPECT_EQ(schema_problem({MsgType::results, results}), "field 'results[0].rtt_us' must be an integer");
  results["results"] = json::array({5});
  EXPECT_EQ(schema_problem({MsgType::results, results}), "field 'results[0]' must be an object");
  results["results"] = json::array({{{"error", nullptr}, {"retransmits", 4294967296LL}}});
  EXPECT_EQ(schema_problem({MsgType::results, results}),
            "field 'results[0].retransmits': 4294967296 is outside 0..4294967295");
  json plan = {{"proof", std::string(64, 'a')},
               {"world", 2},
               {"targets", json::array({{{"to", 1}, {"addr", "x"}, {"port", 70000}}})}};
  EXPECT_EQ(schema_problem({MsgType::plan, plan}), "field 'targets[0].port': 70000 is outside 0..65535");
  plan["targets"] = json::array();
  plan["missing"] = json::array({1, "2"});
  EXPECT_EQ(schema_problem({MsgType::plan, plan}), "field 'missing[1]' must be an integer");
  auto j = good_join();
  j["host"] = std::string(300, 'h');
  EXPECT_EQ(schema_problem({MsgType::join, j}), "field 'host' is longer than 256 bytes");
}

}  // namespace
}  // namespace dd::cluster
