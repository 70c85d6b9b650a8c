// OutputTracker: what watch learns from the job's output as it streams by — bytes, step-like
// lines, and the NCCL_DEBUG / torch lines kept (bounded) for the `logs` rules. Constant memory:
// a partial line is cut at 4 KiB, the kept lines at k_max_kept.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

namespace dd::watch {

class OutputTracker {
 public:
  static constexpr std::size_t k_max_line = 4096;
  static constexpr std::size_t k_max_kept = 4000;
  void feed(std::string_view bytes);
  std::uint64_t bytes() const { return bytes_; }
  std::uint64_t step_lines() const { return steps_; }
  // The kept NCCL / c10d / Gloo lines, newline-separated.
  std::string kept_text() const;

 private:
  void end_line();
  std::uint64_t bytes_ = 0, steps_ = 0;
  std::string line_;
  std::deque<std::string> kept_;
};

}  // namespace dd::watch
