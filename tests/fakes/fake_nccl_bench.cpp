// A stand-in for libnccl.so.2 AND libcudart (one library exports both) for `bench --backend
// nccl` (bench/nccl_sweep_test.cpp, system.bench.nccl): a world of one rank whose collectives
// copy in host memory ("device" memory is malloc). DD_FAKE_CUDA_DEVICES: what cudaGetDeviceCount
// reports (default 1; 0 = no GPU); DD_FAKE_CUDA_RC: what it returns (e.g. 35, insufficient
// driver); DD_FAKE_NCCL_CORRUPT set: ncclAllReduce gets element 0 wrong (the check must see it).
#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace {

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::atoi(v) : fallback;
}

struct Pending {
  const void* send = nullptr;
  void* recv = nullptr;
  std::size_t bytes = 0;
};
Pending pending;
int comm_token;
int stream_token;

void copy(void* dst, const void* src, std::size_t count) {
  if (dst != src && count) std::memmove(dst, src, count * sizeof(float));
}

}  // namespace

extern "C" {
// NCCL
int ncclGetVersion(int* v) {
  *v = 22809;
  return 0;
}
int ncclGetUniqueId(void* id) {
  std::memset(id, 0, 128);
  return 0;
}
struct FakeId {
  char internal[128];
};
int ncclCommInitRank(void** comm, int nranks, FakeId /*id*/, int rank) {
  if (nranks != 1 || rank != 0) return 4;  // ncclInvalidArgument: the fake is a world of one
  *comm = &comm_token;
  return 0;
}
int ncclCommDestroy(void* /*comm*/) { return 0; }
const char* ncclGetErrorString(int rc) { return rc == 4 ? "invalid argument" : "fake error"; }
int ncclAllReduce(const void* s, void* r, std::size_t count, int dtype, int op, void*, void*) {
  if (dtype != 7 || op != 0) return 4;
  copy(r, s, count);
  if (std::getenv("DD_FAKE_NCCL_CORRUPT") && count) static_cast<float*>(r)[0] += 1.0f;
  return 0;
}
int ncclAllGather(const void* s, void* r, std::size_t count, int dtype, void*, void*) {
  if (dtype != 7) return 4;
  copy(r, s, count);
  return 0;
}
int ncclReduceScatter(const void* s, void* r, std::size_t count, int dtype, int op, void*, void*) {
  if (dtype != 7 || op != 0) return 4;
  copy(r, s, count);
  return 0;
}
int ncclBroadcast(const void* s, void* r, std::size_t count, int dtype, int root, void*, void*) {
  if (dtype != 7 || root != 0) return 4;
  copy(r, s, count);
  return 0;
}
int ncclGroupStart() {
  pending = Pending{};
  return 0;
}
int ncclSend(const void* s, std::size_t count, int dtype, int peer, void*, void*) {
  if (dtype != 7 || peer != 0) return 4;
  pending.send = s;
  pending.bytes = count;
  return 0;
}
int ncclRecv(void* r, std::size_t count, int dtype, int peer, void*, void*) {
  if (dtype != 7 || peer != 0 || (pending.send && count != pending.bytes)) return 4;
  pending.recv = r;
  return 0;
}
int ncclGroupEnd() {
  if (!pending.send || !pending.recv) return 5;  // ncclInvalidUsage: a send without its receive
  copy(pending.recv, pending.send, pending.bytes);
  pending = Pending{};
  return 0;
}

// CUDA runtime
int cudaGetDeviceCount(int* n) {
  *n = env_int("DD_FAKE_CUDA_DEVICES", 1);
  return env_int("DD_FAKE_CUDA_RC", 0);
}
int cudaSetDevice(int d) { return d == 0 ? 0 : 101; }  // cudaErrorInvalidDevice
int cudaMalloc(void** p, std::size_t bytes) {
  *p = std::malloc(bytes);
  return *p ? 0 : 2;  // cudaErrorMemoryAllocation
}
int cudaFree(void* p) {
  std::free(p);
  return 0;
}
int cudaMemcpy(void* d, const void* s, std::size_t bytes, int /*kind*/) {
  std::memmove(d, s, bytes);
  return 0;
}
int cudaStreamCreate(void** s) {
  *s = &stream_token;
  return 0;
}
int cudaStreamSynchronize(void*) { return 0; }
int cudaStreamDestroy(void*) { return 0; }
const char* cudaGetErrorString(int rc) { return rc == 35 ? "CUDA driver version is insufficient" : "fake cuda error"; }
}
