// Building a Mesh over TCP. Every rank listens on its data address (before the rendezvous, so the
// port can be announced); rank r then connects `sockets` times to every lower rank and accepts
// `sockets` connections from every higher one. Each connection opens with a 48-byte hello:
// "DDBENCH1", the sender's rank and socket index (u32 big-endian), and HMAC-SHA256(token,
// "bench:<session>:<rank>:<index>"), where the session nonce comes from rank 0's plan: a
// connection without this job's token, or replayed from another run, is closed and ignored.
#pragma once

#include <string>
#include <vector>

#include "bench/mesh.hpp"
#include "transport/rendezvous.hpp"

namespace dd::bench {

struct PeerAddress {
  int rank = -1;
  std::string addr;  // numeric
  int port = 0;
  std::string host;
};

// The hello a rank sends on socket `index` (pure; tests).
std::vector<std::byte> hello_bytes(const std::string& token, const std::string& session, int rank, int index);

// Connects the mesh before `deadline`. `peers` holds every rank (its own entry included). On
// failure `*failed_peer` names the rank that could not be reached or never connected.
cluster::NetResult<Mesh> connect_mesh(int rank, const std::vector<PeerAddress>& peers, int listen_fd, int sockets,
                                      const std::string& token, const std::string& session, MeshOptions options,
                                      const core::Deadline& deadline, const cluster::Log& log, int* failed_peer);

}  // namespace dd::bench
