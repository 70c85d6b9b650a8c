#include "os/fake/memory_file_tree.hpp"

#include <algorithm>

namespace dd::os::fake {

void MemoryFileTree::add_parents(const std::string& path) {
  for (auto pos = path.find('/', 1); pos != std::string::npos; pos = path.find('/', pos + 1)) {
    dirs_.insert(path.substr(0, pos));
  }
  dirs_.insert("/");
}

MemoryFileTree& MemoryFileTree::file(const std::string& path, std::string content) {
  add_parents(path);
  files_[path] = std::move(content);
  return *this;
}

MemoryFileTree& MemoryFileTree::link(const std::string& path, std::string target) {
  add_parents(path);
  links_[path] = std::move(target);
  return *this;
}

MemoryFileTree& MemoryFileTree::dir(const std::string& path) {
  add_parents(path + "/");
  return *this;
}

std::optional<std::string> MemoryFileTree::read(const std::string& path) const {
  reads.push_back(path);
  auto it = files_.find(path);
  if (it == files_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> MemoryFileTree::list(const std::string& path) const {
  std::string prefix = path == "/" ? "/" : path + "/";
  std::set<std::string> names;
  auto collect = [&](const std::string& p) {
    if (p.size() > prefix.size() && p.compare(0, prefix.size(), prefix) == 0) {
      std::string rest = p.substr(prefix.size());
      names.insert(rest.substr(0, rest.find('/')));
    }
  };
  for (const auto& [p, _] : files_) collect(p);
  for (const auto& [p, _] : links_) collect(p);
  for (const auto& p : dirs_) collect(p);
  return {names.begin(), names.end()};
}

std::optional<std::string> MemoryFileTree::read_link(const std::string& path) const {
  auto it = links_.find(path);
  if (it == links_.end()) return std::nullopt;
  return it->second;
}

bool MemoryFileTree::exists(const std::string& path) const {
  return files_.count(path) || links_.count(path) || dirs_.count(path);
}

}  // namespace dd::os::fake
