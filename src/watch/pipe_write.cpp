#include "watch/pipe_write.hpp"

#include <sys/syscall.h>

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "core/strings.hpp"
#include "watch/diagnose_network.hpp"

namespace dd::watch {

namespace {

// The main thread's write to a pipe: its fd and the fd's target ("pipe:[123]"); nullopt otherwise.
std::optional<std::pair<std::uint64_t, std::string>> pipe_write_call(const os::FileTree& tree, const ProcessInfo& p) {
  auto t = std::find_if(p.threads.begin(), p.threads.end(), [&](auto& th) { return th.tid == p.pid; });
  if (t == p.threads.end() || t->state == 'R') return std::nullopt;
  if (t->syscall != SYS_write && t->syscall != SYS_writev) return std::nullopt;
  auto target = fd_target(tree, p.pid, t->arg0);
  if (!core::starts_with(target, "pipe:[")) return std::nullopt;
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
  if (t == b->threads.end() || t->state == 'R' || (t->syscall != SYS_write && t->syscall != SYS_writev) ||
      t->arg0 != now->first)
    return;
  r.activity = Activity::pipe_write;
  r.pipe = fmt::format("fd {}, {}", now->first, now->second);
  r.pipe_readers = pipe_readers(tree, now->second);
}

core::Finding pipe_write_finding(const RankState& r, const std::string& waiters) {
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
