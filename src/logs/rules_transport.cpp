// Transport rules: NET/IB versus NET/Socket, IB errors, shared memory, P2P, NCCL and driver
// versions, resource limits. Reasoning (NCCL 2.28.9, nccl-facts.md §3): NCCL falls back from IB to
// Socket silently when libibverbs or an active port is missing, so ranks of one job can end up on
// different transports; NCCL 2.7+ puts SHM segments in /dev/shm, which Docker caps at 64 MB; P2P
// hangs on one host come from IOMMU/ACS; every rank must run the same NCCL version.
#include <algorithm>
#include <map>

#include "logs/line_classifier.hpp"
#include "logs/rules.hpp"

namespace dd::logs {

namespace {

using core::Label;
using core::Severity;

std::string net_transport_of(const ProcessState& p) {
  if (!p.transport.empty()) return p.transport;
  if (!p.ib_devices.empty()) return "IB";
  if ((p.ib_none || p.libibverbs_missing) && !p.socket_ifaces.empty()) return "Socket";
  return {};
}

void mixed_transport_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  auto groups = rule::group_processes(facts, net_transport_of, 1);
  if (groups.size() < 2) return;
  auto name = [](const std::string& t) { return "NET/" + t; };
  auto r = rule::make("nccl.net.mixed-transports", Label::ib_misconfiguration, Severity::error,
                      "Ranks use different NCCL transports: " + rule::describe_groups(groups, name, ", "), 20);
  for (const auto& [t, g] : groups)
    for (const ProcessState* p : g.examples) {
      for (const auto& e : p->iface_lines) rule::add_evidence(r.finding, e);
      rule::add_evidence(r.finding, p->last_activity);
    }
  rule::add_evidence(r.finding, facts.signal(EventKind::libibverbs_missing));
  rule::add_evidence(r.finding, facts.signal(EventKind::ib_none));
  if (auto s = groups.find("Socket"); s != groups.end()) rule::add_hosts(r.finding, s->second.hosts);
  rule::emit(out, std::move(r),
             "Make IB usable on every host (libibverbs installed, /dev/infiniband visible in containers, an ACTIVE "
             "port matching NCCL_IB_HCA), or force one transport everywhere with NCCL_IB_DISABLE=1");
}

// NCCL's listeners check the socket type a peer announces (misc/socket.cc socketFinalizeAccept,
// 2.16+). A NET/IB connection (type 4) arriving at a NET/Socket listener (type 3), or the reverse,
// means the two ranks chose different network transports: IB works on one host and not on the
// other (NVIDIA/nccl-tests#188: "make sure your Infiniband setup is working on both nodes").
void socket_type_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& s = facts.signal(EventKind::socket_type_mismatch);
  int peer = 0, expected = 0;
  if (s.count == 0 || !socket_type_pair(s.text, peer, expected)) return;
  if (!((peer == 3 && expected == 4) || (peer == 4 && expected == 3))) return;
  const char* mine = expected == 3 ? "NET/Socket" : "NET/IB";
  const char* theirs = peer == 3 ? "NET/Socket" : "NET/IB";
  auto r = rule::from_signal(s, "nccl.net.socket-type-mismatch", Label::ib_misconfiguration, Severity::error,
                             std::string("A ") + theirs + " connection reached a " + mine +
                                 " listener: the ranks use different network transports (IB works on some hosts only)",
                             19);
  rule::emit(out, std::move(r),
             "Make IB usable on every host (ibv_devinfo shows an ACTIVE port, libibverbs installed, /dev/infiniband "
             "visible in containers, the same NCCL_IB_HCA / NCCL_IB_DISABLE everywhere), or force sockets on all hosts "
             "with NCCL_IB_DISABLE=1; NCCL_DEBUG_SUBSYS=INIT,NET shows each rank's 'Using network' line",
             {{"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET"}});
}

// Which net plugin a process runs, as the log says: "internal", "external" (a plugin it loaded, or
// a transport name that is neither IB nor Socket, such as IBext_v8 or AWS Libfabric), or empty.
std::string plugin_of(const ProcessState& p) {
  if (!p.net_plugin.empty()) return p.net_plugin == "internal" ? "internal" : "external";
  if (!p.transport.empty() && p.transport != "IB" && p.transport != "Socket") return "external";
  return {};
}

