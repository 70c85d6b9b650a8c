// Where an NCCL library lives on this machine, in the order a user's process would load it:
// LD_LIBRARY_PATH, the loader cache (/etc/ld.so.cache, or the directories of /etc/ld.so.conf when
// the cache is unreadable) and the loader's default directories, CUDA toolkit folders, Python
// site-packages (the `nvidia-nccl-cu*` wheel's nvidia/nccl/lib), and conda environments.
// Everything is read through the FileTree seam; nothing is loaded. The same file reached through
// symlinked folders (/usr/local/cuda -> cuda-13.0) is listed once, at its first position.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "os/environment.hpp"
#include "os/file_tree.hpp"

namespace dd::nccl {

enum class LibrarySource { ld_library_path, loader_cache, loader_conf, loader_default, cuda, python, conda };
std::string_view to_string(LibrarySource source);  // "ld-library-path", "loader-cache", ...

struct LibraryCandidate {
  std::string path;  // as found: "/usr/local/cuda/lib64/libnccl.so.2"
  LibrarySource source = LibrarySource::loader_default;
  std::string origin;     // what pointed there: "LD_LIBRARY_PATH", "/etc/ld.so.cache", "CUDA_HOME", ...
  std::string real_path;  // symlinks resolved through the FileTree
};

// Every libnccl.so.2 (or, in a folder without it, libnccl.so) found, first = what a process that
// links NCCL by its soname would load (ignoring RPATH/RUNPATH of that program).
std::vector<LibraryCandidate> find_libraries(const os::Environment& env, const os::FileTree& tree);

// `path` with every symlink along it resolved through `tree` (at most 40 hops; the path as far
// as resolved when a loop or a missing link stops it). Absolute, normalised ("." and "..").
std::string resolve_path(const os::FileTree& tree, const std::string& path);

}  // namespace dd::nccl
