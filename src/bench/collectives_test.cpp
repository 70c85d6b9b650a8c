// Every collective at world sizes 1-5, odd element counts and 1-3 sockets per peer, over
// socketpair meshes (one thread per rank), checked element by element against the exact sums.
#include <gtest/gtest.h>

#include <thread>

#include "bench/run.hpp"
#include "bench/socketpair_world.hpp"

namespace dd::bench {
namespace {

struct Case {
  Op op;
  int world;
  int sockets;
  std::size_t bytes;
};

std::string name_of(const testing::TestParamInfo<Case>& info) {
  const auto& c = info.param;
  return std::string(to_string(c.op)) + "_w" + std::to_string(c.world) + "_s" + std::to_string(c.sockets) + "_b" +
         std::to_string(c.bytes);
}

// Runs `body(mesh)` on every rank of a socketpair world, one thread each.
template <class F>
void on_every_rank(int world, int sockets, MeshOptions mo, F body) {
  auto meshes = socketpair_world(world, sockets, mo);
  ASSERT_EQ(meshes.size(), static_cast<std::size_t>(world));
  std::vector<std::thread> threads;
  for (auto& m : meshes) threads.emplace_back([&m, &body] { body(m); });
  for (auto& t : threads) t.join();
}

class BenchCollectiveTest : public testing::TestWithParam<Case> {};

TEST_P(BenchCollectiveTest, ResultMatchesTheExactValues) {
  const Case c = GetParam();
  MeshOptions mo;
  mo.segment_bytes = 4096;  // many segments per block, so striping and pipelining are exercised
  std::vector<long long> wrong(static_cast<std::size_t>(c.world) * 2, -2);
  std::vector<std::string> errors(static_cast<std::size_t>(c.world));
  on_every_rank(c.world, c.sockets, mo, [&](Mesh& m) {
    Scratch scratch;
    for (bool in_place : {false, true}) {
      auto w = check_once(m, c.op, c.bytes, in_place, /*root=*/c.world > 2 ? 2 : 0, scratch);
      auto at = static_cast<std::size_t>(m.rank()) * 2 + (in_place ? 1 : 0);
      if (w)
        wrong[at] = *w;
      else
        errors[static_cast<std::size_t>(m.rank())] = w.error().describe();
    }
  });
  for (int r = 0; r < c.world; ++r) {
    EXPECT_EQ(errors[static_cast<std::size_t>(r)], "") << "rank " << r;
    EXPECT_EQ(wrong[static_cast<std::size_t>(r) * 2], 0) << "rank " << r << " out of place";
    EXPECT_EQ(wrong[static_cast<std::size_t>(r) * 2 + 1], 0) << "rank " << r << " in place";
  }
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (Op op : {Op::all_reduce, Op::all_gather, Op::reduce_scatter, Op::broadcast, Op::alltoall, Op::sendrecv})
    for (int world : {1, 2, 3, 4, 5}) {
      out.push_back({op, world, 1, 4 * 1000});   // not a multiple of the segment nor of the world
      out.push_back({op, world, 3, 4 * 77777});  // odd count, three sockets per peer
    }
  out.push_back({Op::all_reduce, 5, 2, 4 * 3});  // fewer elements than ranks: empty ring blocks
  // Streamed ring (every block holds a segment) on one socket per peer: ranks forward while receiving.
  for (Op op : {Op::all_reduce, Op::all_gather, Op::reduce_scatter}) out.push_back({op, 4, 1, 4 * 33333});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Bench, BenchCollectiveTest, testing::ValuesIn(cases()), name_of);

// Socket groups on their own threads (--tune's NCCL_SOCKET_NTHREADS): every op stays exact,
// including broadcast's gated forwarding and all_reduce's reductions running on the workers.
TEST(BenchMeshThreads, EveryOpIsExactWithSocketGroupsOnThreads) {
  for (int threads : {2, 3})
    for (int world : {2, 3}) {
      MeshOptions mo;
      mo.segment_bytes = 4096;
      std::vector<std::string> problems(static_cast<std::size_t>(world));
      on_every_rank(world, 8, mo, [&](Mesh& m) {
        m.reshape(threads == 3 ? 6 : 4, threads, 4096);
        Scratch scratch;
        for (Op op : {Op::all_reduce, Op::all_gather, Op::reduce_scatter, Op::broadcast, Op::alltoall, Op::sendrecv})
          for (bool in_place : {false, true}) {
            auto w = check_once(m, op, 4 * 20011, in_place, world - 1, scratch);
            auto& p = problems[static_cast<std::size_t>(m.rank())];
            if (!w)
              p += std::string(to_string(op)) + ": " + w.error().describe() + "; ";
            else if (*w != 0)
              p += std::string(to_string(op)) + ": " + std::to_string(*w) + " wrong; ";
          }
      });
      for (int r = 0; r < world; ++r)
        EXPECT_EQ(problems[static_cast<std::size_t>(r)], "")
            << "threads " << threads << " world " << world << " rank " << r;
    }
}

TEST(BenchMeshThreads, AClosedPeerFailsEveryWorker) {
  MeshOptions mo;
  mo.stall = std::chrono::milliseconds(10000);
  mo.threads = 4;
  auto meshes = socketpair_world(2, 4, mo);
  ASSERT_EQ(meshes.size(), 2u);
  meshes[1].shut_down();
  std::vector<float> in(100000, 1.0f), out(100000);
  Scratch scratch;
  auto st = all_reduce(meshes[0], in.data(), out.data(), in.size(), scratch);
  ASSERT_FALSE(st);
  EXPECT_EQ(meshes[0].failed_peer(), 1);
}

TEST(BenchMeshFailure, APeerThatClosesIsNamed) {
  MeshOptions mo;
  mo.stall = std::chrono::milliseconds(10000);
  auto meshes = socketpair_world(3, 2, mo);
  ASSERT_EQ(meshes.size(), 3u);
  meshes[2].shut_down();  // rank 2 dies before the collective
  std::vector<std::string> errors(2);
  std::vector<int> failed(2, -1);
  std::vector<std::thread> threads;
  for (int r = 0; r < 2; ++r)
    threads.emplace_back([&, r] {
      std::vector<float> in(1000, 1.0f), out(1000);
      Scratch scratch;
      auto st = all_reduce(meshes[static_cast<std::size_t>(r)], in.data(), out.data(), in.size(), scratch);
      if (!st) errors[static_cast<std::size_t>(r)] = st.error().describe();
      failed[static_cast<std::size_t>(r)] = meshes[static_cast<std::size_t>(r)].failed_peer();
    });
  for (auto& t : threads) t.join();
  // Rank 1 sends to rank 2 and rank 0 receives from rank 2: both name it.
  EXPECT_EQ(failed[0], 2) << errors[0];
  EXPECT_EQ(failed[1], 2) << errors[1];
  EXPECT_NE(errors[1].find("rank 2"), std::string::npos) << errors[1];
}

TEST(BenchMeshFailure, ASilentPeerFailsAtTheStallLimit) {
  MeshOptions mo;
  mo.stall = std::chrono::milliseconds(200);
  auto meshes = socketpair_world(2, 1, mo);
  std::vector<float> out(10);
  RecvOp recv{1, std::as_writable_bytes(std::span<float>(out)), {}};
  auto st = meshes[0].transfer({}, {&recv, 1});  // rank 1 never sends
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().failure, cluster::NetFailure::timeout);
  EXPECT_EQ(meshes[0].failed_peer(), 1);
}

TEST(BenchLayout, FollowsNcclTests) {
  // 1 MiB over 4 ranks: all_gather passes 65536 floats per rank and prints the gathered size.
  auto ag = layout_for(Op::all_gather, 1 << 20, 4, 1);
  EXPECT_EQ(ag.count, 65536u);
  EXPECT_EQ(ag.bytes(), 1u << 20);
  EXPECT_EQ(ag.send_inplace, 65536u);
  // 1000 bytes over 3 ranks: 250 floats, 83 per rank rounded down to 80.
  auto rs = layout_for(Op::reduce_scatter, 1000, 3, 2);
  EXPECT_EQ(rs.count, 80u);
  EXPECT_EQ(rs.send, 240u);
  EXPECT_EQ(rs.recv_inplace, 160u);
  EXPECT_DOUBLE_EQ(busbw_factor(Op::all_reduce, 4), 1.5);
  EXPECT_DOUBLE_EQ(busbw_factor(Op::alltoall, 4), 0.75);
  EXPECT_DOUBLE_EQ(busbw_factor(Op::broadcast, 4), 1.0);
}

TEST(BenchSweep, SizesGrowByTheFactorUpToTheMaximum) {
  RunOptions o;
  o.min_bytes = 1024;
  o.max_bytes = 5000;
  o.factor = 2;
  EXPECT_EQ(sweep_sizes(o), (std::vector<std::size_t>{1024, 2048, 4096}));
}

}  // namespace
}  // namespace dd::bench
