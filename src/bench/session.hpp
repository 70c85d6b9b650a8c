// run_bench: one rank's whole `distdoctor bench`. The ranks meet at preflight's rendezvous
// (rank 0 serves; joins and the plan carry the token's HMAC proofs, cluster/rendezvous.hpp), each
// announcing its data address; rank 0's plan hands everyone the address table and a session
// nonce; the ranks open the data mesh (tcp_mesh.hpp) and run the sweep (run.hpp). Every member
// then sends its samples, or the peer it lost, to rank 0 over the rendezvous connection; rank 0
// names a rank whose connection closed or that sent nothing before the deadline as lost,
// combines the samples (report.hpp) and sends everyone the verdict.
//
// Deadlines: joining and opening the mesh use `join_timeout` each; a collective fails when no
// byte moves for `mesh.stall`; rank 0 waits for results at most `stall` + 10 s after its own sweep
// ends, and a member waits for the verdict at most twice that.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/data_address.hpp"
#include "bench/nccl_backend.hpp"
#include "bench/p2p.hpp"
#include "bench/report.hpp"
#include "bench/run.hpp"
#include "bench/tcp_mesh.hpp"
#include "bench/tune.hpp"
#include "core/finding.hpp"
#include "transport/rendezvous.hpp"

namespace dd::bench {

// --backend nccl: the sweep runs in the `__bench-nccl` child on the real NCCL instead of the TCP
// mesh; rank 0's plan carries NCCL_COMM_ID (its data address, a port free a moment ago).
struct NcclBackend {
  NcclLibs libs;
  std::string self_exe;
  const os::ProcessRunner* runner = nullptr;
  os::Environment env;  // the child's environment (the user's)
};

struct BenchConfig {
  int rank = 0;
  int world = 1;
  std::string rendezvous_host;
  int rendezvous_port = 0;
  std::string token;
  std::string host;  // this node's hostname
  DataAddress data;
  int sockets = 2;   // per peer
  bool p2p = false;  // the pairwise matrix (p2p.hpp) with run.max_bytes and run.iters, not the sweep
  bool tune = false;
  std::optional<NcclBackend>
      nccl;  // --backend nccl  // the tuning sweep (tune.hpp) on all_reduce of run.max_bytes; opens 64 sockets per peer
  std::chrono::milliseconds join_timeout{60000};
  MeshOptions mesh;
  RunOptions run;
};

// One rank's outcome, typed; the text is drawn from the typed fields, never from `json`.
struct BenchOutcome {
  nlohmann::json json;                        // the object `bench --json` prints
  std::string verdict = "NOT RUN";            // "OK", "SLOW", "FAILED", "NOT RUN" (a member: rank 0's)
  std::vector<PeerAddress> peers;             // rank 0: every rank's data address, in rank order
  std::vector<core::Finding> rank0_findings;  // a member: rank 0's findings as sent
  std::vector<core::Finding> findings;
  std::vector<Row> rows;  // rank 0 only
  std::string p2p_text;   // rank 0 with --p2p: the matrix
  std::string tune_text;  // rank 0 with --tune: the sweep and the advice
  int exit_code = 0;
};

BenchOutcome run_bench(const BenchConfig& config, const cluster::Log& log);

}  // namespace dd::bench
