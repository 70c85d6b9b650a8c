#include "watch/netns.hpp"

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <thread>

namespace dd::watch {

std::string netns_of(int pid) {
  char buf[128];
  std::string path = "/proc/" + std::to_string(pid) + "/ns/net";
  ssize_t n = ::readlink(path.c_str(), buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
}

bool run_in_netns(int pid, const std::function<void()>& fn) {
  std::string ns = netns_of(pid);
  if (ns.empty()) return false;
  if (ns == netns_of(static_cast<int>(::getpid()))) {
    fn();
    return true;
  }
  bool entered = false;
  std::thread t([&] {
    std::string path = "/proc/" + std::to_string(pid) + "/ns/net";
    int nsfd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (nsfd < 0) return;
    entered = ::setns(nsfd, CLONE_NEWNET) == 0;
    ::close(nsfd);
    if (entered) fn();
  });
  t.join();
  return entered;
}

int socket_in_netns(int pid, const std::function<int()>& make) {
  int result = -1;
  run_in_netns(pid, [&] { result = make(); });
  return result;
}

}  // namespace dd::watch
