// Deadline: every blocking wait in distdoctor takes one.
#pragma once

#include <algorithm>
#include <chrono>

namespace dd::core {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Deadline(std::chrono::milliseconds budget) : end_(Clock::now() + budget) {}
  static Deadline at(Clock::time_point end) { return Deadline(end); }

  bool expired() const { return Clock::now() >= end_; }
  std::chrono::milliseconds remaining() const {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end_ - Clock::now());
    return std::max(left, std::chrono::milliseconds(0));
  }
  // Remaining time as a poll(2) timeout in ms (never negative).
  int poll_ms() const { return static_cast<int>(remaining().count()); }
  Clock::time_point end() const { return end_; }

 private:
  explicit Deadline(Clock::time_point end) : end_(end) {}
  Clock::time_point end_;
};

}  // namespace dd::core
