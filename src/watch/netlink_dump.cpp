#include "watch/netlink_dump.hpp"

#include <linux/netlink.h>
#include <sys/socket.h>

#include <cstring>

namespace dd::watch {

bool send_to_kernel(int fd, const void* msg, std::size_t len) {
  sockaddr_nl nladdr{};
  nladdr.nl_family = AF_NETLINK;
  return ::sendto(fd, msg, len, 0, reinterpret_cast<sockaddr*>(&nladdr), sizeof nladdr) >= 0;
}

void for_each_diag_message(int fd, const std::function<void(const char* body, std::size_t len)>& fn) {
  char buf[32768];
  for (;;) {
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) return;
    std::size_t off = 0;
    const auto total = static_cast<std::size_t>(n);
    while (off + sizeof(nlmsghdr) <= total) {
      nlmsghdr h{};
      std::memcpy(&h, buf + off, sizeof h);
      if (h.nlmsg_len < sizeof h || off + h.nlmsg_len > total) return;
      if (h.nlmsg_type == NLMSG_DONE || h.nlmsg_type == NLMSG_ERROR) return;
      fn(buf + off + NLMSG_HDRLEN, h.nlmsg_len - NLMSG_HDRLEN);
      off += NLMSG_ALIGN(h.nlmsg_len);
    }
  }
}

}  // namespace dd::watch
