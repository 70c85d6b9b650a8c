// Cluster analysis on rank 0: from every node's facts and the full probe matrix, the findings
// (what will hang or be slow, and why), one recommended configuration, and the verdict.
//
// Reachability is judged per address: an address of node B is "good" when every other live node
// reached it with the echo AND the bulk transfer (so an MTU black hole disqualifies it). NCCL's
// and Gloo's current choices are checked against the good addresses; the recommendation picks,
// per node, the preferred interface with a good address (netif/preference.hpp, the policy `check`
// uses: ib, then physical/bond/vlan, bridge, a container's veth; faster; IPv4), writes it as ONE
// NCCL_SOCKET_IFNAME value when one value selects a good address on every node - verified by
// re-running the NCCL model (nccl::predict, rules of NCCL 2.28.9) on each node's own getifaddrs
// entries - and per-node values otherwise; GLOO_SOCKET_IFNAME likewise through the Gloo model.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "cluster/analysis/node_facts.hpp"
#include "core/finding.hpp"
#include "env/launchers/launch_info.hpp"
#include "transport/prober.hpp"

namespace dd::cluster {

struct AnalysisInput {
  int world = 0;
  std::vector<NodeFacts> nodes;  // nodes that joined (rank 0 included)
  std::vector<int> missing;      // ranks that never joined
  // The rendezvous server's lines for joins it dropped ("rendezvous: dropped PEER: rank 2 already
  // joined from PEER0"): a second node that claimed a rank already taken.
  std::vector<std::string> rendezvous_drops;
  std::map<int, std::string> lost;            // rank -> why it was lost midway
  std::vector<ProbeResult> probes;            // from every node that returned results
  std::set<int> probed;                       // ranks whose results arrived
  std::map<int, std::int64_t> clock_skew_us;  // rank -> its clock minus rank 0's
  std::vector<env::launchers::JobPort> job_ports;
  std::string rendezvous;   // "host:port", for evidence
  int rendezvous_port = 0;  // every node reached it: a known-open port
  // rank -> the address its rendezvous connection came from, as rank 0 accepted it: that node
  // reached rank 0's rendezvous port from there (empty in inputs that do not record it).
  std::map<int, std::string> joined_from;
  // A sparse probe plan (peer_plan.hpp): only these (from, to) pairs were probed, and only they are
  // judged; an address is good when every node that probed it reached it. Empty: every pair.
  std::set<std::pair<int, int>> planned;
};

struct Recommendation {
  std::map<std::string, std::string> env;                              // for every node
  std::map<std::string, std::map<std::string, std::string>> per_host;  // host -> VAR -> value
  std::map<std::string, std::string> chosen;                           // host -> interface
  std::vector<std::string> checks;                                     // how it was verified (model + probe matrix)
  bool complete = false;                                               // every live node has a working choice
};

enum class Verdict { ok, slow, hang };
std::string_view to_string(Verdict v);  // "OK", "WILL BE SLOW", "WILL HANG"

struct Analysis {
  std::vector<core::Finding> findings;  // sorted, most important first
  Recommendation recommendation;
  Verdict verdict = Verdict::ok;
  std::string reason;                               // one line: why
  std::map<int, std::set<std::string>> good_addrs;  // rank -> addresses every peer reached
};

Analysis analyze(const AnalysisInput& input);

// A member's clock minus rank 0's, from one join: the member read its clock (`sent_us`) between
// rank 0 accepting the connection (`accepted_us`, rank 0's clock) and the join having arrived
// (`joined_us`). The true offset lies in [sent - joined, sent - accepted]; this returns the value
// of that interval nearest zero, so a join that took seconds to cross a slow link is not read as
// a skewed clock.
std::int64_t clock_skew_us(std::int64_t sent_us, std::int64_t accepted_us, std::int64_t joined_us);

// Links of `node` that own one of `good` addresses, best first by the ranking policy `check`
// uses too (netif/preference.hpp); links the policy never recommends are left out.
std::vector<std::string> ranked_links(const NodeFacts& node, const std::set<std::string>& good);

}  // namespace dd::cluster
