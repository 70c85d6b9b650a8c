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
#include <utility>
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

// argv and envp as execve needs them, built before fork(): the child may only make
// async-signal-safe calls. The pointers point into spec.argv's and env_strings' storage.
struct ExecVectors {
  std::vector<std::string> env_strings;
  std::vector<char*> argv;
  std::vector<char*> envp;
};

ExecVectors exec_vectors(const ProcessSpec& spec) {
  ExecVectors v;
  if (spec.env) {
    for (const auto& [k, val] : *spec.env) v.env_strings.push_back(k + "=" + val);
  }
  for (const auto& a : spec.argv) v.argv.push_back(const_cast<char*>(a.c_str()));  // NOLINT
  v.argv.push_back(nullptr);
  for (auto& e : v.env_strings) v.envp.push_back(e.data());
  v.envp.push_back(nullptr);
  return v;
}

// The child's stdout and stderr pipes, the CLOEXEC pipe on which a failed execve reports its errno,
// and /dev/null for its stdin.
struct ChildPipes {
  Fd out_r, out_w, err_r, err_w, report_r, report_w, devnull;
};

core::Result<ChildPipes> open_child_pipes() {
  ChildPipes p;
  Fd* ends[3][2] = {{&p.out_r, &p.out_w}, {&p.err_r, &p.err_w}, {&p.report_r, &p.report_w}};
  for (auto& pair : ends) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return core::make_error(core::ErrorKind::system, "pipe: " + errno_text(errno));
    *pair[0] = Fd(fds[0]);
    *pair[1] = Fd(fds[1]);
  }
  p.devnull = Fd(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  if (!p.devnull.valid()) return core::make_error(core::ErrorKind::system, "/dev/null: " + errno_text(errno));
  return p;
}

void set_nonblocking(const Fd& fd) { ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) | O_NONBLOCK); }

// The parent's side of a started child: reads its output until it exited (and a short drain after),
// sends SIGTERM to its group at the deadline and SIGKILL after the grace period, and always reaps it.
class ChildWatch {
 public:
  ChildWatch(pid_t pid, Fd out_r, Fd err_r, const ProcessSpec& spec, milliseconds grace)
      : pid_(pid),
        out_r_(std::move(out_r)),
        err_r_(std::move(err_r)),
        pidfd_(pidfd_open(pid)),
        spec_(spec),
        grace_(grace),
        deadline_(spec.timeout) {
    set_nonblocking(out_r_);
    set_nonblocking(err_r_);
  }

  ProcessOutcome watch() {
    for (;;) {
      if (!exited_at_ && ::waitpid(pid_, &status_, WNOHANG) == pid_) exited_at_ = Clock::now();
      auto now = Clock::now();
      if (exited_at_ && ((!out_r_.valid() && !err_r_.valid()) || now >= *exited_at_ + k_drain_after_exit)) break;
      if (!exited_at_) signal_when_due(now);
      if (!poll_and_drain(now)) break;
    }
    if (!exited_at_) {
      // Only reached when poll failed outright: make sure the child is gone and reaped.
      ::kill(-pid_, SIGKILL);
      while (::waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
      }
    }
    if (outcome_.timed_out) ::kill(-pid_, SIGKILL);  // stragglers of a killed group
    if (WIFEXITED(status_)) outcome_.exit_code = WEXITSTATUS(status_);
    if (WIFSIGNALED(status_)) outcome_.signal = WTERMSIG(status_);
    return outcome_;
  }

 private:
  // SIGTERM to the group once the deadline passed, SIGKILL once the grace period after it did.
  void signal_when_due(Clock::time_point now) {
    if (!kill_at_ && deadline_.expired()) {
      outcome_.timed_out = true;
      ::kill(-pid_, SIGTERM);
      kill_at_ = now + grace_;
    }
    if (kill_at_ && now >= *kill_at_) {
      ::kill(-pid_, SIGKILL);
      kill_at_ = now + std::chrono::hours(24);  // sent once; waitpid will see the exit
    }
  }

  // Waits for output, for the child's exit (pidfd), or for the next deadline, then reads what came.
  // False when poll failed outright.
  bool poll_and_drain(Clock::time_point now) {
    Clock::time_point wake = exited_at_ ? *exited_at_ + k_drain_after_exit : (kill_at_ ? *kill_at_ : deadline_.end());
    if (!exited_at_ && !pidfd_.valid()) wake = std::min(wake, now + k_fallback_tick);
    auto wait_ms = std::chrono::duration_cast<milliseconds>(wake - now).count() + 1;
    pollfd fds[3];
    nfds_t nfds = 0;
    if (out_r_.valid()) fds[nfds++] = {out_r_.get(), POLLIN, 0};
    if (err_r_.valid()) fds[nfds++] = {err_r_.get(), POLLIN, 0};
    if (!exited_at_ && pidfd_.valid()) fds[nfds++] = {pidfd_.get(), POLLIN, 0};
    int rc = ::poll(fds, nfds, static_cast<int>(std::max<long long>(0, wait_ms)));
    if (rc < 0 && errno != EINTR) return false;
    if (out_r_.valid()) drain(out_r_, outcome_.out, spec_.max_output);
    if (err_r_.valid()) drain(err_r_, outcome_.err, spec_.max_output);
    return true;
  }

  pid_t pid_;
  Fd out_r_, err_r_, pidfd_;
  const ProcessSpec& spec_;
  milliseconds grace_;
  const core::Deadline deadline_;
  ProcessOutcome outcome_;
  std::optional<Clock::time_point> kill_at_;    // set once SIGTERM was sent
  std::optional<Clock::time_point> exited_at_;  // set once the child was reaped
  int status_ = 0;
};

}  // namespace

core::Result<ProcessOutcome> LinuxProcessRunner::run(const ProcessSpec& spec) const {
  if (spec.argv.empty()) return core::make_error(core::ErrorKind::usage, "process runner: empty argv");
  auto program = find_program(spec.argv[0]);
  if (!program) {
    return core::make_error(core::ErrorKind::not_found, "cannot run '" + spec.argv[0] + "': not found in PATH");
  }
  ExecVectors vec = exec_vectors(spec);
  auto pipes = open_child_pipes();
  if (!pipes) return pipes.error();
  ChildPipes& p = *pipes;

  pid_t pid = ::fork();
  if (pid < 0) return core::make_error(core::ErrorKind::system, "fork: " + errno_text(errno));
  if (pid == 0) {
    exec_child(program->c_str(), vec.argv.data(), spec.env ? vec.envp.data() : environ, p.devnull.get(), p.out_w.get(),
               p.err_w.get(), p.report_w.get());
  }
  ::setpgid(pid, pid);  // also done by the child; whichever runs first wins the race
  p.out_w.reset();
  p.err_w.reset();
  p.report_w.reset();
  p.devnull.reset();

  // execve succeeded when the CLOEXEC report pipe closes without an errno written to it.
  if (auto exec_errno = exec_failure(p.report_r, pid))
    return core::make_error(core::ErrorKind::system, "cannot run '" + *program + "': " + errno_text(*exec_errno));
  return ChildWatch(pid, std::move(p.out_r), std::move(p.err_r), spec, grace_).watch();
}

}  // namespace dd::os
