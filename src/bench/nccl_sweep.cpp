#include "bench/nccl_sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "bench/layout.hpp"
#include "nccl/probe_unique_id.hpp"

namespace dd::bench {

namespace {

using Clock = std::chrono::steady_clock;

core::Error fail(std::string what) { return core::Error{core::ErrorKind::system, std::move(what)}; }

// A GPU buffer freed on scope exit.
class DeviceBuffer {
 public:
  DeviceBuffer(const NcclApi& api, std::size_t floats) : api_(api) {
    rc_ = api_.cuda_malloc(&p_, std::max<std::size_t>(floats, 1) * sizeof(float));
  }
  ~DeviceBuffer() {
    if (p_) api_.cuda_free(p_);
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  float* get() const { return static_cast<float*>(p_); }
  int rc() const { return rc_; }

 private:
  const NcclApi& api_;
  void* p_ = nullptr;
  int rc_ = 0;
};

struct Session {
  const NcclApi& api;
  int rank, world;
  void* comm = nullptr;
  void* stream = nullptr;

  std::string nccl_why(int rc) const {
    const char* s = api.get_error_string ? api.get_error_string(rc) : nullptr;
    return fmt::format("{}{}", rc, s ? fmt::format(" ({})", s) : "");
  }
  std::string cuda_why(int rc) const {
    const char* s = api.cuda_get_error_string ? api.cuda_get_error_string(rc) : nullptr;
    return fmt::format("{}{}", rc, s ? fmt::format(" ({})", s) : "");
  }
  core::Result<bool> nccl(int rc, const char* call) const {
    if (rc != 0) return fail(fmt::format("{} returned {}", call, nccl_why(rc)));
    return true;
  }
  core::Result<bool> cuda(int rc, const char* call) const {
    if (rc != 0) return fail(fmt::format("{} returned {}", call, cuda_why(rc)));
    return true;
  }

