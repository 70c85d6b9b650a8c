// Value readers: strtoll base-0 semantics (nccl-facts §4.5), NCCL_ALGO/NCCL_PROTO grammar (§6.3),
// NCCL_DEBUG_SUBSYS names, torch booleans.
#include "env/value_check.hpp"

#include <gtest/gtest.h>

namespace dd::env {
namespace {

struct IntCase {
  const char* text;
  NcclInt::Issue issue;
  std::optional<long long> value;
  const char* intended;
};

TEST(EnvValueCheck, NcclIntegersReadLikeStrtollBaseZero) {
  using I = NcclInt::Issue;
  const IntCase cases[] = {
      {"12", I::none, 12, ""},
      {"-2", I::none, -2, ""},
      {"0x10", I::none, 16, ""},
      {"0", I::none, 0, ""},
      {"07", I::none, 7, ""},  // octal, but the same number
      {"", I::empty, std::nullopt, ""},
      {"abc", I::not_a_number, 0, ""},
      {"true", I::not_a_number, 0, "1"},
      {"no", I::not_a_number, 0, "0"},
      {"010", I::octal, 8, "10"},
      {"08", I::octal, 0, "8"},
      {"-010", I::octal, -8, "-10"},
      {"12abc", I::trailing, 12, "12"},
      {"1.5", I::trailing, 1, "1"},
      {"99999999999999999999", I::overflow, std::nullopt, ""},
      {"9223372036854775807", I::none, 9223372036854775807LL, ""},
  };
  for (const auto& c : cases) {
    NcclInt r = read_nccl_int(c.text);
    EXPECT_EQ(r.issue, c.issue) << c.text;
    EXPECT_EQ(r.value, c.value) << c.text;
    EXPECT_EQ(r.intended, c.intended) << c.text;
  }
}

TEST(EnvValueCheck, AlgoGrammarAcceptsTheDocumentedForms) {
  for (const char* ok : {"Ring", "ring,tree", "^ring", "ring,collnetdirect;allreduce:tree,collnetdirect;broadcast:ring",
                         "allreduce:^tree", "NVLS,NVLSTree,PAT", "Tree, Ring"}) {
    EXPECT_TRUE(check_algo_proto(ok, AlgoOrProto::algo).empty()) << ok;
  }
  EXPECT_TRUE(check_algo_proto("^LL128;allreduce:LL128", AlgoOrProto::proto).empty());
  EXPECT_TRUE(check_algo_proto("simple", AlgoOrProto::proto).empty());
}

TEST(EnvValueCheck, AlgoGrammarRejectsWhatNcclRejects) {
  auto unknown = check_algo_proto("ring,rings", AlgoOrProto::algo);
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0].token, "rings");
  EXPECT_EQ(unknown[0].suggestion, "Ring");
  EXPECT_NE(unknown[0].message.find("Unrecognized element token"), std::string::npos);

  auto collnet = check_algo_proto("Collnet", AlgoOrProto::algo);
  ASSERT_EQ(collnet.size(), 1u);
  EXPECT_EQ(collnet[0].suggestion, "CollNetDirect");

  auto prefix = check_algo_proto("allreduse:ring", AlgoOrProto::algo);
  ASSERT_EQ(prefix.size(), 1u);
  EXPECT_NE(prefix[0].message.find("Unrecognized prefix token"), std::string::npos);
  EXPECT_EQ(prefix[0].suggestion, "AllReduce");

  auto unprefixed = check_algo_proto("ring;tree", AlgoOrProto::algo);
  ASSERT_EQ(unprefixed.size(), 1u);
  EXPECT_NE(unprefixed[0].message.find("must have a prefix"), std::string::npos);
  EXPECT_FALSE(repair("ring;tree", unprefixed).has_value());

  auto proto = check_algo_proto("LL,LL256", AlgoOrProto::proto);
  ASSERT_EQ(proto.size(), 1u);
  EXPECT_EQ(proto[0].token, "LL256");
  EXPECT_EQ(check_algo_proto("Ring", AlgoOrProto::proto).size(), 1u);  // an algorithm is no protocol
}

TEST(EnvValueCheck, RepairReplacesTokensWithSuggestions) {
  auto p = check_algo_proto("tree,rings", AlgoOrProto::algo);
  EXPECT_EQ(repair("tree,rings", p), "tree,Ring");
  auto none = check_algo_proto("tree,zzzzzzz", AlgoOrProto::algo);
  EXPECT_FALSE(repair("tree,zzzzzzz", none).has_value());
}

TEST(EnvValueCheck, DebugSubsysNames) {
  EXPECT_TRUE(check_debug_subsys("INIT,NET").empty());
  EXPECT_TRUE(check_debug_subsys("^coll,p2p").empty());
  auto p = check_debug_subsys("INIT,NETWORK");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].suggestion, "NET");
  auto g = check_debug_subsys("GRAPHS");
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].suggestion, "GRAPH");
}

TEST(EnvValueCheck, TorchBooleansAndClosestChoice) {
  EXPECT_EQ(read_torch_bool("1"), true);
  EXPECT_EQ(read_torch_bool("TRUE"), true);
  EXPECT_EQ(read_torch_bool("no"), false);
  EXPECT_FALSE(read_torch_bool("2").has_value());
  EXPECT_FALSE(read_torch_bool("enabled").has_value());
  std::vector<std::string_view> levels = {"VERSION", "WARN", "INFO", "ABORT", "TRACE"};
  EXPECT_EQ(closest_choice("WARNING", levels), "WARN");
  EXPECT_EQ(closest_choice("info", levels), "INFO");
  EXPECT_EQ(closest_choice("INF", levels), "INFO");
  EXPECT_EQ(closest_choice("DEBUG", levels), "");
}

}  // namespace
}  // namespace dd::env
