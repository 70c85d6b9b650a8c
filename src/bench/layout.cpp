#include "bench/layout.hpp"

namespace dd::bench {

Layout layout_for(Op op, std::size_t bytes, int world, int rank) {
  const std::size_t count = bytes / sizeof(float);
  const auto n = static_cast<std::size_t>(world);
  const auto r = static_cast<std::size_t>(rank);
  // nccl-tests rounds the per-rank part down to 16 bytes (4 floats).
  const std::size_t base = (count / n) & ~static_cast<std::size_t>(3);
  Layout l;
  switch (op) {
    case Op::all_reduce:
    case Op::broadcast:
    case Op::sendrecv:
      l = {count, count, count, 0, 0};
      break;
    case Op::all_gather:
      l = {base, base, base * n, base * r, 0};
      break;
    case Op::reduce_scatter:
      l = {base, base * n, base, 0, base * r};
      break;
    case Op::alltoall:
      l = {base, base * n, base * n, 0, 0};
      break;
  }
  return l;
}

double busbw_factor(Op op, int world) {
  const double n = world;
  switch (op) {
    case Op::all_reduce:
      return 2.0 * (n - 1) / n;
    case Op::all_gather:
    case Op::reduce_scatter:
    case Op::alltoall:
      return (n - 1) / n;
    case Op::broadcast:
    case Op::sendrecv:
      return 1.0;
  }
  return 1.0;
}

}  // namespace dd::bench
