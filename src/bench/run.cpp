#include "bench/run.hpp"

#include <algorithm>
#include <chrono>

#include "bench/collectives.hpp"
#include "os/linux_memory.hpp"

namespace dd::bench {

namespace {

using Clock = std::chrono::steady_clock;

// Buffers of one call: send and receive pointers into `store` per nccl-tests' in-place rules.
struct Buffers {
  std::vector<float> send_store, recv_store;
  const float* in = nullptr;
  float* out = nullptr;

  void prepare(const Layout& l, bool in_place) {
    if (in_place) {
      std::size_t total = l.send > l.recv ? l.send : l.recv;
      os::resize_huge(recv_store, total);
      // all_gather: the send part sits inside the receive buffer; reduce_scatter: the receive
      // part sits inside the send buffer.
      float* base = recv_store.data();
      in = base + l.send_inplace;
      out = base + l.recv_inplace;
    } else {
      os::resize_huge(send_store, l.send);
      os::resize_huge(recv_store, l.recv);
      in = send_store.data();
      out = recv_store.data();
    }
  }
  float* writable_in() { return const_cast<float*>(in); }
};

cluster::NetStatus call(Mesh& mesh, Op op, const Layout& l, const Buffers& b, int root, Scratch& scratch) {
  switch (op) {
    case Op::all_reduce:
      return all_reduce(mesh, b.in, b.out, l.count, scratch);
    case Op::all_gather:
      return all_gather(mesh, b.in, b.out, l.count);
    case Op::reduce_scatter:
      return reduce_scatter(mesh, b.in, b.out, l.count, scratch);
    case Op::broadcast:
      return broadcast(mesh, b.in, b.out, l.count, root);
    case Op::alltoall:
      return alltoall(mesh, b.in, b.out, l.count, scratch);
    case Op::sendrecv:
      return sendrecv(mesh, b.in, b.out, l.count, scratch);
  }
  return cluster::Done{};
}

float expected(Op op, const Layout& l, int n, int r, int root, std::size_t i) {
  switch (op) {
    case Op::all_reduce: {
      float s = 0;
      for (int q = 0; q < n; ++q) s += test_value(q, i);
      return s;
    }
    case Op::reduce_scatter: {
      float s = 0;
      for (int q = 0; q < n; ++q) s += test_value(q, static_cast<std::size_t>(r) * l.count + i);
      return s;
    }
    case Op::all_gather:
      return test_value(static_cast<int>(i / l.count), i % l.count);
    case Op::broadcast:
      return test_value(root, i);
    case Op::alltoall:
      return test_value(static_cast<int>(i / l.count), static_cast<std::size_t>(r) * l.count + i % l.count);
    case Op::sendrecv:
      return test_value(ring_mod(r - 1, n), i);
  }
  return 0;
}

}  // namespace

float expected_value(Op op, const Layout& l, int world, int rank, int root, std::size_t index) {
  return expected(op, l, world, rank, root, index);
}

float test_value(int src, std::size_t index) {
  return static_cast<float>((index * 7 + static_cast<std::size_t>(src) * 13) % 31);
}

std::vector<std::size_t> sweep_sizes(const RunOptions& o) {
  std::vector<std::size_t> out;
  for (std::size_t s = o.min_bytes; s <= o.max_bytes; s *= o.factor) {
    out.push_back(s);
    if (o.factor < 2 || s > o.max_bytes / o.factor) break;
  }
  return out;
}

cluster::NetResult<long long> check_once(Mesh& mesh, Op op, std::size_t bytes, bool in_place, int root,
                                         Scratch& scratch) {
  const int n = mesh.world(), r = mesh.rank();
  Layout l = layout_for(op, bytes, n, r);
  Buffers b;
  b.prepare(l, in_place);
  std::fill(b.recv_store.begin(), b.recv_store.end(), -1.0f);  // stale values must not pass
  float* in = b.writable_in();
  for (std::size_t i = 0; i < l.send; ++i) in[i] = test_value(r, i);
  if (auto st = call(mesh, op, l, b, root, scratch); !st) return st.error();
  long long wrong = 0;
  for (std::size_t i = 0; i < l.recv; ++i)
    if (b.out[i] != expected(op, l, n, r, root, i)) ++wrong;
  return wrong;
}

cluster::NetResult<std::vector<Sample>> run_sweep(Mesh& mesh, const RunOptions& o,
                                                  const std::function<void(const Sample&)>& progress) {
  std::vector<Sample> out;
  Scratch scratch;
  Buffers b;
  for (Op op : o.ops) {
    for (std::size_t size : sweep_sizes(o)) {
      Layout l = layout_for(op, size, mesh.world(), mesh.rank());
      for (bool in_place : {false, true}) {
        b.prepare(l, in_place);
        if (!in_place)
          for (int w = 0; w < o.warmup; ++w)
            if (auto st = call(mesh, op, l, b, o.root, scratch); !st) return st.error();
        if (auto st = barrier(mesh); !st) return st.error();
        auto t0 = Clock::now();
        for (int it = 0; it < o.iters; ++it)
          if (auto st = call(mesh, op, l, b, o.root, scratch); !st) return st.error();
        auto t1 = Clock::now();
        Sample s{op,
                 l.bytes(),
                 l.count,
                 in_place,
                 std::chrono::duration<double, std::micro>(t1 - t0).count() / std::max(o.iters, 1),
                 -1};
        if (o.check) {
          auto wrong = check_once(mesh, op, size, in_place, o.root, scratch);
          if (!wrong) return wrong.error();
          s.wrong = *wrong;
        }
        out.push_back(s);
        if (progress) progress(s);
      }
    }
  }
  if (auto st = barrier(mesh); !st) return st.error();
  return out;
}

}  // namespace dd::bench
