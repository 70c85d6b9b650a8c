#include "transport/socket.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace dd::cluster {

namespace {

sockaddr* sa(SockAddr& a) { return reinterpret_cast<sockaddr*>(&a.storage); }
const sockaddr* sa(const SockAddr& a) { return reinterpret_cast<const sockaddr*>(&a.storage); }

bool set_nonblocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL, 0);
  return flags >= 0 && ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

// poll one fd for `events`; 1 ready, 0 timeout, -1 error (errno set).
int poll_one(int fd, short events, const core::Deadline& deadline) {
  for (;;) {
    pollfd p{fd, events, 0};
    int n = ::poll(&p, 1, deadline.poll_ms());
    if (n < 0 && errno == EINTR) continue;
    return n;
  }
}

}  // namespace

std::string SockAddr::host() const {
  char buf[INET6_ADDRSTRLEN] = {};
  if (storage.ss_family == AF_INET) {
    ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(&storage)->sin_addr, buf, sizeof buf);
  } else if (storage.ss_family == AF_INET6) {
    ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(&storage)->sin6_addr, buf, sizeof buf);
  }
  return buf;
}

int SockAddr::port() const {
  if (storage.ss_family == AF_INET) return ntohs(reinterpret_cast<const sockaddr_in*>(&storage)->sin_port);
  if (storage.ss_family == AF_INET6) return ntohs(reinterpret_cast<const sockaddr_in6*>(&storage)->sin6_port);
  return 0;
}

bool SockAddr::is_v6() const { return storage.ss_family == AF_INET6; }

std::string SockAddr::to_string() const {
  return is_v6() ? fmt::format("[{}]:{}", host(), port()) : fmt::format("{}:{}", host(), port());
}

NetResult<SockAddr> numeric_addr(const std::string& addr, int port, std::uint32_t scope_id) {
  SockAddr out;
  auto p = static_cast<std::uint16_t>(port);
  auto* v4 = reinterpret_cast<sockaddr_in*>(&out.storage);
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&out.storage);
  if (::inet_pton(AF_INET, addr.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(p);
    out.len = sizeof(sockaddr_in);
    return out;
  }
  if (::inet_pton(AF_INET6, addr.c_str(), &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(p);
    v6->sin6_scope_id = scope_id;
    out.len = sizeof(sockaddr_in6);
    return out;
  }
  return NetError{NetFailure::protocol, "inet_pton", 0, addr, "not a numeric address"};
}

NetResult<std::vector<SockAddr>> resolve(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  std::string service = std::to_string(port);
  int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &res);
  if (rc != 0) return NetError{NetFailure::unresolved, "getaddrinfo", 0, host, ::gai_strerror(rc)};
  std::vector<SockAddr> out;
  for (addrinfo* ai = res; ai; ai = ai->ai_next) {
    SockAddr a;
    std::memcpy(&a.storage, ai->ai_addr, ai->ai_addrlen);
    a.len = ai->ai_addrlen;
    out.push_back(a);
  }
  ::freeaddrinfo(res);
  if (out.empty()) return NetError{NetFailure::unresolved, "getaddrinfo", 0, host, "no addresses"};
  return out;
}

