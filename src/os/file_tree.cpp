#include "os/file_tree.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <system_error>

#include "core/strings.hpp"

namespace dd::os {

namespace fs = std::filesystem;

DiskFileTree::DiskFileTree(std::string root) : root_(std::move(root)) {
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
}

std::string DiskFileTree::resolve(const std::string& path) const {
  if (root_ == "/" || root_.empty()) return path;
  return root_ + path;
}

// stdio, not an ifstream: sysfs files such as a down link's `speed` fail with EINVAL on read,
// which an ifstream turns into a thrown-and-caught exception inside its buffer (~5 per `check`).
// A read error keeps what was read before it, as the stream did; only a file that cannot be opened
// is nullopt. The file is shared with the Windows build (windows/), hence stdio rather than open(2).
#ifdef _WIN32
constexpr const char* k_read_mode = "rb";
#else
constexpr const char* k_read_mode = "rbe";  // e: close-on-exec, a child started meanwhile does not inherit it
#endif

std::optional<std::string> DiskFileTree::read(const std::string& path) const {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(resolve(path).c_str(), k_read_mode), &std::fclose);
  if (!f) return std::nullopt;
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f.get())) > 0;) out.append(buf, n);
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
