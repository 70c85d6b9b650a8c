#include "watch/file_lock.hpp"

#include <fcntl.h>
#include <sys/syscall.h>

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "core/strings.hpp"
#include "watch/diagnose_network.hpp"

namespace dd::watch {

namespace {

#ifndef F_OFD_SETLKW
constexpr std::uint64_t kOfdSetlkw = 38;
#else
constexpr std::uint64_t kOfdSetlkw = F_OFD_SETLKW;
#endif

// The main thread's lock call: "flock" or "fcntl" (F_SETLKW, F_OFD_SETLKW), "" for anything else.
std::string lock_call(const ProcessInfo& p, std::uint64_t* fd) {
  auto t = std::find_if(p.threads.begin(), p.threads.end(), [&](auto& th) { return th.tid == p.pid; });
  if (t == p.threads.end() || t->state == 'R') return "";
  *fd = t->arg0;
  if (t->syscall == SYS_flock) return "flock";
  if (t->syscall == SYS_fcntl && (t->arg1 == F_SETLKW || t->arg1 == kOfdSetlkw)) return "fcntl";
  return "";
}

// One line of /proc/locks: "1: FLOCK  ADVISORY  WRITE 7700 00:2a:1234 0 EOF", a blocked waiter's
// with "->" after the number.
struct LockLine {
  std::string id;
  bool waiter = false;
  int pid = 0;
  std::string inode;  // "00:2a:1234"
  std::string text;
};

std::vector<LockLine> proc_locks(const os::FileTree& tree) {
  std::vector<LockLine> out;
  auto text = tree.read("/proc/locks");
  if (!text) return out;
  for (const auto& line : core::split(*text, '\n')) {
    std::vector<std::string> w;
    for (const auto& f : core::split(line, ' '))
      if (!f.empty()) w.push_back(f);
    LockLine l;
    l.waiter = w.size() > 1 && w[1] == "->";
    std::size_t at = l.waiter ? 5 : 4;  // the pid's field
    if (w.size() < at + 2) continue;
    l.id = w[0];
    l.pid = static_cast<int>(core::parse_int(w[at]).value_or(0));
    l.inode = w[at + 1];
    l.text = std::string(core::trim(line));
    out.push_back(std::move(l));
  }
  return out;
}

// The inode number of "00:2a:1234" ("1234").
std::string inode_number(const std::string& dev_inode) {
  auto c = dev_inode.rfind(':');
  return c == std::string::npos ? dev_inode : dev_inode.substr(c + 1);
}

// Ties r's wait to /proc/locks: the waiter's line (pid r.pid, on the fd's inode where fdinfo shows
// it) and the holder's line under the same number.
void note_holder(const os::FileTree& tree, const RankState& r, std::uint64_t fd, RankState& out) {
  auto locks = proc_locks(tree);
  auto ino = fdinfo_field(tree, r.pid, fd, "ino");  // "" before kernel 5.14
  auto waiter = std::find_if(locks.begin(), locks.end(), [&](auto& l) {
    return l.waiter && l.pid == r.pid && (ino.empty() || inode_number(l.inode) == ino);
  });
  if (waiter == locks.end()) return;
  out.lock_lines.push_back(waiter->text);
  auto holder = std::find_if(locks.begin(), locks.end(),
                             [&](auto& l) { return !l.waiter && l.id == waiter->id && l.inode == waiter->inode; });
  if (holder == locks.end()) return;
  out.lock_lines.insert(out.lock_lines.begin(), holder->text);
  if (holder->pid <= 0) return;  // an OFD lock: /proc/locks shows no owner pid
  out.lock_holder = holder->pid;
  out.lock_holder_cmd = short_cmdline(tree, holder->pid);
}

}  // namespace

void note_file_lock(const os::FileTree& tree, const Snapshot& before, const ProcessInfo& p, RankState& r) {
  if (r.activity == Activity::stopped || r.child) return;
  std::uint64_t fd = 0, fd_before = 0;
  auto call = lock_call(p, &fd);
  const auto* b = before.process(p.pid);
  if (call.empty() || !b || lock_call(*b, &fd_before) != call || fd_before != fd) return;
  auto target = fd_target(tree, p.pid, fd);
  r.activity = Activity::file_lock;
  r.lock = fmt::format("{} on fd {}{}", call, fd, target.empty() ? "" : " (" + target + ")");
  note_holder(tree, r, fd, r);
}

core::Finding file_lock_finding(const RankState& r, const std::string& waiters) {
  std::string holder = r.lock_holder ? fmt::format("pid {}{}", r.lock_holder,
                                                   r.lock_holder_cmd.empty() ? "" : " (`" + r.lock_holder_cmd + "`)")
                                     : "";
  auto f = core::new_finding(
      "watch.rank.file-lock", core::Label::other, core::Severity::error,
      fmt::format("{} waits for a file lock, not for a peer and not in a collective: its main thread is blocked in "
                  "{}{}{}",
                  who(r.rank, r.pid), r.lock, holder.empty() ? "" : ", held by " + holder, waiters));
  f.evidence.push_back(fmt::format("{}: main thread in {} in both snapshots", who(r.rank, r.pid), r.lock));
  for (const auto& l : r.lock_lines) f.evidence.push_back("/proc/locks: " + l);
  if (r.lock_lines.empty())
    f.evidence.push_back(
        fmt::format("/proc/locks holds no waiter line of pid {}: who holds the lock is not seen here", r.pid));
  if (r.lock_holder)
    f.fix.text = fmt::format(
        "On the rank's node the lock is held by pid {}{}. If that process is a leftover (an earlier run's, or one "
        "that should not hold the lock now), stop it: `kill {}`, and the rank takes the lock and goes on. Otherwise "
        "make the job and that process agree on the lock's path (a per-run lock file).",
        r.lock_holder, r.lock_holder_cmd.empty() ? "" : " (`" + r.lock_holder_cmd + "`)", r.lock_holder);
  else
    f.fix.text = fmt::format(
        "Find who holds the lock on the rank's node: `cat /proc/locks` (the line above the waiter's \"->\" line of "
        "pid {} names the holder's pid), or `lslocks` / `fuser -v FILE` as root; stop that process if it should not "
        "hold it.",
        r.pid);
  if (r.rank) f.ranks = {*r.rank};
  return f;
}

}  // namespace dd::watch
