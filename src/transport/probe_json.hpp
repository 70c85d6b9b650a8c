// JSON forms of probe targets (the plan rank 0 sends) and probe results (what each node sends back,
// and `probes[]` in DESIGN.md: from, to, addr, port, ok, rtt_us, error, and details).
#pragma once

#include <nlohmann/json.hpp>

#include "transport/prober.hpp"

namespace dd::cluster {

nlohmann::json to_json(const ProbeTarget& t);
ProbeTarget target_from_json(const nlohmann::json& j);
nlohmann::json to_json(const ProbeResult& r);
ProbeResult result_from_json(const nlohmann::json& j);

}  // namespace dd::cluster
