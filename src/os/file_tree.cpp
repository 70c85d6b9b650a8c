#include "os/file_tree.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
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

std::optional<std::string> DiskFileTree::read(const std::string& path) const {
  std::ifstream in(resolve(path), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return ss.str();
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
