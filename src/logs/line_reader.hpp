// LineReader: streams the lines of one input (a file, "-" for stdin, plain or gzip -- detected
// by its magic bytes, concatenated gzip members included) in constant memory. Lines longer than
// k_max_line are cut: the first k_max_line bytes are returned with `cut` set, the rest is skipped.
#pragma once

#include <zlib.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace dd::logs {

inline constexpr std::size_t k_max_line = 64 * 1024;

class LineReader {
 public:
  // Opens `path` ("-" = stdin). Error (kind unreadable) names the path and the problem. A FIFO
  // must deliver its first bytes (or be closed by its writer) within 5 s; devices and sockets
  // are refused (they may never end).
  static core::Result<std::unique_ptr<LineReader>> open(const std::string& path);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // Next line without its '\n'. Returns false at the end of input; an Error (kind unreadable,
  // naming the file) when reading or decompressing fails. The view is valid until the next call.
  core::Result<bool> next(std::string_view& line, bool& cut);

  // Called (when set) before next() moves or overwrites its buffer, the one moment the views it
  // returned before stop being valid (once per buffer refill, not per line): a caller that keeps
  // views of earlier lines copies them there.
  void set_before_refill(std::function<void()> hook) { before_refill_ = std::move(hook); }

  // Display name: the path, or "<stdin>".
  const std::string& name() const { return name_; }
  // True when a gzip stream ended early (the lines before the cut were still returned).
  bool truncated_gzip() const { return truncated_; }
  std::uint64_t bytes_read() const { return bytes_in_; }
  // False when the buffered data holding the last line has no ESC byte (no ANSI colours to strip).
  bool may_have_escape() const { return has_escape_; }

 private:
  LineReader(int fd, bool own, std::string name);
  core::Result<std::size_t> fill_input();
  core::Result<std::size_t> read_bytes(char* dst, std::size_t cap);

  int fd_ = -1;
  bool own_fd_ = false;
  std::string name_;
  bool detected_ = false, gzip_ = false, zs_init_ = false, eof_in_ = false, stream_end_ = false;
  bool truncated_ = false;
  z_stream zs_{};
  std::vector<unsigned char> in_;  // gzip input only (empty for plain input)
  std::size_t in_pos_ = 0, in_len_ = 0;
  std::unique_ptr<char[]> buf_;  // k_buf_size bytes, not initialised
  std::size_t begin_ = 0, end_ = 0;
  bool skipping_ = false, done_ = false, has_escape_ = true;
  std::uint64_t bytes_in_ = 0;
  std::function<void()> before_refill_;
};

}  // namespace dd::logs
