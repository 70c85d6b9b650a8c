#include "nccl/prediction_json.hpp"

namespace dd::nccl {

nlohmann::json to_json(const Endpoint& endpoint) {
  return nlohmann::json{{"iface", endpoint.iface}, {"addr", endpoint.addr}};
}

nlohmann::json to_json(const Prediction& p) {
  nlohmann::json j;
  j["bootstrap"] = p.bootstrap ? to_json(*p.bootstrap) : nlohmann::json(nullptr);
  j["socket"] = nlohmann::json::array();
  for (const auto& e : p.socket) j["socket"].push_back(to_json(e));
  j["rc"] = p.rc;
  j["error"] = p.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.error);
  j["socket_error"] = p.socket_error.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.socket_error);
  j["reason"] = p.reason;
  j["steps"] = {{"bootstrap", std::string(to_string(p.bootstrap_step))},
                {"socket", std::string(to_string(p.socket_step))}};
  j["trace"] = p.trace;
  j["notes"] = p.notes;
  j["version_model"] = p.version.to_string();
  return j;
}

}  // namespace dd::nccl
