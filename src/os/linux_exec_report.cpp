#include "os/linux_exec_report.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace dd::os {

std::optional<int> exec_failure(const UniqueFd& report_read, pid_t pid) {
  int exec_errno = 0;
  ssize_t n;
  do {
    n = ::read(report_read.get(), &exec_errno, sizeof exec_errno);
  } while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(sizeof exec_errno)) return std::nullopt;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return exec_errno;
}

}  // namespace dd::os
