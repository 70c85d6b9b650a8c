#include "watch/output_tracker.hpp"

#include <algorithm>
#include <cctype>
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

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// glog's severity letter and date/time ("W20261204 19:23:34", "W1204 ...", "[W socket.cpp:601]"),
// logging's "WARNING", Python's "file.py:12: UserWarning: ..." line.
bool is_warning(std::string_view line) {
  std::string_view s = line.substr(line.starts_with('[') ? 1 : 0);
  if (s.size() >= 2 && s[0] == 'W' && (std::isdigit(static_cast<unsigned char>(s[1])) || s[1] == ' ')) return true;
  if (starts_with(line, "WARNING") || starts_with(line, "Warning:")) return true;
  return line.find("Warning: ") != std::string_view::npos;
}

// FNV-1a over the line with every digit read as '0': a retry line with a new time stamp, pid or
// attempt number hashes the same.
std::uint64_t masked_hash(std::string_view line) {
  std::uint64_t h = 1469598103934665603ULL;
  for (char c : line) {
    h ^= static_cast<unsigned char>(std::isdigit(static_cast<unsigned char>(c)) ? '0' : c);
    h *= 1099511628211ULL;
  }
  return h;
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

bool OutputTracker::traceback_line() {
  bool header = starts_with(line_, "Exception in thread ");
  if (line_ == "Traceback (most recent call last):") {
    traceback_ = thread_header_ ? Traceback::thread : Traceback::main;
    thread_header_ = false;
    exception_.clear();
    return true;
  }
  thread_header_ = header;
  if (header) {
    std::string_view name = std::string_view(line_).substr(std::strlen("Exception in thread "));
    if (name.ends_with(':')) name.remove_suffix(1);
    thread_name_.assign(name.substr(0, k_max_step_line));
  }
  if (traceback_ != Traceback::none && (line_[0] == ' ' || line_[0] == '\t')) return true;  // a frame
  exception_.clear();
  if (traceback_ == Traceback::none) return false;
  if (traceback_ == Traceback::main) exception_.assign(line_, 0, std::min(line_.size(), k_max_step_line));
  if (traceback_ == Traceback::thread)
    thread_death_ = {thread_name_, line_.substr(0, std::min(line_.size(), k_max_step_line))};
  traceback_ = Traceback::none;
  return true;
}

namespace {

// A line that reports an error: an errno text, a C++ abort, or a Python exception line ("NameError: ...",
// "torch.distributed.DistBackendError: ..."); warnings ("UserWarning: ...") are not.
bool is_error_line(std::string_view line) {
  if (line.find("[Errno ") != std::string_view::npos || line.find("terminate called") != std::string_view::npos)
    return true;
  // torchrun's "[rank1]: " before each line of a rank's traceback (torch 2.x)
  if (line.starts_with("[rank")) {
    const auto close = line.find("]: ");
    if (close != std::string_view::npos) line.remove_prefix(close + 3);
  }
  const auto colon = line.find(": ");
  if (colon == std::string_view::npos || colon == 0) return false;
  const std::string_view head = line.substr(0, colon);
  if (!head.ends_with("Error") && !head.ends_with("Exception")) return false;
  return std::all_of(head.begin(), head.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_'; });
}

}  // namespace

void OutputTracker::end_line() {
  if (line_.empty()) return;
  if (!traceback_line() && is_step_line(line_)) {
    ++steps_;
    last_step_.assign(line_, 0, std::min(line_.size(), k_max_step_line));
  }
  if (is_news(line_)) news_bytes_ += line_.size() + 1;
  if (is_error_line(line_)) {  // the last ones: an early error a retry got past is not why it ended (review58)
    std::string e = line_.substr(0, std::min(line_.size(), k_max_step_line));
    if (std::find(errors_.begin(), errors_.end(), e) == errors_.end()) {
      errors_.push_back(std::move(e));
      if (errors_.size() > k_error_lines) errors_.erase(errors_.begin());
    }
  }
  if (line_.find("NCCL") != std::string::npos || line_.find("c10d") != std::string::npos ||
      line_.find("Gloo") != std::string::npos || line_.find("gloo") != std::string::npos) {
    kept_.push_back(line_);
    if (kept_.size() > k_max_kept) kept_.pop_front();
  }
  line_.clear();
}

bool OutputTracker::is_news(std::string_view line) {
  bool continuation = after_warning_ && (line.starts_with(' ') || line.starts_with('\t'));
  bool warning = is_warning(line) || (continuation && line.find("warnings.warn(") != std::string_view::npos);
  after_warning_ = warning;
  std::uint64_t h = masked_hash(line);
  bool repeat = std::find(recent_.begin(), recent_.end(), h) != recent_.end();
  if (!repeat) {
    recent_.push_back(h);
    if (recent_.size() > k_recent) recent_.pop_front();
  }
  return !warning && !repeat;
}

std::string OutputTracker::kept_text() const {
  std::string out;
  for (const auto& l : kept_) out += l + "\n";
  return out;
}

}  // namespace dd::watch
