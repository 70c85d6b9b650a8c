// Library lookup order (checked against glibc 2.36's ld.so and the NCCL 2.28.9 packaging: the
// CUDA toolkit puts libnccl.so.2 in /usr/local/cuda-X/lib and registers it in ld.so.conf.d; pip's
// nvidia-nccl-cu12 wheel in site-packages/nvidia/nccl/lib; conda's nccl package in $PREFIX/lib).
#include "nccl/library_locator.hpp"

#include <set>

#include "core/strings.hpp"
#include "nccl/library_ld_cache.hpp"

namespace dd::nccl {

namespace {

constexpr std::string_view k_soname = "libnccl.so.2";
constexpr std::string_view k_devname = "libnccl.so";

std::vector<std::string> split_path(const std::string& path) { return core::split(path, '/'); }

std::string join_path(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += "/" + p;
  return out.empty() ? "/" : out;
}

// Names in `dir` matching a pattern with '*' wildcards (only in the last component).
bool glob_match(std::string_view pattern, std::string_view name) {
  if (pattern.empty()) return name.empty();
  if (pattern.front() == '*') {
    for (std::size_t i = 0; i <= name.size(); ++i) {
      if (glob_match(pattern.substr(1), name.substr(i))) return true;
    }
    return false;
  }
  return !name.empty() && pattern.front() == name.front() && glob_match(pattern.substr(1), name.substr(1));
}

// Expands '*' in any component of an absolute pattern ("/usr/local/cuda*/targets/*/lib").
std::vector<std::string> expand(const os::FileTree& tree, const std::string& pattern) {
  std::vector<std::string> found{""};
  for (const auto& part : split_path(pattern)) {
    std::vector<std::string> next;
    for (const auto& base : found) {
      if (part.find('*') == std::string::npos) {
        next.push_back(base + "/" + part);
        continue;
      }
      for (const auto& name : tree.list(base.empty() ? "/" : resolve_path(tree, base))) {
        if (glob_match(part, name)) next.push_back(base + "/" + name);
      }
    }
    found = std::move(next);
  }
  return found;
}

class Collector {
 public:
  Collector(const os::FileTree& tree) : tree_(tree) {}  // NOLINT

  // Adds `dir`'s libnccl.so.2 (else libnccl.so) when it exists.
  void dir(const std::string& dir, LibrarySource source, const std::string& origin) {
    if (dir.empty() || dir.front() != '/') return;  // relative entries depend on the cwd: skipped
    std::string d = dir;
    while (d.size() > 1 && d.back() == '/') d.pop_back();
    for (auto name : {k_soname, k_devname}) {
      std::string path = d + "/" + std::string(name);
      if (tree_.exists(resolve_path(tree_, path))) {
        file(path, source, origin);
        return;
      }
    }
  }

  // Adds `path` when it exists (a stale cache entry names a file that may be gone).
  void file(const std::string& path, LibrarySource source, const std::string& origin) {
    std::string real = resolve_path(tree_, path);
    if (!tree_.exists(real) || !seen_.insert(real).second) return;
    out_.push_back({path, source, origin, real});
  }

  std::vector<LibraryCandidate> take() { return std::move(out_); }

