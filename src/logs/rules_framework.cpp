// Framework rules: torch / c10d / torchelastic, Gloo and TensorFlow errors that name their own
// cause. Reasoning: c10d and Gloo resolve hostnames (MASTER_ADDR, the rendezvous endpoint, the
// local hostname for Gloo's device); a name that does not resolve, or resolves to Debian's
// 127.0.1.1 alias, breaks the rendezvous before NCCL starts (pytorch/pytorch#73682, #15592).
// Gloo without GLOO_SOCKET_IFNAME binds the address of the machine's hostname (tcp/device.cc
// lookupAddrForHostname), so a name without a local address breaks Gloo's device creation.
// TensorFlow's workers dial the TF_CONFIG host:port strings over gRPC; NCCL does not exist on
// Windows. An endpoint torch rejects before connecting (a port that is not 0-65535, a host that is
// no name: elastic's parse_rendezvous_endpoint, TCPStore's argument conversion) is a setting typed
// or passed wrong (huggingface/accelerate#2240 'None:None', jaywalnut310/vits#52 port 80000).
#include <algorithm>

#include "core/address.hpp"
#include "logs/rules.hpp"
#include "logs/tf_config_text.hpp"

namespace dd::logs {

using core::Label;
using core::Severity;

namespace {

// A printed TF_CONFIG whose tasks all name this machine (localhost, 127.x): env's rules accept it
// (several workers on one machine, one port each), so it is no mistake by itself; in the log of a
// multi-worker job that failed or trained alone it leaves two TF_CONFIG mistakes to tell apart
// (tensorflow/tensorflow#31154: the script set TF_CONFIG after creating the strategy, which reads it
// when it is created, so worker 0 trained alone). Silent when env's rules found a mistake in it.
void tf_config_one_host_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (facts.tf_config_json.empty()) return;
  for (const auto& f : facts.tf_config_findings)
    if (f.severity != Severity::info) return;
  auto hosts = tf_config_task_hosts(facts.tf_config_json);
  if (hosts.size() < 2 ||
      !std::all_of(hosts.begin(), hosts.end(), [](const std::string& h) { return core::names_this_machine(h); }))
    return;
  auto r = rule::make("tf.config.printed.one-host-cluster", Label::tf_config, Severity::warning,
                      "The TF_CONFIG in the log lists " + std::to_string(hosts.size()) +
                          " tasks, all at this machine's own address (" + hosts.front() +
                          "): every task must run on this one machine",
                      45);
  rule::add_evidence(r.finding, facts.tf_config_line);
  rule::emit(out, std::move(r),
             "Candidates, each with the step that tells it apart: (1) the workers run on different machines — each "
             "then dials itself: give every task its machine's routable name or address, the same cluster on every "
             "node; (2) they all run on this machine and a worker trained without waiting for the others — "
             "TensorFlow did not see this TF_CONFIG: MultiWorkerMirroredStrategy reads it when the strategy is "
             "created, so set it before that (export TF_CONFIG=... before starting the script, or os.environ at the "
             "top of it); with TensorFlow's INFO log the strategy names what it read ('MultiWorkerMirroredStrategy "
             "with cluster_spec = ...', or 'Single-worker MultiWorkerMirroredStrategy' when it read no cluster)");
}

// TensorFlow without NCCL kernels (its Windows builds): the NcclAllReduce op cannot be placed.
// The remedy depends on the strategy, which TF's INFO lines name; a multi-worker job must keep a
// multi-worker strategy.
void tf_nccl_op_missing_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& s = facts.signal(EventKind::tf_nccl_op_missing);
  if (s.count == 0) return;
  const Signal& strategy = facts.signal(EventKind::tf_strategy);
  const bool multi = rule::recognised_by(strategy, "tf.strategy.multi-worker");
  const bool one = !multi && rule::recognised_by(strategy, "tf.strategy.mirrored");
  static constexpr const char* mirrored_fix =
      "tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce()) (or "
      "tf.distribute.ReductionToOneDevice())";
  static constexpr const char* multi_fix =
      "tf.distribute.MultiWorkerMirroredStrategy(communication_options=tf.distribute.experimental."
      "CommunicationOptions(implementation=tf.distribute.experimental.CommunicationImplementation.RING)) (TF "
      "before 2.4: communication=tf.distribute.experimental.CollectiveCommunication.RING)";
  std::string title = "This TensorFlow build has no kernel for NCCL's op " + s.text +
                      " (TensorFlow's Windows builds ship none): the strategy's NCCL all-reduce cannot run here";
  if (multi) title += "; the log shows MultiWorkerMirroredStrategy";
  if (one) title += "; the log shows MirroredStrategy on one machine";
  auto r = rule::from_signal(s, "tf.nccl.no-kernel", Label::windows_no_nccl, Severity::error, std::move(title), 11);
  rule::add_evidence(r.finding, strategy);
  std::string fix;
  if (multi)
    fix = std::string("Keep the multi-worker strategy and make it all-reduce without NCCL: ") + multi_fix;
  else if (one)
    fix = std::string("Make MirroredStrategy all-reduce without NCCL: ") + mirrored_fix;
  else
    fix = std::string(
              "The log does not show which strategy issued it (TensorFlow's INFO lines 'Using "
              "MirroredStrategy with devices' or 'MultiWorkerMirroredStrategy with cluster_spec' would). "
              "One machine, MirroredStrategy: ") +
          mirrored_fix + "; several workers: keep the multi-worker strategy (not MirroredStrategy) with " + multi_fix;
  rule::emit(out, std::move(r), std::move(fix));
}

