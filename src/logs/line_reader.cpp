#include "logs/line_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#ifdef _WIN32  // the Windows build (windows/CMakeLists.txt): the CRT's _open/_read, binary mode
#include <io.h>
#else
#include <poll.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

namespace dd::logs {

namespace {

constexpr std::size_t k_in_size = 256 * 1024;
constexpr std::size_t k_buf_size = 1024 * 1024;         // > k_max_line
constexpr std::chrono::milliseconds k_fifo_wait{5000};  // a FIFO's writer must start within this

core::Error unreadable(const std::string& name, const std::string& what) {
  return core::make_error(core::ErrorKind::unreadable, name + ": " + what);
}

#ifdef _WIN32
long long read_some(int fd, void* dst, std::size_t cap) {
  return ::_read(fd, dst, static_cast<unsigned>(std::min<std::size_t>(cap, 1u << 30)));
}
#else
ssize_t read_some(int fd, void* dst, std::size_t cap) { return ::read(fd, dst, cap); }
#endif

}  // namespace

// The line buffer is left uninitialised (a zeroed 1 MB buffer was about a quarter of the time
// `logs` took on an empty file: its page faults and memset); the gzip input buffer is made only
// when the input is gzip.
LineReader::LineReader(int fd, bool own, std::string name)
    : fd_(fd), own_fd_(own), name_(std::move(name)), buf_(std::make_unique_for_overwrite<char[]>(k_buf_size)) {}

LineReader::~LineReader() {
  if (zs_init_) inflateEnd(&zs_);
#ifdef _WIN32
  if (own_fd_ && fd_ >= 0) ::_close(fd_);
#else
  if (own_fd_ && fd_ >= 0) ::close(fd_);
#endif
}

#ifdef _WIN32
// Windows: no FIFOs or O_NONBLOCK; files (and stdin) are read in binary mode so that a Ctrl-Z
// byte or gzip data is not taken for the end of text.
core::Result<std::unique_ptr<LineReader>> LineReader::open(const std::string& path) {
  if (path == "-") {
    ::_setmode(0, _O_BINARY);
    return std::unique_ptr<LineReader>(new LineReader(0, false, "<stdin>"));
  }
  int fd = ::_open(path.c_str(), _O_RDONLY | _O_BINARY | _O_NOINHERIT);
  if (fd < 0) {
    struct _stat64 st {};
    if (::_stat64(path.c_str(), &st) == 0 && (st.st_mode & _S_IFDIR) != 0)
      return unreadable(path, "is a directory, expected a log file");
    return unreadable(path, std::string("cannot open: ") + std::strerror(errno));
  }
  struct _stat64 st {};
  if (::_fstat64(fd, &st) != 0 || (st.st_mode & _S_IFREG) == 0) {
    ::_close(fd);
    return unreadable(path, "is not a regular file, expected a log file (pipe it in with '-' instead)");
  }
  return std::unique_ptr<LineReader>(new LineReader(fd, true, path));
}
#else
core::Result<std::unique_ptr<LineReader>> LineReader::open(const std::string& path) {
  if (path == "-") return std::unique_ptr<LineReader>(new LineReader(0, false, "<stdin>"));
  // O_NONBLOCK: opening a FIFO with no writer returns at once instead of blocking forever.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return unreadable(path, std::string("cannot open: ") + std::strerror(errno));
  auto refuse = [&](const std::string& why) {
    ::close(fd);
    return unreadable(path, why);
  };
  struct stat st {};
  if (::fstat(fd, &st) != 0) return refuse(std::string("cannot stat: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return refuse("is a directory, expected a log file");
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode))
    return refuse("is a device or socket, expected a log file (pipe it in with '-' instead)");
  if (S_ISFIFO(st.st_mode)) {
    // A named pipe: wait a bounded time for a writer's first bytes (or its close), then read it
    // like a stream.
    pollfd p{fd, POLLIN, 0};
    int r = ::poll(&p, 1, static_cast<int>(k_fifo_wait.count()));
    if (r <= 0)
      return refuse("is a FIFO and nothing was written to it within " + std::to_string(k_fifo_wait.count() / 1000) +
                    " s (no writer?)");
  }
  int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) (void)::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return std::unique_ptr<LineReader>(new LineReader(fd, true, path));
}
#endif

