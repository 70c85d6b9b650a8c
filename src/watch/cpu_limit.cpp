#include "watch/cpu_limit.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include <fmt/format.h>

#include "core/strings.hpp"

namespace dd::watch {

namespace {

// The mounts of the v1 `cpu` hierarchy and of cgroup v2 in one mountinfo
// (ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTS [TAGS...] - FSTYPE SOURCE SUPEROPTS).
CgroupMounts mounts_in(const os::FileTree& tree, const std::string& mountinfo) {
  CgroupMounts m;
  auto mi = tree.read(mountinfo);
  if (!mi) return m;
  for (const auto& line : core::split(*mi, '\n')) {
    auto f = core::split(line, ' ');
    auto dash = std::find(f.begin(), f.end(), "-");
    if (f.size() < 5 || dash == f.end() || f.end() - dash < 4) continue;
    const std::string& fstype = *(dash + 1);
    CgroupMounts::Mount c{f[3], f[4]};
    if (fstype == "cgroup2" && !m.v2) m.v2 = c;
    if (fstype == "cgroup") {
      auto opts = core::split(*(dash + 3), ',');
      if (!m.v1_cpu && std::find(opts.begin(), opts.end(), "cpu") != opts.end()) m.v1_cpu = c;
      if (!m.v1_memory && std::find(opts.begin(), opts.end(), "memory") != opts.end()) m.v1_memory = c;
      if (!m.v1_freezer && std::find(opts.begin(), opts.end(), "freezer") != opts.end()) m.v1_freezer = c;
    }
  }
  return m;
}

// The parent of `pid` ("self" or a number) from /proc/PID/stat (the field after the state); 0 when unknown.
int parent_of(const os::FileTree& tree, const std::string& pid) {
  auto st = tree.read("/proc/" + pid + "/stat");
  if (!st) return 0;
  auto close = st->rfind(')');
  if (close == std::string::npos) return 0;
  auto f = core::split(std::string_view(*st).substr(close + 1), ' ');
  return f.size() > 1 ? std::atoi(f[1].c_str()) : 0;
}

// The process's path in the v1 hierarchy of `controller` ("N:cpu,cpuacct:/path") or in v2 ("0::/path").
std::optional<std::string> cgroup_path(const std::string& text, bool v2, const std::string& controller = "cpu") {
  for (const auto& line : core::split(text, '\n')) {
    auto first = line.find(':');
    auto second = first == std::string::npos ? std::string::npos : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    std::string controllers = line.substr(first + 1, second - first - 1);
    std::string path = line.substr(second + 1);
    if (v2 && line.compare(0, first, "0") == 0 && controllers.empty()) return path;
    if (!v2) {
      auto cs = core::split(controllers, ',');
      if (std::find(cs.begin(), cs.end(), controller) != cs.end()) return path;
    }
  }
  return std::nullopt;
}

std::optional<std::int64_t> number(const std::string& s) {
  auto t = std::string(core::trim(s));
  if (t.empty()) return std::nullopt;
  char* end = nullptr;
  long long v = std::strtoll(t.c_str(), &end, 10);
  if (end == t.c_str() || *end != '\0') return std::nullopt;
  return v;
}

// cpu.stat "key value" lines into `out`; throttled time in microseconds.
void read_stat(const os::FileTree& tree, CpuLimit& out) {
  auto stat = tree.read(out.via + out.dir + "/cpu.stat");
  if (!stat) return;
  for (const auto& line : core::split(*stat, '\n')) {
    auto kv = core::split(line, ' ');
    if (kv.size() != 2) continue;
    auto v = number(kv[1]);
    if (!v || *v < 0) continue;
    auto u = static_cast<std::uint64_t>(*v);
    if (kv[0] == "nr_periods") out.nr_periods = u;
    if (kv[0] == "nr_throttled") out.nr_throttled = u;
    if (kv[0] == "throttled_usec") out.throttled_us = u;
    if (kv[0] == "throttled_time") out.throttled_us = u / 1000;  // v1: nanoseconds
  }
}

// The quota of one cgroup directory, when it has one.
bool read_quota(const os::FileTree& tree, CpuLimit& c) {
  if (c.v2) {
    auto max = os::read_line(tree, c.via + c.dir + "/cpu.max");
    if (!max) return false;
    auto parts = core::split(*max, ' ');
    if (parts.size() < 2 || parts[0] == "max") return false;  // "QUOTA PERIOD", a later kernel may add a field
    auto q = number(parts[0]), p = number(parts[1]);
    if (!q || !p || *q <= 0 || *p <= 0) return false;
    c.quota_us = *q, c.period_us = *p;
    return true;
  }
  auto q = os::read_line(tree, c.via + c.dir + "/cpu.cfs_quota_us");
  auto p = os::read_line(tree, c.via + c.dir + "/cpu.cfs_period_us");
  auto qv = q ? number(*q) : std::nullopt;
  auto pv = p ? number(*p) : std::nullopt;
  if (!qv || !pv || *qv <= 0 || *pv <= 0) return false;
  c.quota_us = *qv, c.period_us = *pv;
  return true;
}

// A cgroup path as seen below `mount`: a mount of a sub-hierarchy (a container's) shows paths below
// its root; a path outside it is another container's (or, with "/..", outside this cgroup
// namespace's root), whose files this mount does not hold.
std::optional<std::string> path_below_mount(const CgroupMounts::Mount& mount, const std::string& path) {
  if (path.find("/..") != std::string::npos) return std::nullopt;
  if (mount.root == "/") return path;
  if (path == mount.root) return "/";
  if (core::starts_with(path, mount.root + "/")) return path.substr(mount.root.size());
  return std::nullopt;
}

std::optional<CpuLimit> limit_in(const os::FileTree& tree, const CgroupMounts::Mount& mount, const std::string& via,
                                 const std::string& cgroup, bool v2) {
  auto below = path_below_mount(mount, cgroup);
  if (!below) return std::nullopt;
  bool inside = mount.root != "/";
  std::string path = *below;
  while (true) {
    CpuLimit c;
    c.v2 = v2;
    c.via = via;
    c.container_view = inside;
    c.dir = mount.mount_point + (path == "/" ? "" : path);
    if (read_quota(tree, c)) {
      read_stat(tree, c);
      return c;
    }
    if (path.empty() || path == "/") return std::nullopt;
    auto slash = path.rfind('/');
    path = slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
  }
}

}  // namespace

std::string CpuLimit::quota_file() const { return v2 ? "cpu.max" : "cpu.cfs_quota_us"; }

std::string CpuLimit::unlimit_command() const {
  return v2 ? fmt::format("echo max > '{}/cpu.max'", dir) : fmt::format("echo -1 > '{}/cpu.cfs_quota_us'", dir);
}

std::string CpuLimit::allowance() const {
  return fmt::format("{:g} ms of CPU per {:g} ms, {:g} % of one core", static_cast<double>(quota_us) / 1000,
                     static_cast<double>(period_us) / 1000,
                     100.0 * static_cast<double>(quota_us) / static_cast<double>(period_us));
}

CgroupMounts cgroup_mounts(const os::FileTree& tree) {
  auto m = mounts_in(tree, "/proc/self/mountinfo");
  if (m.v1_cpu || m.v2 || m.v1_memory) return m;
  int pid = parent_of(tree, "self");
  for (int hops = 0; pid > 0 && hops < 64; ++hops) {
    auto p = std::to_string(pid);
    m = mounts_in(tree, "/proc/" + p + "/mountinfo");
    m.via = "/proc/" + p + "/root";
    auto& mount = m.v1_cpu ? m.v1_cpu : m.v2;
    if (mount && tree.exists(m.via + mount->mount_point)) return m;
    pid = pid == 1 ? 0 : parent_of(tree, p);
  }
  return {};
}

namespace {

// Each of these reads `text`, the content of /proc/PID/cgroup.
std::optional<CpuLimit> cpu_limit_of(const os::FileTree& tree, const std::string& text, const CgroupMounts& mounts) {
  // The v1 `cpu` hierarchy holds the CPU controller where it is mounted (a hybrid host's v2 mount
  // then has no cpu.max); else v2.
  if (mounts.v1_cpu) {
    if (auto path = cgroup_path(text, false)) return limit_in(tree, *mounts.v1_cpu, mounts.via, *path, false);
  }
  if (mounts.v2) {
    if (auto path = cgroup_path(text, true)) return limit_in(tree, *mounts.v2, mounts.via, *path, true);
  }
  return std::nullopt;
}

}  // namespace

bool throttled_between(const CpuLimit& before, const CpuLimit& after, double window_s) {
  if (before.dir != after.dir || after.nr_throttled <= before.nr_throttled || after.nr_periods <= before.nr_periods)
    return false;
  std::uint64_t throttled = after.nr_throttled - before.nr_throttled;
  std::uint64_t periods = after.nr_periods - before.nr_periods;
  // nr_periods counts only the periods in which the group ran: the throttled time must cover half
  // the window as well.
  double held_s = static_cast<double>(after.throttled_us - std::min(after.throttled_us, before.throttled_us)) / 1e6;
  return 2 * throttled >= periods && 2 * held_s >= window_s;
}

namespace {

std::optional<MemoryCgroup> memory_cgroup_of(const std::string& text, const CgroupMounts& mounts) {
  const auto& mount = mounts.v1_memory ? mounts.v1_memory : mounts.v2;
  if (!mount) return std::nullopt;
  auto cgroup = cgroup_path(text, !mounts.v1_memory, "memory");
  auto path = cgroup ? path_below_mount(*mount, *cgroup) : std::nullopt;
  if (!path || *path == "/") return std::nullopt;  // the root cgroup has no limit to lift
  MemoryCgroup out;
  out.v2 = !mounts.v1_memory;
  out.container_view = mount->root != "/";
  out.dir = mount->mount_point + *path;
  return out;
}

std::optional<FrozenCgroup> frozen_cgroup_of(const os::FileTree& tree, const std::string& text,
                                             const CgroupMounts& mounts) {
  const auto& mount = mounts.v1_freezer ? mounts.v1_freezer : mounts.v2;
  if (!mount) return std::nullopt;
  const bool v2 = !mounts.v1_freezer;
  auto cgroup = cgroup_path(text, v2, "freezer");
  auto path = cgroup ? path_below_mount(*mount, *cgroup) : std::nullopt;
  if (!path || *path == "/") return std::nullopt;
  // v1: freezer.state FROZEN (or FREEZING) holds for a cgroup whose ancestor is frozen too; v2:
  // cgroup.freeze 1 is set where the freeze was asked. The outermost frozen one is what to thaw.
  auto frozen_at = [&](const std::string& p) {
    std::string dir = mounts.via + mount->mount_point + p;
    const std::string content = tree.read(dir + (v2 ? "/cgroup.freeze" : "/freezer.state")).value_or("");
    const std::string_view state = core::trim(content);  // a view of `content`, which outlives it
    return v2 ? state == "1" : state == "FROZEN" || state == "FREEZING";
  };
  std::string p = *path, found;
  while (!p.empty() && p != "/") {
    if (frozen_at(p))
      found = p;
    else if (!v2)
      break;  // v1: an ancestor of a thawed cgroup is thawed
    auto slash = p.rfind('/');
    p = slash == 0 || slash == std::string::npos ? "/" : p.substr(0, slash);
  }
  if (found.empty()) return std::nullopt;
  return FrozenCgroup{mount->mount_point + found, v2, mount->root != "/"};
}

}  // namespace

ProcessCgroups read_process_cgroups(const os::FileTree& tree, int pid, const CgroupMounts& mounts) {
  auto text = tree.read(fmt::format("/proc/{}/cgroup", pid));
  if (!text) return {};
  return {cpu_limit_of(tree, *text, mounts), memory_cgroup_of(*text, mounts), frozen_cgroup_of(tree, *text, mounts)};
}

std::string MemoryCgroup::limit_file() const { return v2 ? "memory.max" : "memory.limit_in_bytes"; }

std::string FrozenCgroup::thaw_command() const {
  return v2 ? fmt::format("echo 0 > '{}/cgroup.freeze'", dir) : fmt::format("echo THAWED > '{}/freezer.state'", dir);
}

}  // namespace dd::watch
