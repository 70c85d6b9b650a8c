// One command's result, typed, built once by the command's capability: the verdict, the findings,
// the fix (FixPlan) and the sections the HTML report draws (reachability matrix, per-rank table,
// interface inventory). The text, --report (html_report.hpp) and --export-format
// (export_formats.hpp) render from it; no renderer reads the JSON the command printed.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "report/fix_plan.hpp"

namespace dd::report {

// An aligned table: plain-text cells (the renderer escapes them; '\n' in a cell is a line break).
struct Table {
  std::string caption;
  std::vector<std::string> head;
  std::vector<std::vector<std::string>> rows;
};

// One ordered pair of the reachability matrix as the capability decided it.
struct MatrixCell {
  int from = -1, to = -1;
  std::string state;                // "ok", "partial", "slow", "mtu-black-hole", "blocked", "not-probed", "absent"
  std::string title;                // what the state rests on (the tooltip's first line)
  std::vector<std::string> probes;  // one line per listed probe of the pair
};

struct Matrix {
  std::map<int, std::string> hosts;  // rank -> hostname
  std::vector<MatrixCell> cells;     // pairs of distinct ranks
  std::int64_t slow_rtt_us = -1;     // the round trip above which a pair is slow; -1: not given
};

// One row of the interface inventory table.
struct InterfaceRow {
  std::string name, kind;
  std::optional<bool> up, carrier;     // nullopt: not known
  std::string mtu, speed_mbps;         // "" when not known
  std::vector<std::string> addresses;  // "addr/prefix (scope)"
};

// "ok" | "warn" | "error", the verdict's words and its one-line reason.
struct Verdict {
  std::string level;
  std::string text;
  std::string reason;
};

// What a command shows beyond its verdict, findings and fix; each part empty when it has none.
struct Sections {
  std::optional<Matrix> matrix;                                               // preflight
  std::optional<Table> ranks;                                                 // logs: ranks seen; preflight: nodes
  std::vector<std::pair<std::string, std::vector<InterfaceRow>>> interfaces;  // caption -> rows, per node
};

struct Outcome {
  std::string command;
  std::string host;
  std::string verdict;  // "" when the command has none of its own: verdict_of() decides from the findings
  std::string reason;
  std::vector<core::Finding> findings;  // most important first
  FixPlan fix;
  Sections sections;
};

// The level of a verdict's words: "OK" ok, "WILL BE SLOW" warn, any other error (one rule for the
// text colour and the HTML box).
std::string verdict_level(const std::string& verdict);

// The command's verdict, or else the first error or warning finding's, or else OK.
Verdict verdict_of(const Outcome& outcome);

}  // namespace dd::report
