// The bench table: every rank's samples combined as nccl-tests combines them (time: the mean
// over ranks, its default `-a 1`; #wrong: the sum over ranks), bandwidths from the "size"
// column (algbw = size / time, busbw = algbw * busbw_factor), printed in nccl-tests' columns with
// its "Avg bus bandwidth" line (the mean busbw over every out-of-place and in-place row).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/run.hpp"

namespace dd::bench {

// One row's figures for one placement (out of place or in place).
struct Placement {
  double time_us = 0, algbw_gbps = 0, busbw_gbps = 0;  // mean time over ranks; size / time; algbw x factor
  long long wrong = -1;                                // summed over ranks; -1: not checked
};

struct Row {
  Op op = Op::all_reduce;
  std::size_t bytes = 0;
  std::size_t count = 0;
  int root = -1;  // broadcast's root, else -1
  Placement out_of_place, in_place;
};

// `per_rank[r]` is rank r's samples (the same sequence on every rank). Rows in sample order; a
// rank with fewer samples (it stopped early) limits the rows to those every rank has.
std::vector<Row> combine(const std::vector<std::vector<Sample>>& per_rank, int world, int root);

double average_busbw(const std::vector<Row>& rows);
long long total_wrong(const std::vector<Row>& rows);  // -1 when nothing was checked

// The nccl-tests-style table, one block per operation, and the closing summary lines.
std::string render_table(const std::vector<Row>& rows);

// results[]: one object per row and placement {op, bytes, count, in_place, root, time_us,
// algbw_gbps, busbw_gbps, wrong}.
nlohmann::json results_json(const std::vector<Row>& rows);

// A sample on the wire (a member's `results` message) and back; nullopt when malformed.
nlohmann::json to_json(const Sample& s);
std::optional<Sample> sample_from_json(const nlohmann::json& j);

}  // namespace dd::bench