core::Result<std::size_t> LineReader::fill_input() {
  in_pos_ = 0;
  in_len_ = 0;
  while (true) {
    auto n = read_some(fd_, in_.data(), in_.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return unreadable(name_, std::string("read failed: ") + std::strerror(errno));
    if (n == 0) eof_in_ = true;
    in_len_ = static_cast<std::size_t>(n);
    bytes_in_ += in_len_;
    return in_len_;
  }
}

// Decompressed (or plain) bytes into dst; 0 at the end.
core::Result<std::size_t> LineReader::read_bytes(char* dst, std::size_t cap) {
  if (!gzip_) {
    // Plain input (or the first read, which tells): straight into the caller's buffer.
    if (eof_in_) return std::size_t{0};
    std::size_t n = 0;
    while (true) {
      auto got = read_some(fd_, dst, cap);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) return unreadable(name_, std::string("read failed: ") + std::strerror(errno));
      n = static_cast<std::size_t>(got);
      break;
    }
    if (n == 0) eof_in_ = true;
    bytes_in_ += n;
    if (detected_) return n;
    detected_ = true;
    gzip_ = n >= 2 && static_cast<unsigned char>(dst[0]) == 0x1f && static_cast<unsigned char>(dst[1]) == 0x8b;
    if (!gzip_) return n;
    // gzip: what was read is compressed input; move it to the input buffer and inflate from there.
    in_.resize(std::max(k_in_size, n));
    std::memcpy(in_.data(), dst, n);
    in_pos_ = 0;
    in_len_ = n;
    if (inflateInit2(&zs_, 15 + 32) != Z_OK) return unreadable(name_, "cannot start gzip decoder");
    zs_init_ = true;
  }
  while (true) {
    if (in_pos_ == in_len_ && !eof_in_) {
      auto r = fill_input();
      if (!r) return r.error();
    }
    if (in_pos_ == in_len_ && eof_in_) {
      if (!stream_end_) truncated_ = true;
      return std::size_t{0};
    }
    if (stream_end_) {
      // Another gzip member follows (concatenated .gz files).
      if (inflateReset(&zs_) != Z_OK) return unreadable(name_, "gzip decoder reset failed");
      stream_end_ = false;
    }
    zs_.next_in = in_.data() + in_pos_;
    zs_.avail_in = static_cast<uInt>(in_len_ - in_pos_);
    zs_.next_out = reinterpret_cast<Bytef*>(dst);
    zs_.avail_out = static_cast<uInt>(cap);
    int rc = inflate(&zs_, Z_NO_FLUSH);
    in_pos_ = in_len_ - zs_.avail_in;
    std::size_t produced = cap - zs_.avail_out;
    if (rc == Z_STREAM_END)
      stream_end_ = true;
    else if (rc != Z_OK && rc != Z_BUF_ERROR)
      return unreadable(name_, std::string("not valid gzip data (") + (zs_.msg ? zs_.msg : "zlib error") + ")");
    if (produced > 0) return produced;
  }
}

core::Result<bool> LineReader::next(std::string_view& line, bool& cut) {
  cut = false;
  while (true) {
    char* base = buf_.get();
    const void* nl = begin_ < end_ ? std::memchr(base + begin_, '\n', end_ - begin_) : nullptr;
    if (nl != nullptr) {
      std::size_t pos = static_cast<std::size_t>(static_cast<const char*>(nl) - base);
      std::size_t start = begin_;
      begin_ = pos + 1;
      if (skipping_) {
        skipping_ = false;
        continue;
      }
      line = std::string_view(base + start, pos - start);
      return true;
    }
    if (before_refill_) before_refill_();  // the views returned so far are still valid here
    if (skipping_) begin_ = end_ = 0;
    if (!skipping_ && end_ - begin_ >= k_max_line) {
      // Longest line we keep: return its head, skip the rest up to the next newline.
      line = std::string_view(base + begin_, k_max_line);
      begin_ += k_max_line;
      skipping_ = true;
      cut = true;
      return true;
    }
    if (done_) {
      if (begin_ < end_) {
        line = std::string_view(base + begin_, end_ - begin_);
        begin_ = end_;
        return true;
      }
      return false;
    }
    if (begin_ > 0) {
      std::memmove(base, base + begin_, end_ - begin_);
      end_ -= begin_;
      begin_ = 0;
    }
    auto n = read_bytes(base + end_, k_buf_size - end_);
    if (!n) return n.error();
    if (*n == 0) done_ = true;
    end_ += *n;
    has_escape_ = std::memchr(base + begin_, 0x1b, end_ - begin_) != nullptr;
  }
}

}  // namespace dd::logs
