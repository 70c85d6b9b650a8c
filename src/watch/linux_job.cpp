// The real Job: fork/exec with a pipe pair or a pty, a poll loop over the output, a signalfd
// (SIGINT/SIGTERM/SIGHUP/SIGQUIT to forward, SIGCHLD to reap, SIGWINCH to resize the pty) and
// nothing else; PR_SET_CHILD_SUBREAPER so orphaned descendants are ours to reap.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "os/file_tree.hpp"
#include "os/linux_exec_report.hpp"
#include "os/unique_fd.hpp"
#include "watch/job.hpp"
#include "watch/process_info.hpp"

namespace dd::watch {

namespace {

using Fd = os::UniqueFd;  // environ: <unistd.h> declares it (_GNU_SOURCE)
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Output is still relayed this long after the job exited while a descendant holds its pipes.
constexpr milliseconds k_drain_after_exit{300};

sigset_t watched_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGWINCH}) sigaddset(&set, s);
  return set;
}

void copy_winsize(int to_fd) {
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) ::ioctl(to_fd, TIOCSWINSZ, &ws);
}

class LinuxJob final : public Job {
 public:
  LinuxJob(pid_t pid, int sigfd, int out, int err, bool pty)
      : pid_(pid), sigfd_(sigfd), out_(out), err_(err), pty_(pty) {}
  ~LinuxJob() override {
    if (!status_) {
      signal_all(SIGKILL);
      finish(milliseconds(0));
    }
    sigset_t set = watched_signals();
    ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
  }
  int pid() const override { return pid_; }

  std::optional<int> pump(milliseconds max_wait, const std::function<void(Stream, std::string_view)>& sink) override {
    auto until = Clock::now() + max_wait;
    // At least one poll round per call, even when `max_wait` already passed: output and signals
    // are served however long the caller's sampling took.
    for (bool first = true;; first = false) {
      auto now = Clock::now();
      if (status_ && ((!out_.valid() && !err_.valid()) || now >= *exited_at_ + k_drain_after_exit)) {
        out_.reset();
        err_.reset();
        return status_;
      }
      auto wake = until;
      if (status_) wake = std::min(wake, *exited_at_ + k_drain_after_exit);
      if (now >= wake && !first) return std::nullopt;
      pollfd fds[3];
      nfds_t n = 0;
      fds[n++] = {sigfd_.get(), POLLIN, 0};
      if (out_.valid()) fds[n++] = {out_.get(), POLLIN, 0};
      if (err_.valid()) fds[n++] = {err_.get(), POLLIN, 0};
      auto ms = std::max<long long>(0, std::chrono::duration_cast<milliseconds>(wake - now).count() + 1);
      int rc = ::poll(fds, n, static_cast<int>(ms));
      if (rc < 0 && errno != EINTR) return std::nullopt;
      if (rc <= 0) continue;
      if (fds[0].revents) on_signal();
      for (nfds_t i = 1; i < n; ++i) {
        if (!fds[i].revents) continue;
        bool is_out = out_.valid() && fds[i].fd == out_.get();
        relay(is_out ? out_ : err_, is_out ? Stream::out : Stream::err, sink);
      }
    }
  }

  void signal_all(int sig) override {
    ::kill(-pid_, sig);
    os::DiskFileTree tree("/");
    for (int p : descendants(parent_links(tree), {static_cast<int>(::getpid())}, false)) ::kill(p, sig);
  }

  int finish(milliseconds grace) override {
    os::DiskFileTree tree("/");
    auto self = static_cast<int>(::getpid());
    auto left = descendants(parent_links(tree), {self}, false);
    int count = static_cast<int>(left.size());
    if (!left.empty()) {
      for (int p : left) ::kill(p, SIGTERM);
      auto end = Clock::now() + grace;
      while (Clock::now() < end && !descendants(parent_links(tree), {self}, false).empty()) {
        reap();
        std::this_thread::sleep_for(milliseconds(20));
      }
      // Anything still there after the grace period: KILL, then reap (KILL cannot be ignored).
      for (int round = 0; round < 250; ++round) {
        auto rest = descendants(parent_links(tree), {self}, false);
        reap();
        if (rest.empty()) break;
        for (int p : rest) ::kill(p, SIGKILL);
        std::this_thread::sleep_for(milliseconds(20));
      }
    }
    reap();
    return count;
  }

 private:
  void relay(Fd& fd, Stream stream, const std::function<void(Stream, std::string_view)>& sink) {
    ssize_t n = ::read(fd.get(), buf_, sizeof buf_);
    if (n > 0) {
      sink(stream, std::string_view(buf_, static_cast<std::size_t>(n)));
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
      fd.reset();  // EOF (a pty reports EIO once the last writer closed it)
    }
  }

  void on_signal() {
    signalfd_siginfo si{};
    while (::read(sigfd_.get(), &si, sizeof si) == static_cast<ssize_t>(sizeof si)) {
      int sig = static_cast<int>(si.ssi_signo);
      if (sig == SIGCHLD) {
        reap();
      } else if (sig == SIGWINCH) {
        if (pty_) copy_winsize(out_.get());
      } else if (!status_) {
        ::kill(-pid_, sig);
      }
    }
  }

