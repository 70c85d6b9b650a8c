// The live state of a process tree read from /proc through os::FileTree (root-relative, so unit
// tests use fixture trees): per process CPU and I/O counters, its threads (state, wchan, current
// syscall), the socket inodes behind its fds, its network namespace and its rank (RANK from its
// environment, as torchrun / Slurm wrappers set it) and the job variables all ranks must share.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "os/file_tree.hpp"
#include "watch/cpu_limit.hpp"

namespace dd::watch {

struct ThreadInfo {
  int tid = 0;
  std::string comm;
  char state = '?';        // R S D T Z ...
  std::string wchan;       // kernel function the thread sleeps in ("" or "0" when running)
  long syscall = -2;       // /proc/.../syscall: number, -1 = in user space (running), -2 unknown
  std::uint64_t arg0 = 0;  // first syscall argument (the fd for read/recv/poll on one fd)
  std::uint64_t arg1 = 0;  // second (fcntl's command: F_SETLKW waits for a lock)
  std::uint64_t cpu_ticks = 0;
};

// T: stopped by a signal (SIGSTOP, SIGTSTP); t: stopped by a tracer (proc(5)).
inline bool is_stopped(char state) { return state == 'T' || state == 't'; }

struct ProcessInfo {
  int pid = 0;
  int ppid = 0;
  std::string comm;
  std::string cmdline;  // arguments joined by spaces, one that holds a space in single quotes
  char state = '?';
  std::uint64_t cpu_ticks = 0;    // utime + stime (clock ticks)
  std::uint64_t start_ticks = 0;  // when it started, clock ticks after boot (/proc/PID/stat field 22)
  std::uint64_t rchar = 0, wchar = 0, read_bytes = 0, write_bytes = 0;  // /proc/PID/io
  std::optional<int> rank;                                              // RANK= in /proc/PID/environ
  std::vector<std::string> interface_env;  // GLOO_SOCKET_IFNAME=..., NCCL_SOCKET_IFNAME=... from it
  std::optional<int> world_size;           // WORLD_SIZE=
  std::string master_addr;                 // MASTER_ADDR= (the torch store's host)
  std::optional<int> master_port;          // MASTER_PORT= (the torch store's port)
  // A launcher's or framework's variable is set (RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR,
  // TF_CONFIG, OMPI_COMM_WORLD_RANK, PMI_RANK, HOROVOD_RANK): the process belongs to a distributed job.
  bool job_env = false;
  bool environ_readable = false;  // /proc/PID/environ could be read (another user's process: not)
  // The variables every rank of a job must share (env_compare.hpp: NCCL_*, GLOO_*, MASTER_*, ...),
  // as they are in the environment the process started with.
  std::map<std::string, std::string> shared_env;
  // The CPU quota of its cgroup and the kernel's throttling counters (cpu_limit.hpp); read by
  // take_snapshot for a process of a distributed job (job_env) only.
  std::optional<CpuLimit> cpu_limit;
  std::optional<MemoryCgroup> memory_cgroup;  // its memory cgroup (cpu_limit.hpp), read with cpu_limit
  std::optional<FrozenCgroup> frozen;         // the cgroup freezer that holds it frozen (cpu_limit.hpp)
  std::string netns;                          // "net:[4026531840]"
  std::vector<std::uint64_t> socket_inodes;   // fds that are sockets
  std::vector<ThreadInfo> threads;
  // Where it or a thread of it is in a tracer's stop (state t): the tracer (TracerPid of the first
  // such thread's /proc/PID/task/TID/status) and its comm; 0 and "" otherwise (clusters-2026-12-07l w3).
  int tracer_pid = 0;
  std::string tracer_comm;
};

// Every numeric entry of /proc.
std::vector<int> list_pids(const os::FileTree& tree);

// pid -> ppid for every process in /proc (one pass over /proc/PID/stat).
std::vector<std::pair<int, int>> parent_links(const os::FileTree& tree);

// The processes below `roots` (children, grandchildren, ...), roots included when `with_roots`.
std::vector<int> descendants(const std::vector<std::pair<int, int>>& links, const std::vector<int>& roots,
                             bool with_roots);

// One process; nullopt when it vanished (or /proc/PID/stat is unreadable).
std::optional<ProcessInfo> read_process(const os::FileTree& tree, int pid);

// Path of what fd `fd` of `pid` points to ("socket:[123]", "/data/x.bin", "pipe:[9]"), or "".
std::string fd_target(const os::FileTree& tree, int pid, std::uint64_t fd);

// The value of the `key:` line of /proc/PID/fdinfo/FD ("flags" -> "02", "ino" -> "91234": kernels
// since 5.14), trimmed; "" when the line is absent or the file unreadable. The one fdinfo reader.
std::string fdinfo_field(const os::FileTree& tree, int pid, std::uint64_t fd, std::string_view key);

// /proc/PID/cmdline with its arguments joined by spaces (line breaks too: `python3 -c` scripts), at
// most 100 characters ("..." after them); "" when unreadable or empty.
std::string short_cmdline(const os::FileTree& tree, int pid);

// "futex", "poll", "read", ... for the x86-64 / aarch64 syscall numbers a stuck job sits in.
std::string syscall_name(long nr);

}  // namespace dd::watch
