#include "watch/pipe_write.hpp"

#include <sys/syscall.h>

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "core/strings.hpp"
#include "watch/diagnose_network.hpp"

namespace dd::watch {

namespace {

bool is_send_call(long nr) { return nr == SYS_write || nr == SYS_writev || nr == SYS_sendto || nr == SYS_sendmsg; }

// The main thread's write to a pipe, or its send on a unix socket that waits for the receiver's
// queue (wchan unix_*: unix_wait_for_peer; clusters-2026-12-07j w2, a log socket nobody reads): its
// fd and the fd's target ("pipe:[123]", "socket:[456]"); nullopt otherwise.
std::optional<std::pair<std::uint64_t, std::string>> pipe_write_call(const os::FileTree& tree, const ProcessInfo& p) {
  auto t = std::find_if(p.threads.begin(), p.threads.end(), [&](auto& th) { return th.tid == p.pid; });
  if (t == p.threads.end() || t->state == 'R' || !is_send_call(t->syscall)) return std::nullopt;
  auto target = fd_target(tree, p.pid, t->arg0);
  bool pipe = core::starts_with(target, "pipe:[") && (t->syscall == SYS_write || t->syscall == SYS_writev);
  bool unix_send = core::starts_with(target, "socket:[") && core::starts_with(t->wchan, "unix_");
  if (!pipe && !unix_send) return std::nullopt;
  return std::pair{t->arg0, target};
}

// The access mode of /proc/PID/fdinfo/FD's octal `flags:` (0 O_RDONLY, 1 O_WRONLY, 2 O_RDWR);
// nullopt when not readable.
std::optional<long long> pipe_fd_mode(const os::FileTree& tree, int pid, std::uint64_t fd) {
  std::string v = fdinfo_field(tree, pid, fd, "flags");
  char* end = nullptr;
  long long flags = std::strtoll(v.c_str(), &end, 8);
  if (end == v.c_str()) return std::nullopt;
  return flags & 3;
}

// Every process of /proc holding `target` open for reading: "pid 9 (sleep, `sleep 3600`) fd 0".
std::vector<std::string> pipe_readers(const os::FileTree& tree, const std::string& target) {
  std::vector<std::string> out;
  for (int pid : list_pids(tree)) {
    for (const auto& fd : tree.list(fmt::format("/proc/{}/fd", pid))) {
      auto n = core::parse_int(fd);
      if (!n || *n < 0 || fd_target(tree, pid, static_cast<std::uint64_t>(*n)) != target) continue;
      auto mode = pipe_fd_mode(tree, pid, static_cast<std::uint64_t>(*n));
      if (!mode || *mode == 1) continue;
      auto comm = os::read_line(tree, fmt::format("/proc/{}/comm", pid)).value_or("?");
      auto cmd = short_cmdline(tree, pid);
      out.push_back(fmt::format("pid {} ({}{}) fd {}", pid, comm, cmd.empty() ? "" : ", `" + cmd + "`", fd));
    }
  }
  return out;
}

}  // namespace

void note_pipe_write(const os::FileTree& tree, const Snapshot& before, const ProcessInfo& p, RankState& r) {
  if (r.activity == Activity::stopped || r.child) return;
  auto now = pipe_write_call(tree, p);
  const auto* b = before.process(p.pid);
  if (!now || !b) return;
  auto t = std::find_if(b->threads.begin(), b->threads.end(), [&](auto& th) { return th.tid == b->pid; });
  if (t == b->threads.end() || t->state == 'R' || !is_send_call(t->syscall) || t->arg0 != now->first) return;
  r.activity = Activity::pipe_write;
  r.pipe = fmt::format("fd {}, {}", now->first, now->second);
  if (core::starts_with(now->second, "pipe:[")) r.pipe_readers = pipe_readers(tree, now->second);
}

namespace {

// A rank whose send on a unix socket waits for the receiving end's queue in both snapshots.
core::Finding unix_send_finding(const RankState& r, const std::string& waiters) {
  std::string title = fmt::format(
      "{} blocks sending on a unix socket ({}), not waiting for a peer and not in a collective: its main thread is in "
      "{}{} in both snapshots, which waits for room in the receiving end's queue: whatever should read that socket "
      "(a log daemon's /dev/log, a local collector) does not drain it{}",
      who(r.rank, r.pid), r.pipe, r.main_syscall, r.main_wchan.empty() ? "" : " (" + r.main_wchan + ")", waiters);
  auto f = core::new_finding("watch.rank.pipe-write", core::Label::other, core::Severity::error, title);
  f.evidence.push_back(
      fmt::format("{}: main thread in {} on {} in both snapshots", who(r.rank, r.pid), r.main_syscall, r.pipe));
  std::string ino = r.pipe.substr(r.pipe.find("socket:[") + 8);
  ino = ino.substr(0, ino.find(']'));
  f.fix.text = fmt::format(
      "Find the socket's other end on the rank's node as root, in the rank's network namespace: `peer=$(ss -xpH | "
      "awk '$6 == {} {{print $8}}'); ss -xp | grep -w \"$peer\"` names the process that holds it (a socket the rank "
      "connected to: a path such as /dev/log); restart or fix that reader (a stopped or hung syslog daemon, a "
      "collector that stopped reading). Do not send logs synchronously to a socket nobody drains (a non-blocking "
      "send that drops lines, or a thread).",
      ino);
  if (r.rank) f.ranks = {*r.rank};
  return f;
}

}  // namespace

core::Finding pipe_write_finding(const RankState& r, const std::string& waiters) {
  if (r.pipe.find("socket:[") != std::string::npos) return unix_send_finding(r, waiters);
  std::string readers = core::join(r.pipe_readers, ", ");
  std::string title = fmt::format(
      "{} blocks writing to a pipe ({}), not waiting for a peer and not in a collective: its main thread is in {}{} "
      "in both snapshots{}{}",
      who(r.rank, r.pid), r.pipe, r.main_syscall, r.main_wchan.empty() ? "" : " (" + r.main_wchan + ")",
      r.pipe_readers.empty() ? "" : fmt::format("; the pipe's read end is held by {}", readers), waiters);
  auto f = core::new_finding("watch.rank.pipe-write", core::Label::other, core::Severity::error, title);
  f.evidence.push_back(
      fmt::format("{}: main thread in {} on {} in both snapshots", who(r.rank, r.pid), r.main_syscall, r.pipe));
  if (r.pipe_readers.empty())
    f.evidence.push_back(
        "no process of /proc seen here holds the pipe open for reading (another user's processes, whose fds watch "
        "cannot read, or another pid namespace): its reader is not named");
  else
    for (const auto& x : r.pipe_readers)
      f.evidence.push_back("read end held by " + x + " (/proc/PID/fd, fdinfo flags)");
  f.evidence.push_back(
      "how full the pipe is cannot be read from outside the process: a write blocks on a pipe only while it has no "
      "room, so its reader has not drained it in the window");
  std::string ino = r.pipe.substr(r.pipe.find("pipe:"));
  auto pid = r.pipe_readers.size() == 1 ? r.pipe_readers[0].substr(4, r.pipe_readers[0].find(' ', 4) - 4) : "";
  if (!pid.empty() && pid != std::to_string(r.pid)) {
    f.fix.text = fmt::format(
        "The reader, {}, does not read the pipe: restart it, or stop it (`kill {}` on the rank's node: the rank's "
        "write then fails with EPIPE / BrokenPipeError, which the job handles or dies of). Do not write the log "
        "synchronously into a pipe nobody drains (a thread, a file, or a non-blocking write that drops lines).",
        r.pipe_readers[0], pid);
  } else if (r.pipe_readers.empty()) {
    f.fix.text = fmt::format(
        "Find the pipe's reader on the rank's node as root: `ls -l /proc/[0-9]*/fd/* 2>/dev/null | grep -F '{}'` "
        "(each line names a process holding the pipe: /proc/PID/fd/N) and see why it does not read (stopped, busy, "
        "or never meant to); restart or stop it. Do not write the log synchronously into a pipe nobody drains.",
        ino);
  } else {
    f.fix.text = fmt::format(
        "None of the processes holding its read end ({}) drains the pipe: the one meant to read it is stuck; restart "
        "or stop it. Do not write the log synchronously into a pipe nobody drains.",
        readers);
  }
  if (r.rank) f.ranks = {*r.rank};
  return f;
}

}  // namespace dd::watch