  core::Result<bool> call(Op op, const Layout& l, const float* in, float* out, int root) const {
    const int n = world, r = rank;
    switch (op) {
      case Op::all_reduce:
        return nccl(api.all_reduce(in, out, l.count, k_nccl_float32, k_nccl_sum, comm, stream), "ncclAllReduce");
      case Op::all_gather:
        return nccl(api.all_gather(in, out, l.count, k_nccl_float32, comm, stream), "ncclAllGather");
      case Op::reduce_scatter:
        return nccl(api.reduce_scatter(in, out, l.count, k_nccl_float32, k_nccl_sum, comm, stream),
                    "ncclReduceScatter");
      case Op::broadcast:
        return nccl(api.broadcast(in, out, l.count, k_nccl_float32, root, comm, stream), "ncclBroadcast");
      case Op::alltoall:
      case Op::sendrecv: {
        if (auto ok = nccl(api.group_start(), "ncclGroupStart"); !ok) return ok;
        for (int p = 0; p < n; ++p) {
          const bool a2a = op == Op::alltoall;
          if (!a2a && p != (r + 1) % n && p != (r + n - 1) % n) continue;
          const std::size_t at = a2a ? l.count * static_cast<std::size_t>(p) : 0;
          if (a2a || p == (r + 1) % n)
            if (auto ok = nccl(api.send(in + at, l.count, k_nccl_float32, p, comm, stream), "ncclSend"); !ok) return ok;
          if (a2a || p == (r + n - 1) % n)
            if (auto ok = nccl(api.recv(out + at, l.count, k_nccl_float32, p, comm, stream), "ncclRecv"); !ok)
              return ok;
        }
        return nccl(api.group_end(), "ncclGroupEnd");
      }
    }
    return true;
  }
};

}  // namespace

NcclCheck check_nccl(const NcclApi& api) {
  NcclCheck c;
  int code = 0;
  if (api.get_version && api.get_version(&code) == 0 && code > 0) {
    c.version_code = code;
    c.version = nccl::version_string(code);
  }
  int n = 0;
  int rc = api.cuda_get_device_count(&n);
  if (rc != 0) {
    const char* s = api.cuda_get_error_string ? api.cuda_get_error_string(rc) : nullptr;
    c.error = fmt::format("no usable GPU: cudaGetDeviceCount returned {}{}", rc, s ? fmt::format(" ({})", s) : "");
    return c;
  }
  c.devices = n;
  if (n <= 0) {
    c.error = "no GPU: cudaGetDeviceCount found 0 CUDA devices";
    return c;
  }
  c.ok = true;
  return c;
}

core::Result<std::vector<Sample>> run_nccl_sweep(const NcclApi& api, const NcclJob& job) {
  auto check = check_nccl(api);
  if (!check.ok) return fail(check.error);
  Session s{api, job.rank, job.world};
  if (auto ok = s.cuda(api.cuda_set_device(job.rank % check.devices), "cudaSetDevice"); !ok) return ok.error();
  NcclUniqueIdBytes id{};
  if (auto ok = s.nccl(api.get_unique_id(&id), "ncclGetUniqueId"); !ok) return ok.error();
  if (auto ok = s.nccl(api.comm_init_rank(&s.comm, job.world, id, job.rank), "ncclCommInitRank"); !ok)
    return ok.error();
  struct Cleanup {
    Session& s;
    ~Cleanup() {
      if (s.stream) s.api.cuda_stream_destroy(s.stream);
      if (s.comm) s.api.comm_destroy(s.comm);
    }
  } cleanup{s};
  if (auto ok = s.cuda(api.cuda_stream_create(&s.stream), "cudaStreamCreate"); !ok) return ok.error();
  auto sync = [&] { return s.cuda(api.cuda_stream_synchronize(s.stream), "cudaStreamSynchronize"); };

  std::vector<Sample> out;
  const RunOptions& o = job.run;
  for (Op op : o.ops)
    for (std::size_t size : sweep_sizes(o)) {
      Layout l = layout_for(op, size, job.world, job.rank);
      const std::size_t total = std::max(l.send, l.recv);
      DeviceBuffer a(api, total), b(api, total);
      if (auto ok = s.cuda(a.rc() ? a.rc() : b.rc(), "cudaMalloc"); !ok) return ok.error();
      for (bool in_place : {false, true}) {
        const float* in = in_place ? b.get() + l.send_inplace : a.get();
        float* dst = in_place ? b.get() + l.recv_inplace : b.get();
        if (!in_place)
          for (int w = 0; w < o.warmup; ++w)
            if (auto ok = s.call(op, l, in, dst, o.root); !ok) return ok.error();
        if (auto ok = sync(); !ok) return ok.error();
        auto t0 = Clock::now();
        for (int it = 0; it < o.iters; ++it)
          if (auto ok = s.call(op, l, in, dst, o.root); !ok) return ok.error();
        if (auto ok = sync(); !ok) return ok.error();
        auto t1 = Clock::now();
        Sample smp{op,
                   l.bytes(),
                   l.count,
                   in_place,
                   std::chrono::duration<double, std::micro>(t1 - t0).count() / std::max(o.iters, 1),
                   -1};
        if (o.check) {
          std::vector<float> host(total, -1.0f);
          // Stale values must not pass: the whole receive side starts at -1, then the input.
          if (auto ok = s.cuda(api.cuda_memcpy(b.get(), host.data(), total * sizeof(float), k_cuda_h2d), "cudaMemcpy");
              !ok)
            return ok.error();
          for (std::size_t i = 0; i < l.send; ++i) host[i] = test_value(job.rank, i);
          if (auto ok = s.cuda(api.cuda_memcpy(const_cast<float*>(in), host.data(), l.send * sizeof(float), k_cuda_h2d),
                               "cudaMemcpy");
              !ok)
            return ok.error();
          if (auto ok = s.call(op, l, in, dst, o.root); !ok) return ok.error();
          if (auto ok = sync(); !ok) return ok.error();
          std::vector<float> got(l.recv);
          if (auto ok = s.cuda(api.cuda_memcpy(got.data(), dst, l.recv * sizeof(float), k_cuda_d2h), "cudaMemcpy"); !ok)
            return ok.error();
          long long wrong = 0;
          for (std::size_t i = 0; i < l.recv; ++i)
            if (got[i] != expected_value(op, l, job.world, job.rank, o.root, i)) ++wrong;
          smp.wrong = wrong;
        }
        out.push_back(smp);
      }
    }
  return out;
}

}  // namespace dd::bench
