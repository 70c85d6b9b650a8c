#include "watch/process_info.hpp"

#include <sys/syscall.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "core/strings.hpp"
#include "watch/env_compare.hpp"

namespace dd::watch {

namespace {

std::string proc(int pid) { return "/proc/" + std::to_string(pid); }

std::uint64_t to_u64(std::string_view s) {
  auto v = core::parse_int(core::trim(s));
  return v && *v > 0 ? static_cast<std::uint64_t>(*v) : 0;
}

// /proc/PID/stat: "pid (comm) S ppid ..."; comm may hold spaces and ')' so the last ')' ends it.
struct Stat {
  std::string comm;
  char state = '?';
  int ppid = 0;
  std::uint64_t cpu_ticks = 0;
  std::uint64_t start_ticks = 0;
};

std::optional<Stat> parse_stat(const std::string& text) {
  auto open = text.find('(');
  auto close = text.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return std::nullopt;
  Stat s;
  s.comm = text.substr(open + 1, close - open - 1);
  auto f = core::split(std::string_view(text).substr(close + 1), ' ');
  if (f.size() < 13 || f[0].empty()) return std::nullopt;
  s.state = f[0][0];
  s.ppid = static_cast<int>(to_u64(f[1]));
  s.cpu_ticks = to_u64(f[11]) + to_u64(f[12]);
  if (f.size() > 19) s.start_ticks = to_u64(f[19]);
  return s;
}

void read_io(const os::FileTree& tree, int pid, ProcessInfo& p) {
  auto io = tree.read(proc(pid) + "/io");
  if (!io) return;
  for (const auto& line : core::split(*io, '\n')) {
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    auto key = std::string_view(line).substr(0, colon);
    auto value = to_u64(std::string_view(line).substr(colon + 1));
    if (key == "rchar") p.rchar = value;
    if (key == "wchar") p.wchar = value;
    if (key == "read_bytes") p.read_bytes = value;
    if (key == "write_bytes") p.write_bytes = value;
  }
}

// RANK, WORLD_SIZE, the torch store (MASTER_ADDR/PORT), the settings that choose the job's network
// interface, whether a launcher's variable marks the process as part of a distributed job, and the
// variables every rank must share.
void read_environ(const os::FileTree& tree, int pid, ProcessInfo& p) {
  auto env = tree.read(proc(pid) + "/environ");
  if (!env) return;
  p.environ_readable = true;
  for (const auto& var : core::split(*env, '\0')) {
    if (auto eq = var.find('='); eq != std::string::npos && is_compared_variable(std::string_view(var).substr(0, eq))) {
      p.shared_env[var.substr(0, eq)] = var.substr(eq + 1);
    }
    if (core::starts_with(var, "RANK=")) {
      auto v = core::parse_int(std::string_view(var).substr(5));
      if (v && *v >= 0 && *v < (1 << 24)) p.rank = static_cast<int>(*v);
    }
    for (const char* key : {"GLOO_SOCKET_IFNAME=", "NCCL_SOCKET_IFNAME=", "TP_SOCKET_IFNAME="}) {
      if (core::starts_with(var, key)) p.interface_env.push_back(var);
    }
    for (const char* key : {"RANK=", "WORLD_SIZE=", "LOCAL_RANK=", "MASTER_ADDR=", "TF_CONFIG=",
                            "OMPI_COMM_WORLD_RANK=", "PMI_RANK=", "HOROVOD_RANK="}) {
      if (core::starts_with(var, key)) p.job_env = true;
    }
    auto small_int = [](std::string_view v) -> std::optional<int> {
      auto n = core::parse_int(v);
      if (n && *n >= 0 && *n < (1 << 24)) return static_cast<int>(*n);
      return std::nullopt;
    };
    if (core::starts_with(var, "WORLD_SIZE=")) p.world_size = small_int(std::string_view(var).substr(11));
    if (core::starts_with(var, "MASTER_PORT=")) p.master_port = small_int(std::string_view(var).substr(12));
    if (core::starts_with(var, "MASTER_ADDR=")) p.master_addr = var.substr(12);
  }
}

ThreadInfo read_thread(const os::FileTree& tree, int pid, int tid) {
  ThreadInfo t;
  t.tid = tid;
  std::string dir = proc(pid) + "/task/" + std::to_string(tid);
  if (auto st = tree.read(dir + "/stat"); st) {
    if (auto s = parse_stat(*st)) {
      t.comm = s->comm;
      t.state = s->state;
      t.cpu_ticks = s->cpu_ticks;
    }
  }
  t.wchan = std::string(core::trim(tree.read(dir + "/wchan").value_or("")));
  if (auto sc = tree.read(dir + "/syscall"); sc) {
    auto f = core::split(core::trim(*sc), ' ');
    if (!f.empty() && f[0] == "running")
      t.syscall = -1;
    else if (!f.empty()) {
      auto nr = core::parse_int(f[0]);
      t.syscall = nr ? static_cast<long>(*nr) : -2;
      if (f.size() > 1) t.arg0 = std::strtoull(f[1].c_str(), nullptr, 16);
      if (f.size() > 2) t.arg1 = std::strtoull(f[2].c_str(), nullptr, 16);
    }
  }
  return t;
}

}  // namespace

std::vector<int> list_pids(const os::FileTree& tree) {
  std::vector<int> pids;
  for (const auto& name : tree.list("/proc")) {
    auto v = core::parse_int(name);
    if (v && *v > 0) pids.push_back(static_cast<int>(*v));
  }
  std::sort(pids.begin(), pids.end());
  return pids;
}

std::vector<std::pair<int, int>> parent_links(const os::FileTree& tree) {
  std::vector<std::pair<int, int>> links;
  for (int pid : list_pids(tree)) {
    auto st = tree.read(proc(pid) + "/stat");
    if (!st) continue;
    if (auto s = parse_stat(*st)) links.emplace_back(pid, s->ppid);
  }
  return links;
}

std::vector<int> descendants(const std::vector<std::pair<int, int>>& links, const std::vector<int>& roots,
                             bool with_roots) {
  std::multimap<int, int> children;
  for (const auto& [pid, ppid] : links) children.emplace(ppid, pid);
  std::set<int> seen;
  std::vector<int> todo(roots.begin(), roots.end());
  std::vector<int> out;
  std::set<int> root_set(roots.begin(), roots.end());
  while (!todo.empty()) {
    int p = todo.back();
    todo.pop_back();
    if (!seen.insert(p).second) continue;
    if (with_roots || !root_set.count(p)) out.push_back(p);
    auto [b, e] = children.equal_range(p);
    for (auto it = b; it != e; ++it) todo.push_back(it->second);
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

// The value of the first "KEY:\tvalue" line of a /proc status-like file's text, trimmed; "" when none.
std::string field_of(std::string_view text, std::string_view key) {
  for (const auto& line : core::split(text, '\n')) {
    if (line.size() > key.size() && core::starts_with(line, key) && line[key.size()] == ':')
      return std::string(core::trim(std::string_view(line).substr(key.size() + 1)));
  }
  return "";
}

// The tracer of a process in a tracer's stop (state t, its own or a thread's).
void read_tracer(const os::FileTree& tree, ProcessInfo& p) {
  int tid = p.state == 't' ? p.pid : 0;
  for (const auto& t : p.threads)
    if (!tid && t.state == 't') tid = t.tid;
  if (!tid) return;
  auto status = tree.read(proc(p.pid) + "/task/" + std::to_string(tid) + "/status");
  auto tracer = status ? core::parse_int(field_of(*status, "TracerPid")) : std::nullopt;
  if (!tracer || *tracer <= 0) return;
  p.tracer_pid = static_cast<int>(*tracer);
  p.tracer_comm = std::string(core::trim(tree.read(proc(p.tracer_pid) + "/comm").value_or("")));
}

}  // namespace

std::optional<ProcessInfo> read_process(const os::FileTree& tree, int pid) {
  auto st = tree.read(proc(pid) + "/stat");
  if (!st) return std::nullopt;
  auto s = parse_stat(*st);
  if (!s) return std::nullopt;
  ProcessInfo p;
  p.pid = pid;
  p.ppid = s->ppid;
  p.comm = s->comm;
  p.state = s->state;
  p.cpu_ticks = s->cpu_ticks;
  p.start_ticks = s->start_ticks;
  if (auto cmd = tree.read(proc(pid) + "/cmdline"); cmd) {
    std::vector<std::string> args;
    for (const auto& a : core::split(*cmd, '\0')) {
      if (!a.empty()) args.push_back(a.find(' ') == std::string::npos ? a : "'" + a + "'");
    }
    p.cmdline = core::join(args, " ");
  }
  read_io(tree, pid, p);
  read_environ(tree, pid, p);
  p.netns = tree.read_link(proc(pid) + "/ns/net").value_or("");
  for (const auto& fd : tree.list(proc(pid) + "/fd")) {
    auto target = tree.read_link(proc(pid) + "/fd/" + fd);
    if (!target || !core::starts_with(*target, "socket:[")) continue;
    p.socket_inodes.push_back(to_u64(std::string_view(*target).substr(8, target->size() - 9)));
  }
  for (const auto& task : tree.list(proc(pid) + "/task")) {
    auto tid = core::parse_int(task);
    if (tid && *tid > 0) p.threads.push_back(read_thread(tree, pid, static_cast<int>(*tid)));
  }
  std::sort(p.threads.begin(), p.threads.end(), [](const auto& a, const auto& b) { return a.tid < b.tid; });
  read_tracer(tree, p);
  return p;
}

std::string fd_target(const os::FileTree& tree, int pid, std::uint64_t fd) {
  return tree.read_link(proc(pid) + "/fd/" + std::to_string(fd)).value_or("");
}

std::string fdinfo_field(const os::FileTree& tree, int pid, std::uint64_t fd, std::string_view key) {
  auto info = tree.read(proc(pid) + "/fdinfo/" + std::to_string(fd));
  return info ? field_of(*info, key) : "";
}

std::string short_cmdline(const os::FileTree& tree, int pid) {
  auto cmd = tree.read(proc(pid) + "/cmdline");
  if (!cmd) return "";
  std::string c = *cmd;
  std::replace(c.begin(), c.end(), '\0', ' ');
  std::replace(c.begin(), c.end(), '\n', ' ');
  c = std::string(core::trim(c));
  return c.size() > 100 ? c.substr(0, 100) + "..." : c;
}

std::string syscall_name(long nr) {
  if (nr == -1) return "running";
  if (nr < 0) return "?";
  static const std::map<long, std::string> names = {
      {SYS_read, "read"},
      {SYS_write, "write"},
      {SYS_futex, "futex"},
      {SYS_ppoll, "ppoll"},
      {SYS_pselect6, "pselect6"},
      {SYS_epoll_pwait, "epoll_pwait"},
      {SYS_recvfrom, "recvfrom"},
      {SYS_recvmsg, "recvmsg"},
      {SYS_sendto, "sendto"},
      {SYS_sendmsg, "sendmsg"},
      {SYS_connect, "connect"},
      {SYS_accept4, "accept4"},
      {SYS_clock_nanosleep, "clock_nanosleep"},
      {SYS_nanosleep, "nanosleep"},
      {SYS_wait4, "wait4"},
      {SYS_waitid, "waitid"},
      {SYS_pread64, "pread64"},
      {SYS_readv, "readv"},
      {SYS_openat, "openat"},
      {SYS_flock, "flock"},
      {SYS_fcntl, "fcntl"},
#ifdef SYS_poll
      {SYS_poll, "poll"},
      {SYS_select, "select"},
      {SYS_epoll_wait, "epoll_wait"},
      {SYS_pause, "pause"},
      {SYS_accept, "accept"},
#endif
      {SYS_fsync, "fsync"},
      {SYS_fdatasync, "fdatasync"},
      {SYS_sync, "sync"},
      {SYS_syncfs, "syncfs"},
      {SYS_sync_file_range, "sync_file_range"},
      {SYS_msync, "msync"},
      {SYS_pwrite64, "pwrite64"},
      {SYS_writev, "writev"},
      {SYS_pwritev, "pwritev"},
      {SYS_close, "close"},
      {SYS_rt_sigtimedwait, "rt_sigtimedwait"},
      {SYS_rt_sigsuspend, "rt_sigsuspend"},
      {SYS_semop, "semop"},
      {SYS_semtimedop, "semtimedop"},
      {SYS_msgrcv, "msgrcv"},
      {SYS_ioctl, "ioctl"},
  };
  auto it = names.find(nr);
  return it != names.end() ? it->second : "syscall " + std::to_string(nr);
}

}  // namespace dd::watch
