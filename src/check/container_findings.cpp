// Findings from ContainerInfo. Thresholds follow NCCL 2.28.9's troubleshooting guidance: its SHM
// transport maps per-peer buffers in /dev/shm (Docker's default 64 MiB fails as soon as a few
// local ranks talk: "Bus error" / "unhandled system error ... shm"), NVIDIA's container advice is
// `--shm-size=1g --ulimit memlock=-1` or `--ipc=host`, and NET/IB needs /dev/infiniband/uverbs*.
#include "check/container.hpp"
#include "core/byte_size.hpp"
#include "core/finding_factory.hpp"
#include "core/strings.hpp"
#include "nccl/shm_wording.hpp"

namespace dd::check {

namespace {

using core::k_mib;
constexpr std::uint64_t k_shm_error_below = 512 * k_mib;
constexpr std::uint64_t k_shm_warning_below = 1024 * k_mib;

bool ib_disabled(const os::Environment& env) {
  auto v = env.get("NCCL_IB_DISABLE");
  return v && core::parse_int(core::trim(*v)).value_or(0) != 0;
}

std::string runtime_name(const ContainerInfo& info) { return info.runtime.empty() ? "container" : info.runtime; }

std::string shm_fix_text(const ContainerInfo& info) {
  if (info.runtime == "kubernetes") {
    return "Mount a memory-backed volume on /dev/shm: volumes: [{name: dshm, emptyDir: {medium: Memory, "
           "sizeLimit: 16Gi}}] and volumeMounts: [{name: dshm, mountPath: /dev/shm}].";
  }
  if (info.in_container) {
    return "Restart the container with `--shm-size=16g` (at least 1g), or share the host's IPC namespace with "
           "`--ipc=host`; docker compose: `shm_size: 16gb`; Kubernetes: an emptyDir with medium: Memory on /dev/shm.";
  }
  return "Enlarge it: `sudo mount -o remount,size=16G /dev/shm` (and the size= option in /etc/fstab).";
}

std::optional<core::Finding> shm_finding(const ContainerInfo& info) {
  const auto& shm = info.shm;
  if (!shm.size_bytes || *shm.size_bytes >= k_shm_warning_below) return std::nullopt;
  std::vector<std::string> evidence = {shm.source, "its size was read here, not what the job puts in it"};
  if (*shm.size_bytes == 64 * k_mib) evidence.push_back("64 MiB is Docker's default --shm-size");
  evidence.push_back(
      "symptoms: 'Bus error', 'unhandled system error' with NCCL_DEBUG=WARN mentioning shm, or "
      "'No space left on device' from torch DataLoader");
  return core::new_finding(
      "container.shm.too-small", core::Label::shm_exhausted,
      *shm.size_bytes < k_shm_error_below ? core::Severity::error : core::Severity::warning,
      "/dev/shm is only " + format_bytes(shm.size_bytes) + ": " + nccl::shm_can_run_out(nccl::k_shm_users, false),
      std::move(evidence), shm_fix_text(info));
}

std::optional<core::Finding> ib_nodes_finding(const ContainerInfo& info, const os::Environment& env) {
  if (info.ib_devices.empty() || info.ib_device_nodes || ib_disabled(env)) return std::nullopt;
  return core::new_finding(
      "container.ib.no-device-nodes", core::Label::ib_misconfiguration, core::Severity::warning,
      "InfiniBand devices exist (" + core::join(info.ib_devices, ", ") +
          ") but /dev/infiniband has no uverbs nodes: NCCL cannot use them and falls back to TCP sockets",
      {"/sys/class/infiniband: " + core::join(info.ib_devices, ", "), "/dev/infiniband/uverbs*: missing",
       "NCCL_DEBUG=INFO then shows 'NET/IB : No device found.' and 'Using network Socket'"},
      info.in_container
          ? "Pass the devices into the container: `--device=/dev/infiniband --cap-add=IPC_LOCK --ulimit "
            "memlock=-1:-1` (docker/podman); on Kubernetes use the RDMA device plugin (rdma/hca resource) or "
            "a privileged pod with /dev/infiniband mounted."
          : "Load the verbs driver: `sudo modprobe ib_uverbs` (and rdma_ucm); if IB is not meant to be used, set "
            "NCCL_IB_DISABLE=1 to make that explicit.");
}

std::optional<core::Finding> bridge_finding(const ContainerInfo& info) {
  if (info.network != NetworkMode::bridge || info.runtime == "kubernetes") return std::nullopt;
  return core::new_finding(
      "container.network.bridge", core::Label::virtual_interface, core::Severity::warning,
      "this " + runtime_name(info) +
          " container uses bridge networking: other nodes cannot reach NCCL's or Gloo's listening ports",
      {info.network_reason,
       "NCCL and Gloo listen on ephemeral ports of this address; a bridge network only forwards "
       "published ports, so peers on other hosts time out"},
      "Run the training container with `--network=host` (plus `--ipc=host` for /dev/shm), or on Kubernetes "
      "`hostNetwork: true` or a CNI that routes pod IPs between nodes.");
}

// The networking mode is read off this namespace's interfaces (detect_network): a container bridge
// or a device-backed link visible here, or one veth alone. An SR-IOV function or a NIC moved into
// the container is device-backed too, so the title says what the interfaces look like.
core::Finding detected_finding(const ContainerInfo& info) {
  std::vector<std::string> evidence = info.evidence;
  if (!info.network_reason.empty()) evidence.push_back("network: " + info.network_reason);
  std::string network = info.network == NetworkMode::unknown
                            ? "its networking mode not determined"
                            : "its interfaces look like " + std::string(to_string(info.network)) + " networking";
  std::string title = info.overlay_root_only
                          ? "probably inside a container: the root file system is an overlay mount (" + network + ")"
                          : "running inside a " + runtime_name(info) + " container (" + network + ")";
  return core::new_finding("container.detected", core::Label::other, core::Severity::info, std::move(title),
                           std::move(evidence), "");
}

nlohmann::json limit_json(const ContainerInfo& info, const char* name) {
  if (!info.limits) return nullptr;
  auto it = info.limits->find(name);
  if (it == info.limits->end()) return nullptr;
  auto v = [](const std::optional<std::uint64_t>& x) { return x ? nlohmann::json(*x) : nlohmann::json("unlimited"); };
  return {{"soft", v(it->second.soft)}, {"hard", v(it->second.hard)}};
}

}  // namespace

std::vector<core::Finding> container_findings(const ContainerInfo& info, const os::Environment& env) {
  std::vector<core::Finding> out;
  if (auto f = shm_finding(info)) out.push_back(std::move(*f));
  if (auto f = ib_nodes_finding(info, env)) out.push_back(std::move(*f));
  if (info.limits) {
    bool ib_in_use = !info.ib_devices.empty() && !ib_disabled(env);
    for (auto& f : limits_findings(*info.limits, ib_in_use, info.in_container)) out.push_back(std::move(f));
  }
  if (auto f = bridge_finding(info)) out.push_back(std::move(*f));
  if (info.in_container) out.push_back(detected_finding(info));
  return out;
}

std::vector<core::Finding> container_findings(const os::FileTree& files, const os::Environment& env,
                                              const std::vector<os::AddressEntry>& addresses) {
  return container_findings(detect_container(files, env, addresses), env);
}

nlohmann::json to_json(const ContainerInfo& info) {
  return {{"in_container", info.in_container},
          {"runtime", info.runtime.empty() ? nlohmann::json() : nlohmann::json(info.runtime)},
          {"evidence", info.evidence},
          {"network", {{"mode", std::string(to_string(info.network))}, {"reason", info.network_reason}}},
          {"shm",
           {{"mounted", info.shm.mounted},
            {"size_bytes", info.shm.size_bytes ? nlohmann::json(*info.shm.size_bytes) : nlohmann::json()},
            {"source", info.shm.source}}},
          {"infiniband", {{"devices", info.ib_devices}, {"device_nodes", info.ib_device_nodes}}},
          {"limits", {{"memlock", limit_json(info, k_limit_memlock)}, {"nofile", limit_json(info, k_limit_nofile)}}}};
}

}  // namespace dd::check
