// Container detection (checked on Docker 24-27, Podman 4, containerd/Kubernetes 1.2x, LXC 5):
// Docker creates /.dockerenv, Podman /run/.containerenv; cgroup v1 paths in /proc/1/cgroup name
// the runtime (/docker/<id>, /kubepods/..., /lxc/<name>, libpod-<id>); with cgroup v2 they are
// often just "0::/", so the bind mounts in /proc/self/mountinfo (/var/lib/docker/containers/...,
// /var/lib/kubelet/pods/..., /containers/storage/...) are read as well, and Kubernetes sets
// KUBERNETES_SERVICE_HOST in every pod. /dev/shm's size comes from its tmpfs mount options
// (tmpfs's default is half of RAM when no size= is given).
#include <algorithm>

#include "check/container.hpp"
#include "core/strings.hpp"

namespace dd::check {

namespace {

bool contains(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

// Runtime named by one text (cgroup or mountinfo), most specific first; "" when none.
std::string runtime_in(std::string_view text) {
  if (contains(text, "kubepods") || contains(text, "/kubelet/pods/")) return "kubernetes";
  if (contains(text, "libpod") || contains(text, "/containers/storage/")) return "podman";
  if (contains(text, "/docker/") || contains(text, "docker-")) return "docker";
  if (contains(text, "containerd")) return "containerd";
  if (contains(text, "/lxc/") || contains(text, "lxc.payload")) return "lxc";
  return "";
}

void detect_runtime(const os::FileTree& files, const os::Environment& env, ContainerInfo& info) {
  auto note = [&](const std::string& runtime, const std::string& why) {
    info.in_container = true;
    info.evidence.push_back(why);
    // Kubernetes wins over the runtime underneath it; otherwise the first clue names it.
    if (info.runtime.empty() || info.runtime == "container" || runtime == "kubernetes") info.runtime = runtime;
  };
  if (env.has("KUBERNETES_SERVICE_HOST")) note("kubernetes", "KUBERNETES_SERVICE_HOST is set");
  if (files.exists("/run/.containerenv")) note("podman", "/run/.containerenv exists");
  if (files.exists("/.dockerenv")) note("docker", "/.dockerenv exists");
  if (auto cg = files.read("/proc/1/cgroup")) {
    if (auto r = runtime_in(*cg); !r.empty()) note(r, "/proc/1/cgroup names " + r);
  }
  if (auto mi = files.read("/proc/self/mountinfo")) {
    // Only the ROOT field (the source path of a bind mount) counts: a host that runs containers
    // has /var/lib/docker/... as mount points, a container has them as the root of its
    // /etc/hostname, /etc/hosts and /etc/resolv.conf bind mounts.
    std::string bind_runtime;
    bool overlay_root = false;
    for (const auto& line : core::split(*mi, '\n')) {
      auto f = core::split(line, ' ');
      if (f.size() < 5) continue;
      if (bind_runtime.empty() && core::starts_with(f[4], "/etc/")) bind_runtime = runtime_in(f[3]);
      overlay_root = overlay_root || (f[4] == "/" && contains(line, " - overlay "));
    }
    if (!bind_runtime.empty())
      note(bind_runtime, "/proc/self/mountinfo: /etc files are bind mounts from " + bind_runtime);
    if (overlay_root) note("container", "the root file system is an overlay mount");
  }
  if (auto c = env.get("container"); c && !c->empty())
    note(*c == "oci" ? "container" : *c, "container=" + *c + " is set");
  info.overlay_root_only = info.evidence.size() == 1 && info.runtime == "container" && !env.has("container");
}

bool is_private_v4(const std::string& addr) {
  auto parts = core::split(addr, '.');
  if (parts.size() != 4) return false;
  auto a = core::parse_int(parts[0]), b = core::parse_int(parts[1]);
  if (!a || !b) return false;
  return *a == 10 || (*a == 172 && *b >= 16 && *b < 32) || (*a == 192 && *b == 168);
}

void detect_network(const os::FileTree& files, const std::vector<os::AddressEntry>& addresses, ContainerInfo& info) {
  std::vector<std::string> links;
  for (const auto& name : files.list("/sys/class/net")) {
    if (name != "lo" && name != "bonding_masters") links.push_back(name);
  }
  if (links.empty()) return;
  std::vector<std::string> physical;
  for (const auto& name : links) {
    auto target = files.read_link("/sys/class/net/" + name);
    bool is_virtual = target ? contains(*target, "/virtual/") : !files.exists("/sys/class/net/" + name + "/device");
    if (!is_virtual) physical.push_back(name);
    if (name == "docker0" || core::starts_with(name, "br-") || core::starts_with(name, "cni")) {
      info.network = NetworkMode::host;
      info.network_reason = "the host's container bridge " + name + " is visible here";
      return;
    }
  }
  if (!physical.empty()) {
    info.network = NetworkMode::host;
    info.network_reason = "physical interface " + core::join(physical, ", ") + " is visible here";
    return;
  }
  if (!info.in_container || links.size() != 1) return;
  const std::string& only = links.front();
  auto ifindex = os::read_line(files, "/sys/class/net/" + only + "/ifindex");
  auto iflink = os::read_line(files, "/sys/class/net/" + only + "/iflink");
  bool peer_elsewhere = ifindex && iflink && *ifindex != *iflink;
  std::string v4;
  for (const auto& e : addresses) {
    if (e.link == only && e.family == os::Family::inet) v4 = e.addr;
  }
  if (peer_elsewhere && is_private_v4(v4)) {
    info.network = NetworkMode::bridge;
    info.network_reason = "only " + only + " (" + v4 + "), a veth whose peer (ifindex " + *iflink +
                          ") lives in another network namespace";
  }
}

std::optional<std::uint64_t> mem_total(const os::FileTree& files) {
  auto text = files.read("/proc/meminfo");
  if (!text) return std::nullopt;
  for (const auto& line : core::split(*text, '\n')) {
    if (!core::starts_with(line, "MemTotal:")) continue;
    auto cols = core::split(line.substr(9), ' ');
    if (cols.empty()) return std::nullopt;
    auto kb = core::parse_int(cols[0]);
    if (kb && *kb > 0) return static_cast<std::uint64_t>(*kb) * 1024u;
  }
  return std::nullopt;
}

// Size of a tmpfs from its options ("rw,nosuid,size=65536k,mode=1777").
void shm_size_from_options(const os::FileTree& files, const std::string& options, const std::string& where,
                           ShmInfo& shm) {
  for (const auto& opt : core::split(options, ',')) {
    if (!core::starts_with(opt, "size=")) continue;
    std::string value = opt.substr(5);
    if (!value.empty() && value.back() == '%') {
      auto pct = core::parse_int(std::string_view(value).substr(0, value.size() - 1));
      if (auto total = mem_total(files); pct && total) {
        shm.size_bytes = *total / 100u * static_cast<std::uint64_t>(*pct);
        shm.source = where + ": size=" + value + " of MemTotal";
      }
      return;
    }
    shm.size_bytes = parse_tmpfs_size(value);
    shm.source = where + ": size=" + value;
    return;
  }
  if (shm.fstype == "tmpfs") {
    if (auto total = mem_total(files)) {
      shm.size_bytes = *total / 2u;
      shm.source = where + ": tmpfs without size= (half of MemTotal)";
    }
  }
}

void detect_shm(const os::FileTree& files, ShmInfo& shm) {
  // mountinfo: ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTS [TAGS...] - FSTYPE SOURCE SUPEROPTS.
  // The last /dev/shm line is the mount on top (later mounts hide earlier ones).
  if (auto mi = files.read("/proc/self/mountinfo")) {
    std::string super;
    for (const auto& line : core::split(*mi, '\n')) {
      auto f = core::split(line, ' ');
      auto dash = std::find(f.begin(), f.end(), "-");
      if (f.size() < 5 || f[4] != "/dev/shm" || dash == f.end() || f.end() - dash < 4) continue;
      shm.mounted = true;
      shm.fstype = *(dash + 1);
      super = *(dash + 3);
    }
    if (shm.mounted) {
      shm_size_from_options(files, super, "/proc/self/mountinfo", shm);
      return;
    }
  }
  if (auto mounts = files.read("/proc/mounts")) {
    std::string options;
    for (const auto& line : core::split(*mounts, '\n')) {
      auto f = core::split(line, ' ');
      if (f.size() < 4 || f[1] != "/dev/shm") continue;
      shm.mounted = true;
      shm.fstype = f[2];
      options = f[3];
    }
    if (shm.mounted) shm_size_from_options(files, options, "/proc/mounts", shm);
  }
}

}  // namespace

std::string_view to_string(NetworkMode mode) {
  switch (mode) {
    case NetworkMode::host:
      return "host";
    case NetworkMode::bridge:
      return "bridge";
    case NetworkMode::unknown:
      return "unknown";
  }
  return "unknown";
}

std::optional<std::uint64_t> parse_tmpfs_size(std::string_view text) {
  if (text.empty()) return std::nullopt;
  std::uint64_t mult = 1;
  switch (text.back()) {
    case 'k':
    case 'K':
      mult = 1ULL << 10;
      break;
    case 'm':
    case 'M':
      mult = 1ULL << 20;
      break;
    case 'g':
    case 'G':
      mult = 1ULL << 30;
      break;
    case 't':
    case 'T':
      mult = 1ULL << 40;
      break;
    default:
      break;
  }
  if (mult != 1) text.remove_suffix(1);
  auto n = core::parse_int(text);
  if (!n || *n < 0) return std::nullopt;
  return static_cast<std::uint64_t>(*n) * mult;
}

ContainerInfo detect_container(const os::FileTree& files, const os::Environment& env,
                               const std::vector<os::AddressEntry>& addresses) {
  ContainerInfo info;
  detect_runtime(files, env, info);
  detect_network(files, addresses, info);
  detect_shm(files, info.shm);
  info.ib_devices = files.list("/sys/class/infiniband");
  for (const auto& n : files.list("/dev/infiniband"))
    info.ib_device_nodes = info.ib_device_nodes || core::starts_with(n, "uverbs");
  info.limits = read_limits(files);
  return info;
}

}  // namespace dd::check
