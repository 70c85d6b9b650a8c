// Mesh: this rank's data connections to every other rank of a bench world (several TCP sockets
// per peer), and transfer(), the one engine every collective runs on.
//
// transfer() moves a set of sends and receives at once, in one thread, over non-blocking sockets
// and poll(2). Each op's bytes are cut into segments of `segment_bytes`; segment j travels on
// socket j % sockets of that peer, so both ends know where each byte goes without a header, and
// the sockets of a peer share its load. Bytes go straight from the caller's buffer to the kernel
// and from the kernel into the caller's buffer (no staging copy). A receive reports each segment
// as it completes (a reduction runs on it while later segments are still on the wire), and a send
// may be gated by a receive's contiguous progress (a pipeline: forward what has arrived).
//
// With `threads` > 1 the sockets of every peer are split into that many groups (socket l to group
// l % threads, like NCCL_SOCKET_NTHREADS helper threads each owning NCCL_NSOCKS_PERTHREAD
// sockets), each served by its own thread for the length of the transfer; receive callbacks then
// run on those threads (on disjoint segments), and a gated send sees the receive's progress only
// after that segment's callback returned.
//
// Failure: a peer that closes, resets, or moves no byte for `stall` fails the transfer; the error
// names that peer's rank (failed_peer()).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/deadline.hpp"
#include "os/unique_fd.hpp"
#include "transport/net_error.hpp"

namespace dd::bench {

struct SendOp {
  int peer = -1;
  std::span<const std::byte> data;
  // Bytes of `data` that may be sent (a contiguous prefix): *ready + ready_bias, where *ready is
  // updated by a RecvOp of the same transfer (a stream that forwards what it receives, after
  // `ready_bias` bytes of its own); null: all of it.
  const std::size_t* ready = nullptr;
  std::size_t ready_bias = 0;
};

struct RecvOp {
  int peer = -1;
  std::span<std::byte> data;
  // Called once per completed segment (offset and length within `data`); may be empty.
  std::function<void(std::size_t offset, std::size_t length)> on_segment;
  // Receives the length of the contiguous prefix of `data` that has arrived; may be null.
  std::size_t* ready_out = nullptr;
};

struct MeshOptions {
  std::size_t segment_bytes = 512 * 1024;  // a multiple of 4 (float32 segments)
  std::chrono::milliseconds stall{20000};  // no byte moved on a pending op for this long: failure
  int threads = 1;                         // socket groups, one thread each (clamped to the sockets)
};

class Mesh {
 public:
  // `sockets[p]` holds the connected sockets to peer p (empty for p == rank); every peer must
  // have the same number, at least one. The sockets are switched to non-blocking.
  Mesh(int rank, int world, std::vector<std::vector<os::UniqueFd>> sockets, MeshOptions options,
       std::vector<std::string> peer_names = {});

  int rank() const { return rank_; }
  int world() const { return world_; }
  int sockets_per_peer() const { return per_peer_; }  // in use (see reshape)
  int sockets_opened() const { return opened_; }
  const MeshOptions& options() const { return options_; }

  // Runs every op to completion. At most one send and one receive per peer. On failure the
  // NetError's peer names the rank ("rank 2 (198.18.0.3:40000)") and failed_peer() returns it.
  cluster::NetStatus transfer(std::span<SendOp> sends, std::span<RecvOp> recvs);

  // Later transfers use the first `sockets` connections of every peer (1..sockets_opened()),
  // `threads` socket groups and `segment_bytes` segments. Every rank must reshape alike between
  // the same two transfers (--tune does, in lockstep).
  void reshape(int sockets, int threads, std::size_t segment_bytes);

  int failed_peer() const { return failed_peer_; }
  std::string peer_name(int peer) const;

  // Closes every socket: peers blocked on this rank fail at once instead of at their stall limit.
  void shut_down();

 private:
  int rank_;
  int world_;
  int per_peer_ = 0;
  int opened_ = 0;
  std::vector<std::vector<os::UniqueFd>> sockets_;
  MeshOptions options_;
  std::vector<std::string> names_;
  int failed_peer_ = -1;
};

}  // namespace dd::bench
