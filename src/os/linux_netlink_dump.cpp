#include <poll.h>
#include <sys/socket.h>

#include <cstring>
#include <vector>

#include "os/netlink_dump.hpp"

namespace dd::os {

UniqueFd open_netlink(int protocol) { return UniqueFd(::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, protocol)); }

bool netlink_dump(int fd, const void* req, std::size_t len, const NetlinkMessageFn& fn,
                  const core::Deadline& deadline) {
  sockaddr_nl kernel{};
  kernel.nl_family = AF_NETLINK;
  if (::sendto(fd, req, len, 0, reinterpret_cast<const sockaddr*>(&kernel), sizeof kernel) < 0) return false;
  return read_netlink_dump(fd, fn, deadline);
}

bool read_netlink_dump(int fd, const NetlinkMessageFn& fn, const core::Deadline& deadline) {
  std::vector<char> buf(64 * 1024);
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, deadline.poll_ms()) <= 0) return false;
    ssize_t n = ::recv(fd, buf.data(), buf.size(), MSG_DONTWAIT);
    if (n <= 0) return false;
    const auto got = static_cast<std::size_t>(n);
    // Messages are nlmsghdr-framed and 4-byte aligned; read by copies (the buffer's alignment is
    // not the structs').
    for (std::size_t at = 0; at + sizeof(nlmsghdr) <= got;) {
      nlmsghdr h{};
      std::memcpy(&h, buf.data() + at, sizeof h);
      if (h.nlmsg_len < sizeof h || at + h.nlmsg_len > got) return false;
      if (h.nlmsg_type == NLMSG_DONE) return true;
      if (h.nlmsg_type == NLMSG_ERROR) return false;
      fn(h.nlmsg_type, buf.data() + at + NLMSG_HDRLEN, h.nlmsg_len - NLMSG_HDRLEN);
      at += NLMSG_ALIGN(h.nlmsg_len);
    }
  }
}

}  // namespace dd::os