 private:
  const os::FileTree& tree_;
  std::set<std::string> seen_;
  std::vector<LibraryCandidate> out_;
};

// Directories named by /etc/ld.so.conf and the files it includes (ldconfig's own input).
void conf_dirs(const os::FileTree& tree, const std::string& file, std::vector<std::string>& dirs, int depth) {
  if (depth > 8) return;
  auto text = tree.read(file);
  if (!text) return;
  for (const auto& raw : core::split(*text, '\n')) {
    std::string line(core::trim(std::string_view(raw).substr(0, raw.find('#'))));
    if (line.empty()) continue;
    if (core::starts_with(line, "include")) {
      for (const auto& pat : core::split(line.substr(7), ' ')) {
        std::string p(core::trim(pat));
        if (p.empty()) continue;
        if (p.front() != '/') p = "/etc/" + p;
        for (const auto& f : expand(tree, p)) conf_dirs(tree, f, dirs, depth + 1);
      }
    } else if (!core::starts_with(line, "hwcap")) {
      dirs.push_back(line);
    }
  }
}

std::vector<std::string> python_site_dirs(const os::Environment& env) {
  std::vector<std::string> pats = {"/usr/lib/python3*/dist-packages", "/usr/local/lib/python3*/site-packages",
                                   "/usr/local/lib/python3*/dist-packages"};
  if (auto home = env.get("HOME"); home && !home->empty()) pats.push_back(*home + "/.local/lib/python3*/site-packages");
  if (auto venv = env.get("VIRTUAL_ENV"); venv && !venv->empty()) pats.push_back(*venv + "/lib/python3*/site-packages");
  return pats;
}

}  // namespace

std::string_view to_string(LibrarySource source) {
  switch (source) {
    case LibrarySource::ld_library_path:
      return "ld-library-path";
    case LibrarySource::loader_cache:
      return "loader-cache";
    case LibrarySource::loader_conf:
      return "loader-conf";
    case LibrarySource::loader_default:
      return "loader-default";
    case LibrarySource::cuda:
      return "cuda";
    case LibrarySource::python:
      return "python";
    case LibrarySource::conda:
      return "conda";
  }
  return "other";
}

std::string resolve_path(const os::FileTree& tree, const std::string& path) {
  std::vector<std::string> pending = split_path(path);
  std::vector<std::string> done;
  int hops = 0;
  while (!pending.empty()) {
    std::string part = pending.front();
    pending.erase(pending.begin());
    if (part == ".") continue;
    if (part == "..") {
      if (!done.empty()) done.pop_back();
      continue;
    }
    done.push_back(part);
    auto target = tree.read_link(join_path(done));
    if (!target) continue;
    if (++hops > 40) break;
    done.pop_back();
    if (!target->empty() && target->front() == '/') done.clear();
    auto parts = split_path(*target);
    pending.insert(pending.begin(), parts.begin(), parts.end());
  }
  for (const auto& rest : pending) done.push_back(rest);
  return join_path(done);
}

std::vector<LibraryCandidate> find_libraries(const os::Environment& env, const os::FileTree& tree) {
  Collector found(tree);

  // 1. LD_LIBRARY_PATH (':' or ';' separated, as ld.so accepts).
  if (auto llp = env.get("LD_LIBRARY_PATH")) {
    std::string v = *llp;
    for (auto& c : v) c = c == ';' ? ':' : c;
    for (const auto& d : core::split(v, ':')) found.dir(d, LibrarySource::ld_library_path, "LD_LIBRARY_PATH");
  }

  // 2. The loader cache; when it is missing or unreadable, the folders ldconfig would have cached.
  bool cached = false;
  if (auto bytes = tree.read("/etc/ld.so.cache")) {
    auto entries = parse_ld_cache(std::span(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size()));
    if (entries) {
      cached = true;
      for (auto name : {k_soname, k_devname}) {
        for (const auto& e : *entries) {
          if (e.soname == name && ld_cache_entry_matches_host(e)) {
            found.file(e.path, LibrarySource::loader_cache, "/etc/ld.so.cache");
          }
        }
      }
    }
  }
  if (!cached) {
    std::vector<std::string> dirs;
    conf_dirs(tree, "/etc/ld.so.conf", dirs, 0);
    for (const auto& d : dirs) found.dir(d, LibrarySource::loader_conf, "/etc/ld.so.conf");
  }
  // The loader's trusted directories, searched after the cache.
  for (const auto* d : {"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu",
                        "/usr/lib/aarch64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib"}) {
    found.dir(d, LibrarySource::loader_default, "loader default path");
  }

  // 3. CUDA toolkit folders.
  for (const auto* var : {"CUDA_HOME", "CUDA_PATH"}) {
    if (auto v = env.get(var); v && !v->empty()) {
      found.dir(*v + "/lib64", LibrarySource::cuda, var);
      found.dir(*v + "/lib", LibrarySource::cuda, var);
    }
  }
  for (const auto* pat : {"/usr/local/cuda*/lib64", "/usr/local/cuda*/lib", "/usr/local/cuda*/targets/*/lib"}) {
    for (const auto& d : expand(tree, pat)) found.dir(d, LibrarySource::cuda, "/usr/local/cuda*");
  }

  // 4. Python site-packages: the nvidia-nccl wheel.
  for (const auto& pat : python_site_dirs(env)) {
    for (const auto& d : expand(tree, pat + "/nvidia/nccl/lib")) found.dir(d, LibrarySource::python, pat);
  }

  // 5. Conda: the active env, then the usual installs and their envs.
  std::vector<std::pair<std::string, std::string>> prefixes;
  if (auto p = env.get("CONDA_PREFIX"); p && !p->empty()) prefixes.emplace_back(*p, "CONDA_PREFIX");
  std::vector<std::string> bases;
  if (auto home = env.get("HOME"); home && !home->empty()) {
    bases.push_back(*home + "/miniconda3");
    bases.push_back(*home + "/anaconda3");
    bases.push_back(*home + "/miniforge3");
  }
  bases.emplace_back("/opt/conda");
  for (const auto& b : bases) {
    prefixes.emplace_back(b, b);
    for (const auto& e : tree.list(resolve_path(tree, b + "/envs"))) prefixes.emplace_back(b + "/envs/" + e, b);
  }
  for (const auto& [prefix, origin] : prefixes) {
    found.dir(prefix + "/lib", LibrarySource::conda, origin);
    for (const auto& d : expand(tree, prefix + "/lib/python3*/site-packages/nvidia/nccl/lib")) {
      found.dir(d, LibrarySource::conda, origin);
    }
  }
  return found.take();
}

}  // namespace dd::nccl