  void reap() {
    for (;;) {
      int st = 0;
      pid_t r = ::waitpid(-1, &st, WNOHANG);
      if (r <= 0) return;
      if (r == pid_ && !status_) {
        status_ = st;
        exited_at_ = Clock::now();
      }
    }
  }

  pid_t pid_;
  Fd sigfd_, out_, err_;
  bool pty_;
  std::optional<int> status_;
  std::optional<Clock::time_point> exited_at_;
  char buf_[65536];
};

}  // namespace

int exit_code_of(int st) {
  if (WIFEXITED(st)) return WEXITSTATUS(st);
  if (WIFSIGNALED(st)) return 128 + WTERMSIG(st);
  return 1;
}

core::Result<std::unique_ptr<Job>> start_job(const JobSpec& spec) {
  using core::ErrorKind;
  if (spec.argv.empty()) return core::make_error(ErrorKind::usage, "no command given after --");
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  // A background job of a non-interactive shell starts with SIGINT/SIGQUIT ignored, and an
  // ignored signal never reaches the signalfd: take them back so `kill -INT` is forwarded.
  // SIGHUP keeps its disposition (under nohup the job stays immune to it, as the user asked).
  for (int s : {SIGINT, SIGTERM, SIGQUIT}) ::signal(s, SIG_DFL);
  sigset_t set = watched_signals();
  ::sigprocmask(SIG_BLOCK, &set, nullptr);
  Fd sigfd(::signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK));
  if (!sigfd.valid()) return core::make_error(ErrorKind::system, std::string("signalfd: ") + std::strerror(errno));

  // Built before fork: the child only makes async-signal-safe calls.
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e) env_strings.emplace_back(*e);
  for (const auto& [k, v] : spec.set_env) {
    if (!std::getenv(k.c_str())) env_strings.push_back(k + "=" + v);
  }
  std::vector<char*> envp, argv;
  for (auto& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);
  for (const auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));  // NOLINT
  argv.push_back(nullptr);

  Fd out_r, out_w, err_r, err_w, slave;
  if (spec.use_pty) {
    out_r.reset(::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC));
    if (!out_r.valid() || ::grantpt(out_r.get()) != 0 || ::unlockpt(out_r.get()) != 0) {
      return core::make_error(ErrorKind::system, std::string("pseudo-terminal: ") + std::strerror(errno));
    }
    slave.reset(::open(::ptsname(out_r.get()), O_RDWR | O_NOCTTY | O_CLOEXEC));
    if (!slave.valid()) return core::make_error(ErrorKind::system, std::string("pty slave: ") + std::strerror(errno));
    copy_winsize(out_r.get());
  } else {
    int p[2], q[2];
    if (::pipe2(p, O_CLOEXEC) != 0 || ::pipe2(q, O_CLOEXEC) != 0) {
      return core::make_error(ErrorKind::system, std::string("pipe: ") + std::strerror(errno));
    }
    out_r.reset(p[0]), out_w.reset(p[1]), err_r.reset(q[0]), err_w.reset(q[1]);
  }
  int rp[2];
  if (::pipe2(rp, O_CLOEXEC) != 0)
    return core::make_error(ErrorKind::system, std::string("pipe: ") + std::strerror(errno));
  Fd report_r(rp[0]), report_w(rp[1]);

  pid_t pid = ::fork();
  if (pid < 0) return core::make_error(ErrorKind::system, std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::signal(SIGPIPE, SIG_DFL);
    bool ok;
    if (slave.valid()) {
      ok = ::setsid() >= 0 && ::ioctl(slave.get(), TIOCSCTTY, 0) == 0 && ::dup2(slave.get(), 1) >= 0 &&
           ::dup2(slave.get(), 2) >= 0;
    } else {
      ok = ::setpgid(0, 0) == 0 && ::dup2(out_w.get(), 1) >= 0 && ::dup2(err_w.get(), 2) >= 0;
    }
    if (ok) ::execvpe(argv[0], argv.data(), envp.data());
    int e = errno;
    (void)!::write(report_w.get(), &e, sizeof e);
    ::_exit(127);
  }
  if (!spec.use_pty) ::setpgid(pid, pid);
  out_w.reset(), err_w.reset(), slave.reset(), report_w.reset();
  if (auto exec_errno = os::exec_failure(report_r, pid)) {
    ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
    return core::make_error(*exec_errno == ENOENT ? ErrorKind::not_found : ErrorKind::system,
                            "cannot run '" + spec.argv[0] + "': " + std::strerror(*exec_errno));
  }
  std::unique_ptr<Job> job =
      std::make_unique<LinuxJob>(pid, sigfd.release(), out_r.release(), err_r.release(), spec.use_pty);
  return job;
}

}  // namespace dd::watch
