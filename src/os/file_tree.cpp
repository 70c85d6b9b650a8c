#include "os/file_tree.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <system_error>

#include "core/strings.hpp"
#include "os/unique_fd.hpp"

namespace dd::os {

namespace fs = std::filesystem;

DiskFileTree::DiskFileTree(std::string root) : root_(std::move(root)) {
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
}

std::string DiskFileTree::resolve(const std::string& path) const {
  if (root_ == "/" || root_.empty()) return path;
  return root_ + path;
}

// read(2) directly: sysfs files such as a down link's `speed` fail with EINVAL on read, which an
// ifstream turns into a thrown-and-caught exception inside its buffer (~5 per `check`). A read error
// keeps what was read before it, as the stream did; only a file that cannot be opened is nullopt.
std::optional<std::string> DiskFileTree::read(const std::string& path) const {
  UniqueFd fd(::open(resolve(path).c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd.valid()) return std::nullopt;
  std::string out;
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

std::vector<std::string> DiskFileTree::list(const std::string& path) const {
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(resolve(path), ec), end; !ec && it != end; it.increment(ec)) {
    out.push_back(it->path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<std::string> DiskFileTree::read_link(const std::string& path) const {
  std::error_code ec;
  auto target = fs::read_symlink(resolve(path), ec);
  if (ec) return std::nullopt;
  return target.string();
}

bool DiskFileTree::exists(const std::string& path) const {
  std::error_code ec;
  return fs::exists(fs::symlink_status(resolve(path), ec));
}

std::optional<std::string> read_line(const FileTree& tree, const std::string& path) {
  auto content = tree.read(path);
  if (!content) return std::nullopt;
  auto nl = content->find('\n');
  return std::string(core::trim(std::string_view(*content).substr(0, nl)));
}

}  // namespace dd::os
