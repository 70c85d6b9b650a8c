// The per-rank picture: one row per rank (or per process when its rank is not in
// the log), and its JSON (DESIGN.md `logs --json` ranks[]) and text renderings.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "logs/log_facts.hpp"
#include "report/style.hpp"

namespace dd::logs {

struct RankRow {
  int rank = -1;                          // -1: unknown
  const ProcessState* process = nullptr;  // null for a rank known only from nccl-tests
  std::string host, pid;
  int dev = -1;
  std::string nccl_version;
  std::string transport;
  std::string state;  // "failed", "init-complete", "connected", "init", "unknown"
};

// Rows sorted by rank (unknown ranks last, in order of appearance).
std::vector<RankRow> rank_rows(const LogFacts& facts);

nlohmann::json rank_json(const RankRow& row);

// Text table: one line per rank up to `max_rows`, then grouped lines
// ("ranks 0-1023  128 hosts  eth0  Socket  init-complete").
std::string render_rank_table(const std::vector<RankRow>& rows, const report::Style& style, std::size_t max_rows = 32);

}  // namespace dd::logs
