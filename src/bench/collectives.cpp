#include "bench/collectives.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace dd::bench {

namespace {

std::span<const std::byte> bytes_of(const float* p, std::size_t n) {
  return {reinterpret_cast<const std::byte*>(p), n * sizeof(float)};
}
std::span<std::byte> bytes_of(float* p, std::size_t n) { return {reinterpret_cast<std::byte*>(p), n * sizeof(float)}; }

void copy_floats(float* dst, const float* src, std::size_t n) {
  if (dst != src && n) std::memmove(dst, src, n * sizeof(float));
}

// Block b of a ring over `count` elements split in `n` nearly equal parts.
struct Blocks {
  std::size_t count;
  int n;
  std::size_t begin(int b) const { return count * static_cast<std::size_t>(b) / static_cast<std::size_t>(n); }
  std::size_t size(int b) const { return begin(b + 1) - begin(b); }
};

// The ring step by step, for blocks smaller than a segment (a stream can only forward whole
// segments, so it needs every block to hold one): n - 1 transfers, each moving one block.
cluster::NetStatus reduce_scatter_steps(Mesh& mesh, const float* in, const Blocks& blocks, float* out_block,
                                        Scratch& scratch) {
  const int n = mesh.world(), r = mesh.rank();
  std::size_t largest = 0;
  for (int b = 0; b < n; ++b) largest = std::max(largest, blocks.size(b));
  scratch.reserve(2 * largest);
  const float* acc_prev = nullptr;  // the block reduced in the previous step (sent in this one)
  for (int s = 0; s < n - 1; ++s) {
    const int send_b = ring_mod(r - s - 1, n), recv_b = ring_mod(r - s - 2, n);
    const float* src = s == 0 ? in + blocks.begin(send_b) : acc_prev;
    float* landing = scratch.a.data() + (s % 2 == 0 ? 0 : largest);
    float* dst = s == n - 2 ? out_block : landing;
    const float* mine = in + blocks.begin(recv_b);
    SendOp send{ring_mod(r + 1, n), bytes_of(src, blocks.size(send_b))};
    RecvOp recv{ring_mod(r - 1, n), bytes_of(landing, blocks.size(recv_b)), [=](std::size_t off, std::size_t len) {
                  std::size_t i = off / sizeof(float);
                  add_floats(dst + i, mine + i, landing + i, len / sizeof(float));
                }};
    if (auto st = mesh.transfer({&send, 1}, {&recv, 1}); !st) return st;
    acc_prev = landing;
  }
  return cluster::Done{};
}

cluster::NetStatus all_gather_steps(Mesh& mesh, float* buf, const Blocks& blocks) {
  const int n = mesh.world(), r = mesh.rank();
  for (int s = 0; s < n - 1; ++s) {
    const int send_b = ring_mod(r - s, n), recv_b = ring_mod(r - s - 1, n);
    SendOp send{ring_mod(r + 1, n), bytes_of(buf + blocks.begin(send_b), blocks.size(send_b))};
    RecvOp recv{ring_mod(r - 1, n), bytes_of(buf + blocks.begin(recv_b), blocks.size(recv_b)), {}};
    if (auto st = mesh.transfer({&send, 1}, {&recv, 1}); !st) return st;
  }
  return cluster::Done{};
}

// Whether every block holds at least one segment: then a stream never waits on itself (a rank's
// segment j waits only on segments before j of its neighbour). The same answer on every rank.
bool streams(const Mesh& mesh, const Blocks& blocks) {
  return blocks.count / static_cast<std::size_t>(blocks.n) * sizeof(float) >= mesh.options().segment_bytes;
}

// Ring reduce-scatter over `blocks`: afterwards out_block (this rank's block `rank`) holds the sum
// of every rank's block `rank` of `in`. One transfer, pipelined across the ring's n - 1 steps: what
// this rank sends to the next one is a single stream (its own input block rank - 1, then each block
// it reduces, in step order), and what it receives from the previous one is the matching stream of
// n - 1 blocks (rank - 2, rank - 3, ..., rank). Both streams live in one work buffer
// [own block | received blocks], so the send stream is the buffer's prefix: a segment is reduced in
// place as it lands and forwarded as soon as it is (the send is gated on the receive's contiguous
// progress), with no wait at step boundaries. The last received block is reduced into out_block.
cluster::NetStatus ring_reduce_scatter(Mesh& mesh, const float* in, const Blocks& blocks, float* out_block,
                                       Scratch& scratch) {
  if (!streams(mesh, blocks)) return reduce_scatter_steps(mesh, in, blocks, out_block, scratch);
  const int n = mesh.world(), r = mesh.rank();
  const auto received_block = [&](int step) { return ring_mod(r - step - 2, n); };
  const int own = ring_mod(r - 1, n);
  std::vector<std::size_t> starts(static_cast<std::size_t>(n), 0);  // received block s at starts[s] (floats)
  for (int s = 0; s + 1 < n; ++s)
    starts[static_cast<std::size_t>(s) + 1] = starts[static_cast<std::size_t>(s)] + blocks.size(received_block(s));
  const std::size_t lead = blocks.size(own), total = starts.back();
  scratch.reserve(lead + total);
  float* work = scratch.a.data();
  float* stream = work + lead;
  copy_floats(work, in + blocks.begin(own), lead);
  const auto reduce = [&](std::size_t offset, std::size_t length) {
    std::size_t a = offset / sizeof(float);
    const std::size_t e = (offset + length) / sizeof(float);
    auto s = static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), a) - starts.begin()) - 1;
    for (; a < e; ++s) {
      const std::size_t stop = std::min(e, starts[s + 1]), i = a - starts[s];
      const bool last = s + 2 == starts.size();
      add_floats(last ? out_block + i : stream + a, in + blocks.begin(received_block(static_cast<int>(s))) + i,
                 stream + a, stop - a);
      a = stop;
    }
  };
  std::size_t arrived = 0;
  RecvOp recv{ring_mod(r - 1, n), bytes_of(stream, total), reduce, &arrived};
  SendOp send{ring_mod(r + 1, n), bytes_of(work, lead + starts[starts.size() - 2]), &arrived, lead * sizeof(float)};
  return mesh.transfer({&send, 1}, {&recv, 1});
}

