#include "transport/probe_json.hpp"

namespace dd::cluster {

nlohmann::json to_json(const ProbeTarget& t) {
  nlohmann::json j = {{"to", t.to},       {"addr", t.addr}, {"port", t.port},
                      {"iface", t.iface}, {"what", t.what}, {"protocol", t.protocol}};
  if (t.bulk_bytes) j["bulk_bytes"] = t.bulk_bytes;
  return j;
}

ProbeTarget target_from_json(const nlohmann::json& j) {
  return ProbeTarget{j.value("to", -1),   j.value("addr", ""),       j.value("port", 0),       j.value("iface", ""),
                     j.value("what", ""), j.value("protocol", true), j.value("bulk_bytes", 0u)};
}

namespace {

// The probe's measured fields, listed once for both directions: `field(name, member)` is called
// for each. A field missing from the JSON keeps ProbeResult's default.
template <class R, class F>
void measured_fields(R& r, F&& field) {
  field("ok", r.ok);
  field("bulk_ok", r.bulk_ok);
  field("rtt_us", r.rtt_us);
  field("echo_us", r.echo_us);
  field("connect_us", r.connect_us);
  field("bulk_mbps", r.bulk_mbps);
  field("retransmits", r.retransmits);
  field("syn_retransmits", r.syn_retransmits);
  field("snd_mss", r.snd_mss);
  field("bytes_acked", r.bytes_acked);
  field("bulk_bytes", r.bulk_bytes);
  field("stage", r.stage);
  field("failure", r.failure);
}

}  // namespace

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
  measured_fields(r, [&j](const char* name, const auto& value) { j[name] = value; });
  j["error"] = r.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.error);
  if (!r.resolved.empty() && r.resolved != r.target.addr) j["resolved"] = r.resolved;
  if (r.reached >= 0) j["reached"] = r.reached;
  if (r.retried) j["retried"] = true;
  return j;
}

ProbeResult result_from_json(const nlohmann::json& j) {
  ProbeResult r;
  r.from = j.value("from", -1);
  r.target = ProbeTarget{j.value("to", -1),    j.value("addr", ""), j.value("port", 0),
                         j.value("iface", ""), j.value("what", ""), j.value("protocol", true)};
  measured_fields(r, [&j](const char* name, auto& value) { value = j.value(name, value); });
  if (!j.contains("echo_us")) r.echo_us = r.rtt_us;  // older versions sent the round trip only
  if (j.contains("error") && j["error"].is_string()) r.error = j["error"].get<std::string>();
  r.resolved = j.value("resolved", "");
  r.reached = j.value("reached", -1);
  r.retried = j.value("retried", false);
  return r;
}

}  // namespace dd::cluster
