// The `logs` pipeline: read every input line by line (line_reader), build the per-rank facts
// (fact_builder), run the rules (rules.hpp). Streaming: memory does not grow with input size.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "core/result.hpp"
#include "logs/log_facts.hpp"

namespace dd::logs {

struct LogsReport {
  LogFacts facts;
  std::vector<core::Finding> findings;  // most important first
  std::vector<std::string> notes;       // input remarks ("x.gz: gzip stream ends early")
};

// Checks a TF_CONFIG value (JSON) that a log printed and returns what is wrong with it. The command
// layer passes env's TF_CONFIG rules (src/env), so that this module does not depend on them; none
// given: the printed value is not checked.
using TfConfigCheck = std::function<std::vector<core::Finding>(const std::string& json)>;

// Reads each path ("-" = stdin; plain or gzip). Error (kind unreadable) names the first input that
// could not be read and why; no findings are produced then.
core::Result<LogsReport> analyze_files(const std::vector<std::string>& paths, const TfConfigCheck& tf_config = {});

// The same over in-memory text (tests, fuzzing): `name` is used in evidence.
LogsReport analyze_text(std::string_view text, const std::string& name, const TfConfigCheck& tf_config = {});

}  // namespace dd::logs
