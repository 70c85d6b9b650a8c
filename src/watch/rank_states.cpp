// What each rank does in the stall window (diagnose.hpp: rank_states, Activity), and how busy the
// machine is that its CPU shares are read against (MachineLoad).
#include <sys/syscall.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>

#include <fmt/format.h>

#include "core/strings.hpp"
#include "watch/diagnose.hpp"
#include "watch/diagnose_network.hpp"
#include "watch/file_lock.hpp"
#include "watch/own_waits.hpp"
#include "watch/pipe_write.hpp"

namespace dd::watch {

namespace {

bool is_wait_syscall(const std::string& s) {
  static const std::set<std::string> waits = {"futex",  "poll",     "ppoll",    "epoll_wait", "epoll_pwait",
                                              "select", "pselect6", "recvfrom", "recvmsg"};
  return waits.count(s) > 0;
}

// The process of a rank that is not a forked copy of it (its parent has another rank or none).
bool is_rank_root(const Snapshot& s, const ProcessInfo& p) {
  const auto* parent = s.process(p.ppid);
  return !parent || parent->rank != p.rank;
}

bool is_sleep_syscall(const std::string& s) { return s == "clock_nanosleep" || s == "nanosleep"; }

// What a rank that neither is stopped nor reads input does. Its CPU is read against `share`, the
// part of a core a runnable thread gets here: a main thread running user code (not in a syscall)
// computes from a quarter of that share, any other from half of it; a main thread in a wait
// syscall only from half a core (NCCL's and Gloo's helper threads spin while the main one waits).
Activity activity_of(const RankState& r, double share) {
  bool running = r.main_syscall == "running";
  bool waits = is_wait_syscall(r.main_syscall);
  double busy = waits ? 50 : (running ? 25 : 50) * share;
  if (r.cpu_pct >= busy) return Activity::computing;
  if (is_sleep_syscall(r.main_syscall)) return Activity::sleeping;
  if (waits) return Activity::in_collective;
  return Activity::elsewhere;
}

// A rank with a thread ready to run (state R) below a quarter of a core while its cgroup's CPU quota,
// itself under a quarter of a core, held it for most of the window: the kernel holds it, whatever its
// main thread shows (clusters-2026-12-07i w3: the main thread in its own code; system.watch.cpu-throttled:
// the main thread in futex, waiting for Gloo's threads, which the quota holds with a receive queue full).
// The counters are the whole cgroup's: a quota of a quarter core or more, which siblings may use up,
// is no evidence about this rank.
void note_throttle(const ProcessInfo* before, const ProcessInfo& p, double window_s, RankState& r) {
  if (r.activity != Activity::elsewhere && r.activity != Activity::computing && r.activity != Activity::in_collective)
    return;
  bool ready = std::any_of(p.threads.begin(), p.threads.end(), [](auto& t) { return t.state == 'R'; });
  if (!ready || r.cpu_pct >= 25 || !before || !before->cpu_limit || !p.cpu_limit) return;
  const auto &b = *before->cpu_limit, &a = *p.cpu_limit;
  if (4 * a.quota_us >= a.period_us || !throttled_between(b, a, window_s)) return;
  r.activity = Activity::throttled;
  r.throttle =
      fmt::format("cgroup {} allows {} ({}); throttled in {} of the {} periods it ran in between the snapshots", a.dir,
                  a.allowance(), a.quota_file(), a.nr_throttled - b.nr_throttled, a.nr_periods - b.nr_periods);
  if (a.container_view) r.throttle += " (the cgroup as this container sees it)";
  r.unthrottle = a.container_view ? "" : a.unlimit_command();
}

// A kernel function a thread in state D sleeps in while it waits for memory: a memory cgroup's OOM
// wait (v1 with the OOM killer off: mem_cgroup_oom_synchronize), or reclaim.
bool memory_wchan(const std::string& w) {
  return core::starts_with(w, "mem_cgroup") || w.find("oom") != std::string::npos ||
         w.find("reclaim") != std::string::npos;
}

// The wchan of a thread of `p` in state D in a memory wait in both snapshots; "" when none
// (clusters-2026-12-07j w1: a rank in a memory cgroup at its limit with the OOM killer off).
std::string memory_wait_of(const ProcessInfo* before, const ProcessInfo& p) {
  if (!before) return "";
  for (const auto& t : p.threads) {
    if (t.state != 'D' || !memory_wchan(t.wchan)) continue;
    for (const auto& b : before->threads) {
      if (b.tid == t.tid && b.state == 'D' && memory_wchan(b.wchan)) return t.wchan;
    }
  }
  return "";
}

// What the main thread of `p` waits to write to storage: in state D in both snapshots in a write or
// sync call ("fsync of fd 7 (/ckpt/shard1.pt)"); "" otherwise (clusters-2026-12-07k w2: a checkpoint
// fsync on a throttled disk was called "reading input").
std::string storage_write_of(const os::FileTree& tree, const ProcessInfo* before, const ProcessInfo& p) {
  if (!before) return "";
  auto main = std::find_if(p.threads.begin(), p.threads.end(), [&](auto& t) { return t.tid == p.pid; });
  auto was = std::find_if(before->threads.begin(), before->threads.end(), [&](auto& t) { return t.tid == p.pid; });
  if (main == p.threads.end() || was == before->threads.end() || main->state != 'D' || was->state != 'D') return "";
  static const std::set<std::string> writes = {"fsync",  "fdatasync", "sync_file_range", "write", "pwrite64",
                                               "writev", "pwritev",   "msync",           "sync",  "syncfs",
                                               "close"};
  auto call = syscall_name(main->syscall);
  // the same call on the same file in both snapshots, and under 1 MiB written between them: a write at
  // full speed also sleeps in state D (dirty-page throttling), but moves data
  if (!writes.count(call) || main->syscall != was->syscall || main->arg0 != was->arg0) return "";
  if (p.wchar > before->wchar && p.wchar - before->wchar >= (1u << 20)) return "";
  if (call == "sync" || call == "msync") return call;
  auto target = fd_target(tree, p.pid, main->arg0);
  return fmt::format("{} of fd {}{}", call, main->arg0, target.empty() ? "" : " (" + target + ")");
}

// What holds the rank in the kernel, in this order: a cgroup freezer (frozen in both snapshots), a
// stop signal, a memory wait, a write to storage; the evidence goes into `r`. nullopt: none.
std::optional<Activity> kernel_hold(const os::FileTree& tree, const ProcessInfo* p_before, const ProcessInfo& p,
                                    bool stopped, bool frozen, RankState& r) {
  if (frozen) {
    r.thaw = fmt::format("cgroup {} is frozen ({})", p.frozen->dir,
                         p.frozen->v2 ? "cgroup.freeze 1" : "freezer.state FROZEN");
    if (p.frozen->container_view) r.thaw += " (the cgroup as this container sees it)";
    r.thaw_command = p.frozen->container_view ? "" : p.frozen->thaw_command();
    return Activity::frozen;
  }
  if (stopped) return Activity::stopped;
  r.memory_wait = memory_wait_of(p_before, p);
  if (!r.memory_wait.empty()) return Activity::memory_wait;
  r.storage_write = storage_write_of(tree, p_before, p);
  if (!r.storage_write.empty()) return Activity::storage_write;
  return std::nullopt;
}

// The child process a rank's main thread waits for in wait4/waitid (its first argument, or any
// child where that is -1 or 0): one of its own, alive in both snapshots. 0 when none.
int waited_child(const Snapshot& before, const Snapshot& after, const ProcessInfo& p) {
  auto main = std::find_if(p.threads.begin(), p.threads.end(), [&](auto& t) { return t.tid == p.pid; });
  if (main == p.threads.end()) return 0;
  auto call = syscall_name(main->syscall);
  if (call != "wait4" && call != "waitid") return 0;
  auto arg = static_cast<std::int64_t>(main->arg0);
  for (const auto& c : after.processes) {
    bool wanted = call == "waitid" || arg <= 0 || arg == c.pid;
    if (wanted && c.ppid == p.pid && c.state != 'Z' && before.process(c.pid)) return c.pid;
  }
  return 0;
}

// The tree's one rank, when the job's output ends in an uncaught exception and the rank neither
// computes, reads nor is stopped or waits for a child: it failed and its process lives on.
void mark_raised(std::vector<RankState>& states, const std::string& uncaught) {
  if (uncaught.empty() || states.size() != 1) return;
  auto& r = states.front();
  if (r.activity == Activity::in_collective || r.activity == Activity::elsewhere || r.activity == Activity::sleeping) {
    r.activity = Activity::raised;
    r.exception = uncaught;
  }
}

// What fd 0 of `p` is ("/dev/pts/3", "pipe:[123]", a FIFO's path) when its main thread blocks in
// read() of it in `p` and in its `before` copy; empty otherwise.
std::string stdin_read(const os::FileTree& tree, const ProcessInfo* before, const ProcessInfo& p) {
  auto reads_fd0 = [](const ProcessInfo& q) {
    return std::any_of(q.threads.begin(), q.threads.end(),
                       [&](auto& t) { return t.tid == q.pid && t.syscall == SYS_read && t.arg0 == 0; });
  };
  if (!before || !reads_fd0(p) || !reads_fd0(*before)) return "";
  auto target = fd_target(tree, p.pid, 0);
  return target.empty() ? "?" : target;
}

// Its main thread blocks reading its standard input, computes nothing (below a quarter of `share`)
// and reads no file: it waits at a prompt, not on its input pipeline (clusters-2026-12-06h w1).
bool mark_stdin_wait(const os::FileTree& tree, const ProcessInfo* before, const ProcessInfo& p, double share,
                     RankState& r) {
  auto fd0 = stdin_read(tree, before, p);
  if (fd0.empty() || r.cpu_pct >= 25 * share || r.file_read_bytes >= 1024) return false;
  r.activity = Activity::stdin_wait;
  r.main_read = "fd 0 (" + fd0 + ")";
  r.reading.clear();
  return true;
}

// The tree's one rank waiting on its standard input: the text the job's output ends in is its prompt.
void mark_prompt(std::vector<RankState>& states, const std::string& prompt) {
  if (prompt.empty() || states.size() != 1 || states.front().activity != Activity::stdin_wait) return;
  states.front().prompt = prompt;
}

// r.store and r.store_bytes: the rank's own client connection to its MASTER_PORT received 1 kB or
// more in the window and its other connections (not the store's) nothing. new_group's barrier polls
// every 10 ms (18 kB in 3 s in w4 of clusters-2026-12-05d); a background thread's occasional store
// check (NCCL's watchdog) moves far less.
void note_store_polling(const Snapshot& before, const Snapshot& after, const ProcessInfo& p,
                        const std::vector<const ProcessInfo*>& members, RankState& r) {
  if (!p.master_port) return;
  std::uint64_t store_in = 0, other_in = 0;
  for (const auto& s : after.sockets) {
    if (std::none_of(members.begin(), members.end(), [&](auto* q) { return q->pid == s.pid; })) continue;
    const auto* b = before.socket(s.socket.inode, s.netns);
    std::uint64_t in = s.socket.bytes_received - (b ? std::min(b->socket.bytes_received, s.socket.bytes_received) : 0);
    if (s.pid == p.pid && s.socket.peer_port == *p.master_port)
      store_in += in;
    else if (!after.is_store_socket(s))
      other_in += in;
  }
  if (store_in < 1024 || other_in > 0 || p.master_addr.empty()) return;
  r.store = fmt::format("{}:{}", p.master_addr, *p.master_port);
  r.store_bytes = store_in;
}

// Polling the store: a sleep between polls, or the poll itself, never a collective's futex.
bool polls_store(const RankState& r) {
  bool idle = r.activity == Activity::sleeping || r.activity == Activity::elsewhere ||
              (r.activity == Activity::in_collective && r.main_syscall != "futex");
  return idle && !r.store.empty();
}

}  // namespace

std::string describe(const RankState& r) {
  std::string s = fmt::format("{}: {}, main thread in {}{}, CPU {:.0f}%", who(r.rank, r.pid), to_string(r.activity),
                              r.main_syscall, r.main_wchan.empty() ? "" : " (" + r.main_wchan + ")", r.cpu_pct);
  if (r.child) s += fmt::format(", child pid {}{}", r.child, r.child_stopped ? " (stopped)" : "");
  if (!r.main_read.empty()) s += ", reads " + r.main_read;
  if (!r.lock.empty()) s += ", waits in " + r.lock;
  if (!r.pipe.empty()) s += ", writes " + r.pipe;
  if (!r.pipe_readers.empty()) s += ", read end held by " + core::join(r.pipe_readers, ", ");
  if (!r.throttle.empty()) s += ", " + r.throttle;
  if (!r.memory_wait.empty()) s += ", a thread in state D in " + r.memory_wait + " in both snapshots";
  if (!r.storage_write.empty()) s += ", main thread in state D in " + r.storage_write + " in both snapshots";
  if (!r.thaw.empty()) s += ", " + r.thaw + " in both snapshots";
  if (r.file_read_bytes > 0) s += fmt::format(", read {} bytes from files", r.file_read_bytes);
  if (!r.reading.empty()) s += ", reading " + r.reading;
  if (r.activity == Activity::at_store)
    s += fmt::format(", polls the store {} ({} bytes received in the window, no other connection moved)", r.store,
                     r.store_bytes);
  if (!r.busy_workers.empty()) {
    std::vector<std::string> pids;
    for (int w : r.busy_workers) pids.push_back(std::to_string(w));
    s += fmt::format(", its worker process{} (pid {}) {} CPU {:.0f}% together", r.busy_workers.size() == 1 ? "" : "es",
                     core::join(pids, ", "), r.busy_workers.size() == 1 ? "burns" : "burn", r.worker_cpu_pct);
  }
  return s;
}

// A thread of the rank's own process other than its main thread reads, while the main thread waits on a
// futex (a lock, Python's GIL) with at most a trickle of CPU (clusters-2026-12-07l w1: a ctypes read of
// a FIFO that held the GIL; the main thread at 1 % CPU).
bool side_thread_read_under_lock(const RankState& r) {
  return r.reading_tid != 0 && r.reading_tid != r.pid && r.main_syscall == "futex" && r.cpu_pct < 5;
}

std::string blocked_read(const RankState& r) {
  bool blocked = r.activity == Activity::reading_input && !r.reading.empty() && r.file_read_bytes == 0 &&
                 r.busy_workers.empty() && (r.cpu_pct < 0.5 || side_thread_read_under_lock(r));
  return blocked ? r.reading : "";
}

BlockedReaders blocked_readers(const std::vector<std::string>& each) {
  BlockedReaders out;
  out.all = !each.empty();
  for (const auto& b : each) {
    if (b.empty()) out.all = false;
    if (!b.empty() && std::find(out.sources.begin(), out.sources.end(), b) == out.sources.end())
      out.sources.push_back(b);
  }
  return out;
}

std::string BlockedReaders::fix() const {
  if (!all)
    return "Speed up the input pipeline of the reading ranks: more DataLoader workers (num_workers), pin_memory, "
           "prefetch (tf.data: .prefetch(AUTOTUNE), num_parallel_calls), faster or local storage.";
  return fmt::format(
      "Find why {} delivers nothing: the process that should write into it (a FIFO's or pipe's writer, a socket's "
      "sender) or the storage behind it (a hung mount); `ls -l /proc/PID/fd` and `fuser` name who holds it. More "
      "DataLoader workers do not help a source that delivers nothing.",
      core::join(sources, ", "));
}

std::string input_arrives_title(const std::string& readers, const std::string& waiters, const std::string& detail) {
  return fmt::format(
      "{} while {}: its input still arrives ({}), so most likely a slow input pipeline setting the pace "
      "rather than a hang (a stall if the reading stops)",
      readers, waiters, detail);
}

std::string slow_input_fix() {
  return "If the reading goes on (the next step line comes), nothing is stuck: where a step may take this long, "
         "raise --stall above it; to make it faster, speed up the input of the reading ranks: more DataLoader workers "
         "(num_workers), pin_memory, "
         "prefetch (tf.data: .prefetch(AUTOTUNE), num_parallel_calls), faster or local storage, or whatever feeds "
         "the file it reads (a pipe's or FIFO's writer).";
}

double MachineLoad::share() const {
  if (cpus <= 0 || load1 <= cpus) return 1;
  return static_cast<double>(cpus) / load1;
}

std::string MachineLoad::note() const {
  if (share() >= 1) return "";
  return fmt::format(
      "load average {:.1f} on {} CPUs: a runnable thread gets about {:.0f}% of a core; the CPU shares above are read "
      "against that",
      load1, cpus, 100 * share());
}

MachineLoad machine_load(const os::FileTree& tree) {
  MachineLoad m;
  if (auto avg = tree.read("/proc/loadavg")) m.load1 = std::strtod(avg->c_str(), nullptr);
  if (auto stat = tree.read("/proc/stat")) {
    for (const auto& line : core::split(*stat, '\n')) {
      if (line.size() > 3 && core::starts_with(line, "cpu") && std::isdigit(static_cast<unsigned char>(line[3])))
        ++m.cpus;
    }
  }
  return m;
}

namespace {

// Bytes the `members`' sockets received between the snapshots.
std::uint64_t socket_bytes_in(const Snapshot& before, const Snapshot& after,
                              const std::vector<const ProcessInfo*>& members) {
  std::uint64_t in = 0;
  for (const auto& s : after.sockets) {
    if (std::none_of(members.begin(), members.end(), [&](auto* q) { return q->pid == s.pid; })) continue;
    const auto* b = before.socket(s.socket.inode, s.netns);
    in += s.socket.bytes_received - (b ? std::min(b->socket.bytes_received, s.socket.bytes_received) : 0);
  }
  return in;
}

// The main thread's system call and wait channel (its tid is the process's pid).
void note_main_thread(const ProcessInfo& p, RankState& r) {
  for (const auto& t : p.threads) {
    if (t.tid != p.pid) continue;
    r.main_syscall = syscall_name(t.syscall);
    r.main_wchan = t.wchan == "0" ? "" : t.wchan;
  }
}

}  // namespace

std::vector<RankState> rank_states(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                                   long ticks_per_s, double share, const std::string& uncaught,
                                   const std::string& prompt) {
  double dt = std::max(0.1, after.at_s - before.at_s);
  bool any_rank =
      std::any_of(after.processes.begin(), after.processes.end(), [](auto& p) { return p.rank.has_value(); });
  std::vector<RankState> out;
  for (const auto& p : after.processes) {
    if (any_rank ? !(p.rank && is_rank_root(after, p)) : p.socket_inodes.empty()) continue;
    // Members: the process and, for a rank, every process that inherited its RANK below it.
    std::vector<const ProcessInfo*> members;
    for (const auto& q : after.processes) {
      if (q.pid == p.pid || (p.rank && q.rank == p.rank && !is_rank_root(after, q))) members.push_back(&q);
    }
    RankState r;
    r.rank = p.rank;
    r.pid = p.pid;
    std::uint64_t cpu = 0, worker_cpu = 0, rchar = 0, socket_in = 0;
    bool d_state = false;
    for (const auto* q : members) {
      const auto* b = before.process(q->pid);
      if (!b) continue;
      std::uint64_t c = q->cpu_ticks - std::min(q->cpu_ticks, b->cpu_ticks);
      cpu += c;
      // A worker (a forked copy of the rank: DataLoader's) runs when its CPU time grew between the
      // two snapshots by 2 clock ticks or more, not when one sample shows it in state R.
      if (q->pid != p.pid && c >= 2) {
        worker_cpu += c;
        r.busy_workers.push_back(q->pid);
      }
      rchar += q->rchar - std::min(q->rchar, b->rchar);
      for (const auto& t : q->threads) d_state = d_state || t.state == 'D';
      for (const auto& t : q->threads) {
        if ((t.syscall == SYS_read || t.syscall == SYS_pread64) && r.reading.empty()) {
          auto target = fd_target(tree, q->pid, t.arg0);
          if (core::starts_with(target, "/") && !core::starts_with(target, "/dev/")) {
            r.reading = target;
            r.reading_tid = q->pid == p.pid ? t.tid : 0;  // a worker process's thread: not one of the rank's own
          }
        }
      }
    }
    socket_in = socket_bytes_in(before, after, members);
    note_store_polling(before, after, p, members, r);
    r.cpu_pct = 100.0 * static_cast<double>(cpu) / static_cast<double>(ticks_per_s) / dt;
    r.worker_cpu_pct = 100.0 * static_cast<double>(worker_cpu) / static_cast<double>(ticks_per_s) / dt;
    r.file_read_bytes = rchar > socket_in ? rchar - socket_in : 0;
    note_main_thread(p, r);
    const auto* p_before = before.process(p.pid);
    bool stopped = is_stopped(p.state) && p_before && is_stopped(p_before->state);
    // Its main thread waits while its own workers burn half the share a runnable thread gets
    // here (or more): it waits on them, not on its peers.
    bool waits_on_workers = is_wait_syscall(r.main_syscall) && r.worker_cpu_pct >= 50 * share;
    if (!waits_on_workers) r.busy_workers.clear();
    // frozen in both snapshots by a cgroup freezer: its threads sleep in state D, any wchan
    bool frozen = p.frozen && p_before && p_before->frozen;
    if (!stopped && !frozen && mark_stdin_wait(tree, p_before, p, share, r)) {
      out.push_back(std::move(r));
      continue;
    }
    auto held = kernel_hold(tree, p_before, p, stopped, frozen, r);
    r.activity = held ? *held
                 : (r.file_read_bytes >= 1024 || d_state || waits_on_workers || !r.reading.empty())
                     ? Activity::reading_input
                     : activity_of(r, share);
    if (frozen) {  // what it was doing when frozen is no wait of its own
      out.push_back(std::move(r));
      continue;
    }
    r.child = r.activity == Activity::stopped ? 0 : waited_child(before, after, p);
    if (r.child) r.activity = Activity::waiting_child;
    if (!r.child && polls_store(r)) r.activity = Activity::at_store;
    note_own_wait(tree, before, after, p, r);  // a stopped child it reads from, a key at the store
    note_file_lock(tree, before, p, r);        // a file lock another process holds
    note_pipe_write(tree, before, p, r);       // a pipe whose reader does not drain it
    note_throttle(p_before, p, dt, r);         // a CPU quota its cgroup has used up
    out.push_back(std::move(r));
  }
  mark_raised(out, uncaught);
  mark_prompt(out, prompt);
  return out;
}

}  // namespace dd::watch
