#include "watch/output_tracker.hpp"

#include "watch/stall_detector.hpp"

namespace dd::watch {

void OutputTracker::feed(std::string_view bytes) {
  if (line_.capacity() < k_max_line) line_.reserve(k_max_line);
  bytes_ += bytes.size();
  while (!bytes.empty()) {
    std::size_t end = bytes.find_first_of("\n\r");
    std::string_view part = bytes.substr(0, end);
    if (line_.size() < k_max_line) line_.append(part.substr(0, k_max_line - line_.size()));
    if (end == std::string_view::npos) return;
    end_line();
    bytes.remove_prefix(end + 1);
  }
}

void OutputTracker::end_line() {
  if (line_.empty()) return;
  if (is_step_line(line_)) ++steps_;
  if (line_.find("NCCL") != std::string::npos || line_.find("c10d") != std::string::npos ||
      line_.find("Gloo") != std::string::npos || line_.find("gloo") != std::string::npos) {
    kept_.push_back(line_);
    if (kept_.size() > k_max_kept) kept_.pop_front();
  }
  line_.clear();
}

std::string OutputTracker::kept_text() const {
  std::string out;
  for (const auto& l : kept_) out += l + "\n";
  return out;
}

}  // namespace dd::watch
