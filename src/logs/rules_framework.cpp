// Framework rules: torch / c10d / torchelastic, Gloo and TensorFlow errors that name their own
// cause. Reasoning: c10d and Gloo resolve hostnames (MASTER_ADDR, the rendezvous endpoint, the
// local hostname for Gloo's device); a name that does not resolve, or resolves to Debian's
// 127.0.1.1 alias, breaks the rendezvous before NCCL starts (pytorch/pytorch#73682, #15592).
// Gloo without GLOO_SOCKET_IFNAME binds the address of the machine's hostname (tcp/device.cc
// lookupAddrForHostname), so a name without a local address breaks Gloo's device creation.
// TensorFlow's workers dial the TF_CONFIG host:port strings over gRPC; NCCL does not exist on
// Windows.
#include "logs/rules.hpp"

namespace dd::logs {

namespace {

using core::Label;
using core::Severity;

void from_signal(const LogFacts& facts, std::vector<RankedFinding>& out, EventKind kind, const char* id, Label label,
                 Severity sev, const char* title, const char* fix, int priority) {
  const Signal& s = facts.signal(kind);
  if (s.count == 0) return;
  auto r = rule::make(id, label, sev, title, priority);
  rule::add_evidence(r.finding, s);
  rule::add_hosts(r.finding, s.hosts);
  rule::add_ranks(r.finding, s.ranks);
  r.finding.fix.text = fix;
  out.push_back(std::move(r));
}

}  // namespace

void framework_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  from_signal(facts, out, EventKind::hostname_error, "net.hostname.unresolvable", Label::hostname_resolution,
              Severity::error, "A hostname could not be resolved (rendezvous / MASTER_ADDR / store endpoint)",
              "Use an IP address for MASTER_ADDR / the rendezvous endpoint, or make the name resolvable on every node "
              "(DNS records of Kubernetes pods appear late: retry, or use a headless service); check /etc/hosts",
              10);
  if (const Signal& g = facts.signal(EventKind::gloo_host_unusable); g.count > 0) {
    auto r = rule::make("gloo.hostname.no-local-address", Label::hostname_resolution, Severity::error,
                        "Gloo found no usable local address for the host name '" + g.text +
                            "': the name resolves to no address this machine can bind",
                        10);
    rule::add_evidence(r.finding, g);
    rule::add_hosts(r.finding, g.hosts);
    rule::add_ranks(r.finding, g.ranks);
    r.finding.fix.text = "Without GLOO_SOCKET_IFNAME Gloo binds the address of the machine's own hostname: map the "
                         "hostname to this host's routable address in /etc/hosts (or DNS), or set GLOO_SOCKET_IFNAME "
                         "to the interface the nodes reach each other on";
    out.push_back(std::move(r));
  }
  from_signal(facts, out, EventKind::windows_no_nccl, "platform.windows-no-nccl", Label::windows_no_nccl,
              Severity::error, "NCCL is not available on this platform (Windows)",
              "On Windows use the gloo backend (torch) or tf.distribute.HierarchicalCopyAllReduce "
              "(TensorFlow MirroredStrategy cross_device_ops)",
              11);
  // The TF_CONFIG TensorFlow printed, checked by env's TF_CONFIG rules (analyzer.hpp): a task type
  // the cluster does not list is the cause of RunConfig's ValueError that follows (alibaba/EasyRec#207).
  for (const auto& f : facts.tf_config_findings) {
    if (f.severity == Severity::info) continue;
    std::string rule_id = f.id.rfind("tf-config.", 0) == 0 ? f.id.substr(10) : f.id;
    auto r = rule::make("tf.config.printed." + rule_id, Label::tf_config, f.severity,
                        "The TF_CONFIG TensorFlow printed: " + f.title, f.severity == Severity::error ? 12 : 40);
    rule::add_evidence(r.finding, facts.tf_config_line);
    for (const auto& e : f.evidence)
      if (r.finding.evidence.size() < 8) r.finding.evidence.push_back(e);
    r.finding.fix = f.fix;
    out.push_back(std::move(r));
  }
  from_signal(facts, out, EventKind::tf_config_error, "tf.config.invalid", Label::tf_config, Severity::error,
              "TF_CONFIG is invalid",
              "TF_CONFIG must be JSON with cluster {job: [host:port, ...]} and task {type, index}, identical cluster "
              "on every worker and a distinct task index each; `distdoctor env` validates it",
              12);
  from_signal(facts, out, EventKind::grpc_unavailable, "tf.grpc.unavailable", Label::tf_config, Severity::error,
              "TensorFlow workers could not reach each other over gRPC",
              "Check that every host:port in TF_CONFIG's cluster is the worker's routable address and that the port "
              "is open and the worker running; `distdoctor preflight` probes the ports",
              26);
}

}  // namespace dd::logs
