// FirewallFacts: what one node's own nftables ruleset says about the TCP ports of this preflight
// (firewall/nft_rules.hpp), sent to rank 0 in its NodeFacts so that `preflight.port.blocked` and
// `preflight.reach.ephemeral-ports-blocked` can name the rule that drops a port. Only the node
// can read its ruleset, so it judges the ports it knows: inbound, the ports it listens on (job
// ports and candidate probe ports, the latter ephemeral); outbound, the job ports it connects to.
// A candidate probe port is also judged for packets of a connection already open: the kernel
// picked it from the ephemeral range, where this node's own outgoing connections take their
// source ports, so a rule that drops those packets drops the answers to its own connections.
// The same port is judged outbound too, as a port of the ephemeral range a packet this node sends
// goes to: its connections to the peers' listeners (Gloo, NCCL and probe ports are ephemeral) and
// its answers to the peers' connections (their source ports are ephemeral).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.hpp"
#include "env/launchers/launch_info.hpp"
#include "firewall/nft_rules.hpp"
#include "transport/probe_server.hpp"

namespace dd::cluster {

struct PortBlock {
  int port = 0;
  firewall::Direction direction = firewall::Direction::input;
  firewall::Block block;
  firewall::Packet packet = firewall::Packet::first;  // JSON "packet": "established" (absent: first)

  bool operator==(const PortBlock&) const = default;
};

struct FirewallFacts {
  bool read = false;              // the ruleset was read and judged
  std::string error;              // why not ("ruleset not readable: libnftables.so.1 not found"); "" when read
  std::vector<PortBlock> blocks;  // every block found, by port and direction
};

// Judges `ruleset` (FirewallSource's answer) for each listener's port (input) and each job port
// (output). A ruleset that is not readable or not JSON gives no blocks and says why.
FirewallFacts judge_firewall(const core::Result<std::string>& ruleset, const std::vector<Listener>& listeners,
                             const std::vector<env::launchers::JobPort>& job_ports);

// The node's blocks for `port` in `direction`, for the first packet of a connection or, with
// Packet::established, for the packets of one already open.
std::vector<firewall::Block> blocks_for(const FirewallFacts& facts, int port, firewall::Direction direction,
                                        firewall::Packet packet = firewall::Packet::first);

nlohmann::json to_json(const FirewallFacts& facts);
// The inverse of to_json; error (unreadable) naming the field on a wrong shape.
core::Result<FirewallFacts> firewall_facts_from_json(const nlohmann::json& j);

}  // namespace dd::cluster
