// StallDetector: decides from progress samples when a job has stalled.
//
// Progress is (a) output that is news (OutputTracker: no warning, no repeat of a recent line),
// (b) step-like lines (tqdm / Lightning / Keras "step", "it/s", "epoch"),
// (c) bytes moving on the tree's TCP sockets. Once the job has printed step-like lines, other
// output no longer counts (a watchdog that logs every minute is not training); socket traffic
// counts only in chunks of k_socket_bytes (rendezvous keep-alives are tiny, training traffic is
// not). CPU use counts only until the first step line (imports, model loading and compilation
// print nothing for a while): after that it is not progress, as NCCL proxy threads and busy data
// loaders spin at 100 % in exactly the hangs we look for. What counts is the busiest process's CPU
// rate, from 3 % of a core: under two `yes` loads an importing rank still got 10-20 % of a core, a
// hung rank's timer threads under 1.5 %. (Two earlier signals failed there: a thread seen in state R now and then
// made a hang look like start-up for 20 s, and run-queue wait from schedstat grew 60 ticks/s in a
// hung job, as its many briefly waking threads each queue behind the load.) A warning comes at `warn_s` without
// progress, the stall at `stall_s`; after a stall, progress re-arms both.
#pragma once

#include <cstdint>
#include <string_view>

namespace dd::watch {

struct ProgressSample {
  double at_s = 0;
  std::uint64_t output_bytes = 0;  // bytes of output lines that are news (OutputTracker::news_bytes)
  std::uint64_t step_lines = 0;
  std::uint64_t socket_bytes = 0;
  std::uint64_t busiest_ticks = 0;  // the most CPU ticks one process of the tree used since the previous sample
};

enum class StallEvent { none, warning, stall, resumed };

class StallDetector {
 public:
  static constexpr std::uint64_t k_socket_bytes = 64 * 1024;
  // `startup_cpu_rate`: CPU ticks per second of the busiest process that count as progress before
  // the first step line (0: CPU never counts, as when attaching to a job that runs already).
  StallDetector(double stall_s, double warn_s, double startup_cpu_rate = 3)
      : stall_s_(stall_s), warn_s_(warn_s), startup_cpu_rate_(startup_cpu_rate) {}
  StallEvent update(const ProgressSample& s);
  double idle_s(double now_s) const { return now_s - last_progress_s_; }
  bool stalled() const { return stalled_; }

 private:
  double stall_s_, warn_s_;
  double startup_cpu_rate_;
  ProgressSample prev_{};  // the previous sample
  bool first_ = true;
  ProgressSample mark_{};  // counters when progress was last seen
  double last_progress_s_ = 0;
  bool warned_ = false, stalled_ = false;
};

// True for lines that look like a training step: "step 12", "Epoch 3/10", "12/100 [..] 3.2it/s",
// "iter 40", "global_step=...", Keras "5/100 [===>...] - ETA".
bool is_step_line(std::string_view line);

}  // namespace dd::watch
