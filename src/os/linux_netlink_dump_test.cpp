// os::read_netlink_dump on framed datagrams written by hand (a unix datagram pair stands in for the
// kernel), and os::netlink_dump against the kernel's own NETLINK_ROUTE link dump.
#include <gtest/gtest.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <sys/socket.h>

#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include "os/netlink_dump.hpp"

namespace dd::os {
namespace {

// One nlmsghdr-framed message of `type` with `body`, padded to 4 bytes; `claimed` overrides nlmsg_len.
std::string framed(std::uint16_t type, const std::string& body, std::uint32_t claimed = 0) {
  nlmsghdr h{};
  h.nlmsg_len = claimed != 0 ? claimed : static_cast<std::uint32_t>(NLMSG_HDRLEN + body.size());
  h.nlmsg_type = type;
  std::string out(reinterpret_cast<const char*>(&h), sizeof h);
  out += body;
  out.resize(NLMSG_ALIGN(out.size()), '\0');
  return out;
}

struct Pair {
  UniqueFd kernel, reader;
  Pair() {
    int fds[2] = {-1, -1};
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, fds), 0);
    kernel.reset(fds[0]);
    reader.reset(fds[1]);
  }
  void send(const std::string& datagram) const {
    EXPECT_EQ(::send(kernel.get(), datagram.data(), datagram.size(), 0), static_cast<ssize_t>(datagram.size()));
  }
};

struct Seen {
  std::vector<std::uint16_t> types;
  std::vector<std::string> bodies;
  NetlinkMessageFn fn() {
    return [this](std::uint16_t type, const char* body, std::size_t len) {
      types.push_back(type);
      bodies.emplace_back(body, len);
    };
  }
};

core::Deadline ample() { return core::Deadline(std::chrono::seconds(5)); }

TEST(NetlinkDump, ReadsEveryMessageOfEveryDatagramUntilDone) {
  Pair p;
  p.send(framed(RTM_NEWNEIGH, "abcd") + framed(RTM_NEWNEIGH, "xyz"));
  p.send(framed(RTM_NEWLINK, "12345678") + framed(NLMSG_DONE, std::string(4, '\0')) + framed(RTM_NEWNEIGH, "late"));
  Seen seen;
  EXPECT_TRUE(read_netlink_dump(p.reader.get(), seen.fn(), ample()));
  EXPECT_EQ(seen.types, (std::vector<std::uint16_t>{RTM_NEWNEIGH, RTM_NEWNEIGH, RTM_NEWLINK}));
  EXPECT_EQ(seen.bodies, (std::vector<std::string>{"abcd", "xyz", "12345678"}));
}

TEST(NetlinkDump, StopsAtAnErrorOrAHeaderLongerThanItsDatagram) {
  Pair error;
  error.send(framed(RTM_NEWNEIGH, "abcd") + framed(NLMSG_ERROR, std::string(4, '\0')) + framed(RTM_NEWNEIGH, "x"));
  Seen seen;
  EXPECT_FALSE(read_netlink_dump(error.reader.get(), seen.fn(), ample()));
  EXPECT_EQ(seen.bodies, std::vector<std::string>{"abcd"});

  Pair cut;
  cut.send(framed(RTM_NEWNEIGH, "abcd") + framed(RTM_NEWNEIGH, "efgh", 4096));
  Seen partial;
  EXPECT_FALSE(read_netlink_dump(cut.reader.get(), partial.fn(), ample()));
  EXPECT_EQ(partial.bodies, std::vector<std::string>{"abcd"});
}

// No answer at all: the read ends when the deadline passes (without one it would wait forever).
TEST(NetlinkDump, ASilentSocketEndsAtTheDeadline) {
  Pair p;
  p.send(framed(RTM_NEWNEIGH, "abcd"));  // a dump that never says NLMSG_DONE
  Seen seen;
  EXPECT_FALSE(read_netlink_dump(p.reader.get(), seen.fn(), core::Deadline(std::chrono::milliseconds(50))));
  EXPECT_EQ(seen.bodies, std::vector<std::string>{"abcd"});
}

TEST(NetlinkDump, TheKernelsLinkDumpHasLoopback) {
  UniqueFd fd = open_netlink(NETLINK_ROUTE);
  ASSERT_TRUE(fd.valid());
  ifinfomsg ask{};
  ask.ifi_family = AF_UNSPEC;
  auto req = dump_request(RTM_GETLINK, ask);
  bool loopback = false;
  bool done = netlink_dump(
      fd.get(), &req, sizeof req,
      [&](std::uint16_t type, const char* body, std::size_t len) {
        if (type != RTM_NEWLINK || len < sizeof(ifinfomsg)) return;
        ifinfomsg link{};
        std::memcpy(&link, body, sizeof link);
        loopback = loopback || (link.ifi_flags & IFF_LOOPBACK) != 0;
      },
      ample());
  EXPECT_TRUE(done);
  EXPECT_TRUE(loopback);
}

}  // namespace
}  // namespace dd::os
