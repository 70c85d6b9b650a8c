// Container checks for `distdoctor check`: is this process in a container, which runtime, does
// it use bridge or host networking, is /dev/shm big enough for NCCL's SHM transport, are the
// InfiniBand device nodes and the locked-memory limit there for NCCL's IB transport. Everything is
// read through the FileTree (/.dockerenv, /run/.containerenv, /proc/1/cgroup,
// /proc/self/mountinfo, /proc/meminfo, /proc/self/limits, /sys/class/net, /sys/class/infiniband,
// /dev/infiniband) plus the environment and the getifaddrs entries, so tests use fixtures.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/limits.hpp"
#include "core/finding.hpp"
#include "os/environment.hpp"
#include "os/file_tree.hpp"
#include "os/interface_source.hpp"

namespace dd::check {

enum class NetworkMode { unknown, host, bridge };
std::string_view to_string(NetworkMode mode);  // "unknown", "host", "bridge"

struct ShmInfo {
  bool mounted = false;                     // /dev/shm is its own mount
  std::string fstype;                       // "tmpfs"
  std::optional<std::uint64_t> size_bytes;  // from size= (or tmpfs's default: half of MemTotal)
  std::string source;                       // how the size was found, for evidence
};

struct ContainerInfo {
  bool in_container = false;
  std::string runtime;                // "docker", "podman", "kubernetes", "containerd", "lxc", "container", ""
  std::vector<std::string> evidence;  // why we think so: "/.dockerenv exists", ...
  // The one clue is an overlay root file system: a host booted from an overlay (a live or
  // diskless image) has one too, so "in a container" is then a likelihood, not a finding of fact.
  bool overlay_root_only = false;
  NetworkMode network = NetworkMode::unknown;
  std::string network_reason;
  ShmInfo shm;
  std::vector<std::string> ib_devices;  // /sys/class/infiniband entries ("mlx5_0")
  bool ib_device_nodes = false;         // /dev/infiniband holds uverbs* nodes
  std::optional<ProcessLimits> limits;
};

// Gathers the facts. `addresses` are this host's getifaddrs entries (for the bridge guess).
ContainerInfo detect_container(const os::FileTree& files, const os::Environment& env,
                               const std::vector<os::AddressEntry>& addresses);

// Findings from the facts: shm-exhausted (/dev/shm small), ib-misconfiguration (IB devices but no
// /dev/infiniband), resource-limits (memlock, nofile), virtual-interface (Docker bridge
// networking). `env` decides whether IB is in use (NCCL_IB_DISABLE=1 turns the IB checks off).
std::vector<core::Finding> container_findings(const ContainerInfo& info, const os::Environment& env);

// Both steps at once.
std::vector<core::Finding> container_findings(const os::FileTree& files, const os::Environment& env,
                                              const std::vector<os::AddressEntry>& addresses);

// `check --json`'s "container" object: {in_container, runtime, evidence, network: {mode, reason},
// shm: {mounted, size_bytes, source}, infiniband: {devices, device_nodes}, limits: {memlock, nofile}}.
nlohmann::json to_json(const ContainerInfo& info);

// Parses a size as tmpfs writes it in mount options ("65536k", "1g", "12345"); nullopt otherwise.
std::optional<std::uint64_t> parse_tmpfs_size(std::string_view text);

}  // namespace dd::check
