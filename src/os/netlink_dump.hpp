// One netlink dump: a request with NLM_F_DUMP sent to the kernel and its answer read message by
// message until NLMSG_DONE. The one reader of the project's dumps: the neighbour table
// (NETLINK_ROUTE, RTM_GETNEIGH: os/linux_neighbour_table.cpp) and watch's socket walks
// (NETLINK_SOCK_DIAG: inet_diag and unix_diag, kept open per network namespace). Linux only
// (os/linux_netlink_dump.cpp).
#pragma once

#include <linux/netlink.h>

#include <cstddef>
#include <cstdint>
#include <functional>

#include "core/deadline.hpp"
#include "os/unique_fd.hpp"

namespace dd::os {

// A dump request as the kernel reads it: an nlmsghdr and the family's request behind it.
template <typename Body>
struct DumpRequest {
  nlmsghdr head;
  Body body;
};

// The request for a dump of `type` (RTM_GETNEIGH, SOCK_DIAG_BY_FAMILY) asking with `body`.
template <typename Body>
DumpRequest<Body> dump_request(std::uint16_t type, const Body& body) {
  DumpRequest<Body> req{};
  req.head.nlmsg_len = sizeof req;
  req.head.nlmsg_type = type;
  req.head.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
  req.body = body;
  return req;
}

// Called once per message of an answer: its nlmsg_type and the bytes after its nlmsghdr.
using NetlinkMessageFn = std::function<void(std::uint16_t type, const char* body, std::size_t len)>;

// A netlink socket of `protocol` (NETLINK_ROUTE, NETLINK_SOCK_DIAG) in the calling thread's network
// namespace; invalid when it cannot be made.
UniqueFd open_netlink(int protocol);

// Reads the answer to the dump request last sent on `fd`, calling `fn` once per message. Stops at
// NLMSG_DONE or NLMSG_ERROR, at a header whose length does not fit its datagram, when recv fails, and
// when `deadline` passes: every recv waits at most what is left of it. True only at NLMSG_DONE.
bool read_netlink_dump(int fd, const NetlinkMessageFn& fn, const core::Deadline& deadline);

// Sends the `len` bytes of a request (a DumpRequest) to the kernel on `fd`, then reads its answer as
// read_netlink_dump does; false when the request cannot be sent.
bool netlink_dump(int fd, const void* req, std::size_t len, const NetlinkMessageFn& fn, const core::Deadline& deadline);

}  // namespace dd::os
