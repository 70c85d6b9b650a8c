// Raw ICMP echo (RFC 792) with IP_PMTUDISC_PROBE: the DF bit is set and the cached path MTU is
// ignored, so a packet of the interface's MTU leaves as one frame and is lost where a smaller MTU
// sits on the path (no ICMP "fragmentation needed" comes back from a layer-2 hop).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <netinet/ip_icmp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <vector>

#include "core/address.hpp"
#include "os/linux_interface_source.hpp"
#include "os/unique_fd.hpp"
#include "watch/netns.hpp"
#include "watch/path_probe.hpp"

namespace dd::watch {

namespace {

std::uint16_t checksum(const std::vector<unsigned char>& data) {
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i + 1 < data.size(); i += 2) sum += static_cast<std::uint32_t>(data[i] << 8 | data[i + 1]);
  if (data.size() % 2) sum += static_cast<std::uint32_t>(data.back() << 8);
  while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
  return static_cast<std::uint16_t>(~sum);
}

int open_icmp() {
  int fd = ::socket(AF_INET, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_ICMP);
  if (fd < 0) return -1;
  int probe = IP_PMTUDISC_PROBE;
  ::setsockopt(fd, IPPROTO_IP, IP_MTU_DISCOVER, &probe, sizeof probe);
  return fd;
}

// True when the echo reply with `id`/`seq` from `to` came back before `timeout_ms`.
bool one_echo(int fd, const in_addr& to, int packet_bytes, std::uint16_t id, std::uint16_t seq, int timeout_ms) {
  std::size_t icmp_len = static_cast<std::size_t>(std::max(packet_bytes - 20, 8));
  std::vector<unsigned char> pkt(icmp_len, 0x5a);
  pkt[0] = ICMP_ECHO;
  pkt[1] = 0;
  pkt[2] = pkt[3] = 0;
  pkt[4] = static_cast<unsigned char>(id >> 8);
  pkt[5] = static_cast<unsigned char>(id);
  pkt[6] = static_cast<unsigned char>(seq >> 8);
  pkt[7] = static_cast<unsigned char>(seq);
  auto sum = checksum(pkt);
  pkt[2] = static_cast<unsigned char>(sum >> 8);
  pkt[3] = static_cast<unsigned char>(sum);
  sockaddr_in dst{};
  dst.sin_family = AF_INET;
  dst.sin_addr = to;
  if (::sendto(fd, pkt.data(), pkt.size(), 0, reinterpret_cast<sockaddr*>(&dst), sizeof dst) < 0) return false;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  std::vector<unsigned char> buf(65536);
  for (;;) {
    auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    sockaddr_in from{};
    socklen_t flen = sizeof from;
    ssize_t n = ::recvfrom(fd, buf.data(), buf.size(), MSG_DONTWAIT, reinterpret_cast<sockaddr*>(&from), &flen);
    if (n < 20 || from.sin_addr.s_addr != to.s_addr) continue;
    std::size_t ihl = static_cast<std::size_t>(buf[0] & 0x0f) * 4;
    if (static_cast<std::size_t>(n) < ihl + 8) continue;
    const unsigned char* icmp = buf.data() + ihl;
    if (icmp[0] == ICMP_ECHOREPLY && (icmp[4] << 8 | icmp[5]) == id && (icmp[6] << 8 | icmp[7]) == seq) return true;
  }
}

}  // namespace

std::string_view to_string(Echo e) {
  switch (e) {
    case Echo::answered:
      return "answered";
    case Echo::lost:
      return "lost";
    case Echo::not_possible:
      return "not possible";
  }
  return "?";
}

Echo LinuxPathProbe::echo(int pid, const std::string& address, int packet_bytes, int timeout_ms) {
  const std::string addr = core::unmapped_address(address);
  in_addr to{};
  if (::inet_pton(AF_INET, addr.c_str(), &to) != 1) return Echo::not_possible;
  os::UniqueFd fd(socket_in_netns(pid, open_icmp));
  if (fd.get() < 0) return Echo::not_possible;
  static std::atomic<std::uint16_t> next_seq{1};
  auto id = static_cast<std::uint16_t>(::getpid());
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (one_echo(fd.get(), to, packet_bytes, id, next_seq++, timeout_ms)) return Echo::answered;
  }
  return Echo::lost;
}

std::vector<os::AddressEntry> LinuxPathProbe::addresses(int pid) {
  std::vector<os::AddressEntry> out;
  run_in_netns(pid, [&] { out = os::LinuxInterfaceSource().addresses(); });
  return out;
}

std::vector<os::NeighbourEntry> LinuxPathProbe::neighbours(int pid) {
  std::vector<os::NeighbourEntry> out;
  run_in_netns(pid, [&] { out = os::read_neighbours(); });
  return out;
}

std::vector<os::LinkEntry> LinuxPathProbe::links(int pid) {
  std::vector<os::LinkEntry> out;
  run_in_netns(pid, [&] { out = os::LinuxInterfaceSource().links(); });
  return out;
}

}  // namespace dd::watch
