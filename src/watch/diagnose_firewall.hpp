// The nftables rule behind a connection that never completes, or behind a listener no peer from
// another host can reach, read in the socket's own network namespace (each namespace, e.g. each
// container, has a ruleset of its own). firewall/nft_rules.hpp decides what drops a port; a chain
// it cannot judge names nothing, so a finding names a rule only where the ruleset shows one.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/finding.hpp"
#include "firewall/nft_rules.hpp"
#include "os/firewall_source.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {

// Network namespace ("net:[4026531840]") -> its ruleset (libnftables' JSON document). A namespace
// whose ruleset could not be read is absent: nothing is said about it.
using Rulesets = std::map<std::string, nlohmann::json>;

// The rules of `s`'s namespace that drop a new TCP connection (or, with Packet::established, a
// packet of an open one) to `port` going `direction` there:
// one evidence line each ("rank 0 (pid 42)'s network namespace: nftables table inet t chain in
// handle 4: tcp dport 29500 drop") and the commands that remove it, to run in that namespace.
struct RuleMatch {
  std::vector<std::string> evidence;
  std::vector<std::string> fixes;
  bool empty() const { return evidence.empty(); }
};
RuleMatch rules_dropping(const Rulesets& rules, const OwnedSocket& s, int port, firewall::Direction direction,
                         firewall::Packet packet = firewall::Packet::first);

// watch.listen.firewalled: a listener of the tree on a non-loopback address whose port its own
// namespace's input rules drop, while no peer from another address is connected to that port and
// its owner's WORLD_SIZE says ranks run outside that namespace.
// `named`: (netns, port) pairs a connect finding already blames (one defect, one finding).
std::vector<core::Finding> firewalled_listeners(const Snapshot& s, const Rulesets& rules,
                                                const std::set<std::pair<std::string, int>>& named);

// Reads, through `source`, the ruleset of every namespace the snapshot's sockets are in (a thread
// enters each namespace, as netns.hpp does for sockets).
Rulesets read_rulesets(const os::FirewallSource& source, const Snapshot& s);

}  // namespace dd::watch