// The hosts of one job load different NCCL net plugins: one found an external libnccl-net.so (the
// HPC-X RDMA/SHARP plugin, aws-ofi-nccl, ...), another found none and runs NCCL's own IB/Socket
// code. The two ends of a connection then speak different protocols and NCCL hangs without an
// error (NVIDIA/nccl#1634: "you have libnccl-net.so on part of your hpc").
void plugin_mismatch_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  auto groups = rule::group_processes(
      facts, [](const ProcessState& p) { return p.host.empty() ? std::string() : plugin_of(p); }, 2);
  if (groups.size() < 2) return;
  auto name = [](const std::string& k) {
    return k == "internal" ? std::string("NCCL's internal net") : std::string("an external net plugin");
  };
  auto r = rule::make("nccl.net.plugin-mismatch", Label::version_mismatch, Severity::error,
                      "Hosts load different NCCL net plugins: " + rule::describe_groups(groups, name, "; "), 18);
  for (const auto& [k, g] : groups)
    for (const ProcessState* p : g.examples)
      rule::add_evidence(r.finding, p->plugin_line.empty() ? p->last_activity : p->plugin_line);
  if (auto internal = groups.find("internal"); internal != groups.end())
    rule::add_hosts(r.finding, internal->second.hosts);
  rule::emit(out, std::move(r),
             "Give every node the same net plugin: install it (e.g. HPC-X's nccl_rdma_sharp_plugin, aws-ofi-nccl) on "
             "all hosts or on none, with the same LD_LIBRARY_PATH and NCCL_NET_PLUGIN in every job environment; each "
             "rank's 'NET/Plugin' and 'Using network' lines must then agree",
             {{"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET"}});
}

void version_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  auto groups = rule::group_processes(
      facts, [](const ProcessState& p) { return p.nccl_version.substr(0, p.nccl_version.find('+')); }, 0);
  // Versions printed without any host context (one file per node) still count.
  const auto& where = facts.nccl_versions;
  for (const auto& [release, e] : where) groups[release];
  if (groups.size() < 2) return;
  std::string list;
  for (const auto& [ver, g] : groups) list += (list.empty() ? "" : ", ") + ver;
  auto r = rule::make("nccl.version.mismatch", Label::version_mismatch, Severity::error,
                      "Ranks run different NCCL versions: " + list, 20);
  for (const auto& [ver, e] : where) rule::add_evidence(r.finding, e);
  for (const auto& [ver, g] : groups) rule::add_hosts(r.finding, g.hosts);
  rule::emit(out, std::move(r),
             "Install the same NCCL (and the same framework build) on every node; check LD_LIBRARY_PATH and the "
             "nvidia-nccl-cu* wheel in each environment");
}

// One host, several GPUs, no error, and the job never finished init or timed out: the maintainers'
// first suspect is GPU peer-to-peer (IOMMU / PCI ACS), e.g. NVIDIA/nccl#257. A bootstrap that
// returned an error ("bootstrap.cc:270 -> 2") is an error, and one P2P cannot cause: the bootstrap
// is TCP only and runs before any transport is set up.
void single_host_stall_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (facts.hosts.size() != 1 || facts.nccl_lines == 0) return;
  if (facts.signal(EventKind::bootstrap_failed).count > 0) return;
  for (const auto& r : out)
    if (r.finding.severity != Severity::info) return;
  std::size_t gpus = 0;
  bool complete = false;
  for (const auto& p : facts.processes) {
    gpus += p->devices.size();
    complete = complete || p->init_complete;
  }
  gpus = std::max<std::size_t>(
      {gpus, facts.tests_ranks.size(), static_cast<std::size_t>(std::max(0, rule::world_size(facts)))});
  if (gpus < 2 || rule::spans_hosts(facts)) return;
  if (complete && facts.watchdogs.empty()) return;
  auto r = rule::make("nccl.p2p.single-host-stall", Label::p2p_failure, Severity::warning,
                      "Single-host job with " + std::to_string(gpus) +
                          " GPUs stops without any error: suspect GPU peer-to-peer (IOMMU / PCI ACS)",
                      45);
  for (const auto& p : facts.processes) {
    rule::add_evidence(r.finding, p->last_activity);
    rule::add_hosts(r.finding, {p->host});
  }
  rule::add_evidence(r.finding, facts.signal(EventKind::nccl_tests_rank));
  r.finding.fix.env["NCCL_P2P_DISABLE"] = "1";
  rule::emit(out, std::move(r),
             "Confirm with NCCL_P2P_DISABLE=1 (if the hang goes away, P2P is broken): disable the IOMMU "
             "(intel_iommu=off / iommu=pt) or PCI ACS, then check with p2pBandwidthLatencyTest");
}

