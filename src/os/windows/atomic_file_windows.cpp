// os/atomic_file.hpp for the Windows build: the same checks through std::filesystem, the
// temporary file written with the CRT, flushed (_commit) and moved over the target with
// MoveFileExW(MOVEFILE_REPLACE_EXISTING), as rename() cannot replace a file on Windows.
// os/atomic_file.cpp is the Linux implementation.
#include "os/atomic_file.hpp"

#include <fcntl.h>
#include <io.h>
#include <process.h>
#include <sys/stat.h>
#include <windows.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "core/utf8.hpp"

namespace dd::os {

namespace {

namespace fs = std::filesystem;

core::Error fail(core::ErrorKind kind, std::string_view flag, const std::string& path, const std::string& why) {
  return core::make_error(kind, std::string(flag) + " '" + core::escape_control(path) + "': " + why);
}

fs::path folder_of(const fs::path& p) { return p.has_parent_path() ? p.parent_path() : fs::path("."); }

}  // namespace

std::optional<core::Error> check_output_path(std::string_view flag, const std::string& path) {
  if (path.empty()) return fail(core::ErrorKind::usage, flag, path, "empty path");
  if (path.back() == '/' || path.back() == '\\')
    return fail(core::ErrorKind::usage, flag, path, "is a directory, not a file name");
  std::error_code ec;
  fs::path target(path);
  auto st = fs::status(target, ec);
  if (!ec && fs::is_directory(st)) return fail(core::ErrorKind::usage, flag, path, "is a directory, not a file name");
  if (!ec && fs::exists(st) && !fs::is_regular_file(st))
    return fail(core::ErrorKind::usage, flag, path, "exists and is not a regular file");
  fs::path dir = folder_of(target);
  auto ds = fs::status(dir, ec);
  if (ec || !fs::exists(ds))
    return fail(core::ErrorKind::usage, flag, path, "folder " + dir.string() + " does not exist");
  if (!fs::is_directory(ds)) return fail(core::ErrorKind::usage, flag, path, dir.string() + " is not a folder");
  return std::nullopt;
}

std::optional<core::Error> write_file_atomic(std::string_view flag, const std::string& path, std::string_view content) {
  if (auto bad = check_output_path(flag, path)) return bad;
  std::string tmp = path + ".tmp." + std::to_string(::_getpid());
  int fd = ::_open(tmp.c_str(), _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY | _O_NOINHERIT, _S_IREAD | _S_IWRITE);
  if (fd < 0)
    return fail(core::ErrorKind::system, flag, path,
                std::string("cannot create a temporary file: ") + std::strerror(errno));
  auto give_up = [&](const char* what) {
    int err = errno;
    ::_close(fd);
    ::_unlink(tmp.c_str());
    return fail(core::ErrorKind::system, flag, path, std::string(what) + ": " + std::strerror(err));
  };
  std::size_t done = 0;
  while (done < content.size()) {
    auto chunk = static_cast<unsigned>(std::min<std::size_t>(content.size() - done, 1u << 30));
    int n = ::_write(fd, content.data() + done, chunk);
    if (n <= 0) return give_up("write");
    done += static_cast<std::size_t>(n);
  }
  if (::_commit(fd) != 0) return give_up("flush");
  if (::_close(fd) != 0) {
    int err = errno;
    ::_unlink(tmp.c_str());
    return fail(core::ErrorKind::system, flag, path, std::string("close: ") + std::strerror(err));
  }
  if (!MoveFileExW(fs::path(tmp).c_str(), fs::path(path).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
    auto err = GetLastError();
    ::_unlink(tmp.c_str());
    return fail(core::ErrorKind::system, flag, path,
                "cannot replace the file (Windows error " + std::to_string(err) + ")");
  }
  return std::nullopt;
}

// Windows keeps no POSIX mode to carry over; the file's attributes are those of a new file.
std::optional<core::Error> replace_file_atomic(std::string_view flag, const std::string& path,
                                               std::string_view content) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(path), ec))
    return fail(core::ErrorKind::usage, flag, path, "is not a regular file");
  return write_file_atomic(flag, path, content);
}

}  // namespace dd::os
