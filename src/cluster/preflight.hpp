// run_preflight: one node's whole preflight. Every node listens on its candidate addresses and
// job ports, meets the others at the rendezvous (rank 0 serves), receives its probe table, probes
// every other node, and returns its results; rank 0 analyses everything (analysis.hpp) and sends
// each node the verdict. Phases share one deadline (--timeout): joining may use 45% of it,
// probing ends at 75%, results are awaited until 88%; nobody waits past the end.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/node_facts.hpp"
#include "cluster/analysis/peer_plan.hpp"
#include "core/finding.hpp"
#include "core/result.hpp"
#include "env/launchers/launch_info.hpp"
#include "os/firewall_source.hpp"
#include "report/outcome.hpp"
#include "transport/prober.hpp"
#include "transport/rendezvous.hpp"

namespace dd::cluster {

struct PreflightOptions {
  env::launchers::LaunchInfo launch;  // rank, world, meeting point, job ports
  std::string token;                  // job token: the key of every proof; never sent nor printed
  std::string token_source;           // "--token", "slurm job id", "default"
  bool token_guessable = false;       // no --token and no launcher job id: a warning finding says so
  std::chrono::milliseconds timeout{60000};
  ProbeOptions probe;       // token is set from `token`
  PlanOptions plan;         // which pairs rank 0 has probed (peer_plan.hpp)
  bool all_probes = false;  // --all-probes: every probe in probes[], also for a sparse plan
};

// What this node brings: its facts (listeners and firewall are added by run_preflight), its check
// report, and where its firewall ruleset is read (nullptr: not read, facts.firewall stays empty).
struct LocalNode {
  NodeFacts facts;
  nlohmann::json report = nlohmann::json::object();
  const os::FirewallSource* firewall = nullptr;
  // An ICMP echo from this node to an address: true answered, false lost, nullopt not possible
  // (no raw socket, not IPv4). Empty: not tried. A member whose connects to rank 0 got no SYN-ACK
  // uses it to tell a filtered port from a broken path.
  std::function<std::optional<bool>(const std::string& addr)> icmp_echo;
  // The address of this node's own that the kernel's route to `addr` uses as its source ("" when
  // unknown). Empty: not asked. It tells which of two interfaces on one subnet the connects left by.
  std::function<std::string(const std::string& addr)> route_source;
};

// Rank 0's picture, typed: what the analysis was given (every node's facts, who is missing or lost,
// every probe) and the probe plan. The text output is drawn from it (render_text.hpp); the JSON
// object is built from the same values (rank0_json).
struct Rank0View {
  AnalysisInput input;
  std::optional<PeerPlan> plan;  // nullopt: no plan recorded (a unit test's hand-made input)
  std::uint32_t light_bulk = 0;  // bytes of a light probe's transfer
  std::uint32_t full_bulk = 0;   // bytes of a full bulk transfer
};

// One node's outcome, typed. Rank 0: its own analysis. A member: rank 0's verdict as it arrived,
// or its own findings when it could not take part. Findings live only in the typed fields (added
// to, e.g. by the --ssh merge, there); json_of() makes the printed object at output.
struct PreflightOutcome {
  nlohmann::json json;  // `preflight --json`'s other fields (nodes, probes, plan...): all but findings[]
  std::vector<core::Finding> findings;  // this node's findings (rank 0: the analysis')
  int exit_code = 0;                    // core::ExitCode
  bool is_rank0 = false;
  int rank = -1;
  int world = 0;
  std::string host;
  std::string verdict = "UNKNOWN";            // "OK", "WILL BE SLOW", "WILL HANG", "NOT CHECKED"
  std::string reason;                         // one line: why
  Recommendation fix;                         // env, per_host, checks (a member: its own host's share)
  std::vector<core::Finding> rank0_findings;  // a member: rank 0's findings as sent
  std::optional<Rank0View> rank0;             // rank 0 only
  report::Sections sections;                  // what --report draws (rank 0: matrix, nodes, interfaces)
};

PreflightOutcome run_preflight(const PreflightOptions& options, LocalNode local, const Log& log);

// Every finding this node prints: a member's rank 0 findings first, then its own.
std::vector<core::Finding> shown_findings(const PreflightOutcome& outcome);

// The object `preflight --json` prints: the outcome's json with findings[] made from shown_findings.
nlohmann::json json_of(PreflightOutcome outcome);

// Rank 0's result object from the analysis: verdict, nodes (each with its check report from
// `reports` and its facts), missing/lost ranks, probes, good addresses, recommendation; findings[]
// are added at output from the typed findings (json_of).
// host/launcher/token/rendezvous are filled by the caller. probes[] holds every probe, or with
// `every_probe` false only the noteworthy ones (probe_plan.hpp: failed, lost the bulk, lossy).
nlohmann::json rank0_json(const AnalysisInput& in, const Analysis& a, const std::map<int, NodeFacts>& nodes,
                          std::map<int, nlohmann::json> reports, bool every_probe = true);

// Rank 0's outcome from the analysis: the typed fields, the view the text is drawn from (it takes
// `in`), and rank0_json's object.
PreflightOutcome rank0_outcome(AnalysisInput in, const Analysis& a, const std::map<int, NodeFacts>& nodes,
                               std::map<int, nlohmann::json> reports, bool every_probe = true);

// A member's outcome from rank 0's verdict message as it arrived: verdict, reason, exit code, rank
// 0's findings and this host's share of the fix, typed for the text and as the JSON object.
PreflightOutcome member_outcome(const PreflightOptions& options, const NodeFacts& facts, const nlohmann::json& verdict);

// A node whose launcher environment is malformed and that cannot derive a rank and meeting point
// otherwise: its own outcome (role member, verdict NOT CHECKED, exit 1) with its configuration
// findings; `problem` (the launcher's error) becomes a finding when the audit has none for it.
PreflightOutcome launch_problem_outcome(const NodeFacts& facts, const core::Error& problem);

// Addresses a node listens on for probes: up, running, non-loopback, not IPv6 link-local; each
// address once.
std::vector<std::string> candidate_addresses(const std::vector<os::AddressEntry>& entries);

}  // namespace dd::cluster
