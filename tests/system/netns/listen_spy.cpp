// listen_spy: an LD_PRELOAD shim for the Gloo system test. Wraps listen(2): after a successful
// listen on an AF_INET/AF_INET6 socket it appends the socket's numeric local address (getsockname,
// getnameinfo NI_NUMERICHOST, so IPv6 link-local keeps %iface) and a newline to the file named by
// DD_LISTEN_SPY_FILE. Gloo binds every pair listener to its device address, so these lines are the
// address Gloo really uses - the connected sockets alone cannot tell it (the connecting side's
// source address is chosen by routing).
#include <dlfcn.h>
#include <fcntl.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

using ListenFn = int (*)(int, int);

void record(int fd) {
  const char* path = std::getenv("DD_LISTEN_SPY_FILE");
  if (path == nullptr || *path == '\0') return;
  sockaddr_storage ss{};
  socklen_t len = sizeof ss;
  if (::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len) != 0) return;
  if (ss.ss_family != AF_INET && ss.ss_family != AF_INET6) return;
  std::array<char, NI_MAXHOST> host{};
  if (::getnameinfo(reinterpret_cast<sockaddr*>(&ss), len, host.data(), host.size(), nullptr, 0, NI_NUMERICHOST) != 0)
    return;
  const std::string line = std::string(host.data()) + "\n";
  const int out = ::open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (out < 0) return;
  (void)!::write(out, line.data(), line.size());
  ::close(out);
}

}  // namespace

extern "C" int listen(int fd, int backlog) {
  static const auto real = reinterpret_cast<ListenFn>(::dlsym(RTLD_NEXT, "listen"));
  if (real == nullptr) return -1;
  const int rc = real(fd, backlog);
  if (rc == 0) record(fd);
  return rc;
}
