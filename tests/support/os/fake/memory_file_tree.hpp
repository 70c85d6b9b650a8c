// In-memory FileTree for unit tests: add files, links and directories by absolute path.
#pragma once

#include <map>
#include <set>
#include <string>

#include "os/file_tree.hpp"

namespace dd::os::fake {

class MemoryFileTree final : public FileTree {
 public:
  MemoryFileTree& file(const std::string& path, std::string content);
  MemoryFileTree& link(const std::string& path, std::string target);
  MemoryFileTree& dir(const std::string& path);

  std::optional<std::string> read(const std::string& path) const override;
  std::vector<std::string> list(const std::string& path) const override;
  std::optional<std::string> read_link(const std::string& path) const override;
  bool exists(const std::string& path) const override;

  // Every path asked for through read(), in order (tests assert on what was consulted).
  mutable std::vector<std::string> reads;

 private:
  void add_parents(const std::string& path);
  std::map<std::string, std::string> files_;
  std::map<std::string, std::string> links_;
  std::set<std::string> dirs_;
};

}  // namespace dd::os::fake
