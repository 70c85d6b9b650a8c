#include "cluster/transport/probe_json.hpp"

namespace dd::cluster {

nlohmann::json to_json(const ProbeTarget& t) {
  nlohmann::json j = {{"to", t.to}, {"addr", t.addr}, {"port", t.port}, {"iface", t.iface}, {"what", t.what},
                      {"protocol", t.protocol}};
  if (t.bulk_bytes) j["bulk_bytes"] = t.bulk_bytes;
  return j;
}

ProbeTarget target_from_json(const nlohmann::json& j) {
  return ProbeTarget{j.value("to", -1), j.value("addr", ""), j.value("port", 0), j.value("iface", ""),
                     j.value("what", ""), j.value("protocol", true), j.value("bulk_bytes", 0u)};
}

nlohmann::json to_json(const ProbeResult& r) {
  // Field by field rather than from an initializer list (which builds a two-element array per
  // field first): rank 0 renders every probe of the cluster.
  nlohmann::json j = nlohmann::json::object();
  j["from"] = r.from;
  j["to"] = r.target.to;
  j["addr"] = r.target.addr;
  j["port"] = r.target.port;
  j["iface"] = r.target.iface;
  j["what"] = r.target.what;
  j["protocol"] = r.target.protocol;
  j["ok"] = r.ok;
  j["bulk_ok"] = r.bulk_ok;
  j["rtt_us"] = r.rtt_us;
  j["echo_us"] = r.echo_us;
  j["connect_us"] = r.connect_us;
  j["bulk_mbps"] = r.bulk_mbps;
  j["retransmits"] = r.retransmits;
  j["syn_retransmits"] = r.syn_retransmits;
  j["snd_mss"] = r.snd_mss;
  j["bytes_acked"] = r.bytes_acked;
  j["bulk_bytes"] = r.bulk_bytes;
  j["stage"] = r.stage;
  j["failure"] = r.failure;
  j["error"] = r.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.error);
  if (!r.resolved.empty() && r.resolved != r.target.addr) j["resolved"] = r.resolved;
  if (r.reached >= 0) j["reached"] = r.reached;
  if (r.retried) j["retried"] = true;
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
  r.bulk_bytes = j.value("bulk_bytes", 0u);
  r.stage = j.value("stage", "");
  r.failure = j.value("failure", "");
  if (j.contains("error") && j["error"].is_string()) r.error = j["error"].get<std::string>();
  r.resolved = j.value("resolved", "");
  r.reached = j.value("reached", -1);
  r.retried = j.value("retried", false);
  return r;
}

}  // namespace dd::cluster
