// Small TCP helpers over non-blocking sockets, each wait bounded by a Deadline: resolve, listen,
// connect, accept, and byte I/O over std::span. Failures are NetErrors naming syscall, errno and
// peer. This file is preflight's only contact with the socket API.
#pragma once

#include <sys/socket.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/deadline.hpp"
#include "os/unique_fd.hpp"
#include "transport/net_error.hpp"

namespace dd::cluster {

// A numeric socket address (IPv4 or IPv6, with scope id).
struct SockAddr {
  sockaddr_storage storage{};
  socklen_t len = 0;
  std::string to_string() const;  // "198.18.0.2:29400", "[fd00:18::2]:29400"
  std::string host() const;       // numeric address without port
  int port() const;
  bool is_v6() const;
};

// Numeric address + port (no DNS); error (protocol) when `addr` is not numeric.
NetResult<SockAddr> numeric_addr(const std::string& addr, int port, std::uint32_t scope_id = 0);

// getaddrinfo(host, AF_UNSPEC, SOCK_STREAM) in order; failure = unresolved.
NetResult<std::vector<SockAddr>> resolve(const std::string& host, int port);

// Segment size the rendezvous clamps its connections to (TCP_MAXSEG, both directions), so its own
// messages cross an MTU black hole that the probes are there to diagnose.
inline constexpr int k_safe_mss = 1200;

// A non-blocking listening socket bound to `addr` (SO_REUSEADDR; IPv6 wildcard also takes IPv4).
// `mss` > 0 clamps the segment size of accepted connections.
NetResult<os::UniqueFd> listen_on(const SockAddr& addr, int backlog = 512, int mss = 0);

// The bound address of a socket (for port 0 listeners).
NetResult<SockAddr> local_addr(int fd);

// The source address the kernel's routing picks for `to` (a UDP connect, which sends nothing): the
// address of the interface a connection to `to` leaves by.
NetResult<SockAddr> route_source(const SockAddr& to);

// Connects before `deadline`; returns a non-blocking connected socket. `mss` > 0 clamps the
// segment size (TCP_MAXSEG before connect).
NetResult<os::UniqueFd> connect_to(const SockAddr& addr, const core::Deadline& deadline, int mss = 0);

// Accepts one connection (non-blocking result) before `deadline`; failure timeout when none.
NetResult<os::UniqueFd> accept_one(int listen_fd, const core::Deadline& deadline, SockAddr* peer = nullptr);

// Writes/reads all of `bytes` before `deadline`. A peer that closes yields failure closed.
NetStatus write_all(int fd, std::span<const std::byte> bytes, const core::Deadline& deadline, const std::string& peer);
NetStatus read_exact(int fd, std::span<std::byte> bytes, const core::Deadline& deadline, const std::string& peer);

// Reads what is there now without waiting: the byte count (0 when nothing is available yet);
// failure closed when the peer has closed, or the recv error.
NetResult<std::size_t> read_some(int fd, std::span<std::byte> bytes, const std::string& peer);

// Waits until `fd` is readable (or closed) before `deadline`; false on timeout.
bool wait_readable(int fd, const core::Deadline& deadline);

// Kernel TCP statistics of a connected socket (TCP_INFO); zeros when unavailable.
struct TcpStats {
  std::uint32_t rtt_us = 0;       // smoothed round trip
  std::uint32_t min_rtt_us = 0;   // the least round trip the kernel has seen on this connection
  std::uint32_t retransmits = 0;  // total retransmitted segments
  std::uint32_t pmtu = 0;
  std::uint32_t snd_mss = 0;
  std::uint64_t bytes_acked = 0;  // payload bytes the peer acknowledged
};
TcpStats tcp_stats(int fd);

}  // namespace dd::cluster
