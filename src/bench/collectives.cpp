#include "bench/collectives.hpp"

#include <cstring>

namespace dd::bench {

namespace {

std::span<const std::byte> bytes_of(const float* p, std::size_t n) {
  return {reinterpret_cast<const std::byte*>(p), n * sizeof(float)};
}
std::span<std::byte> bytes_of(float* p, std::size_t n) { return {reinterpret_cast<std::byte*>(p), n * sizeof(float)}; }

int mod(int a, int n) { return ((a % n) + n) % n; }

// Block b of a ring over `count` elements split in `n` nearly equal parts.
struct Blocks {
  std::size_t count;
  int n;
  std::size_t begin(int b) const { return count * static_cast<std::size_t>(b) / static_cast<std::size_t>(n); }
  std::size_t size(int b) const { return begin(b + 1) - begin(b); }
};

// Ring reduce-scatter over `blocks`: afterwards out_block (this rank's block `rank`) holds the sum
// of every rank's block `rank` of `in`. in_base/out_base index blocks; out_block points at the
// destination of this rank's block.
cluster::NetStatus ring_reduce_scatter(Mesh& mesh, const float* in, const Blocks& blocks, float* out_block,
                                       Scratch& scratch) {
  const int n = mesh.world(), r = mesh.rank();
  const int next = mod(r + 1, n), prev = mod(r - 1, n);
  std::size_t largest = 0;
  for (int b = 0; b < n; ++b) largest = std::max(largest, blocks.size(b));
  scratch.reserve(largest);
  float* acc_prev = nullptr;  // the block reduced in the previous step (sent in this one)
  for (int s = 0; s < n - 1; ++s) {
    const int send_b = mod(r - s - 1, n), recv_b = mod(r - s - 2, n);
    const float* src = s == 0 ? in + blocks.begin(send_b) : acc_prev;
    float* landing = (s % 2 == 0) ? scratch.a.data() : scratch.b.data();
    const bool last = s == n - 2;
    float* dst = last ? out_block : landing;
    const float* mine = in + blocks.begin(recv_b);
    SendOp send{next, bytes_of(src, blocks.size(send_b))};
    RecvOp recv{prev, bytes_of(landing, blocks.size(recv_b)),
                [=](std::size_t off, std::size_t len) {
                  std::size_t i = off / sizeof(float);
                  add_floats(dst + i, mine + i, landing + i, len / sizeof(float));
                }};
    if (auto st = mesh.transfer({&send, 1}, {&recv, 1}); !st) return st;
    acc_prev = landing;
  }
  return cluster::Done{};
}

// Ring all-gather in place over `buf` split in `blocks`: block `rank` is already there.
cluster::NetStatus ring_all_gather(Mesh& mesh, float* buf, const Blocks& blocks) {
  const int n = mesh.world(), r = mesh.rank();
  const int next = mod(r + 1, n), prev = mod(r - 1, n);
  for (int s = 0; s < n - 1; ++s) {
    const int send_b = mod(r - s, n), recv_b = mod(r - s - 1, n);
    SendOp send{next, bytes_of(buf + blocks.begin(send_b), blocks.size(send_b))};
    RecvOp recv{prev, bytes_of(buf + blocks.begin(recv_b), blocks.size(recv_b)), {}};
    if (auto st = mesh.transfer({&send, 1}, {&recv, 1}); !st) return st;
  }
  return cluster::Done{};
}

void copy_floats(float* dst, const float* src, std::size_t n) {
  if (dst != src && n) std::memmove(dst, src, n * sizeof(float));
}

}  // namespace

std::string_view to_string(Op op) {
  switch (op) {
    case Op::all_reduce: return "all_reduce";
    case Op::all_gather: return "all_gather";
    case Op::reduce_scatter: return "reduce_scatter";
    case Op::broadcast: return "broadcast";
    case Op::alltoall: return "alltoall";
    case Op::sendrecv: return "sendrecv";
  }
  return "?";
}

void add_floats(float* dst, const float* x, const float* y, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) dst[i] = x[i] + y[i];
}

