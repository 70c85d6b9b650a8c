// JSON form of a Prediction, as `nics --json` prints it under nccl.prediction (DESIGN.md):
// {"bootstrap": {"iface","addr"} | null, "socket": [{"iface","addr"}...], "rc", "error",
//  "socket_error", "reason", "trace", "notes", "version_model", "steps": {bootstrap, socket}}.
#pragma once

#include <nlohmann/json.hpp>

#include "nccl/predict.hpp"

namespace dd::nccl {

nlohmann::json to_json(const Endpoint& endpoint);
nlohmann::json to_json(const Prediction& prediction);

}  // namespace dd::nccl
