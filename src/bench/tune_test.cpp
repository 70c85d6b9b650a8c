// --tune: the grid, the verdict (best point, gains vs NCCL's default and the seeds' values, the
// 10% threshold), the advice as export lines, the wire format, and the lockstep sweep itself on a
// socketpair world (every point checked element by element).
#include "bench/tune.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "bench/socketpair_world.hpp"
#include "core/export_line.hpp"

namespace dd::bench {
namespace {

TunePoint pt(int threads, int socks, std::size_t buffsize, int stage, double us, long long wrong = 0) {
  return TunePoint{TuneShape{threads, socks, buffsize}, stage, us, wrong};
}

TEST(BenchTune, ShapesKeepTheProductWithinTheSockets) {
  auto all = tune_shapes(64);
  EXPECT_EQ(all.size(), 16u);
  for (const auto& s : all) EXPECT_LE(s.sockets(), 64);
  EXPECT_EQ(all.front(), (TuneShape{1, 1, 4u << 20}));                                 // NCCL's default is measured
  EXPECT_NE(std::find(all.begin(), all.end(), TuneShape{1, 4, 4u << 20}), all.end());  // and the seeds' 4
  auto few = tune_shapes(8);
  for (const auto& s : few) EXPECT_LE(s.sockets(), 8);
  EXPECT_EQ(few.size(), 10u);  // 1x1 1x2 1x4 1x8 2x1 2x2 2x4 4x1 4x2 8x1
  EXPECT_EQ((TuneShape{2, 4, 4u << 20}).segment_bytes(), 512u * 1024);
}

TEST(BenchTune, AdvisesTheFastestPointWithItsGains) {
  std::vector<TunePoint> points = {pt(1, 1, 4u << 20, 1, 4000), pt(1, 4, 4u << 20, 1, 1500),
                                   pt(2, 4, 4u << 20, 1, 1000), pt(2, 4, 1u << 20, 2, 1100),
                                   pt(2, 4, 8u << 20, 2, 800)};
  auto v = judge_tune(points);
  ASSERT_TRUE(v.best && v.nccl_default && v.seeds);
  EXPECT_EQ(v.best->shape, (TuneShape{2, 4, 8u << 20}));
  EXPECT_DOUBLE_EQ(v.gain_vs_default, 5.0);
  EXPECT_DOUBLE_EQ(v.gain_vs_seeds, 1500.0 / 800.0);
  EXPECT_TRUE(v.change);
  auto f = tune_finding(v, 1 << 20, 2);
  EXPECT_EQ(f.id, "bench.tune.advice");
  EXPECT_EQ(f.label, core::Label::performance);
  EXPECT_EQ(f.severity, core::Severity::info);
  EXPECT_EQ(f.fix.env.at("NCCL_SOCKET_NTHREADS"), "2");
  EXPECT_EQ(f.fix.env.at("NCCL_NSOCKS_PERTHREAD"), "4");
  EXPECT_EQ(f.fix.env.at("NCCL_BUFFSIZE"), "8388608");
  EXPECT_NE(f.title.find("5.00x"), std::string::npos) << f.title;
  auto text = render_tune(points, v, 1 << 20, 2);
  EXPECT_NE(text.find(core::export_line("NCCL_NSOCKS_PERTHREAD", "4") + "\n"), std::string::npos) << text;
  EXPECT_NE(text.find("1.88x the seeds'"), std::string::npos) << text;
  auto j = tune_json(points, v, TuneOptions{1 << 20, 3, 1, true}, 2);
  EXPECT_EQ(j["best"]["sockets"], 8);
  EXPECT_EQ(j["default"]["sockets"], 1);
  EXPECT_EQ(j["seeds"]["sockets"], 4);
  EXPECT_EQ(j["points"].size(), 5u);
  EXPECT_EQ(j["advice"]["env"]["NCCL_BUFFSIZE"], "8388608");
  EXPECT_EQ(j["advice"]["lines"].size(), 3u);
}

TEST(BenchTune, DefaultsWithinTenPercentAreKept) {
  std::vector<TunePoint> points = {pt(1, 1, 4u << 20, 1, 1000), pt(1, 4, 4u << 20, 1, 1050),
                                   pt(2, 1, 4u << 20, 1, 950)};
  auto v = judge_tune(points);
  EXPECT_FALSE(v.change);
  auto f = tune_finding(v, 1 << 20, 2);
  EXPECT_EQ(f.id, "bench.tune.defaults-fine");
  EXPECT_TRUE(f.fix.env.empty());
  EXPECT_TRUE(tune_json(points, v, TuneOptions{}, 2)["advice"].is_null());
  EXPECT_NE(render_tune(points, v, 1 << 20, 2).find("keep NCCL's defaults"), std::string::npos);
}

TEST(BenchTune, WithoutTheDefaultPointThereIsNoAdvice) {
  auto v = judge_tune({pt(2, 2, 4u << 20, 1, 100)});
  EXPECT_FALSE(v.change);
  EXPECT_EQ(tune_finding(v, 1024, 2).id, "bench.tune.incomplete");
}

TEST(BenchTune, CombineAveragesTimesAndSumsWrong) {
  std::vector<std::vector<TunePoint>> per_rank = {
      {pt(1, 1, 4u << 20, 1, 100, 0), pt(1, 2, 4u << 20, 1, 50, 1)},
      {pt(1, 1, 4u << 20, 1, 300, 0), pt(1, 2, 4u << 20, 1, 70, 2), pt(1, 4, 4u << 20, 1, 10, 0)}};
  auto c = combine_tune(per_rank);
  ASSERT_EQ(c.size(), 2u);  // the third point is only on one rank
  EXPECT_DOUBLE_EQ(c[0].time_us, 200);
  EXPECT_DOUBLE_EQ(c[1].time_us, 60);
  EXPECT_EQ(c[1].wrong, 3);
  per_rank[1][1].shape.threads = 2;  // the ranks disagree from the second point on
  EXPECT_EQ(combine_tune(per_rank).size(), 1u);
}

TEST(BenchTune, PointsSurviveTheWireAndMalformedOnesAreRefused) {
  auto p = pt(4, 2, 2u << 20, 2, 123.5, 0);
  auto back = tune_point_from_json(to_json(p));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->shape, p.shape);
  EXPECT_EQ(back->stage, 2);
  EXPECT_DOUBLE_EQ(back->time_us, 123.5);
  auto j = to_json(p);
  j["threads"] = 16;
  j["socks_per_thread"] = 8;  // 128 sockets: more than NCCL allows
  EXPECT_FALSE(tune_point_from_json(j));
  j = to_json(p);
  j.erase("time_us");
  EXPECT_FALSE(tune_point_from_json(j));
  EXPECT_FALSE(tune_point_from_json(nlohmann::json::array()));
}

TEST(BenchTune, EveryRankRunsTheSameSweepAndEveryPointIsRight) {
  const int world = 2;
  MeshOptions mo;
  mo.stall = std::chrono::milliseconds(30000);
  auto meshes = socketpair_world(world, 8, mo);  // 8 sockets: the shapes with T*S <= 8
  ASSERT_EQ(meshes.size(), static_cast<std::size_t>(world));
  std::vector<std::vector<TunePoint>> per_rank(world);
  std::vector<std::string> errors(world);
  std::vector<std::thread> threads;
  for (int r = 0; r < world; ++r)
    threads.emplace_back([&, r] {
      auto& m = meshes[static_cast<std::size_t>(r)];
      auto points = run_tune(m, TuneOptions{1u << 20, 1, 0, true});  // 512 KiB ring blocks: 4 segments of 128K
      if (points)
        per_rank[static_cast<std::size_t>(r)] = *points;
      else
        errors[static_cast<std::size_t>(r)] = points.error().describe();
    });
  for (auto& t : threads) t.join();
  for (int r = 0; r < world; ++r) ASSERT_EQ(errors[static_cast<std::size_t>(r)], "") << "rank " << r;
  const std::size_t expected = tune_shapes(8).size() + tune_buffers().size();
  auto combined = combine_tune(per_rank);
  ASSERT_EQ(combined.size(), expected);
  for (const auto& p : combined) {
    EXPECT_EQ(p.wrong, 0) << p.shape.threads << "x" << p.shape.socks_per_thread << " " << p.shape.buffsize;
    EXPECT_GT(p.time_us, 0);
  }
  // Stage 2 runs one shape, the one all ranks agreed on, at every buffer size.
  for (std::size_t i = tune_shapes(8).size() + 1; i < combined.size(); ++i) {
    EXPECT_EQ(combined[i].stage, 2);
    EXPECT_EQ(combined[i].shape.threads, combined[i - 1].shape.threads);
    EXPECT_EQ(combined[i].shape.socks_per_thread, combined[i - 1].shape.socks_per_thread);
  }
  EXPECT_EQ(meshes[0].sockets_per_peer(), 8);  // the mesh's own shape is restored
}

}  // namespace
}  // namespace dd::bench
