// The benchmark loop of `bench --backend nccl`, on the real NCCL (or a fake behind NcclApi):
// the same sizes, placements, timing and check as the TCP engine's run_sweep (run.hpp), with
// nccl-tests' buffers on the GPU: `warmup` calls, a stream synchronisation, `iters` timed calls
// up to the stream's synchronisation (host clock), and with check one call on fresh data copied
// back and compared element by element. Every rank calls ncclGetUniqueId itself: with
// NCCL_COMM_ID set (the parent sets it to rank 0's address for a world of 2 or more) NCCL makes
// the same id on every rank and rank 0's ncclCommInitRank opens the bootstrap root there.
#pragma once

#include <string>
#include <vector>

#include "bench/nccl_api.hpp"
#include "bench/run.hpp"

namespace dd::bench {

struct NcclCheck {
  bool ok = false;
  int version_code = 0;
  std::string version;  // "2.28.9"
  int devices = 0;
  std::string error;  // why not, in words
};

// NCCL's version and the CUDA devices this process sees; ok when at least one.
NcclCheck check_nccl(const NcclApi& api);

struct NcclJob {
  int rank = 0;
  int world = 1;
  RunOptions run;
};

// Runs the sweep on device rank % devices. The error names the call that failed and NCCL's or
// CUDA's reason.
core::Result<std::vector<Sample>> run_nccl_sweep(const NcclApi& api, const NcclJob& job);

}  // namespace dd::bench
