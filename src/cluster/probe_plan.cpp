#include "cluster/probe_plan.hpp"

namespace dd::cluster {

int job_port_owner(const std::vector<env::launchers::JobPort>& ports, std::size_t index) {
  if (ports[index].what == "MASTER_PORT") return 0;
  int tf = 0;
  for (std::size_t i = 0; i < index; ++i)
    if (ports[i].what.rfind("TF_CONFIG", 0) == 0) ++tf;
  return tf;
}

std::vector<ProbeTarget> plan_for(int from, const std::map<int, NodeFacts>& nodes,
                                  const std::vector<env::launchers::JobPort>& job_ports) {
  std::vector<ProbeTarget> out;
  // Interleave peers so concurrent probes spread over nodes instead of hammering one.
  std::size_t most = 0;
  for (const auto& [rank, f] : nodes) most = std::max(most, f.listeners.size());
  for (std::size_t i = 0; i < most; ++i) {
    for (const auto& [rank, f] : nodes) {
      if (rank == from || i >= f.listeners.size()) continue;
      const Listener& l = f.listeners[i];
      if (!l.ok || l.spec.what != "candidate") continue;
      out.push_back(ProbeTarget{rank, l.spec.addr, l.port, l.spec.iface, "candidate", true});
    }
  }
  for (std::size_t i = 0; i < job_ports.size(); ++i) {
    int owner = job_port_owner(job_ports, i);
    if (owner == from || !nodes.count(owner)) continue;
    bool ours = false;
    for (const auto& l : nodes.at(owner).listeners)
      ours = ours || (l.ok && l.spec.what == job_ports[i].what && l.port == job_ports[i].port);
    out.push_back(ProbeTarget{owner, job_ports[i].host, job_ports[i].port, "", job_ports[i].what, ours});
  }
  return out;
}

nlohmann::json to_json(const ProbeTarget& t) {
  return {{"to", t.to}, {"addr", t.addr}, {"port", t.port}, {"iface", t.iface}, {"what", t.what}, {"protocol", t.protocol}};
}

ProbeTarget target_from_json(const nlohmann::json& j) {
  return ProbeTarget{j.value("to", -1), j.value("addr", ""), j.value("port", 0), j.value("iface", ""),
                     j.value("what", ""), j.value("protocol", true)};
}

nlohmann::json to_json(const ProbeResult& r) {
  nlohmann::json j = {{"from", r.from},
                      {"to", r.target.to},
                      {"addr", r.target.addr},
                      {"port", r.target.port},
                      {"iface", r.target.iface},
                      {"what", r.target.what},
                      {"protocol", r.target.protocol},
                      {"ok", r.ok},
                      {"bulk_ok", r.bulk_ok},
                      {"rtt_us", r.rtt_us},
                      {"echo_us", r.echo_us},
                      {"connect_us", r.connect_us},
                      {"bulk_mbps", r.bulk_mbps},
                      {"retransmits", r.retransmits},
                      {"syn_retransmits", r.syn_retransmits},
                      {"snd_mss", r.snd_mss},
                      {"bytes_acked", r.bytes_acked},
                      {"stage", r.stage},
                      {"failure", r.failure},
                      {"error", r.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.error)}};
  if (!r.resolved.empty() && r.resolved != r.target.addr) j["resolved"] = r.resolved;
  if (r.reached >= 0) j["reached"] = r.reached;
  return j;
}

ProbeResult result_from_json(const nlohmann::json& j) {
  ProbeResult r;
  r.from = j.value("from", -1);
  r.target = ProbeTarget{j.value("to", -1), j.value("addr", ""), j.value("port", 0), j.value("iface", ""),
                         j.value("what", ""), j.value("protocol", true)};
  r.ok = j.value("ok", false);
  r.bulk_ok = j.value("bulk_ok", false);
  r.rtt_us = j.value("rtt_us", std::int64_t{-1});
  r.echo_us = j.value("echo_us", r.rtt_us);
  r.connect_us = j.value("connect_us", std::int64_t{-1});
  r.bulk_mbps = j.value("bulk_mbps", 0.0);
  r.retransmits = j.value("retransmits", 0u);
  r.syn_retransmits = j.value("syn_retransmits", 0u);
  r.snd_mss = j.value("snd_mss", 0u);
  r.bytes_acked = j.value("bytes_acked", std::uint64_t{0});
  r.stage = j.value("stage", "");
  r.failure = j.value("failure", "");
  if (j.contains("error") && j["error"].is_string()) r.error = j["error"].get<std::string>();
  r.resolved = j.value("resolved", "");
  r.reached = j.value("reached", -1);
  return r;
}

}  // namespace dd::cluster
