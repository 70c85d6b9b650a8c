// FileTree: root-relative read access to /sys, /proc, /etc, /dev. Production uses DiskFileTree("/");
// tests point a DiskFileTree at a snapshot under tests/data/ or use fake::MemoryFileTree.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dd::os {

class FileTree {
 public:
  virtual ~FileTree() = default;
  // Whole file contents, or nullopt when missing/unreadable. `path` is absolute ("/sys/class/net").
  virtual std::optional<std::string> read(const std::string& path) const = 0;
  // Entry names of a directory (no "." / ".."), sorted; empty when missing.
  virtual std::vector<std::string> list(const std::string& path) const = 0;
  // Target of a symlink, or nullopt.
  virtual std::optional<std::string> read_link(const std::string& path) const = 0;
  // True when something exists at `path` (file, dir, device node, link).
  virtual bool exists(const std::string& path) const = 0;
};

// The real file system below `root` ("/" in production).
class DiskFileTree final : public FileTree {
 public:
  explicit DiskFileTree(std::string root = "/");
  std::optional<std::string> read(const std::string& path) const override;
  std::vector<std::string> list(const std::string& path) const override;
  std::optional<std::string> read_link(const std::string& path) const override;
  bool exists(const std::string& path) const override;

 private:
  std::string resolve(const std::string& path) const;
  std::string root_;
};

// First line of a file without the trailing newline / spaces.
std::optional<std::string> read_line(const FileTree& tree, const std::string& path);

}  // namespace dd::os
