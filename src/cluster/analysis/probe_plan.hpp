// The probe plan rank 0 hands out: for each node, the targets it must probe (every other node's
// candidate listeners, and the job's ports owned by other nodes), and the plan's and the probes'
// summaries for `preflight --json`.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster/analysis/node_facts.hpp"
#include "cluster/analysis/peer_plan.hpp"
#include "env/launchers/launch_info.hpp"
#include "transport/probe_json.hpp"
#include "transport/prober.hpp"

namespace dd::cluster {

// Rank that owns job port `index` of `ports`: MASTER_PORT -> 0, TF_CONFIG member i -> rank i.
int job_port_owner(const std::vector<env::launchers::JobPort>& ports, std::size_t index);

// Targets for `from`, given every present node's facts: every candidate address of each peer the
// pair plan gives `from`, and the job's ports owned by those peers. Probes of pairs outside
// `pairs.bulk` carry `light_bulk` bytes (a few full-size segments) instead of the full transfer.
std::vector<ProbeTarget> plan_for(int from, const std::map<int, NodeFacts>& nodes,
                                  const std::vector<env::launchers::JobPort>& job_ports, const PeerPlan& pairs,
                                  std::uint32_t light_bulk);

// Every pair, every probe with the full transfer (the plan of small clusters and of tests).
std::vector<ProbeTarget> plan_for(int from, const std::map<int, NodeFacts>& nodes,
                                  const std::vector<env::launchers::JobPort>& job_ports);

// Bytes of a light probe's transfer: four segments of the largest MTU among the links that own a
// candidate address (loopback's 64 KiB is never crossed), at least
// 16 KiB (so a path that drops full-size frames stalls on it), at most `full`.
std::uint32_t light_bulk_bytes(const std::map<int, NodeFacts>& nodes, std::uint32_t full);

// Whether a probe belongs in a short probes[]: it failed, lost the bulk, or showed loss.
bool noteworthy(const ProbeResult& p);

// Counts and percentiles over all probes: total, ok, bulk_ok, failed, full and light transfers,
// retried, lossy, rtt_us {p50, p99, max}, bulk_mbps {min, p50} over full transfers (`full_bulk`
// bytes; smaller ones are light).
nlohmann::json probe_summary(const std::vector<ProbeResult>& probes, std::uint32_t full_bulk);

// The plan's description for `preflight --json` ("plan": kind, seed, pairs, what it cannot see).
// What a sparse plan covers, one phrase each (the JSON's plan.covers and the text's "covers:").
std::vector<std::string> plan_covers(const PeerPlan& plan);
nlohmann::json plan_json(const PeerPlan& plan, std::uint32_t light_bulk, std::uint32_t full_bulk);

}  // namespace dd::cluster