NetResult<os::UniqueFd> listen_on(const SockAddr& addr, int backlog, int mss) {
  os::UniqueFd fd(::socket(addr.storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!fd.valid()) return errno_error("socket", errno, addr.to_string());
  int one = 1, zero = 0;
  ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (addr.is_v6()) ::setsockopt(fd.get(), IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
  if (mss > 0) ::setsockopt(fd.get(), IPPROTO_TCP, TCP_MAXSEG, &mss, sizeof mss);
  if (::bind(fd.get(), sa(addr), addr.len) != 0) return errno_error("bind", errno, addr.to_string());
  if (::listen(fd.get(), backlog) != 0) return errno_error("listen", errno, addr.to_string());
  if (!set_nonblocking(fd.get())) return errno_error("fcntl", errno, addr.to_string());
  return fd;
}

NetResult<SockAddr> local_addr(int fd) {
  SockAddr a;
  a.len = sizeof a.storage;
  if (::getsockname(fd, sa(a), &a.len) != 0) return errno_error("getsockname", errno, "");
  return a;
}

NetResult<SockAddr> route_source(const SockAddr& to) {
  os::UniqueFd fd(::socket(to.storage.ss_family, SOCK_DGRAM | SOCK_CLOEXEC, 0));
  if (!fd.valid()) return errno_error("socket", errno, to.to_string());
  // a datagram socket's connect sends nothing: the kernel picks the route and the source address
  if (::connect(fd.get(), sa(to), to.len) != 0) return errno_error("connect", errno, to.to_string());
  return local_addr(fd.get());
}

NetResult<os::UniqueFd> connect_to(const SockAddr& addr, const core::Deadline& deadline, int mss) {
  std::string peer = addr.to_string();
  os::UniqueFd fd(::socket(addr.storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
  if (!fd.valid()) return errno_error("socket", errno, peer);
  int one = 1;
  ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (mss > 0) ::setsockopt(fd.get(), IPPROTO_TCP, TCP_MAXSEG, &mss, sizeof mss);
  if (::connect(fd.get(), sa(addr), addr.len) == 0) return fd;
  if (errno != EINPROGRESS) return errno_error("connect", errno, peer);
  int n = poll_one(fd.get(), POLLOUT, deadline);
  if (n == 0) return NetError{NetFailure::timeout, "connect", 0, peer, "no answer before the deadline"};
  if (n < 0) return errno_error("poll", errno, peer);
  int err = 0;
  socklen_t len = sizeof err;
  ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &err, &len);
  if (err != 0) return errno_error("connect", err, peer);
  return fd;
}

NetResult<os::UniqueFd> accept_one(int listen_fd, const core::Deadline& deadline, SockAddr* peer) {
  for (;;) {
    SockAddr a;
    a.len = sizeof a.storage;
    int fd = ::accept4(listen_fd, sa(a), &a.len, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (fd >= 0) {
      if (peer) *peer = a;
      int one = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      return os::UniqueFd(fd);
    }
    if (errno == EINTR || errno == ECONNABORTED) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return errno_error("accept", errno, "");
    int n = poll_one(listen_fd, POLLIN, deadline);
    if (n == 0) return NetError{NetFailure::timeout, "accept", 0, "", "nobody connected before the deadline"};
    if (n < 0) return errno_error("poll", errno, "");
  }
}

NetStatus write_all(int fd, std::span<const std::byte> bytes, const core::Deadline& deadline, const std::string& peer) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return errno_error("send", errno, peer);
    int r = poll_one(fd, POLLOUT, deadline);
    if (r == 0)
      return NetError{NetFailure::timeout, "send", 0, peer,
                      fmt::format("stalled after {} of {} bytes", done, bytes.size())};
    if (r < 0) return errno_error("poll", errno, peer);
  }
  return Done{};
}

NetResult<std::size_t> read_some(int fd, std::span<std::byte> bytes, const std::string& peer) {
  if (bytes.empty()) return std::size_t{0};
  for (;;) {
    ssize_t n = ::recv(fd, bytes.data(), bytes.size(), MSG_DONTWAIT);
    if (n > 0) return static_cast<std::size_t>(n);
    if (n == 0) return NetError{NetFailure::closed, "recv", 0, peer, "peer closed the connection"};
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return std::size_t{0};
    return errno_error("recv", errno, peer);
  }
}

NetStatus read_exact(int fd, std::span<std::byte> bytes, const core::Deadline& deadline, const std::string& peer) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::recv(fd, bytes.data() + done, bytes.size() - done, 0);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n == 0)
      return NetError{NetFailure::closed, "recv", 0, peer,
                      fmt::format("peer closed after {} of {} bytes", done, bytes.size())};
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return errno_error("recv", errno, peer);
    int r = poll_one(fd, POLLIN, deadline);
    if (r == 0)
      return NetError{NetFailure::timeout, "recv", 0, peer,
                      fmt::format("got {} of {} bytes before the deadline", done, bytes.size())};
    if (r < 0) return errno_error("poll", errno, peer);
  }
  return Done{};
}

bool wait_readable(int fd, const core::Deadline& deadline) { return poll_one(fd, POLLIN, deadline) > 0; }

}  // namespace dd::cluster
