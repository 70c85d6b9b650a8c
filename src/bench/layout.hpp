// How nccl-tests sizes each collective for a requested byte size (checked against nccl-tests
// 2.19.6, src/<op>.cu *GetCollByteCount / *GetBw): the per-rank element count it passes to the
// collective, the send and receive element counts, the in-place offsets, the byte size its table
// prints (the larger of send and receive), and the bus-bandwidth factor applied to algbw.
#pragma once

#include <cstddef>

#include "bench/collectives.hpp"

namespace dd::bench {

struct Layout {
  std::size_t count = 0;         // elements passed to the collective ("count" column)
  std::size_t send = 0;          // elements of the send buffer
  std::size_t recv = 0;          // elements of the receive buffer
  std::size_t send_inplace = 0;  // in place: the send buffer starts this many elements into the receive buffer
  std::size_t recv_inplace = 0;  // in place: the receive buffer starts this many elements into the send buffer
  std::size_t bytes() const { return (send > recv ? send : recv) * sizeof(float); }  // the "size" column
};

Layout layout_for(Op op, std::size_t bytes, int world, int rank);

// busbw = algbw * factor: all_reduce 2(n-1)/n; all_gather, reduce_scatter, alltoall (n-1)/n;
// broadcast and sendrecv 1.
double busbw_factor(Op op, int world);

}  // namespace dd::bench
