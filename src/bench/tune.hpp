// --tune: which NET/Socket shape and buffer size move all_reduce fastest on this job's own mesh,
// measured, with NCCL's default and the seeds' fixed values measured in the same run.
//
// Model of NCCL's knobs on bench's engine (../shared/nccl-facts.md §6): NCCL_SOCKET_NTHREADS (T)
// helper threads each owning NCCL_NSOCKS_PERTHREAD (S) sockets = T*S sockets per peer (at most
// 64), served here by T threads of the engine (Mesh::reshape); NCCL_BUFFSIZE (B) is cut into
// NCCL_STEPS = 8 slots, so the engine's pipeline segment is B/8 (4 MiB -> 512 KiB).
// NCCL's default on a host that is neither AWS nor GCP is no helper thread: the one connection,
// B = 4 MiB (point T=1,S=1). The seeds' "NCCL_NSOCKS_PER_PEER 4, NCCL_BUFFSIZE 4 MiB" is 4
// sockets (T=1,S=4), B = 4 MiB.
//
// The sweep, run by every rank in lockstep on all_reduce of -e bytes: stage 1 every T in
// {1,2,4,8} x S in {1,2,4,8} at B = 4 MiB; the ranks then all_reduce their times so that all agree
// on the fastest shape; stage 2 that shape at B in {1,2,4,8,16} MiB. Each point: `warmup` calls,
// a barrier, `iters` timed calls (the fastest counts: noise only ever slows a call), and with
// check one call compared element by element.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/mesh.hpp"
#include "core/finding.hpp"

namespace dd::bench {

inline constexpr int k_tune_max_sockets = 64;  // NCCL caps T*S at 64
inline constexpr std::size_t k_nccl_steps = 8;
inline constexpr std::size_t k_nccl_default_buffsize = 4u << 20;

struct TuneShape {
  int threads = 1;                                 // NCCL_SOCKET_NTHREADS
  int socks_per_thread = 1;                        // NCCL_NSOCKS_PERTHREAD
  std::size_t buffsize = k_nccl_default_buffsize;  // NCCL_BUFFSIZE
  int sockets() const { return threads * socks_per_thread; }
  std::size_t segment_bytes() const { return buffsize / k_nccl_steps; }
  bool operator==(const TuneShape&) const = default;
};

struct TunePoint {
  TuneShape shape;
  int stage = 1;
  double time_us = 0;    // the fastest call (on one rank; the mean over ranks once combined)
  long long wrong = -1;  // -1 without check
};

struct TuneOptions {
  std::size_t bytes = 64u << 20;
  int iters = 10;
  int warmup = 2;
  bool check = true;
};

// Stage 1's shapes (product <= max_sockets) and stage 2's buffer sizes.
std::vector<TuneShape> tune_shapes(int max_sockets);
std::vector<std::size_t> tune_buffers();

// One rank's sweep; the mesh must have been opened with enough sockets for every shape.
cluster::NetResult<std::vector<TunePoint>> run_tune(Mesh& mesh, const TuneOptions& o);

// Rank 0: every rank's points (the same sequence) combined: time the mean over ranks, wrong the
// sum. Points missing on some rank are dropped.
std::vector<TunePoint> combine_tune(const std::vector<std::vector<TunePoint>>& per_rank);

struct TuneVerdict {
  std::optional<TunePoint> best, nccl_default, seeds;
  double gain_vs_default = 0;  // default time / best time
  double gain_vs_seeds = 0;
  bool change = false;  // the best beats the default by at least k_tune_min_gain
};
inline constexpr double k_tune_min_gain = 1.10;

TuneVerdict judge_tune(const std::vector<TunePoint>& points);

// The advice: NCCL_SOCKET_NTHREADS, NCCL_NSOCKS_PERTHREAD, NCCL_BUFFSIZE of the best point.
std::map<std::string, std::string> tune_env(const TuneShape& s);

// An info finding (label performance) carrying the advice in fix.env, or saying the defaults do.
core::Finding tune_finding(const TuneVerdict& v, std::size_t bytes, int world);

// The sweep table, the comparison lines and the advice as export lines.
std::string render_tune(const std::vector<TunePoint>& points, const TuneVerdict& v, std::size_t bytes, int world);

// The `tune` object of --json.
nlohmann::json tune_json(const std::vector<TunePoint>& points, const TuneVerdict& v, const TuneOptions& o, int world);

// A point on the wire (a member's results) and back; nullopt when malformed.
nlohmann::json to_json(const TunePoint& p);
std::optional<TunePoint> tune_point_from_json(const nlohmann::json& j);

}  // namespace dd::bench
