// `bench --backend nccl`: the part of NCCL and of the CUDA runtime that bench calls, as function
// pointers (C signatures from nccl.h 2.28 and cuda_runtime_api.h; enums and handles are int-sized
// or pointers), so the sweep (nccl_sweep.hpp) runs against a fake library in tests. Loading
// happens only in the `__bench-nccl` child (cmd_bench_nccl_child.cpp): a broken libnccl or driver
// may crash or hang, never distdoctor itself.
#pragma once

#include <cstddef>
#include <string>

#include "core/result.hpp"

namespace dd::bench {

struct NcclUniqueIdBytes {
  char internal[128];  // ncclUniqueId, passed by value to ncclCommInitRank
};

inline constexpr int k_nccl_float32 = 7;  // ncclFloat32
inline constexpr int k_nccl_sum = 0;      // ncclSum
inline constexpr int k_cuda_h2d = 1;      // cudaMemcpyHostToDevice
inline constexpr int k_cuda_d2h = 2;      // cudaMemcpyDeviceToHost

struct NcclApi {
  // NCCL
  int (*get_version)(int*) = nullptr;
  int (*get_unique_id)(NcclUniqueIdBytes*) = nullptr;
  int (*comm_init_rank)(void** comm, int nranks, NcclUniqueIdBytes id, int rank) = nullptr;
  int (*comm_destroy)(void* comm) = nullptr;
  const char* (*get_error_string)(int) = nullptr;
  int (*all_reduce)(const void*, void*, std::size_t, int dtype, int op, void* comm, void* stream) = nullptr;
  int (*all_gather)(const void*, void*, std::size_t sendcount, int dtype, void* comm, void* stream) = nullptr;
  int (*reduce_scatter)(const void*, void*, std::size_t recvcount, int dtype, int op, void* comm,
                        void* stream) = nullptr;
  int (*broadcast)(const void*, void*, std::size_t, int dtype, int root, void* comm, void* stream) = nullptr;
  int (*send)(const void*, std::size_t, int dtype, int peer, void* comm, void* stream) = nullptr;
  int (*recv)(void*, std::size_t, int dtype, int peer, void* comm, void* stream) = nullptr;
  int (*group_start)() = nullptr;
  int (*group_end)() = nullptr;
  // CUDA runtime
  int (*cuda_get_device_count)(int*) = nullptr;
  int (*cuda_set_device)(int) = nullptr;
  int (*cuda_malloc)(void**, std::size_t) = nullptr;
  int (*cuda_free)(void*) = nullptr;
  int (*cuda_memcpy)(void*, const void*, std::size_t, int kind) = nullptr;
  int (*cuda_stream_create)(void**) = nullptr;
  int (*cuda_stream_synchronize)(void*) = nullptr;
  int (*cuda_stream_destroy)(void*) = nullptr;
  const char* (*cuda_get_error_string)(int) = nullptr;
};

// dlopen()s both libraries in THIS process (RTLD_NOW | RTLD_LOCAL) and resolves every entry
// point; the error names the library and the first missing symbol. The handles stay open.
core::Result<NcclApi> load_nccl_api(const std::string& nccl_lib, const std::string& cudart_lib);

}  // namespace dd::bench
