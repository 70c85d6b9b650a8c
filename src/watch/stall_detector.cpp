#include "watch/stall_detector.hpp"

#include <cctype>

#include "core/strings.hpp"

namespace dd::watch {

StallEvent StallDetector::update(const ProgressSample& s) {
  if (first_) {
    first_ = false;
    mark_ = s;
    last_progress_s_ = s.at_s;
    return StallEvent::none;
  }
  bool steps_known = mark_.step_lines > 0 || s.step_lines > 0;
  bool progress = s.step_lines > mark_.step_lines || (!steps_known && s.output_bytes > mark_.output_bytes) ||
                  s.socket_bytes >= mark_.socket_bytes + k_socket_bytes ||
                  (!steps_known && s.cpu_ticks >= mark_.cpu_ticks + startup_cpu_ticks_);
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
  if (line.size() > 4096) line = line.substr(0, 4096);
  std::string low = core::to_lower(line);
  if (low.find("it/s") != std::string::npos || low.find("s/it") != std::string::npos) return true;
  if (low.find("] - eta") != std::string::npos || low.find("step/sec") != std::string::npos) return true;
  for (std::string_view w : {"step", "iter", "iteration", "epoch", "batch"}) {
    if (has_word_number(low, w)) return true;
  }
  return false;
}

}  // namespace dd::watch
