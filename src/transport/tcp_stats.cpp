// tcp_stats() reads the kernel's struct tcp_info from <linux/tcp.h> (glibc's copy lacks
// tcpi_bytes_acked), so it lives apart from the files that include <netinet/tcp.h>.
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "transport/socket.hpp"

namespace dd::cluster {

TcpStats tcp_stats(int fd) {
  TcpStats s;
  tcp_info info{};
  socklen_t len = sizeof info;
  if (::getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0) return s;
  s.rtt_us = info.tcpi_rtt;
  s.retransmits = info.tcpi_total_retrans;
  s.pmtu = info.tcpi_pmtu;
  s.snd_mss = info.tcpi_snd_mss;
  if (len >= offsetof(tcp_info, tcpi_min_rtt) + sizeof(info.tcpi_min_rtt)) s.min_rtt_us = info.tcpi_min_rtt;
  if (len >= offsetof(tcp_info, tcpi_bytes_acked) + sizeof(info.tcpi_bytes_acked))
    s.bytes_acked = info.tcpi_bytes_acked;
  return s;
}

}  // namespace dd::cluster
