// `distdoctor __probe-nccl LIB` (internal): the child process of nccl::probe_library. It loads
// the library (never in distdoctor's own process: a broken libnccl may crash or hang it), prints
// one JSON line on stdout and exits without running destructors or atexit handlers, which a
// half-initialised library could hang in. NCCL writes its log (NCCL_DEBUG) to stdout by default,
// so stdout is pointed at stderr for the library's lifetime and the answer goes to the saved fd.
#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "cli/command.hpp"
#include "core/exit_code.hpp"
#include "nccl/probe_child.hpp"
#include "os/linux_interface_source.hpp"

namespace dd::cli {

namespace {

template <class Fn>
Fn symbol(void* handle, const char* name) {
  void* sym = ::dlsym(handle, name);
  Fn fn = nullptr;
  static_assert(sizeof fn == sizeof sym);
  std::memcpy(&fn, &sym, sizeof fn);
  return fn;
}

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

[[noreturn]] void run_probe_child(std::string lib) {
  int answer_fd = ::dup(1);
  if (answer_fd < 0 || ::dup2(2, 1) < 0) {
    std::fprintf(stderr, "distdoctor: error: __probe-nccl: cannot redirect stdout: %s\n", std::strerror(errno));
    ::_exit(core::k_exit_internal);
  }
  // A bare name would make dlopen search the loader path; the probe must load exactly this file.
  if (lib.find('/') == std::string::npos) lib = "./" + lib;

  nlohmann::json answer;
  ::dlerror();
  void* handle = ::dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = ::dlerror();
    answer = nccl::probe_failure(lib, "dlopen", why ? why : "dlopen failed");
  } else {
    nccl::NcclEntryPoints api;
    api.get_version = symbol<decltype(api.get_version)>(handle, "ncclGetVersion");
    api.get_unique_id = symbol<decltype(api.get_unique_id)>(handle, "ncclGetUniqueId");
    api.get_error_string = symbol<decltype(api.get_error_string)>(handle, "ncclGetErrorString");
    api.get_last_error = symbol<decltype(api.get_last_error)>(handle, "ncclGetLastError");
    os::LinuxInterfaceSource interfaces;
    answer = nccl::probe_loaded_library(lib, api, interfaces);
  }
  std::fflush(nullptr);
  write_all(answer_fd, answer.dump() + "\n");
  ::_exit(core::k_exit_ok);
}

}  // namespace

void setup_probe_child(CLI::App& sub, const GlobalOptions& /*global*/, int& /*exit_code*/) {
  auto lib = std::make_shared<std::string>();
  sub.add_option("library", *lib, "path of the libnccl.so to load")->required();
  sub.callback([lib] { run_probe_child(*lib); });
}

}  // namespace dd::cli