cluster::NetStatus all_reduce(Mesh& mesh, const float* in, float* out, std::size_t count, Scratch& scratch) {
  if (mesh.world() == 1) {
    copy_floats(out, in, count);
    return cluster::Done{};
  }
  Blocks blocks{count, mesh.world()};
  if (auto st = ring_reduce_scatter(mesh, in, blocks, out + blocks.begin(mesh.rank()), scratch); !st) return st;
  return ring_all_gather(mesh, out, blocks);
}

cluster::NetStatus reduce_scatter(Mesh& mesh, const float* in, float* out, std::size_t count, Scratch& scratch) {
  const int n = mesh.world();
  if (n == 1) {
    copy_floats(out, in, count);
    return cluster::Done{};
  }
  Blocks blocks{count * static_cast<std::size_t>(n), n};
  return ring_reduce_scatter(mesh, in, blocks, out, scratch);
}

cluster::NetStatus all_gather(Mesh& mesh, const float* in, float* out, std::size_t count) {
  const int n = mesh.world();
  Blocks blocks{count * static_cast<std::size_t>(n), n};
  copy_floats(out + blocks.begin(mesh.rank()), in, count);
  if (n == 1) return cluster::Done{};
  return ring_all_gather(mesh, out, blocks);
}

cluster::NetStatus broadcast(Mesh& mesh, const float* in, float* out, std::size_t count, int root) {
  const int n = mesh.world(), r = mesh.rank();
  const int pos = mod(r - root, n);  // place in the chain
  const int next = mod(r + 1, n), prev = mod(r - 1, n);
  if (pos == 0) {
    copy_floats(out, in, count);
    if (n == 1) return cluster::Done{};
    SendOp send{next, bytes_of(in, count)};
    return mesh.transfer({&send, 1}, {});
  }
  std::size_t arrived = 0;
  RecvOp recv{prev, bytes_of(out, count), {}, &arrived};
  if (pos == n - 1) return mesh.transfer({}, {&recv, 1});
  SendOp send{next, bytes_of(out, count), &arrived};  // forward each segment once it is complete
  return mesh.transfer({&send, 1}, {&recv, 1});
}

// The input, or a copy of it when the call is in place (sending and receiving one buffer).
static const float* staged(const float* in, const float* out, std::size_t n, Scratch& scratch) {
  if (in != out) return in;
  scratch.reserve(n);
  std::memcpy(scratch.a.data(), in, n * sizeof(float));
  return scratch.a.data();
}

cluster::NetStatus alltoall(Mesh& mesh, const float* in, float* out, std::size_t count, Scratch& scratch) {
  const int n = mesh.world(), r = mesh.rank();
  in = staged(in, out, count * static_cast<std::size_t>(n), scratch);
  const auto block = [&](int p) { return count * static_cast<std::size_t>(p); };
  copy_floats(out + block(r), in + block(r), count);
  std::vector<SendOp> sends;
  std::vector<RecvOp> recvs;
  for (int p = 0; p < n; ++p) {
    if (p == r) continue;
    sends.push_back(SendOp{p, bytes_of(in + block(p), count)});
    recvs.push_back(RecvOp{p, bytes_of(out + block(p), count), {}});
  }
  return mesh.transfer(sends, recvs);
}

cluster::NetStatus sendrecv(Mesh& mesh, const float* in, float* out, std::size_t count, Scratch& scratch) {
  const int n = mesh.world(), r = mesh.rank();
  if (n == 1) {
    copy_floats(out, in, count);
    return cluster::Done{};
  }
  in = staged(in, out, count, scratch);
  SendOp send{mod(r + 1, n), bytes_of(in, count)};
  RecvOp recv{mod(r - 1, n), bytes_of(out, count), {}};
  return mesh.transfer({&send, 1}, {&recv, 1});
}

cluster::NetStatus barrier(Mesh& mesh) {
  std::vector<float> one(static_cast<std::size_t>(mesh.world()), 0.0f);
  float mine = static_cast<float>(mesh.rank());
  return all_gather(mesh, &mine, one.data(), 1);
}

}  // namespace dd::bench