// hipBLASLt's TensileHost::initialize first checks that its kernel library file can be read ("Cannot
// read PATH: strerror") and then loads it ("Could not load PATH"). A "Cannot read" line names its own
// cause (the errno text); "Could not load" with no "Cannot read" line in this log is most often (the
// log cannot show the check passed, only that no failure of it was printed) the open-files limit
// (pytorch/pytorch#137695: tp 8 lost workers, tp 1-4 did not; ulimit -n 1024 raised fixed it). An open-files error
// printed anywhere is os.limits' finding already.
void blas_library_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (const Signal& unreadable = facts.signal(EventKind::blas_library_unreadable); unreadable.count > 0) {
    rule::signal_rule(facts, "rocm.hipblaslt.unreadable", out, unreadable.text);
    return;
  }
  const Signal& unloadable = facts.signal(EventKind::blas_library_unloadable);
  if (unloadable.count == 0 || facts.signal(EventKind::resource_limit).count > 0) return;
  rule::signal_rule(facts, "rocm.hipblaslt.load-failed", out, unloadable.text);
}

// UCX's fatal-signal handler prints "Caught signal 7 (Bus error: ...)" and the backtrace. NCCL's
// SHM transport maps segments it created in /dev/shm; a tmpfs without room for a page raises SIGBUS
// when the page is first touched, not an error return. So a SIGBUS whose frames are NCCL's points at
// /dev/shm (hugectr_backend#42, pipedream#76: Docker's 64 MB default); without an NCCL frame a bus
// error says nothing about NCCL. A shm error printed as such is nccl.shm.exhausted's finding. A frame
// in ncclShmOpen (gdb's "received signal SIGBUS" and its backtrace, NVIDIA/JAX-Toolbox#183) puts the
// fault in the function that maps the segment and writes into it: nccl.shm.sigbus-in-open names the
// cause. Any other NCCL frame leaves the candidates of nccl.sigbus.shm.
void nccl_bus_error_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (facts.signal(EventKind::shm_error).count > 0) return;
  if (facts.signal(EventKind::nccl_shm_frame).count > 0) {
    rule::signal_rule(facts, "nccl.shm.sigbus-in-open", out);
    return;
  }
  if (facts.signal(EventKind::nccl_frame).count == 0) return;
  rule::signal_rule(facts, "nccl.sigbus.shm", out);
}

}  // namespace

void transport_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  rule::signal_rule(facts, "nccl.shm.exhausted", out);
  rule::signal_rule(facts, "nccl.shm.segment-missing", out);
  nccl_bus_error_rule(facts, out);
  rule::signal_rule(facts, "nccl.p2p.failed", out);
  rule::signal_rule(facts, "nccl.ib.error", out);
  rule::signal_rule(facts, "os.limits", out);
  blas_library_rule(facts, out);
  rule::signal_rule(facts, "cuda.driver.too-old", out);
  rule::signal_rule(facts, "cuda.arch.unsupported", out);
  rule::signal_rule(facts, "nccl.library.symbol-missing", out, facts.signal(EventKind::nccl_symbol_missing).text);
  rule::signal_rule(facts, "nccl.nvls.cuda-failure", out);
  if (const Signal& topo = facts.signal(EventKind::topo_attr_missing); topo.count > 0)
    rule::signal_rule(facts, "nccl.topo.cpu-attr-missing", out, topo.text.empty() ? "arch" : topo.text);
  rule::signal_rule(facts, "net.ofi.no-provider", out);
  rule::signal_rule(facts, "cuda.driver.error", out);
  rule::signal_rule(facts, "cuda.system-not-ready", out);
  rule::signal_rule(facts, "nccl.cuda.operation-not-supported", out);
  rule::signal_rule(facts, "nccl.duplicate-gpu", out, facts.signal(EventKind::duplicate_gpu).text);
  rule::signal_rule(facts, "cuda.device.ordinal-invalid", out);
  rule::signal_rule(facts, "nccl.graph-capture.unsupported", out);
  plugin_mismatch_rule(facts, out);
  mixed_transport_rule(facts, out);
  socket_type_rule(facts, out);
  version_rule(facts, out);
  rule::signal_rule(facts, "nccl.ib.no-libibverbs", out);
}

// Run last among the transport rules' users (needs the other findings): see runtime_rules.
void late_transport_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  single_host_stall_rule(facts, out);
}

}  // namespace dd::logs
