// NodeFacts: what one node tells rank 0 besides its full `check` report — the raw getifaddrs
// entries (so rank 0 can re-run the NCCL and Gloo models with a proposed setting), interface
// kinds and MTUs, the NCCL_*/GLOO_*/TORCH_*/MASTER_*/TF_CONFIG settings, the current NCCL and
// Gloo choice, what MASTER_ADDR resolves to there, and its wall clock.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster/analysis/firewall_facts.hpp"
#include "core/finding.hpp"
#include "core/result.hpp"
#include "nccl/predict.hpp"
#include "netif/interface.hpp"
#include "os/interface_source.hpp"
#include "transport/probe_server.hpp"

namespace dd::check {
struct CheckReport;
}
namespace dd::os {
class Environment;
class Resolver;
}  // namespace dd::os

namespace dd::cluster {

struct IfaceFacts {
  netif::Kind kind = netif::Kind::physical;  // JSON: its netif::to_string name
  int mtu = 0;
  std::int64_t speed_mbps = -1;
  bool running = false;
  bool enslaved = false;  // has a master (bridge/bond port)
  int ifindex = 0;
};

struct NodeFacts {
  int rank = -1;
  std::string host;
  std::vector<os::AddressEntry> entries;           // getifaddrs order
  std::map<std::string, IfaceFacts> ifaces;        // by link name
  std::map<std::string, std::string> env;          // settings that must agree across nodes
  std::map<std::string, std::string> nccl_config;  // effective NCCL_* (environment + nccl.conf files)
  std::string nccl_version;                        // library version found ("" when none)
  std::string cuda_driver;                         // NVIDIA driver version ("" when none is loaded)
  std::string model_version;                       // version the NCCL model used
  std::optional<nccl::Endpoint> nccl_bootstrap;    // current NCCL choice
  std::vector<nccl::Endpoint> nccl_socket;
  std::string nccl_error;
  std::optional<nccl::Endpoint> gloo;  // current Gloo device (the first)
  // Every device Gloo opens: one per GLOO_SOCKET_IFNAME entry (torch connects every pair on each);
  // the one device otherwise. Empty in an older node's facts: `gloo` alone then.
  std::vector<nccl::Endpoint> gloo_devices;
  bool gloo_loopback = false;
  std::string gloo_source;
  std::string gloo_error;
  std::string gloo_hostname;                      // the name Gloo looked up (GLOO_SOCKET_IFNAME unset)
  std::vector<std::string> gloo_resolved;         // its addresses, getaddrinfo order (empty: did not resolve)
  std::string gloo_resolve_error;                 // why its lookup failed ("" when it resolved, or an older node)
  std::vector<std::string> master_addr_resolves;  // MASTER_ADDR here, getaddrinfo order
  std::string master_addr_error;
  // What this node's own hostname resolves to here (getaddrinfo order; empty: it did not resolve, or
  // an older node): which node an address belongs to, when two nodes hold one (the inventory's word).
  std::vector<std::string> host_resolves;
  std::int64_t time_us = 0;         // wall clock (unix us) when sent
  std::vector<Listener> listeners;  // probe listeners (candidates and job ports)
  // This node's own configuration findings from its check report (environment audit, TF_CONFIG,
  // hostname resolution, IPv6 link-local only, container): rank 0 weighs them as causes.
  std::vector<core::Finding> node_findings;
  // What this node's nftables ruleset drops among the ports of this preflight (run_preflight
  // fills it after opening the listeners; absent in the JSON of an older node: not read).
  FirewallFacts firewall;
};

nlohmann::json to_json(const NodeFacts& facts);
// Error (unreadable) naming the field when the JSON does not have the expected shape.
core::Result<NodeFacts> facts_from_json(const nlohmann::json& j);

// Builds the facts from this node's check report and environment.
NodeFacts facts_from_report(const check::CheckReport& report, const os::Environment& env, const os::Resolver& resolver);

// Whether a check finding describes the node's own configuration (see NodeFacts::node_findings).
bool is_node_config_finding(const core::Finding& finding);

// Whether `name` is a setting preflight compares across nodes.
bool is_compared_setting(const std::string& name);

// preflight.env.carriage-return: the launch variables (MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE,
// NCCL_*, GLOO_*, ...) whose value ends in a carriage return, as an env file with Windows line
// ends leaves them after `. FILE` (clusters-2026-12-06h p3): each value escaped (\r), never raw;
// the fix strips them from the file, or exports the values without. nullopt when none does.
std::optional<core::Finding> carriage_return_finding(const std::map<std::string, std::string>& env);

// The link that owns `addr` on this node ("" when none).
std::string iface_of(const NodeFacts& facts, const std::string& addr);

}  // namespace dd::cluster
