// The CPU limit of the cgroup a process runs in, and how often the kernel throttled it: a rank in a
// cgroup whose quota is used up is runnable (state R, main thread in its own code) yet gets almost
// no CPU, which from its state alone looks like a rank outside the collectives
// (clusters-2026-12-07i w3: quota 1 ms per 1 s, throttled in 99 of 100 periods).
// cgroup v1: the `cpu` hierarchy's cpu.cfs_quota_us (-1: none), cpu.cfs_period_us, and cpu.stat's
// nr_periods, nr_throttled, throttled_time (ns). cgroup v2: cpu.max ("max 100000" or "QUOTA PERIOD")
// and cpu.stat's nr_periods, nr_throttled, throttled_usec. The limit may sit on an ancestor of the
// process's own cgroup: the innermost limited one from the process's cgroup up to the mount's root.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "os/file_tree.hpp"

namespace dd::watch {

struct CpuLimit {
  std::string dir;  // "/sys/fs/cgroup/cpu/job7": the limited cgroup's directory, as the node's root sees it
  std::string via;  // "" or "/proc/PID/root": what the files are read through (cgroup_mounts() in the .cpp)
  bool v2 = false;
  std::int64_t quota_us = 0;   // CPU time the cgroup may use per period
  std::int64_t period_us = 0;  // the period
  std::uint64_t nr_periods = 0, nr_throttled = 0, throttled_us = 0;
  // The hierarchy is mounted from below its root (a container's view): `dir` is no path on the node,
  // and the quota is set from outside (the container's CPU limit).
  bool container_view = false;

  // "cpu.max" or "cpu.cfs_quota_us": the file that holds the quota.
  std::string quota_file() const;
  // The shell line that removes the limit ("echo max > DIR/cpu.max"; v1: "echo -1 > DIR/cpu.cfs_quota_us").
  std::string unlimit_command() const;
  // "1 ms of CPU per 1000 ms, 0.1 % of one core"
  std::string allowance() const;
};

// Where the v1 `cpu` hierarchy and cgroup v2 are mounted: watch's own mounts (/proc/self/mountinfo);
// where they hold no cgroup hierarchy (watch in a namespace whose /sys is a fresh sysfs, as `ip netns
// exec` makes it), those of its nearest ancestor whose do and whose root this process may read through
// (init's may be closed: a micro-VM's init is); `via` is then "/proc/PID/root" (the paths said to the
// user stay the node's). Read once per watch session (CgroupMountsOnce): mountinfo runs to thousands
// of lines on a k8s node, and the ancestor walk reads a file per hop.
struct CgroupMounts {
  struct Mount {
    std::string root;         // the hierarchy path mounted there ("/" on a host)
    std::string mount_point;  // "/sys/fs/cgroup/cpu"
  };
  std::optional<Mount> v1_cpu, v1_memory, v1_freezer, v2;
  std::string via;
};
CgroupMounts cgroup_mounts(const os::FileTree& tree);

// cgroup_mounts() read at the first need and kept: what one watch session (one tree) reads.
class CgroupMountsOnce {
 public:
  const CgroupMounts& get(const os::FileTree& tree) {
    if (!mounts_) mounts_ = cgroup_mounts(tree);
    return *mounts_;
  }

 private:
  std::optional<CgroupMounts> mounts_;
};

// The same cgroup in both readings, throttled in at least one period between them, in at least
// half of the periods in which it ran (nr_periods counts only those), and for at least half of the
// `window_s` seconds between the readings (throttled time): a cgroup held at its quota for most of it.
bool throttled_between(const CpuLimit& before, const CpuLimit& after, double window_s);

// The memory cgroup of a process (v1 `memory` hierarchy, else v2), for the fix of a rank that waits
// for memory: its directory as the node's root sees it (container_view: as a container sees it);
// nullopt for the root cgroup (no limit there) or when unreadable.
struct MemoryCgroup {
  std::string dir;
  bool v2 = false;
  bool container_view = false;
  std::string limit_file() const;  // "memory.max" or "memory.limit_in_bytes"
};

// The cgroup freezer that holds a process (v1 `freezer` hierarchy: freezer.state FROZEN or FREEZING;
// v2: cgroup.freeze 1 on it or an ancestor): the outermost frozen cgroup, as the node's root sees it
// (container_view: as a container sees it); nullopt when not frozen or unreadable. A frozen task
// sleeps in state D with an ordinary wchan (clusters-2026-12-07k w1: hrtimer_nanosleep), which alone
// reads as I/O.
struct FrozenCgroup {
  std::string dir;
  bool v2 = false;
  bool container_view = false;
  // "echo THAWED > 'DIR/freezer.state'" (v1) or "echo 0 > 'DIR/cgroup.freeze'" (v2)
  std::string thaw_command() const;
};

// What the cgroups of process `pid` say, from one read of /proc/PID/cgroup (and the mounts, read
// through /proc/self/mountinfo, or an ancestor's /proc/A/mountinfo and /proc/A/root where watch's
// own mount namespace has no cgroup mount); each part nullopt when it does not apply or is unreadable.
struct ProcessCgroups {
  std::optional<CpuLimit> cpu_limit;   // the innermost cgroup with a CPU quota that holds it
  std::optional<MemoryCgroup> memory;  // its memory cgroup
  std::optional<FrozenCgroup> frozen;  // the freezer that holds it frozen
};
ProcessCgroups read_process_cgroups(const os::FileTree& tree, int pid, const CgroupMounts& mounts);

}  // namespace dd::watch
