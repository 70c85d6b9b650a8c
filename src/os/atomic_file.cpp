#include "os/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "core/utf8.hpp"

namespace dd::os {

namespace {

std::string folder_of(const std::string& path) {
  auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

core::Error fail(core::ErrorKind kind, std::string_view flag, const std::string& path, const std::string& why) {
  return core::make_error(kind, std::string(flag) + " '" + core::escape_control(path) + "': " + why);
}

}  // namespace

std::optional<core::Error> check_output_path(std::string_view flag, const std::string& path) {
  if (path.empty()) return fail(core::ErrorKind::usage, flag, path, "empty path");
  if (path.back() == '/') return fail(core::ErrorKind::usage, flag, path, "is a directory, not a file name");
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return fail(core::ErrorKind::usage, flag, path, "is a directory, not a file name");
    if (!S_ISREG(st.st_mode)) return fail(core::ErrorKind::usage, flag, path, "exists and is not a regular file");
  }
  std::string dir = folder_of(path);
  struct stat ds {};
  if (::stat(dir.c_str(), &ds) != 0)
    return fail(core::ErrorKind::usage, flag, path, "folder " + dir + ": " + std::strerror(errno));
  if (!S_ISDIR(ds.st_mode)) return fail(core::ErrorKind::usage, flag, path, dir + " is not a folder");
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    return fail(core::ErrorKind::usage, flag, path, "folder " + dir + " is not writable: " + std::strerror(errno));
  }
  return std::nullopt;
}

namespace {

// Temp file + fsync + rename; `st` (the file replaced) gives mode, owner and group, else 0644.
std::optional<core::Error> write_atomic(std::string_view flag, const std::string& path, std::string_view content,
                                        const struct stat* st) {
  std::string tmpl = path + ".tmp.XXXXXX";
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0)
    return fail(core::ErrorKind::system, flag, path,
                std::string("cannot create a temporary file: ") + std::strerror(errno));
  auto give_up = [&](const char* what) {
    int err = errno;
    ::close(fd);
    ::unlink(name.data());
    return fail(core::ErrorKind::system, flag, path, std::string(what) + ": " + std::strerror(err));
  };
  std::size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return give_up("write");
    done += static_cast<std::size_t>(n);
  }
  if (::fchmod(fd, st ? (st->st_mode & 07777) : 0644) != 0) return give_up("chmod");
  // Best effort: only root may give a file away; a user's own file keeps its owner anyway.
  if (st && ::fchown(fd, st->st_uid, st->st_gid) != 0) errno = 0;
  if (::fsync(fd) != 0) return give_up("fsync");
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(name.data());
    return fail(core::ErrorKind::system, flag, path, std::string("close: ") + std::strerror(err));
  }
  if (::rename(name.data(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(name.data());
    return fail(core::ErrorKind::system, flag, path, std::string("rename: ") + std::strerror(err));
  }
  return std::nullopt;
}

}  // namespace

std::optional<core::Error> write_file_atomic(std::string_view flag, const std::string& path, std::string_view content) {
  if (auto bad = check_output_path(flag, path)) return bad;
  return write_atomic(flag, path, content, nullptr);
}

std::optional<core::Error> replace_file_atomic(std::string_view flag, const std::string& path,
                                               std::string_view content) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return fail(core::ErrorKind::usage, flag, path, std::strerror(errno));
  if (!S_ISREG(st.st_mode)) return fail(core::ErrorKind::usage, flag, path, "is not a regular file");
  if (auto bad = check_output_path(flag, path)) return bad;
  return write_atomic(flag, path, content, &st);
}

}  // namespace dd::os
