// Rules that read lines maintainers read as a cause even though the line itself names a symptom
// or a setting: GPUDirect RDMA off or used by some ranks only, IB work-queue length errors
// (hosts' MTUs differ, NVIDIA/nccl#1524, PR #2135), NCCL_COMM_ID's subnet check, a garbage peer
// address after NCCL_SOCKET_IFNAME named no interface (NVIDIA/nccl#1837), a reported
// NCCL_P2P_DISABLE=1 workaround, NET/Socket on an RDMA-capable NIC or after an RDMA device failed to
// open or after NCCL_IB_HCA named devices NET/IB did not find, a bootstrap failing over IPoIB (NVIDIA/nccl#1000),
// "unhandled system error" on one host, whose usual cause is the container's /dev/shm (NVIDIA/nccl#342, #473), and a
// bare "unhandled cuda error" (driver older than the CUDA runtime). Each finding says what it rests on and which
// variables confirm it; the findings that are fixed text are data (data/signal_rules.json, rule::signal_rule), their
// conditions stay here.
#include <algorithm>
#include <string_view>

#include "logs/rules.hpp"

namespace dd::logs {

namespace {

using core::Label;
using core::Severity;

bool any_non_info(const std::vector<RankedFinding>& out) {
  return std::any_of(out.begin(), out.end(),
                     [](const RankedFinding& r) { return r.finding.severity != Severity::info; });
}

void gdr_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  rule::signal_rule(facts, "nccl.gdr.disabled", out);
  if (facts.ib_channels_gdr > 0 && facts.ib_channels_plain > 0) {
    auto r = rule::make("nccl.gdr.asymmetric", Label::gdr_or_driver, Severity::warning,
                        "Some NET/IB channels use GPUDirect RDMA and others do not: a node lacks the peer-memory "
                        "module (nvidia-peermem)",
                        46);
    rule::add_evidence(r.finding, facts.first_gdr_channel);
    rule::add_evidence(r.finding, facts.first_plain_channel);
    rule::emit(out, std::move(r),
               "On the node whose channels lack /GDRDMA: modprobe nvidia-peermem (and make it load at boot); "
               "/sys/kernel/mm/memory_peers/nv_mem must exist");
  }
}

void bad_family_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& s = facts.signal(EventKind::bad_socket_family);
  if (s.count == 0) return;
  const Signal& env = facts.signal(EventKind::ifname_env);
  if (env.count > 0 && env.text.size() > 1 && env.text[0] != '^') {
    rule::signal_rule(facts, "nccl.ifname.matches-nothing", out, env.text);
    return;
  }
  rule::signal_rule(facts, "nccl.socket.bad-address", out);
}

// NET/Socket on an interface that usually carries RDMA (IPoIB ib*, bonded RoCE ports, Mellanox
// *np0 names): NCCL fell back to TCP, which is several times slower.
bool rdma_capable_name(const std::string& n) {
  if (n.rfind("ib", 0) == 0 || n.rfind("bond", 0) == 0) return true;
  std::size_t np = n.rfind("np");
  return np != std::string::npos && np + 2 < n.size() && n[np + 2] >= '0' && n[np + 2] <= '9';
}

void socket_on_rdma_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (any_non_info(out)) return;
  for (const auto& p : facts.processes) {
    if (p->socket_ifaces.empty() || !p->ib_devices.empty() || p->transport == "IB") continue;
    const std::string& iface = p->socket_ifaces.front().first;
    if (!rdma_capable_name(iface)) continue;
    auto r = rule::make(
        "nccl.net.socket-on-rdma-nic", Label::performance, Severity::warning,
        "NCCL moves data over TCP sockets on " + iface + ", a NIC that usually carries RDMA: NET/IB was not used", 60);
    for (const auto& e : p->iface_lines) rule::add_evidence(r.finding, e);
    if (!p->host.empty()) rule::add_hosts(r.finding, {p->host});
    rule::emit(out, std::move(r),
               "Make NET/IB usable (libibverbs/rdma-core in the container, /dev/infiniband mounted, NCCL_IB_DISABLE "
               "unset, NCCL_IB_HCA naming active ports); NCCL_DEBUG_SUBSYS=INIT,NET shows why IB was skipped",
               {{"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET"}});
    return;
  }
}

