// `bench --backend nccl` against a fake libnccl + libcudart (tests/fakes/fake_nccl_bench.cpp, a
// world of one in host memory): loading and its errors, the GPU check ("no GPU" with 0 devices
// or a failing driver), every op exact through the real call sequence, a corrupting library
// caught by the check, the child's request and answer, and the parent's reading of a child that
// hangs, crashes or answers garbage.
#include <gtest/gtest.h>

#include <cstdlib>

#include "bench/nccl_backend.hpp"
#include "os/fake/fake_process_runner.hpp"

namespace dd::bench {
namespace {

// Sets an environment variable for the length of a test.
struct ScopedEnv {
  std::string name;
  ScopedEnv(std::string n, const char* v) : name(std::move(n)) { ::setenv(name.c_str(), v, 1); }
  ~ScopedEnv() { ::unsetenv(name.c_str()); }
};

NcclApi fake_api() {
  auto api = load_nccl_api(DD_FAKE_NCCL_BENCH, DD_FAKE_NCCL_BENCH);
  EXPECT_TRUE(api) << (api ? "" : api.error().message);
  return api ? *api : NcclApi{};
}

RunOptions all_ops() {
  RunOptions o;
  o.ops = {Op::all_reduce, Op::all_gather, Op::reduce_scatter, Op::broadcast, Op::alltoall, Op::sendrecv};
  o.min_bytes = 1000;
  o.max_bytes = 49000;
  o.factor = 7;
  o.iters = 2;
  o.warmup = 1;
  return o;
}

TEST(BenchNccl, LoadErrorsNameTheLibraryAndTheSymbol) {
  auto missing = load_nccl_api("/nonexistent/libnccl.so.2", DD_FAKE_NCCL_BENCH);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("/nonexistent/libnccl.so.2"), std::string::npos);
  auto not_nccl = load_nccl_api("libz.so.1", DD_FAKE_NCCL_BENCH);  // loads, but is no NCCL
  ASSERT_FALSE(not_nccl);
  EXPECT_NE(not_nccl.error().message.find("lacks ncclGetVersion"), std::string::npos) << not_nccl.error().message;
}

TEST(BenchNccl, WithoutAGpuTheCheckSaysSo) {
  auto api = fake_api();
  {
    ScopedEnv none("DD_FAKE_CUDA_DEVICES", "0");
    auto c = check_nccl(api);
    EXPECT_FALSE(c.ok);
    EXPECT_EQ(c.version, "2.28.9");
    EXPECT_NE(c.error.find("no GPU"), std::string::npos) << c.error;
    auto run = run_nccl_sweep(api, NcclJob{0, 1, all_ops()});
    ASSERT_FALSE(run);
    EXPECT_NE(run.error().message.find("no GPU"), std::string::npos);
  }
  {
    ScopedEnv rc("DD_FAKE_CUDA_RC", "35");
    auto c = check_nccl(api);
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.error.find("35 (CUDA driver version is insufficient)"), std::string::npos) << c.error;
  }
  EXPECT_TRUE(check_nccl(api).ok);
}

TEST(BenchNccl, EveryOpIsExactThroughTheNcclCalls) {
  auto samples = run_nccl_sweep(fake_api(), NcclJob{0, 1, all_ops()});
  ASSERT_TRUE(samples) << samples.error().message;
  EXPECT_EQ(samples->size(), 36u);  // 6 ops x 3 sizes x 2 placements
  for (const auto& s : *samples) {
    EXPECT_EQ(s.wrong, 0) << to_string(s.op) << " " << s.bytes << (s.in_place ? " in place" : "");
    EXPECT_GE(s.time_us, 0);
  }
}

TEST(BenchNccl, ALibraryThatCorruptsIsCaught) {
  ScopedEnv corrupt("DD_FAKE_NCCL_CORRUPT", "1");
  auto o = all_ops();
  o.ops = {Op::all_reduce, Op::broadcast};
  auto samples = run_nccl_sweep(fake_api(), NcclJob{0, 1, o});
  ASSERT_TRUE(samples);
  for (const auto& s : *samples) EXPECT_EQ(s.wrong, s.op == Op::all_reduce ? 1 : 0) << to_string(s.op);
}

TEST(BenchNccl, AWorldTheLibraryRefusesNamesTheCall) {
  auto run = run_nccl_sweep(fake_api(), NcclJob{1, 2, all_ops()});
  ASSERT_FALSE(run);
  EXPECT_NE(run.error().message.find("ncclCommInitRank returned 4 (invalid argument)"), std::string::npos)
      << run.error().message;
}

