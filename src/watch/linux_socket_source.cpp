// inet_diag dump over NETLINK_SOCK_DIAG, per network namespace. struct tcp_info comes from
// <linux/tcp.h> (glibc's copy lacks tcpi_bytes_acked / tcpi_bytes_received).
#include <arpa/inet.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>

#include "os/netlink_dump.hpp"
#include "watch/netns.hpp"
#include "watch/socket_source.hpp"

namespace dd::watch {

namespace {

int open_diag_socket() { return os::open_netlink(NETLINK_SOCK_DIAG).release(); }

std::string addr_text(int family, const __be32* words) {
  char buf[INET6_ADDRSTRLEN] = {};
  ::inet_ntop(family, words, buf, sizeof buf);
  return buf;
}

// One inet_diag_msg (at least sizeof(inet_diag_msg) bytes) and its INET_DIAG_INFO attribute.
TcpSocket parse_tcp(int family, const char* body, std::size_t body_len) {
  inet_diag_msg d{};
  std::memcpy(&d, body, sizeof d);
  TcpSocket s;
  s.inode = d.idiag_inode;
  s.state = static_cast<TcpState>(d.idiag_state);
  s.local = addr_text(family, d.id.idiag_src);
  s.peer = addr_text(family, d.id.idiag_dst);
  s.local_port = ntohs(d.id.idiag_sport);
  s.peer_port = ntohs(d.id.idiag_dport);
  s.recv_queue = d.idiag_rqueue;
  s.send_queue = d.idiag_wqueue;
  s.retransmits = d.idiag_retrans;
  // Attributes (rtattr: len, type, payload) follow the message, 4-byte aligned.
  std::size_t a = NLMSG_ALIGN(sizeof d);
  while (a + sizeof(rtattr) <= body_len) {
    rtattr attr{};
    std::memcpy(&attr, body + a, sizeof attr);
    if (attr.rta_len < sizeof attr || a + attr.rta_len > body_len) break;
    if (attr.rta_type == INET_DIAG_INFO) {
      tcp_info info{};
      std::size_t payload = attr.rta_len - RTA_ALIGN(sizeof attr);
      std::memcpy(&info, body + a + RTA_ALIGN(sizeof attr), std::min(sizeof info, payload));
      s.total_retrans = info.tcpi_total_retrans;
      s.bytes_acked = info.tcpi_bytes_acked;
      s.bytes_received = info.tcpi_bytes_received;
      s.send_mss = info.tcpi_snd_mss;
      s.path_mtu = info.tcpi_pmtu;
      s.last_data_recv_ms = info.tcpi_last_data_recv;
      s.last_data_sent_ms = info.tcpi_last_data_sent;
    }
    a += RTA_ALIGN(attr.rta_len);
  }
  return s;
}

// False when the dump was cut (a recv failed or timed out, an NLMSG_ERROR): `out` then holds part of
// the table only.
bool dump_family(int fd, int family, std::vector<TcpSocket>& out) {
  inet_diag_req_v2 req{};
  req.sdiag_family = static_cast<__u8>(family);
  req.sdiag_protocol = IPPROTO_TCP;
  req.idiag_ext = 1 << (INET_DIAG_INFO - 1);
  req.idiag_states = ~0U;
  auto msg = os::dump_request(SOCK_DIAG_BY_FAMILY, req);
  return os::netlink_dump(
      fd, &msg, sizeof msg,
      [&](std::uint16_t, const char* body, std::size_t body_len) {
        if (body_len >= sizeof(inet_diag_msg)) out.push_back(parse_tcp(family, body, body_len));
      },
      core::Deadline(LinuxSocketSource::k_dump_wait));
}

}  // namespace

LinuxSocketSource::LinuxSocketSource() = default;

LinuxSocketSource::~LinuxSocketSource() {
  for (auto& [ns, fd] : by_netns_) {
    if (fd >= 0) ::close(fd);
  }
}

int LinuxSocketSource::socket_for(int pid) {
  std::string ns = netns_of(pid);
  if (ns.empty()) return -1;
  auto it = by_netns_.find(ns);
  if (it != by_netns_.end()) return it->second;
  int fd = socket_in_netns(pid, open_diag_socket);
  by_netns_[ns] = fd;
  return fd;
}

void LinuxSocketSource::forget(int fd) {
  for (auto it = by_netns_.begin(); it != by_netns_.end(); ++it) {
    if (it->second != fd) continue;
    if (fd >= 0) ::close(fd);
    by_netns_.erase(it);
    return;
  }
}

std::vector<TcpSocket> LinuxSocketSource::tcp_sockets(int pid) {
  std::vector<TcpSocket> out;
  int fd = socket_for(pid);
  if (fd < 0) return out;
  // A cut dump is not the table: part of it would read as "no connection to that peer", and what is
  // left of its answer on the socket would be read as the next dump's. Say unreadable, and ask on a
  // new socket next time.
  if (!dump_family(fd, AF_INET, out) || !dump_family(fd, AF_INET6, out)) {
    forget(fd);
    return {};
  }
  return out;
}

std::string_view to_string(TcpState s) {
  switch (s) {
    case TcpState::established:
      return "ESTABLISHED";
    case TcpState::syn_sent:
      return "SYN_SENT";
    case TcpState::syn_recv:
      return "SYN_RECV";
    case TcpState::fin_wait1:
      return "FIN_WAIT1";
    case TcpState::fin_wait2:
      return "FIN_WAIT2";
    case TcpState::time_wait:
      return "TIME_WAIT";
    case TcpState::close:
      return "CLOSE";
    case TcpState::close_wait:
      return "CLOSE_WAIT";
    case TcpState::last_ack:
      return "LAST_ACK";
    case TcpState::listen:
      return "LISTEN";
    case TcpState::closing:
      return "CLOSING";
  }
  return "?";
}

}  // namespace dd::watch
