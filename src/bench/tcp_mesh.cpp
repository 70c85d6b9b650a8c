#include "bench/tcp_mesh.hpp"

#include <fmt/format.h>

#include <cstring>

#include "transport/auth.hpp"
#include "transport/socket.hpp"

namespace dd::bench {

namespace {

constexpr char k_magic[8] = {'D', 'D', 'B', 'E', 'N', 'C', 'H', '1'};
constexpr std::size_t k_hello = 8 + 4 + 4 + cluster::k_proof_bytes;

void put_u32(std::byte* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::byte>((v >> (24 - 8 * i)) & 0xff);
}
std::uint32_t get_u32(const std::byte* p) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<std::uint32_t>(p[i]);
  return v;
}

cluster::Mac hello_mac(const std::string& token, const std::string& session, int rank, int index) {
  return cluster::hmac_sha256(token, fmt::format("bench:{}:{}:{}", session, rank, index));
}

}  // namespace

std::vector<std::byte> hello_bytes(const std::string& token, const std::string& session, int rank, int index) {
  std::vector<std::byte> out(k_hello);
  std::memcpy(out.data(), k_magic, 8);
  put_u32(out.data() + 8, static_cast<std::uint32_t>(rank));
  put_u32(out.data() + 12, static_cast<std::uint32_t>(index));
  auto mac = hello_mac(token, session, rank, index);
  std::memcpy(out.data() + 16, mac.data(), mac.size());
  return out;
}

cluster::NetResult<Mesh> connect_mesh(int rank, const std::vector<PeerAddress>& peers, int listen_fd, int sockets,
                                      const std::string& token, const std::string& session, MeshOptions options,
                                      const core::Deadline& deadline, const cluster::Log& log, int* failed_peer) {
  const int world = static_cast<int>(peers.size());
  std::vector<std::vector<os::UniqueFd>> socks(peers.size());
  std::vector<std::string> names(peers.size());
  for (const auto& p : peers) names[static_cast<std::size_t>(p.rank)] = cluster::host_port(p.addr, p.port);
  auto fail = [&](cluster::NetError e, int peer) {
    if (failed_peer) *failed_peer = peer;
    return e;
  };
  // Lower ranks: we connect (their listen backlog holds us until they accept).
  for (int p = 0; p < rank; ++p) {
    const auto& pa = peers[static_cast<std::size_t>(p)];
    auto addr = cluster::numeric_addr(pa.addr, pa.port);
    if (!addr) return fail(addr.error(), p);
    for (int k = 0; k < sockets; ++k) {
      auto fd = cluster::connect_to(*addr, deadline);
      if (!fd) return fail(fd.error(), p);
      auto hello = hello_bytes(token, session, rank, k);
      if (auto st = cluster::write_all(fd->get(), hello, deadline, addr->to_string()); !st) return fail(st.error(), p);
      socks[static_cast<std::size_t>(p)].push_back(std::move(fd.value()));
    }
  }
  // Higher ranks: we accept, and keep only hellos that prove this job's token and session.
  int expected = (world - 1 - rank) * sockets;
  std::vector<std::vector<os::UniqueFd>> slots(peers.size());
  for (auto& s : slots) s.resize(static_cast<std::size_t>(sockets));
  while (expected > 0) {
    cluster::SockAddr from;
    auto fd = cluster::accept_one(listen_fd, deadline, &from);
    if (!fd) {
      int missing = -1;
      for (int p = world - 1; p > rank && missing < 0; --p)
        for (const auto& s : slots[static_cast<std::size_t>(p)])
          if (!s.valid()) missing = p;
      return fail(fd.error(), missing);
    }
    std::vector<std::byte> hello(k_hello);
    core::Deadline hello_deadline(std::min(deadline.remaining(), std::chrono::milliseconds(5000)));
    if (auto st = cluster::read_exact(fd->get(), hello, hello_deadline, from.to_string()); !st) {
      if (log) log(fmt::format("bench: dropped {}: {}", from.to_string(), st.error().describe()));
      continue;
    }
    int r = static_cast<int>(get_u32(hello.data() + 8));
    int k = static_cast<int>(get_u32(hello.data() + 12));
    bool known = std::memcmp(hello.data(), k_magic, 8) == 0 && r > rank && r < world && k >= 0 && k < sockets;
    cluster::Mac got{};
    std::memcpy(got.data(), hello.data() + 16, got.size());
    if (!known || !cluster::same_mac(got, hello_mac(token, session, r, k)) ||
        slots[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)].valid()) {
      if (log) log(fmt::format("bench: dropped {}: not a data connection of this job", from.to_string()));
      continue;
    }
    slots[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)] = std::move(fd.value());
    --expected;
  }
  for (int p = rank + 1; p < world; ++p)
    socks[static_cast<std::size_t>(p)] = std::move(slots[static_cast<std::size_t>(p)]);
  return Mesh(rank, world, std::move(socks), options, std::move(names));
}

}  // namespace dd::bench
