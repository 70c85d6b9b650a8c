#include "bench/nccl_api.hpp"

#include <dlfcn.h>

#include <cstring>

#include <fmt/format.h>

namespace dd::bench {

namespace {

core::Error load_error(std::string message) { return core::Error{core::ErrorKind::unreadable, std::move(message)}; }

// Resolves `name` into `fn`; false when absent.
template <class Fn>
bool resolve(void* handle, const char* name, Fn& fn) {
  void* sym = ::dlsym(handle, name);
  static_assert(sizeof fn == sizeof sym);
  std::memcpy(&fn, &sym, sizeof fn);
  return sym != nullptr;
}

}  // namespace

core::Result<NcclApi> load_nccl_api(const std::string& nccl_lib, const std::string& cudart_lib) {
  auto open = [](const std::string& path) -> core::Result<void*> {
    ::dlerror();
    void* h = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      const char* why = ::dlerror();
      return load_error(fmt::format("cannot load {}: {}", path, why ? why : "dlopen failed"));
    }
    return h;
  };
  auto nccl = open(nccl_lib);
  if (!nccl) return nccl.error();
  auto cuda = open(cudart_lib);
  if (!cuda) return cuda.error();
  NcclApi a;
  std::string missing;
  auto need = [&](void* h, const char* name, auto& fn) {
    if (!resolve(h, name, fn) && missing.empty()) missing = name;
  };
  need(*nccl, "ncclGetVersion", a.get_version);
  need(*nccl, "ncclGetUniqueId", a.get_unique_id);
  need(*nccl, "ncclCommInitRank", a.comm_init_rank);
  need(*nccl, "ncclCommDestroy", a.comm_destroy);
  need(*nccl, "ncclGetErrorString", a.get_error_string);
  need(*nccl, "ncclAllReduce", a.all_reduce);
  need(*nccl, "ncclAllGather", a.all_gather);
  need(*nccl, "ncclReduceScatter", a.reduce_scatter);
  need(*nccl, "ncclBroadcast", a.broadcast);
  need(*nccl, "ncclSend", a.send);
  need(*nccl, "ncclRecv", a.recv);
  need(*nccl, "ncclGroupStart", a.group_start);
  need(*nccl, "ncclGroupEnd", a.group_end);
  if (!missing.empty()) return load_error(fmt::format("{} lacks {}: not an NCCL 2.7+ library?", nccl_lib, missing));
  need(*cuda, "cudaGetDeviceCount", a.cuda_get_device_count);
  need(*cuda, "cudaSetDevice", a.cuda_set_device);
  need(*cuda, "cudaMalloc", a.cuda_malloc);
  need(*cuda, "cudaFree", a.cuda_free);
  need(*cuda, "cudaMemcpy", a.cuda_memcpy);
  need(*cuda, "cudaStreamCreate", a.cuda_stream_create);
  need(*cuda, "cudaStreamSynchronize", a.cuda_stream_synchronize);
  need(*cuda, "cudaStreamDestroy", a.cuda_stream_destroy);
  need(*cuda, "cudaGetErrorString", a.cuda_get_error_string);
  if (!missing.empty()) return load_error(fmt::format("{} lacks {}: not a CUDA runtime library?", cudart_lib, missing));
  return a;
}

}  // namespace dd::bench