// NCCL saw an RDMA device but could not open it ("NET/IB : Unable to open device mlx5_bond_0",
// IBV_PTR_CHECK's "Call to ibv_open_device failed"): NET/IB then reports no device and NCCL moves
// the data over TCP sockets. On its own that is a slow job, not a failed one (a container without
// /dev/infiniband or the verbs provider, NVIDIA/nccl#451); next to a real failure it is background.
bool used_ib(const LogFacts& facts) {
  if (facts.ib_channels_gdr + facts.ib_channels_plain > 0) return true;
  return std::any_of(facts.processes.begin(), facts.processes.end(),
                     [](const auto& p) { return p->transport == "IB"; });
}

void ib_open_failed_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& s = facts.signal(EventKind::ib_open_failed);
  if (s.count == 0) return;
  if (any_non_info(out) || used_ib(facts)) {
    rule::signal_rule(facts, "nccl.ib.open-failed", out);
    return;
  }
  RankedFinding* r = rule::signal_rule(facts, "nccl.ib.open-failed-socket", out);  // s.count > 0: not null
  for (const auto& p : facts.processes)
    for (const auto& e : p->iface_lines) rule::add_evidence(r->finding, e);
}

// NCCL_IB_HCA names the RDMA devices to use ("NCCL_IB_HCA set to %s", net_ib), yet NET/IB reports
// "No device found." and no rank uses IB: NCCL moved the data over TCP sockets. The HCAs are not
// visible where the job runs (RDMA stack not loaded, /dev/infiniband not in the container, names
// that do not match ibv_devices), so the job is several times slower rather than failed; next to
// a real failure it is background.
void ib_hca_not_found_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& hca = facts.signal(EventKind::ib_hca_env);
  const Signal& none = facts.signal(EventKind::ib_none);
  if (hca.count == 0 || none.count == 0 || hca.text.empty() || used_ib(facts)) return;
  const ProcessState* on_socket = nullptr;
  for (const auto& p : facts.processes)
    if (on_socket == nullptr && (p->transport == "Socket" || !p->socket_ifaces.empty())) on_socket = p.get();
  if (on_socket == nullptr) return;
  if (any_non_info(out)) {
    rule::signal_rule(facts, "nccl.ib.hca-not-found", out, hca.text);
    return;
  }
  RankedFinding* r = rule::signal_rule(facts, "nccl.ib.hca-not-found-socket", out, hca.text);  // none.count > 0
  for (const auto& e : on_socket->iface_lines) rule::add_evidence(r->finding, e);
}

// "unhandled cuda error" (ncclUnhandledCudaError) with no other line to go on: without NCCL_DEBUG
// the failing CUDA call is not shown; the usual one is the driver being older than the CUDA
// runtime the framework or NCCL was built for (cudaErrorInsufficientDriver), which NCCL_DEBUG=WARN
// prints as "Cuda failure 'CUDA driver version is insufficient for CUDA runtime version'".
void unhandled_cuda_error_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (any_non_info(out)) return;
  const Signal& opaque = facts.signal(EventKind::opaque_error);
  if (!rule::recognised_by(opaque, "nccl.error-string.unhandled-cuda")) return;
  rule::signal_rule(facts, "nccl.cuda-error.driver-runtime", out);
}

