#include "watch/output_tracker.hpp"

#include <cstring>

#include "watch/stall_detector.hpp"

namespace dd::watch {

namespace {

// Offset of the first '\n' or '\r' (npos when none): two memchr scans, the hot path of the relay.
std::size_t line_end(std::string_view s) {
  const void* nl = std::memchr(s.data(), '\n', s.size());
  std::size_t limit = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - s.data()) : s.size();
  const void* cr = std::memchr(s.data(), '\r', limit);
  if (cr) return static_cast<std::size_t>(static_cast<const char*>(cr) - s.data());
  return nl ? limit : std::string_view::npos;
}

}  // namespace

void OutputTracker::feed(std::string_view bytes) {
  if (line_.capacity() < k_max_line) line_.reserve(k_max_line);
  bytes_ += bytes.size();
  while (!bytes.empty()) {
    std::size_t end = line_end(bytes);
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
