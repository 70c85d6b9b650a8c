// OutputTracker: what watch learns from the job's output as it streams by — bytes, step-like
// lines, the bytes of lines that are news, and the NCCL_DEBUG / torch lines kept (bounded) for the
// `logs` rules. Constant memory: a partial line is cut at 4 KiB, the kept lines at k_max_kept, the
// recent lines remembered (as hashes) at k_recent.
//
// News: a line that is neither a warning (glog "W1204 ..." / "[W socket.cpp:601]", Python's
// "...Warning: ..." and the "warnings.warn(" line under it, "WARNING...") nor, with its digits
// masked, a repeat of one of the last k_recent lines. A job that cannot reach its store prints one
// c10d warning a second (torch 1.13: "[c10d] The IPv6 network addresses of (host, 29500) cannot be
// retrieved"), which is not start-up progress: counted as progress, such a job would never stall.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace dd::watch {

// A Python thread that died: "Exception in thread NAME:" then its traceback, whose last line is the
// exception ("FileNotFoundError: [Errno 2] No such file or directory: '/data/shard4'").
struct ThreadDeath {
  std::string name, exception;
  bool empty() const { return exception.empty(); }
};

class OutputTracker {
 public:
  static constexpr std::size_t k_max_line = 4096;
  static constexpr std::size_t k_max_kept = 4000;
  static constexpr std::size_t k_recent = 64;
  void feed(std::string_view bytes);
  std::uint64_t bytes() const { return bytes_; }
  std::uint64_t step_lines() const { return steps_; }
  // The last step-like line (at most k_max_step_line bytes), empty before the first.
  const std::string& last_step_line() const { return last_step_; }
  static constexpr std::size_t k_max_step_line = 200;
  // Bytes of the completed lines that are news (see above), their line ends included.
  std::uint64_t news_bytes() const { return news_bytes_; }
  // The exception line of a Python traceback ("RuntimeError: ...", at most k_max_step_line bytes)
  // when the output ends in one: the last non-empty line closes a "Traceback (most recent call
  // last):" that no "Exception in thread NAME:" line (a thread's, not the main thread's) opened.
  // Empty once any other line follows. Such a line is never a step line.
  const std::string& uncaught_exception() const { return exception_; }
  // The last thread traceback the output held (any lines may follow it: the thread stays dead);
  // empty when none. Name and exception line at most k_max_step_line bytes each.
  const ThreadDeath& thread_death() const { return thread_death_; }
  // The text the output ends in when no line end follows it (a prompt: "(Pdb) ", "ipdb> ",
  // ">>> ", input()'s), at most k_max_step_line bytes; empty when the output ends in a line end.
  std::string prompt() const { return line_.substr(0, std::min(line_.size(), k_max_step_line)); }
  // The kept NCCL / c10d / Gloo lines, newline-separated.
  std::string kept_text() const;
  // The last k_error_lines distinct lines that read as errors ("... [Errno 28] No space left on
  // device ...", "RuntimeError: ...", "[rank1]: RuntimeError: ...", "terminate called after throwing
  // ..."), in order, each at most k_max_step_line bytes: what a failed job said before it ended
  // (clusters-2026-12-07l w2).
  static constexpr std::size_t k_error_lines = 2;
  const std::vector<std::string>& error_lines() const { return errors_; }

 private:
  void end_line();
  bool traceback_line();  // reads line_ into the traceback state; true when it is a traceback's
  bool is_news(std::string_view line);
  std::uint64_t bytes_ = 0, steps_ = 0, news_bytes_ = 0;
  std::string line_;
  std::string last_step_;
  std::string exception_;
  enum class Traceback { none, main, thread } traceback_ = Traceback::none;  // inside one, and whose
  bool thread_header_ = false;  // the previous line was "Exception in thread NAME:"
  std::string thread_name_;     // the NAME of the last such line
  ThreadDeath thread_death_;
  bool after_warning_ = false;        // the previous line was a warning
  std::deque<std::uint64_t> recent_;  // hashes of the last k_recent lines, digits masked
  std::deque<std::string> kept_;
  std::vector<std::string> errors_;
};

}  // namespace dd::watch
