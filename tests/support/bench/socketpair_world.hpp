// Test-only: a world of `world` meshes joined by socketpairs (one thread per rank), so collectives
// run without a rendezvous or TCP; empty when socketpair(2) fails.
#pragma once

#include <sys/socket.h>

#include <vector>

#include "bench/mesh.hpp"

namespace dd::bench {

inline std::vector<Mesh> socketpair_world(int world, int sockets_per_peer, MeshOptions options) {
  std::vector<std::vector<std::vector<os::UniqueFd>>> socks(static_cast<std::size_t>(world));
  for (auto& s : socks) s.resize(static_cast<std::size_t>(world));
  for (int a = 0; a < world; ++a)
    for (int b = a + 1; b < world; ++b)
      for (int k = 0; k < sockets_per_peer; ++k) {
        int sv[2];
        if (::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return {};
        socks[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)].emplace_back(sv[0]);
        socks[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)].emplace_back(sv[1]);
      }
  std::vector<Mesh> out;
  for (int r = 0; r < world; ++r) out.emplace_back(r, world, std::move(socks[static_cast<std::size_t>(r)]), options);
  return out;
}

}  // namespace dd::bench
