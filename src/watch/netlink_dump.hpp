// The reading half of a NETLINK_SOCK_DIAG dump, shared by the inet_diag (TCP) and unix_diag
// (unix stream) walks of LinuxSocketSource: each answer datagram holds nlmsghdr-framed messages,
// and NLMSG_DONE (or NLMSG_ERROR) ends the dump.
#pragma once

#include <linux/netlink.h>
#include <linux/sock_diag.h>

#include <cstddef>
#include <functional>

namespace dd::watch {

// Sends `len` bytes (an nlmsghdr and its request) to the kernel; false when sendto fails.
bool send_to_kernel(int fd, const void* msg, std::size_t len);

// Asks for a SOCK_DIAG_BY_FAMILY dump: `req` (inet_diag_req_v2, unix_diag_req) behind its nlmsghdr;
// false when it cannot be sent.
template <typename Req>
bool send_diag_request(int fd, const Req& req) {
  struct {
    nlmsghdr nlh;
    Req req;
  } msg{};
  msg.nlh.nlmsg_len = sizeof msg;
  msg.nlh.nlmsg_type = SOCK_DIAG_BY_FAMILY;
  msg.nlh.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
  msg.req = req;
  return send_to_kernel(fd, &msg, sizeof msg);
}

// Reads the answer to the last dump request on `fd` and calls `fn(body, len)` once per message,
// with the bytes after its nlmsghdr. Stops at NLMSG_DONE or NLMSG_ERROR, at a header whose length
// does not fit the datagram, and when recv fails or times out (the socket's SO_RCVTIMEO).
void for_each_diag_message(int fd, const std::function<void(const char* body, std::size_t len)>& fn);

}  // namespace dd::watch
