// The six collectives of `distdoctor bench`, float32, on a Mesh (mesh.hpp), with nccl-tests'
// buffer conventions so in-place runs alias the way NCCL's do:
//   all_reduce      in[count] -> out[count], sum; ring reduce-scatter then ring all-gather
//   reduce_scatter  in[world*count] -> out[count] (block `rank`), sum; ring
//   all_gather      in[count] -> out[world*count] (block r from rank r); ring
//   broadcast       root's in[count] -> every out[count]; pipelined chain root, root+1, ...
//   alltoall        in[world*count] -> out[world*count]: block p of in goes to rank p, block q
//                   of out comes from rank q; all pairs at once
//   sendrecv        in[count] to rank+1, out[count] from rank-1
// The ring runs as one pipelined stream per direction, not n - 1 steps: reduce-scatter receives
// into a scratch buffer and reduces each segment as it lands (one pass: dst = input + received),
// forwarding it to the next rank as soon as it is reduced; all-gather forwards each segment as soon
// as it has arrived. All-gather and the other moves receive straight into the output.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "bench/mesh.hpp"
#include "os/linux_memory.hpp"

namespace dd::bench {

enum class Op { all_reduce, all_gather, reduce_scatter, broadcast, alltoall, sendrecv };

std::string_view to_string(Op op);

// Work space reused across calls: the ring's send/receive stream (about `count` floats), or an
// in-place input copied aside.
struct Scratch {
  std::vector<float> a;
  void reserve(std::size_t floats) { os::resize_huge(a, floats); }
};

// dst[i] = x[i] + y[i]; dst may be x or y. A plain loop the compiler vectorises.
void add_floats(float* dst, const float* x, const float* y, std::size_t n);

// Position `a` on a ring of `n` ranks (a may be negative): mod(-1, 4) == 3.
inline int ring_mod(int a, int n) { return ((a % n) + n) % n; }

cluster::NetStatus all_reduce(Mesh& mesh, const float* in, float* out, std::size_t count, Scratch& scratch);
cluster::NetStatus reduce_scatter(Mesh& mesh, const float* in, float* out, std::size_t count, Scratch& scratch);
cluster::NetStatus all_gather(Mesh& mesh, const float* in, float* out, std::size_t count);
cluster::NetStatus broadcast(Mesh& mesh, const float* in, float* out, std::size_t count, int root);
// In place (in == out), alltoall and sendrecv first copy the input aside into `scratch`.
cluster::NetStatus alltoall(Mesh& mesh, const float* in, float* out, std::size_t count, Scratch& scratch);
cluster::NetStatus sendrecv(Mesh& mesh, const float* in, float* out, std::size_t count, Scratch& scratch);

// Every rank has reached this call (a one-float ring all-gather).
cluster::NetStatus barrier(Mesh& mesh);

}  // namespace dd::bench
