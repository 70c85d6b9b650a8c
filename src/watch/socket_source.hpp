// SocketSource: the TCP sockets of one network namespace with the kernel's counters (state,
// queues, bytes acked / received, retransmits), and its unix stream sockets with their peers. The Linux one asks
// NETLINK_SOCK_DIAG inside the namespace of a given process (so a job in its own namespace or container is seen as it
// sees itself); tests use a fake.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace dd::watch {

// Kernel TCP states (include/net/tcp_states.h).
enum class TcpState : int {
  established = 1,
  syn_sent,
  syn_recv,
  fin_wait1,
  fin_wait2,
  time_wait,
  close,
  close_wait,
  last_ack,
  listen,
  closing,
};
std::string_view to_string(TcpState s);

struct TcpSocket {
  std::uint64_t inode = 0;
  std::string local;  // numeric address, no port
  int local_port = 0;
  std::string peer;
  int peer_port = 0;
  TcpState state = TcpState::close;
  std::uint32_t send_queue = 0;  // bytes not yet acked (unsent + in flight)
  std::uint32_t recv_queue = 0;  // bytes received, not yet read by the process
  std::uint64_t bytes_acked = 0;
  std::uint64_t bytes_received = 0;
  std::uint32_t total_retrans = 0;
  std::uint8_t retransmits = 0;  // consecutive RTO retransmissions now (backoff)
  std::uint32_t send_mss = 0;    // segment size the socket sends (payload bytes)
  std::uint32_t path_mtu = 0;    // the path MTU the socket believes (the route's, until PMTU discovery lowers it)
  std::uint32_t last_data_recv_ms = 0;  // since the last data segment arrived (tcpi_last_data_recv)
  std::uint32_t last_data_sent_ms = 0;  // since the last data segment was sent (tcpi_last_data_sent)
};

// A unix stream socket (unix_diag): a connected one's peer (the inode of its other end; 0 when
// that end has no file yet: a connection its listener has not accepted), and for a listener the
// inodes of the clients whose connections wait in its accept queue.
struct UnixSocket {
  std::uint64_t inode = 0;
  bool listening = false;
  std::uint64_t peer = 0;
  std::vector<std::uint64_t> pending = {};
};

class SocketSource {
 public:
  virtual ~SocketSource() = default;
  // Every TCP socket (IPv4 and IPv6) in the network namespace of `pid`; empty when unreadable or
  // when a dump was cut (never part of the table).
  virtual std::vector<TcpSocket> tcp_sockets(int pid) = 0;
  // Every unix stream socket (connected or listening) in the network namespace of `pid`; empty
  // when unreadable or not offered.
  virtual std::vector<UnixSocket> unix_sockets(int /*pid*/) { return {}; }
};

// NETLINK_SOCK_DIAG (inet_diag with INET_DIAG_INFO). One netlink socket per namespace, opened
// from a short-lived thread that setns()es into /proc/PID/ns/net (needs CAP_SYS_ADMIN for a
// namespace other than ours; without it only our own namespace is seen).
class LinuxSocketSource final : public SocketSource {
 public:
  LinuxSocketSource();
  ~LinuxSocketSource() override;
  std::vector<TcpSocket> tcp_sockets(int pid) override;
  std::vector<UnixSocket> unix_sockets(int pid) override;
  // How long one dump may take (each of its recvs waits at most what is left): the kernel answers
  // at once.
  static constexpr std::chrono::seconds k_dump_wait{1};

 private:
  int socket_for(int pid);
  // Closes `fd` and drops it from by_netns_ (after a cut dump: what is left of its answer must not
  // be read as the next one's).
  void forget(int fd);
  std::map<std::string, int> by_netns_;  // "net:[...]" -> netlink fd
};

}  // namespace dd::watch
