#include <gtest/gtest.h>

#include "bench/options.hpp"
#include "bench/report.hpp"
#include "bench/tcp_mesh.hpp"

namespace dd::bench {
namespace {

TEST(BenchOptions, ByteSizesTakeNcclTestsSuffixes) {
  EXPECT_EQ(*parse_bytes("-b", "64"), 64u);
  EXPECT_EQ(*parse_bytes("-b", "1K"), 1024u);
  EXPECT_EQ(*parse_bytes("-b", "256M"), 256u << 20);
  EXPECT_EQ(*parse_bytes("-e", "1g"), 1u << 30);
  EXPECT_EQ(*parse_bytes("-e", "8MB"), 8u << 20);
}

TEST(BenchOptions, BadValuesNameTheFlag) {
  auto r = parse_bytes("-e", "lots");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, core::ErrorKind::usage);
  EXPECT_NE(r.error().message.find("-e 'lots'"), std::string::npos);
  EXPECT_FALSE(parse_bytes("-b", "-5M"));
  EXPECT_FALSE(parse_bytes("-b", "2000G"));
  auto op = parse_ops("all_reduce,allreduce");
  ASSERT_FALSE(op);
  EXPECT_NE(op.error().message.find("'allreduce'"), std::string::npos);
  EXPECT_EQ(parse_ops("all")->size(), 6u);
  RunOptions o;
  o.min_bytes = 8 << 20;
  o.max_bytes = 1 << 20;
  EXPECT_FALSE(validate(o, 2));
  o.max_bytes = 8 << 20;
  o.root = 3;
  EXPECT_FALSE(validate(o, 2));
  o.root = 1;
  EXPECT_TRUE(validate(o, 2));
}

TEST(BenchReport, CombinesRanksAsNcclTestsDoes) {
  // Two ranks, 1 MB all_reduce: time is the mean over ranks, #wrong the sum.
  std::vector<std::vector<Sample>> per_rank = {
      {{Op::all_reduce, 1000000, 250000, false, 100.0, 0}, {Op::all_reduce, 1000000, 250000, true, 200.0, 1}},
      {{Op::all_reduce, 1000000, 250000, false, 300.0, 0}, {Op::all_reduce, 1000000, 250000, true, 200.0, 2}}};
  auto rows = combine(per_rank, 2, 0);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_DOUBLE_EQ(rows[0].out_of_place.time_us, 200.0);
  EXPECT_DOUBLE_EQ(rows[0].out_of_place.algbw_gbps, 5.0);  // 1e6 B / 200 us
  EXPECT_DOUBLE_EQ(rows[0].out_of_place.busbw_gbps, 5.0);  // factor 2(n-1)/n = 1 at n = 2
  EXPECT_EQ(rows[0].in_place.wrong, 3);
  EXPECT_EQ(total_wrong(rows), 3);
  EXPECT_DOUBLE_EQ(average_busbw(rows), 5.0);
  auto text = render_table(rows);
  EXPECT_NE(text.find("# Avg bus bandwidth    : 5.0000"), std::string::npos) << text;
  EXPECT_NE(text.find("FAILED"), std::string::npos) << text;
  auto j = results_json(rows);
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[1]["op"], "all_reduce");
  EXPECT_EQ(j[1]["wrong"], 3);
  EXPECT_EQ(j[1]["in_place"], true);
}

TEST(BenchReport, SamplesSurviveTheWire) {
  Sample s{Op::alltoall, 4096, 256, true, 12.5, 0};
  auto back = sample_from_json(nlohmann::json::parse(to_json(s).dump()));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->op, Op::alltoall);
  EXPECT_EQ(back->count, 256u);
  EXPECT_FALSE(sample_from_json(nlohmann::json{{"op", "nope"}}));
}

TEST(BenchMesh, HelloDependsOnTokenSessionRankAndSocket) {
  auto a = hello_bytes("tok", "s1", 1, 0);
  EXPECT_EQ(a.size(), 48u);
  EXPECT_NE(a, hello_bytes("other", "s1", 1, 0));
  EXPECT_NE(a, hello_bytes("tok", "s2", 1, 0));
  EXPECT_NE(a, hello_bytes("tok", "s1", 2, 0));
  EXPECT_NE(a, hello_bytes("tok", "s1", 1, 1));
}

}  // namespace
}  // namespace dd::bench