// The rendezvous store's port taken on the node that listens: TCPStore's bind/listen failing with
// EADDRINUSE (socket.cpp, TCPStoreLibUvBackend.cpp, or "Address already in use" before torch 1.10)
// or accelerate's own check of main_process_port. The holder is on that node: `ss` names it.
// c10d's per-address bind warnings ("[W socket.cpp:436] ... failed to bind to [::]:P (errno: 98 - Address
// already in use).") say the port was taken on that address; the store failed only when the error line
// "failed to listen on any local network address" follows (another address may have bound): without it the
// finding is a warning that says so.
void port_in_use_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& s = facts.signal(EventKind::port_in_use);
  if (s.count == 0) return;
  const Signal& listen = facts.signal(EventKind::store_listen_failed);
  const bool bind_warning_only = s.entries.size() == 1 && s.entries.count("torch.store.bind-in-use") == 1;
  const bool unconfirmed = bind_warning_only && listen.count == 0;
  const bool known = !s.text.empty();
  const std::string port = known ? s.text : "MASTER_PORT";
  const std::string shown = known ? s.text : "$MASTER_PORT";
  std::string title =
      (known ? "Port " + port : std::string("The rendezvous port")) +
      " is already in use on the node that starts the store (rank 0's node): another process listens on it, so the "
      "store (MASTER_PORT / --master_port / --main_process_port) cannot";
  if (unconfirmed)
    title = "The store could not bind port " + port +
            " on an address (errno 98, address already in use) on the node that starts it; the log has no 'failed "
            "to listen on any local network address' line, so whether it bound another address is not shown";
  auto r = rule::from_signal(s, "launch.port.in-use", Label::other, unconfirmed ? Severity::warning : Severity::error,
                             std::move(title), unconfirmed ? 40 : 12);
  if (bind_warning_only) rule::add_evidence(r.finding, listen);
  rule::emit(out, std::move(r),
             "On that node find the process that holds the port: ss -ltnp \"sport = :" + shown +
                 "\" (users:((\"NAME\",pid=PID,...)) names it). If it is an earlier run of this job, stop it (kill "
                 "PID) and start again; else start the job on a free port: MASTER_PORT=ANOTHER_PORT, torchrun "
                 "--master_port ANOTHER_PORT, accelerate launch --main_process_port ANOTHER_PORT (0 lets accelerate "
                 "pick one on a single node)");
}

// Gloo's device address on no interface of the node (tcp/device.cc sockaddrToInterfaceName): the
// address came from a host name that resolved and could be bound (without GLOO_SOCKET_IFNAME torch
// uses the machine's own host name, ProcessGroupGloo createDefaultDevice), yet no interface has it.
// A host name made of digits resolves to 0.0.0.N (inet_aton reads "189" as a 32-bit number).
void gloo_addr_not_local_rule(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const Signal& s = facts.signal(EventKind::gloo_addr_not_local);
  if (s.count == 0) return;
  const bool numeric_name = core::in_ipv4_subnet(s.text, "0.0.0.0", 8);
  auto r = rule::from_signal(
      s, "gloo.device.address-not-local", Label::hostname_resolution, Severity::error,
      "Gloo's device address " + s.text +
          " is on no network interface of this node: Gloo took it from a host name (without GLOO_SOCKET_IFNAME "
          "torch uses the machine's own host name), which resolves to an address this node does not have" +
          (numeric_name ? std::string("; 0.0.0.N is what a host name made only of digits resolves to (the name "
                                      "'N' is read as an IPv4 number)")
                        : std::string()),
      10);
  rule::emit(out, std::move(r),
             "On that node run getent hosts $(hostname) (what its host name resolves to) and ip -o addr show (the "
             "addresses it has); give the machine a host name that resolves to one of its own addresses (/etc/hosts "
             "or DNS), or set GLOO_SOCKET_IFNAME to the interface the nodes reach each other on (Gloo then takes that "
             "interface's address)");
}

}  // namespace

void framework_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  rule::signal_rule(facts, "net.hostname.unresolvable", out);
  if (const Signal& g = facts.signal(EventKind::gloo_host_unusable); g.count > 0) {
    auto r = rule::from_signal(g, "gloo.hostname.no-local-address", Label::hostname_resolution, Severity::error,
                               "Gloo found no usable local address for the host name '" + g.text +
                                   "': the name resolves to no address this machine can bind",
                               10);
    rule::emit(out, std::move(r),
               "Without GLOO_SOCKET_IFNAME Gloo binds the address of the machine's own hostname: map the hostname to "
               "this host's routable address in /etc/hosts (or DNS), or set GLOO_SOCKET_IFNAME to the interface the "
               "nodes reach each other on");
  }
  rule::signal_rule(facts, "platform.windows-no-nccl", out);
  rule::signal_rule(facts, "pslite.bind-failed", out);
  if (const Signal& e = facts.signal(EventKind::env_var_unset); e.count > 0)
    rule::signal_rule(facts, "launch.env.unset", out, e.text);
  tf_nccl_op_missing_rule(facts, out);
  port_in_use_rule(facts, out);
  rule::signal_rule(facts, "launch.store.libuv-missing", out);
  gloo_addr_not_local_rule(facts, out);
  if (const Signal& e = facts.signal(EventKind::endpoint_invalid); e.count > 0)
    rule::signal_rule(facts, "launch.endpoint.invalid", out, e.text);
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
  tf_config_one_host_rule(facts, out);
  rule::signal_rule(facts, "tf.config.invalid", out);
  rule::signal_rule(facts, "tf.grpc.unavailable", out);
  // torch's broadcastUniqueNCCLID: a store->get of rank 0's id that timed out (the catalogue takes
  // timeouts only; a reset or refused store connection is another cause).
  rule::signal_rule(facts, "torch.nccl.unique-id-timeout", out);
}

}  // namespace dd::logs
