#include "report/fix_plan.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace dd::report {

namespace {

using nlohmann::json;

std::string str(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Only names a shell, a Dockerfile and a manifest accept: [A-Za-z_][A-Za-z0-9_]*.
bool valid_name(std::string_view name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

void add_env(std::map<std::string, std::string>& to, const json& env, std::map<std::string, std::string>& why,
             const std::string& source) {
  if (!env.is_object()) return;
  for (const auto& [name, value] : env.items()) {
    if (!value.is_string() || !valid_name(name)) continue;
    to.emplace(name, value.get<std::string>());  // first wins
    why.emplace(name, source);
  }
}

void add_per_host(FixPlan& plan, const json& per_host, const std::string& source) {
  if (!per_host.is_object()) return;
  for (const auto& [host, env] : per_host.items()) add_env(plan.per_host[host], env, plan.why, source);
}

}  // namespace

FixPlan fix_plan_from_json(const json& out) {
  FixPlan plan;
  if (!out.is_object()) return plan;
  if (auto rec = out.find("recommendation"); rec != out.end() && rec->is_object()) {
    add_env(plan.env, rec->value("env", json::object()), plan.why, "preflight recommendation");
    add_per_host(plan, rec->value("per_host", json::object()), "preflight recommendation");
  }
  if (auto w = out.find("world"); w != out.end() && w->is_number_integer()) plan.world = w->get<int>();
  if (auto nodes = out.find("nodes"); nodes != out.end() && nodes->is_array()) {
    std::map<int, std::string> by_rank;
    for (const auto& n : *nodes) {
      if (n.is_object() && n.value("rank", json()).is_number_integer()) by_rank[n["rank"].get<int>()] = str(n, "host");
    }
    for (const auto& [rank, host] : by_rank) plan.hosts.push_back(host);
  }
  for (const auto& f : out.value("findings", json::array())) {
    if (!f.is_object()) continue;
    std::string id = str(f, "id");
    std::string label = str(f, "label");
    json fix = f.value("fix", json::object());
    if (!fix.is_object()) fix = json::object();
    bool has_env = fix.value("env", json::object()).is_object() && !fix.value("env", json::object()).empty();
    bool has_host = fix.value("per_host", json::object()).is_object() && !fix.value("per_host", json::object()).empty();
    add_env(plan.env, fix.value("env", json::object()), plan.why, id);
    add_per_host(plan, fix.value("per_host", json::object()), id);
    if (id == "container.network.bridge") plan.host_network = true;
    if (id == "container.shm.too-small" || label == "shm-exhausted") plan.shm_in_memory = true;
    if (id == "container.ib.no-device-nodes") plan.ib_devices = true;
    bool info = str(f, "severity") == "info";
    if (!info || has_env || has_host) plan.notes.push_back({id, str(f, "title"), str(fix, "text")});
  }
  // A per-host value equal to the common one is noise.
  for (auto it = plan.per_host.begin(); it != plan.per_host.end();) {
    for (auto v = it->second.begin(); v != it->second.end();) {
      auto common = plan.env.find(v->first);
      v = common != plan.env.end() && common->second == v->second ? it->second.erase(v) : std::next(v);
    }
    it = it->second.empty() ? plan.per_host.erase(it) : std::next(it);
  }
  return plan;
}

}  // namespace dd::report