// One part of the backward all-gather ring: send buf[send_from, send_to) to `to` while receiving
// buf[recv_from, recv_to) from `from`; byte k of the send may go once byte k - bias of the receive
// has arrived (bias: the own block in front of the forwarded ones). Empty ranges are left out.
cluster::NetStatus gather_part(Mesh& mesh, float* buf, int to, std::size_t send_from, std::size_t send_to, int from,
                               std::size_t recv_from, std::size_t recv_to, std::size_t bias) {
  std::size_t arrived = 0;
  SendOp send{to, bytes_of(buf + send_from, send_to - send_from), &arrived, bias * sizeof(float)};
  RecvOp recv{from, bytes_of(buf + recv_from, recv_to - recv_from), {}, &arrived};
  if (recv_to == recv_from) send.ready = nullptr;
  return mesh.transfer({&send, send_to > send_from ? 1u : 0u}, {&recv, recv_to > recv_from ? 1u : 0u});
}

// Ring all-gather in place over `buf` split in `blocks`: block `rank` is already there. The ring
// runs backwards (send to rank - 1, receive from rank + 1), so both streams ascend through buf:
// this rank sends blocks rank, rank + 1, ... and receives rank + 1, rank + 2, ..., forwarding each
// segment once it has arrived. The streams wrap once, at the end of buf: two pipelined transfers
// (up to the end, then from the start), and every send range equals its receiver's range.
cluster::NetStatus ring_all_gather(Mesh& mesh, float* buf, const Blocks& blocks) {
  if (!streams(mesh, blocks)) return all_gather_steps(mesh, buf, blocks);
  const int n = mesh.world(), r = mesh.rank();
  const int to = ring_mod(r - 1, n), from = ring_mod(r + 1, n);
  const std::size_t end = blocks.begin(n), own = blocks.begin(r), own_size = blocks.size(r);
  // Up to the end: send blocks r.. (n - 1 blocks in all: rank 0 stops before block n - 1),
  // receive blocks r + 1 .. n - 1.
  const std::size_t first_send_end = r == 0 ? blocks.begin(n - 1) : end;
  if (auto st = gather_part(mesh, buf, to, own, first_send_end, from, blocks.begin(r + 1), end, own_size); !st)
    return st;
  if (r == 0) return cluster::Done{};
  // From the start: receive blocks 0 .. r - 1, send blocks 0 .. r - 2 as they arrive.
  return gather_part(mesh, buf, to, 0, blocks.begin(r - 1), from, 0, own, 0);
}

}  // namespace

std::string_view to_string(Op op) {
  switch (op) {
    case Op::all_reduce:
      return "all_reduce";
    case Op::all_gather:
      return "all_gather";
    case Op::reduce_scatter:
      return "reduce_scatter";
    case Op::broadcast:
      return "broadcast";
    case Op::alltoall:
      return "alltoall";
    case Op::sendrecv:
      return "sendrecv";
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
  const int pos = ring_mod(r - root, n);  // place in the chain
  const int next = ring_mod(r + 1, n), prev = ring_mod(r - 1, n);
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
  SendOp send{ring_mod(r + 1, n), bytes_of(in, count)};
  RecvOp recv{ring_mod(r - 1, n), bytes_of(out, count), {}};
  return mesh.transfer({&send, 1}, {&recv, 1});
}

cluster::NetStatus barrier(Mesh& mesh) {
  std::vector<float> one(static_cast<std::size_t>(mesh.world()), 0.0f);
  float mine = static_cast<float>(mesh.rank());
  return all_gather(mesh, &mine, one.data(), 1);
}

}  // namespace dd::bench
