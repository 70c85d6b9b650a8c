// preflight_floor: the least a probe can cost, as the floor column of bench/preflight_bench.sh.
// One process per node: listens on ADDR:PORT, serves EXPECT incoming probes, and probes every
// address in PEERS (one per line): connect, 64 B echo, 4 KiB pushed and one byte acknowledged.
// No rendezvous, no authentication, no report. With GO_FILE, it prints "ready" once it listens
// and starts probing only when GO_FILE exists (the bench creates it when every node is ready, so
// the floor times the probes alone, not 128 process starts); without it, a connect refused
// because a peer has not started yet is retried every 2 ms for up to 10 s. Prints
// "ok N failed M" and exits 0 when all passed.
//   g++ -O2 -std=c++20 -pthread preflight_floor.cpp -o preflight_floor
//   preflight_floor ADDR PORT EXPECT PEERS_FILE [CONCURRENCY [GO_FILE]]
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

bool io_all(int fd, char* p, std::size_t n, bool send_it) {
  while (n > 0) {
    ssize_t k = send_it ? ::send(fd, p, n, MSG_NOSIGNAL) : ::recv(fd, p, n, 0);
    if (k <= 0) return false;
    p += k;
    n -= static_cast<std::size_t>(k);
  }
  return true;
}

void set_timeouts(int fd) {
  timeval tv{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

void serve(int fd) {
  set_timeouts(fd);
  char echo[64], bulk[4096], ack = 'k';
  if (io_all(fd, echo, sizeof echo, false) && io_all(fd, echo, sizeof echo, true) &&
      io_all(fd, bulk, sizeof bulk, false))
    io_all(fd, &ack, 1, true);
  ::close(fd);
}

bool probe(const std::string& addr, int port) {
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_port = htons(static_cast<std::uint16_t>(port));
  if (::inet_pton(AF_INET, addr.c_str(), &sa.sin_addr) != 1) return false;
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (;;) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return false;
    set_timeouts(fd);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) == 0) {
      int one = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      char echo[64], back[64], bulk[4096], ack = 0;
      std::memset(echo, 7, sizeof echo);
      std::memset(bulk, 0x5a, sizeof bulk);
      bool ok = io_all(fd, echo, sizeof echo, true) && io_all(fd, back, sizeof back, false) &&
                std::memcmp(echo, back, sizeof echo) == 0 && io_all(fd, bulk, sizeof bulk, true) &&
                io_all(fd, &ack, 1, false) && ack == 'k';
      ::close(fd);
      return ok;
    }
    int err = errno;
    ::close(fd);
    if (err != ECONNREFUSED || std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: preflight_floor ADDR PORT EXPECT PEERS_FILE [CONCURRENCY [GO_FILE]]\n");
    return 2;
  }
  const std::string addr = argv[1];
  const int port = std::atoi(argv[2]);
  const int expect = std::atoi(argv[3]);
  const int concurrency = argc > 5 ? std::atoi(argv[5]) : 16;
  const std::string go_file = argc > 6 ? argv[6] : "";
  std::vector<std::string> peers;
  std::ifstream in(argv[4]);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) peers.push_back(line);

  int lfd = ::socket(AF_INET, SOCK_STREAM, 0);
  int one = 1;
  ::setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_port = htons(static_cast<std::uint16_t>(port));
  ::inet_pton(AF_INET, addr.c_str(), &sa.sin_addr);
  if (::bind(lfd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0 || ::listen(lfd, 1024) != 0) {
    std::perror("preflight_floor: listen");
    return 2;
  }
  if (!go_file.empty()) {
    std::printf("ready\n");
    std::fflush(stdout);
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (::access(go_file.c_str(), F_OK) != 0) {
      if (std::chrono::steady_clock::now() > until) {
        std::fprintf(stderr, "preflight_floor: %s did not appear within 120 s\n", go_file.c_str());
        return 2;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  std::thread server([&] {
    std::vector<std::thread> conns;
    for (int i = 0; i < expect; ++i) {
      pollfd pfd{lfd, POLLIN, 0};
      if (::poll(&pfd, 1, 15000) <= 0) break;  // nobody came for 15 s: a peer failed, do not hang
      int fd = ::accept(lfd, nullptr, nullptr);
      if (fd < 0) break;
      conns.emplace_back(serve, fd);
    }
    for (auto& t : conns) t.join();
  });
  std::atomic<std::size_t> next{0};
  std::atomic<int> ok{0}, failed{0};
  std::vector<std::thread> pool;
  for (int w = 0; w < concurrency; ++w)
    pool.emplace_back([&] {
      for (std::size_t i; (i = next.fetch_add(1)) < peers.size();) (probe(peers[i], port) ? ok : failed)++;
    });
  for (auto& t : pool) t.join();
  server.join();
  ::close(lfd);
  std::printf("ok %d failed %d\n", ok.load(), failed.load());
  return failed.load() == 0 ? 0 : 1;
}
