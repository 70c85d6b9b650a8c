// The probe plan rank 0 hands out: for each node, the targets it must probe (every other node's
// candidate listeners, and the job's ports owned by other nodes), plus JSON forms of targets and
// results (`probes[]` in DESIGN.md: from, to, addr, port, ok, rtt_us, error, and details).
#pragma once

#include <map>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster/node_facts.hpp"
#include "cluster/prober.hpp"
#include "env/launchers/launch_info.hpp"

namespace dd::cluster {

// Rank that owns job port `index` of `ports`: MASTER_PORT -> 0, TF_CONFIG member i -> rank i.
int job_port_owner(const std::vector<env::launchers::JobPort>& ports, std::size_t index);

// Targets for `from`, given every present node's facts.
std::vector<ProbeTarget> plan_for(int from, const std::map<int, NodeFacts>& nodes,
                                  const std::vector<env::launchers::JobPort>& job_ports);

nlohmann::json to_json(const ProbeTarget& t);
ProbeTarget target_from_json(const nlohmann::json& j);
nlohmann::json to_json(const ProbeResult& r);
ProbeResult result_from_json(const nlohmann::json& j);

}  // namespace dd::cluster