// NCCL's bootstrap failed while its socket interface (Bootstrap line, else NET/IB's OOB) is IPoIB:
// without NCCL_SOCKET_IFNAME NCCL prefers ib* for its TCP sockets, and an IPoIB network that does
// not join the hosts (or reach into their containers) breaks the bootstrap although IB itself
// works; the Ethernet NIC the hosts route on is the fix (NVIDIA/nccl#1000).
void ipoib_bootstrap_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (any_non_info(out)) return;
  const Signal& failed = facts.signal(EventKind::bootstrap_failed);
  if (failed.count == 0) return;
  for (const auto& p : facts.processes) {
    const std::string& iface = !p->bootstrap_iface.empty() ? p->bootstrap_iface : p->oob_iface;
    if (iface.rfind("ib", 0) != 0 || !p->ifname_env.empty()) continue;
    auto r = rule::from_signal(failed, "nccl.bootstrap.ipoib", Label::interface_mismatch, Severity::warning,
                               "NCCL's bootstrap failed over " + iface +
                                   ", an IPoIB interface NCCL picked for its sockets: it does not seem to connect "
                                   "the hosts",
                               58);
    for (const auto& e : p->iface_lines) rule::add_evidence(r.finding, e);
    if (p->iface_lines.empty() && !p->ib_devices.empty())
      r.finding.evidence.push_back("NET/IB : Using " + p->ib_devices);
    if (!p->host.empty()) rule::add_hosts(r.finding, {p->host});
    rule::emit(out, std::move(r),
               "Set NCCL_SOCKET_IFNAME to the Ethernet interface the hosts reach each other on (bootstrap "
               "and OOB connections are plain TCP; NET/IB keeps using the HCAs); `ping -I " +
                   iface + "` between the hosts shows whether IPoIB is routed",
               {{"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET"}});
    return;
  }
}

// libibverbs found a uverbs device without its provider library ("no userspace device-specific
// driver found for ...", rdma-core): a container that lacks libmlx5 / ibverbs-providers. Next to
// an NCCL failure and nothing else to go on, it is the maintainers' diagnosis (NVIDIA/nccl-tests#41
// style reports); alone it only means NET/IB cannot use that device.
void verbs_provider_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (facts.signal(EventKind::verbs_provider_missing).count == 0) return;
  bool failed = facts.signal(EventKind::opaque_error).count > 0 || facts.signal(EventKind::bootstrap_failed).count > 0;
  if (failed && !any_non_info(out) && !used_ib(facts)) {
    rule::signal_rule(facts, "ib.verbs.provider-missing", out);
    return;
  }
  rule::signal_rule(facts, "ib.verbs.provider-missing-info", out);
}

// "unhandled system error" with nothing else to go on, on one host: the maintainers' first
// suspect is shared memory (a container's 64 MB /dev/shm), confirmed by NCCL_SHM_DISABLE=1.
void single_host_system_error_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (any_non_info(out)) return;
  const Signal& opaque = facts.signal(EventKind::opaque_error);
  if (opaque.count == 0) return;
  bool system = rule::recognised_by(opaque, "nccl.error-string.system");
  // One host must be known (a bare traceback does not say whether the job was single-node).
  if (!system || facts.hosts.size() != 1 || rule::spans_hosts(facts) || !facts.peers.empty()) return;
  rule::signal_rule(facts, "nccl.system-error.single-host", out);
}

}  // namespace

void hypothesis_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  gdr_rules(facts, out);
  rule::signal_rule(facts, "nccl.ib.mtu-mismatch", out);
  rule::signal_rule(facts, "nccl.comm-id.other-subnet", out);
  bad_family_rule(facts, out);
  rule::signal_rule(facts, "nccl.p2p.disable-helps", out);
}

void late_hypothesis_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  ipoib_bootstrap_rule(facts, out);
  ib_open_failed_rule(facts, out);
  ib_hca_not_found_rule(facts, out);
  verbs_provider_rule(facts, out);
  socket_on_rdma_rule(facts, out);
  single_host_system_error_rule(facts, out);
  unhandled_cuda_error_rule(facts, out);
}

}  // namespace dd::logs
