// One rank's benchmark loop, as nccl-tests runs it: for each operation and size (min, min*f, ...
// max), `warmup` untimed calls, then `iters` timed calls out of place and `iters` in place (each
// after a barrier), and with `check` one more call on fresh data whose result is compared with
// the exact expected values (#wrong = elements that differ). The data are small integers, so
// every float32 sum is exact and any difference is a transport or algorithm error.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "bench/collectives.hpp"
#include "bench/layout.hpp"
#include "bench/mesh.hpp"

namespace dd::bench {

struct RunOptions {
  std::vector<Op> ops{Op::all_reduce};
  std::size_t min_bytes = 1u << 20;
  std::size_t max_bytes = 64u << 20;
  std::size_t factor = 2;  // size *= factor (>= 2)
  int iters = 10;
  int warmup = 2;
  bool check = true;
  int root = 0;  // broadcast
};

// This rank's numbers for one operation, size and placement.
struct Sample {
  Op op = Op::all_reduce;
  std::size_t bytes = 0;  // the "size" column
  std::size_t count = 0;  // the "count" column
  bool in_place = false;
  double time_us = 0;    // mean time of one call on this rank
  long long wrong = -1;  // elements that differ from the expected values; -1 without check
};

// The sizes of the sweep: min, min*factor, ... up to max (inclusive).
std::vector<std::size_t> sweep_sizes(const RunOptions& o);

// Runs the sweep. `progress` (may be empty) hears each completed sample. On a failure the error
// names the peer (mesh.failed_peer()).
cluster::NetResult<std::vector<Sample>> run_sweep(Mesh& mesh, const RunOptions& o,
                                                  const std::function<void(const Sample&)>& progress);

// The value rank `src` contributes at element `index` of its send buffer.
float test_value(int src, std::size_t index);

// The value element `index` of rank `rank`'s receive buffer must hold after `op` (every rank's
// input made of test_value).
float expected_value(Op op, const Layout& l, int world, int rank, int root, std::size_t index);

// Runs `op` once on fresh data and counts the elements of this rank's result that differ from
// the expected values (a transport error fails instead).
cluster::NetResult<long long> check_once(Mesh& mesh, Op op, std::size_t bytes, bool in_place, int root,
                                         Scratch& scratch);

}  // namespace dd::bench
