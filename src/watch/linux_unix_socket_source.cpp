// unix_diag dump over NETLINK_SOCK_DIAG (LinuxSocketSource::unix_sockets): the unix stream sockets
// of a namespace with their peers and, for listeners, the clients waiting in their accept queue
// (UDIAG_SHOW_ICONS). That is what ties a rank blocked reading a unix socket to the child process
// at the other end (a DataLoader worker's fd-passing listener, clusters-2026-12-06e w1).
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <sys/socket.h>

#include <cstddef>
#include <cstring>

#include "os/netlink_dump.hpp"
#include "watch/socket_source.hpp"

namespace dd::watch {

namespace {

constexpr int k_established = 1, k_listen = 10;  // include/net/tcp_states.h, as unix_diag reports them

// One unix_diag_msg and its attributes (rtattr, 4-byte aligned): UNIX_DIAG_PEER (u32),
// UNIX_DIAG_ICONS (u32 each).
UnixSocket parse_unix(const char* body, std::size_t body_len, const unix_diag_msg& d) {
  UnixSocket s;
  s.inode = d.udiag_ino;
  s.listening = d.udiag_state == k_listen;
  std::size_t a = NLMSG_ALIGN(sizeof d);
  while (a + sizeof(rtattr) <= body_len) {
    rtattr attr{};
    std::memcpy(&attr, body + a, sizeof attr);
    if (attr.rta_len < sizeof attr || a + attr.rta_len > body_len) break;
    const char* payload = body + a + RTA_ALIGN(sizeof attr);
    std::size_t len = attr.rta_len - RTA_ALIGN(sizeof attr);
    for (std::size_t i = 0; i + sizeof(std::uint32_t) <= len; i += sizeof(std::uint32_t)) {
      std::uint32_t ino = 0;
      std::memcpy(&ino, payload + i, sizeof ino);
      if (attr.rta_type == UNIX_DIAG_PEER && i == 0) s.peer = ino;
      if (attr.rta_type == UNIX_DIAG_ICONS && ino != 0) s.pending.push_back(ino);
    }
    a += RTA_ALIGN(attr.rta_len);
  }
  return s;
}

// False when the dump was cut (see dump_family): `out` then holds part of the table only.
bool dump_unix(int fd, std::vector<UnixSocket>& out) {
  unix_diag_req req{};
  req.sdiag_family = AF_UNIX;
  req.udiag_states = (1U << k_established) | (1U << k_listen);
  req.udiag_show = UDIAG_SHOW_PEER | UDIAG_SHOW_ICONS;
  auto msg = os::dump_request(SOCK_DIAG_BY_FAMILY, req);
  return os::netlink_dump(
      fd, &msg, sizeof msg,
      [&](std::uint16_t, const char* body, std::size_t body_len) {
        if (body_len < sizeof(unix_diag_msg)) return;
        unix_diag_msg d{};
        std::memcpy(&d, body, sizeof d);
        if (d.udiag_type != SOCK_STREAM) return;
        out.push_back(parse_unix(body, body_len, d));
      },
      core::Deadline(LinuxSocketSource::k_dump_wait));
}

}  // namespace

std::vector<UnixSocket> LinuxSocketSource::unix_sockets(int pid) {
  std::vector<UnixSocket> out;
  int fd = socket_for(pid);
  if (fd >= 0 && !dump_unix(fd, out)) {
    forget(fd);  // a cut dump is not the table (tcp_sockets)
    return {};
  }
  return out;
}

}  // namespace dd::watch
