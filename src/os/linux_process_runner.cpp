#include "os/linux_process_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "core/deadline.hpp"
#include "core/strings.hpp"
#include "os/linux_exec_report.hpp"
#include "os/unique_fd.hpp"

extern char** environ;  // NOLINT

namespace dd::os {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// How long output is still read after the child exited while a grandchild keeps its pipes open.
constexpr milliseconds k_drain_after_exit{100};
// Poll period when pidfd_open is unavailable and the child's exit must be noticed by waitpid.
constexpr milliseconds k_fallback_tick{10};

using Fd = UniqueFd;

std::string errno_text(int err) { return std::strerror(err); }

// argv[0] as execve needs it: unchanged when it holds a '/', else the first executable PATH hit.
std::optional<std::string> find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  for (const auto& dir : core::split(path ? path : "/usr/local/bin:/usr/bin:/bin", ':')) {
    std::string candidate = dir + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

// Reads what is available on `fd` into `sink` (keeping at most `cap` bytes); closes it on EOF/error.
void drain(Fd& fd, std::string& sink, std::size_t cap) {
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n > 0) {
      auto got = static_cast<std::size_t>(n);
      if (sink.size() < cap) sink.append(buf, std::min(got, cap - sink.size()));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    fd.reset();  // EOF or a real error: this stream is done
    return;
  }
}

int pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

// The child side after fork(): only async-signal-safe calls, then execve or _exit(127).
[[noreturn]] void exec_child(const char* path, char* const* argv, char* const* envp, int devnull, int out, int err,
                             int report) {
  ::setpgid(0, 0);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  ::sigaction(SIGPIPE, &dfl, nullptr);
  if (::dup2(devnull, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) {
    int e = errno;
    (void)!::write(report, &e, sizeof e);
    ::_exit(127);
  }
  ::execve(path, argv, envp);
  int e = errno;
  (void)!::write(report, &e, sizeof e);
  ::_exit(127);
}

}  // namespace

core::Result<ProcessOutcome> LinuxProcessRunner::run(const ProcessSpec& spec) const {
  if (spec.argv.empty()) return core::make_error(core::ErrorKind::usage, "process runner: empty argv");
  auto program = find_program(spec.argv[0]);
  if (!program) {
    return core::make_error(core::ErrorKind::not_found, "cannot run '" + spec.argv[0] + "': not found in PATH");
  }

  // Everything the child needs is built before fork(): it may only make async-signal-safe calls.
  std::vector<std::string> env_strings;
  if (spec.env) {
    for (const auto& [k, v] : *spec.env) env_strings.push_back(k + "=" + v);
  }
  std::vector<char*> argv;
  for (const auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));  // NOLINT
  argv.push_back(nullptr);
  std::vector<char*> envp;
  for (auto& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);

  int out_pipe[2], err_pipe[2], report_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) return core::make_error(core::ErrorKind::system, "pipe: " + errno_text(errno));
  Fd out_r(out_pipe[0]), out_w(out_pipe[1]);
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) return core::make_error(core::ErrorKind::system, "pipe: " + errno_text(errno));
  Fd err_r(err_pipe[0]), err_w(err_pipe[1]);
  if (::pipe2(report_pipe, O_CLOEXEC) != 0) {
    return core::make_error(core::ErrorKind::system, "pipe: " + errno_text(errno));
  }
  Fd report_r(report_pipe[0]), report_w(report_pipe[1]);
  Fd devnull(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  if (!devnull.valid()) return core::make_error(core::ErrorKind::system, "/dev/null: " + errno_text(errno));

  pid_t pid = ::fork();
  if (pid < 0) return core::make_error(core::ErrorKind::system, "fork: " + errno_text(errno));
  if (pid == 0) {
    exec_child(program->c_str(), argv.data(), spec.env ? envp.data() : environ, devnull.get(), out_w.get(), err_w.get(),
               report_w.get());
  }
  ::setpgid(pid, pid);  // also done by the child; whichever runs first wins the race
  out_w.reset();
  err_w.reset();
  report_w.reset();
  devnull.reset();

  // execve succeeded when the CLOEXEC report pipe closes without an errno written to it.
  if (auto exec_errno = exec_failure(report_r, pid))
    return core::make_error(core::ErrorKind::system, "cannot run '" + *program + "': " + errno_text(*exec_errno));

  ::fcntl(out_r.get(), F_SETFL, ::fcntl(out_r.get(), F_GETFL) | O_NONBLOCK);
  ::fcntl(err_r.get(), F_SETFL, ::fcntl(err_r.get(), F_GETFL) | O_NONBLOCK);
  Fd pidfd(pidfd_open(pid));

  ProcessOutcome outcome;
  const core::Deadline deadline(spec.timeout);
  std::optional<Clock::time_point> kill_at;    // set once SIGTERM was sent
  std::optional<Clock::time_point> exited_at;  // set once the child was reaped
  int status = 0;

  for (;;) {
    if (!exited_at) {
      pid_t r = ::waitpid(pid, &status, WNOHANG);
      if (r == pid) exited_at = Clock::now();
    }
    auto now = Clock::now();
    if (exited_at && ((!out_r.valid() && !err_r.valid()) || now >= *exited_at + k_drain_after_exit)) break;

    if (!exited_at && !kill_at && deadline.expired()) {
      outcome.timed_out = true;
      ::kill(-pid, SIGTERM);
      kill_at = now + grace_;
    }
    if (!exited_at && kill_at && now >= *kill_at) {
      ::kill(-pid, SIGKILL);
      kill_at = now + std::chrono::hours(24);  // sent once; waitpid will see the exit
    }

    // Wake up for output, for the child's exit (pidfd), or for the next deadline.
    Clock::time_point wake = exited_at ? *exited_at + k_drain_after_exit : (kill_at ? *kill_at : deadline.end());
    if (!exited_at && !pidfd.valid()) wake = std::min(wake, now + k_fallback_tick);
    auto wait_ms = std::chrono::duration_cast<milliseconds>(wake - now).count() + 1;
    pollfd fds[3];
    nfds_t nfds = 0;
    if (out_r.valid()) fds[nfds++] = {out_r.get(), POLLIN, 0};
    if (err_r.valid()) fds[nfds++] = {err_r.get(), POLLIN, 0};
    if (!exited_at && pidfd.valid()) fds[nfds++] = {pidfd.get(), POLLIN, 0};
    int rc = ::poll(fds, nfds, static_cast<int>(std::max<long long>(0, wait_ms)));
    if (rc < 0 && errno != EINTR) break;
    if (out_r.valid()) drain(out_r, outcome.out, spec.max_output);
    if (err_r.valid()) drain(err_r, outcome.err, spec.max_output);
  }
  if (!exited_at) {
    // Only reached when poll failed outright: make sure the child is gone and reaped.
    ::kill(-pid, SIGKILL);
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (outcome.timed_out) ::kill(-pid, SIGKILL);  // stragglers of a killed group

  if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
  return outcome;
}

}  // namespace dd::os
