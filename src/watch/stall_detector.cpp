#include "watch/stall_detector.hpp"

#include <algorithm>
#include <cctype>

#include "core/strings.hpp"

namespace dd::watch {

StallEvent StallDetector::update(const ProgressSample& s) {
  if (first_) {
    first_ = false;
    mark_ = prev_ = s;
    last_progress_s_ = s.at_s;
    return StallEvent::none;
  }
  double dt = s.at_s - prev_.at_s;
  bool busy = startup_cpu_rate_ > 0 && dt > 0 && static_cast<double>(s.busiest_ticks) / dt >= startup_cpu_rate_;
  prev_ = s;
  bool steps_known = mark_.step_lines > 0 || s.step_lines > 0;
  bool progress = s.step_lines > mark_.step_lines || (!steps_known && s.output_bytes > mark_.output_bytes) ||
                  s.socket_bytes >= mark_.socket_bytes + k_socket_bytes || (!steps_known && busy);
  if (progress) {
    mark_ = s;
    last_progress_s_ = s.at_s;
    bool was_stalled = stalled_;
    stalled_ = warned_ = false;
    return was_stalled ? StallEvent::resumed : StallEvent::none;
  }
  mark_.output_bytes = s.output_bytes;  // non-step output after steps were seen is not progress
  double idle = s.at_s - last_progress_s_;
  if (!stalled_ && idle >= stall_s_) {
    stalled_ = warned_ = true;
    return StallEvent::stall;
  }
  if (!warned_ && idle >= warn_s_) {
    warned_ = true;
    return StallEvent::warning;
  }
  return StallEvent::none;
}

namespace {

bool has_word_number(std::string_view low, std::string_view word) {
  for (std::size_t at = low.find(word); at != std::string_view::npos; at = low.find(word, at + 1)) {
    if (at > 0 && std::isalpha(static_cast<unsigned char>(low[at - 1]))) continue;
    std::size_t i = at + word.size();
    while (i < low.size() && (low[i] == ' ' || low[i] == '=' || low[i] == ':' || low[i] == '[' || low[i] == '_')) ++i;
    if (i < low.size() && std::isdigit(static_cast<unsigned char>(low[i]))) return true;
  }
  return false;
}

}  // namespace

bool is_step_line(std::string_view line) {
  // Lower-cased into a stack buffer: called for every line of the job, it must not allocate.
  char buf[4096];
  std::size_t n = std::min(line.size(), sizeof buf);
  for (std::size_t i = 0; i < n; ++i) buf[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(line[i])));
  std::string_view low(buf, n);
  if (low.find("it/s") != std::string_view::npos || low.find("s/it") != std::string_view::npos) return true;
  if (low.find("] - eta") != std::string_view::npos || low.find("step/sec") != std::string_view::npos) return true;
  for (std::string_view w : {"step", "iter", "iteration", "epoch", "batch"}) {
    if (has_word_number(low, w)) return true;
  }
  return false;
}

}  // namespace dd::watch
