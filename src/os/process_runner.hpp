// ProcessRunner: run a child with a deadline; the child is always reaped, and killed
// (SIGTERM, then SIGKILL) when the deadline passes.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace dd::os {

struct ProcessSpec {
  std::vector<std::string> argv;                          // argv[0] is the program path
  std::optional<std::map<std::string, std::string>> env;  // replace the environment when set
  std::chrono::milliseconds timeout{5000};
  std::size_t max_output = 1 << 20;  // bytes kept per stream
};

struct ProcessOutcome {
  int exit_code = -1;  // valid when !signaled && !timed_out
  int signal = 0;      // terminating signal, or 0
  bool timed_out = false;
  std::string out;
  std::string err;
};

class ProcessRunner {
 public:
  virtual ~ProcessRunner() = default;
  // Error only when the child could not be started at all.
  virtual core::Result<ProcessOutcome> run(const ProcessSpec& spec) const = 0;
};

}  // namespace dd::os