TEST(BenchNccl, RequestsRoundTripAndBadOnesAreRefused) {
  NcclChildRequest r{"run", {"/x/libnccl.so.2", "libcudart.so"}, NcclJob{1, 3, all_ops()}};
  auto back = request_from_json(request_json(r));
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->libs.nccl, "/x/libnccl.so.2");
  EXPECT_EQ(back->job.rank, 1);
  EXPECT_EQ(back->job.run.ops.size(), 6u);
  EXPECT_EQ(back->job.run.max_bytes, 49000u);
  auto j = request_json(r);
  j["rank"] = 3;
  EXPECT_FALSE(request_from_json(j));
  j = request_json(r);
  j["mode"] = "explode";
  EXPECT_FALSE(request_from_json(j));
  j = request_json(r);
  j.erase("ops");
  EXPECT_FALSE(request_from_json(j));
}

TEST(BenchNccl, TheChildServesWhatItLoaded) {
  NcclChildRequest r{"run", {DD_FAKE_NCCL_BENCH, DD_FAKE_NCCL_BENCH}, NcclJob{0, 1, all_ops()}};
  auto a = serve_nccl_request(r, load_nccl_api(DD_FAKE_NCCL_BENCH, DD_FAKE_NCCL_BENCH));
  EXPECT_TRUE(a.ran) << a.error;
  EXPECT_EQ(a.samples.size(), 36u);
  auto failed = serve_nccl_request(r, load_nccl_api("/nonexistent.so", DD_FAKE_NCCL_BENCH));
  EXPECT_FALSE(failed.ran);
  EXPECT_NE(failed.error.find("/nonexistent.so"), std::string::npos);
}

TEST(BenchNccl, TheParentReadsEveryWayAChildEnds) {
  NcclChildRequest r{"check", {"/lib/libnccl.so.2", "libcudart.so"}, NcclJob{0, 1, all_ops()}};
  NcclChildAnswer good;
  good.check = NcclCheck{true, 22809, "2.28.9", 8, ""};
  good.ran = true;
  good.samples = {Sample{Op::all_reduce, 1000, 250, false, 12.5, 0}};
  os::fake::FakeProcessRunner runner;
  runner.answer(os::ProcessOutcome{0, 0, false, "NCCL INFO noise\n" + answer_json(good).dump() + "\n", ""});
  os::ProcessOutcome hung;
  hung.timed_out = true;
  runner.answer(hung);
  os::ProcessOutcome crashed;
  crashed.signal = 11;
  crashed.err = "segfault in libnccl";
  runner.answer(crashed);
  runner.answer(os::ProcessOutcome{3, 0, false, "not json\n", ""});
  os::Environment env(std::map<std::string, std::string>{{"NCCL_DEBUG", "INFO"}});

  auto a = run_nccl_child(runner, "/bin/distdoctor", r, env, std::chrono::seconds(30));
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->check.ok);
  EXPECT_EQ(a->check.devices, 8);
  ASSERT_EQ(a->samples.size(), 1u);
  EXPECT_DOUBLE_EQ(a->samples[0].time_us, 12.5);
  ASSERT_EQ(runner.calls.size(), 1u);
  EXPECT_EQ(runner.calls[0].argv[1], "__bench-nccl");
  EXPECT_EQ(runner.calls[0].env->at("NCCL_DEBUG"), "INFO");  // the user's NCCL_* reach NCCL
  EXPECT_EQ(runner.calls[0].timeout, std::chrono::seconds(30));

  auto h = run_nccl_child(runner, "/bin/distdoctor", r, env, std::chrono::seconds(30));
  ASSERT_TRUE(h);
  EXPECT_NE(h->error.find("did not finish within 30 s"), std::string::npos) << h->error;
  auto c = run_nccl_child(runner, "/bin/distdoctor", r, env, std::chrono::seconds(30));
  ASSERT_TRUE(c);
  EXPECT_NE(c->error.find("signal 11"), std::string::npos);
  EXPECT_NE(c->error.find("segfault in libnccl"), std::string::npos);
  auto g = run_nccl_child(runner, "/bin/distdoctor", r, env, std::chrono::seconds(30));
  ASSERT_TRUE(g);
  EXPECT_NE(g->error.find("exited 3 without an answer"), std::string::npos) << g->error;
}

}  // namespace
}  // namespace dd::bench
