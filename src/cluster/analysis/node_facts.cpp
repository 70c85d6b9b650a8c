#include "cluster/analysis/node_facts.hpp"

#include <chrono>

#include <fmt/format.h>

#include "check/report.hpp"
#include "core/finding_factory.hpp"
#include "core/strings.hpp"
#include "core/utf8.hpp"
#include "os/environment.hpp"
#include "os/resolver.hpp"
#include "report/json.hpp"

namespace dd::cluster {

namespace {

using nlohmann::json;

json endpoint_json(const std::optional<nccl::Endpoint>& e) {
  if (!e) return nullptr;
  return {{"iface", e->iface}, {"addr", e->addr}, {"link", e->link}};
}

std::optional<nccl::Endpoint> endpoint_from(const json& j) {
  if (!j.is_object()) return std::nullopt;
  return nccl::Endpoint{j.value("iface", ""), j.value("addr", ""), j.value("link", "")};
}

// Settings that identify one rank and legitimately differ per node.
bool per_node(const std::string& name) {
  static const char* k_per_node[] = {"RANK",       "LOCAL_RANK", "NODE_RANK",
                                     "GROUP_RANK", "ROLE_RANK",  "TORCHELASTIC_RUN_ID"};
  for (const char* n : k_per_node)
    if (name == n) return true;
  return false;
}

std::optional<core::Label> label_from(const std::string& text) {
  for (int i = 0; i <= static_cast<int>(core::Label::other); ++i) {
    auto l = static_cast<core::Label>(i);
    if (core::to_string(l) == text) return l;
  }
  return std::nullopt;
}

core::Severity severity_from(const std::string& text) {
  if (text == "error") return core::Severity::error;
  if (text == "warning") return core::Severity::warning;
  return core::Severity::info;
}

// The inverse of report::to_json(Finding); throws json::exception on a wrong shape.
core::Finding finding_from(const json& j) {
  auto label = label_from(j.at("label").get<std::string>());
  auto f = core::new_finding(j.at("id").get<std::string>(), label.value_or(core::Label::other),
                             severity_from(j.at("severity").get<std::string>()), j.at("title").get<std::string>());
  f.evidence = j.value("evidence", std::vector<std::string>{});
  f.hosts = j.value("hosts", std::vector<std::string>{});
  const json fix = j.value("fix", json::object());
  f.fix.env = fix.value("env", std::map<std::string, std::string>{});
  f.fix.per_host = fix.value("per_host", std::map<std::string, std::map<std::string, std::string>>{});
  f.fix.text = fix.value("text", std::string());
  return f;
}

}  // namespace

bool is_node_config_finding(const core::Finding& f) {
  if (f.severity == core::Severity::info) return false;
  for (const char* prefix : {"env.", "tf-config.", "container.", "host."})
    if (core::starts_with(f.id, prefix)) return true;
  return f.label == core::Label::ipv6_link_local;  // check's judge: the bootstrap is on fe80:: only
}

bool is_compared_setting(const std::string& name) {
  if (per_node(name)) return false;
  return core::starts_with(name, "NCCL_") || core::starts_with(name, "GLOO_") || core::starts_with(name, "TORCH_") ||
         name == "MASTER_ADDR" || name == "MASTER_PORT" || name == "WORLD_SIZE" || name == "TF_CONFIG" ||
         name == "TP_SOCKET_IFNAME";
}

std::string iface_of(const NodeFacts& facts, const std::string& addr) {
  for (const auto& e : facts.entries)
    if (e.addr == addr) return e.link;
  return "";
}

json to_json(const NodeFacts& f) {
  json entries = json::array();
  for (const auto& e : f.entries) {
    entries.push_back({{"name", e.name},
                       {"link", e.link},
                       {"family", e.family == os::Family::inet ? "inet" : "inet6"},
                       {"addr", e.addr},
                       {"prefix", e.prefix},
                       {"scope_id", e.scope_id},
                       {"up", e.up},
                       {"running", e.running},
                       {"loopback", e.loopback}});
  }
  json ifaces = json::object();
  for (const auto& [name, i] : f.ifaces)
    ifaces[name] = {{"kind", netif::to_string(i.kind)}, {"mtu", i.mtu},
                    {"speed_mbps", i.speed_mbps},       {"running", i.running},
                    {"enslaved", i.enslaved},           {"ifindex", i.ifindex}};
  json socket = json::array();
  for (const auto& e : f.nccl_socket) socket.push_back(endpoint_json(e));
  json gloo_devices = json::array();
  for (const auto& e : f.gloo_devices) gloo_devices.push_back(endpoint_json(e));
  json listeners = json::array();
  for (const auto& l : f.listeners) {
    listeners.push_back({{"addr", l.spec.addr},
                         {"port", l.port},
                         {"iface", l.spec.iface},
                         {"what", l.spec.what},
                         {"ok", l.ok},
                         {"error", l.error}});
  }
  return {{"rank", f.rank},
          {"host", f.host},
          {"entries", entries},
          {"ifaces", ifaces},
          {"env", f.env},
          {"nccl_config", f.nccl_config},
          {"nccl_version", f.nccl_version},
          {"cuda_driver", f.cuda_driver},
          {"model_version", f.model_version},
          {"nccl_bootstrap", endpoint_json(f.nccl_bootstrap)},
          {"nccl_socket", socket},
          {"nccl_error", f.nccl_error},
          {"gloo", endpoint_json(f.gloo)},
          {"gloo_devices", gloo_devices},
          {"gloo_loopback", f.gloo_loopback},
          {"gloo_source", f.gloo_source},
          {"gloo_error", f.gloo_error},
          {"gloo_hostname", f.gloo_hostname},
          {"gloo_resolved", f.gloo_resolved},
          {"gloo_resolve_error", f.gloo_resolve_error},
          {"master_addr_resolves", f.master_addr_resolves},
          {"host_resolves", f.host_resolves},
          {"master_addr_error", f.master_addr_error},
          {"time_us", f.time_us},
          {"listeners", listeners},
          {"node_findings", report::to_json(f.node_findings)},
          {"firewall", to_json(f.firewall)}};
}

core::Result<NodeFacts> facts_from_json(const json& j) {
  try {
    NodeFacts f;
    f.rank = j.at("rank").get<int>();
    f.host = j.at("host").get<std::string>();
    for (const auto& e : j.at("entries")) {
      os::AddressEntry a;
      a.name = e.at("name").get<std::string>();
      a.link = e.at("link").get<std::string>();
      a.family = e.at("family").get<std::string>() == "inet" ? os::Family::inet : os::Family::inet6;
      a.addr = e.at("addr").get<std::string>();
      a.prefix = e.at("prefix").get<int>();
      a.scope_id = e.at("scope_id").get<std::uint32_t>();
      a.up = e.at("up").get<bool>();
      a.running = e.at("running").get<bool>();
      a.loopback = e.at("loopback").get<bool>();
      f.entries.push_back(std::move(a));
    }
    for (const auto& [name, i] : j.at("ifaces").items()) {
      auto kind = netif::kind_from_string(i.at("kind").get<std::string>());
      if (!kind)
        return core::make_error(core::ErrorKind::unreadable, "node facts: ifaces." + name + ".kind: unknown kind");
      f.ifaces[name] = IfaceFacts{*kind,
                                  i.at("mtu").get<int>(),
                                  i.at("speed_mbps").get<std::int64_t>(),
                                  i.at("running").get<bool>(),
                                  i.value("enslaved", false),
                                  i.value("ifindex", 0)};
    }
    f.env = j.at("env").get<std::map<std::string, std::string>>();
    f.nccl_config = j.at("nccl_config").get<std::map<std::string, std::string>>();
    f.nccl_version = j.at("nccl_version").get<std::string>();
    f.cuda_driver = j.value("cuda_driver", std::string());
    f.model_version = j.at("model_version").get<std::string>();
    f.nccl_bootstrap = endpoint_from(j.at("nccl_bootstrap"));
    for (const auto& e : j.at("nccl_socket"))
      if (auto ep = endpoint_from(e)) f.nccl_socket.push_back(*ep);
    f.nccl_error = j.at("nccl_error").get<std::string>();
    f.gloo = endpoint_from(j.at("gloo"));
    if (auto it = j.find("gloo_devices"); it != j.end() && it->is_array())  // absent from an older node's facts
      for (const auto& e : *it)
        if (auto ep = endpoint_from(e)) f.gloo_devices.push_back(*ep);
    f.gloo_loopback = j.at("gloo_loopback").get<bool>();
    f.gloo_source = j.at("gloo_source").get<std::string>();
    f.gloo_error = j.at("gloo_error").get<std::string>();
    f.gloo_hostname = j.value("gloo_hostname", std::string());  // absent from an older node's facts
    f.gloo_resolved = j.value("gloo_resolved", std::vector<std::string>());
    f.gloo_resolve_error = j.value("gloo_resolve_error", std::string());  // absent from an older node's facts
    f.master_addr_resolves = j.at("master_addr_resolves").get<std::vector<std::string>>();
    f.master_addr_error = j.at("master_addr_error").get<std::string>();
    f.host_resolves = j.value("host_resolves", std::vector<std::string>());  // absent from an older node's facts
    f.time_us = j.at("time_us").get<std::int64_t>();
    for (const auto& l : j.at("listeners")) {
      Listener x;
      x.spec.addr = l.at("addr").get<std::string>();
      x.port = l.at("port").get<int>();
      x.spec.port = x.port;
      x.spec.iface = l.at("iface").get<std::string>();
      x.spec.what = l.at("what").get<std::string>();
      x.ok = l.at("ok").get<bool>();
      x.error = l.at("error").get<std::string>();
      f.listeners.push_back(std::move(x));
    }
    for (const auto& n : j.value("node_findings", json::array())) f.node_findings.push_back(finding_from(n));
    if (j.contains("firewall")) {
      auto fw = firewall_facts_from_json(j.at("firewall"));
      if (!fw) return fw.error();
      f.firewall = std::move(*fw);
    }
    return f;
  } catch (const json::exception& e) {
    return core::make_error(core::ErrorKind::unreadable, std::string("node facts: ") + e.what());
  }
}

std::optional<core::Finding> carriage_return_finding(const std::map<std::string, std::string>& env) {
  std::vector<std::string> vars, evidence, exports;
  bool verbatim = false;  // a value read as text (a name, an interface): the \r is part of it
  for (const auto& [k, v] : env) {
    if (!(is_compared_setting(k) || per_node(k)) || v.empty() || v.back() != '\r') continue;
    verbatim = verbatim || !(k == "MASTER_PORT" || k == "WORLD_SIZE" || (per_node(k) && k.ends_with("RANK")));
    std::string clean = v;
    while (!clean.empty() && (clean.back() == '\r' || clean.back() == '\n')) clean.pop_back();
    vars.push_back(fmt::format("{}={}", k, core::escape_control(v)));
    evidence.push_back(fmt::format("{} is '{}' ({} characters; the last a carriage return, \\r)", k,
                                   core::escape_control(v), v.size()));
    exports.push_back(fmt::format("{}={}", k, core::shell_quote(clean)));
  }
  if (vars.empty()) return std::nullopt;
  if (!verbatim)
    evidence.push_back(
        "these are numbers: torch reads them with Python's int(), which ignores the \\r; other "
        "readers of them may not");
  return core::new_finding(
      "preflight.env.carriage-return", core::Label::config_typo,
      verbatim ? core::Severity::error : core::Severity::warning,
      fmt::format("{} {} in a carriage return (the file that set {} has Windows line ends)", core::join(vars, ", "),
                  vars.size() == 1 ? "ends" : "end", vars.size() == 1 ? "it" : "them"),
      evidence,
      fmt::format("strip the carriage returns from the environment file these come from (`sed -i 's/\\r$//' FILE` "
                  "or `dos2unix FILE`) and start again; or set them without it in the launching shell: `export {}`",
                  core::join(exports, " ")));
}

NodeFacts facts_from_report(const check::CheckReport& report, const os::Environment& env,
                            const os::Resolver& resolver) {
  NodeFacts f;
  f.host = report.host;
  f.entries = report.inventory.entries;
  for (const auto& i : report.inventory.interfaces)
    f.ifaces[i.name] = IfaceFacts{i.kind, i.mtu, i.speed_mbps.value_or(-1), i.running, !i.master.empty(), i.ifindex};
  for (const auto& [k, v] : env.all())
    if (is_compared_setting(k)) f.env[k] = v;
  for (const auto& [k, v] : report.config.values) f.nccl_config[k] = v.value;
  if (report.probe && !report.probe->version.empty()) {
    f.nccl_version = report.probe->version;
  } else if (!report.libraries.empty() && !core::starts_with(report.model_version_source, "default")) {
    f.nccl_version = report.model_version.to_string();  // read from the library's file name or nccl.h (--no-probe)
  }
  if (report.cuda_driver) f.cuda_driver = report.cuda_driver->version;
  f.model_version = report.model_version.to_string();
  f.nccl_bootstrap = report.prediction.bootstrap;
  f.nccl_socket = report.prediction.socket;
  f.nccl_error = report.prediction.error;
  f.gloo = report.gloo.device;
  f.gloo_devices = report.gloo.devices;
  f.gloo_loopback = report.gloo.loopback;
  f.gloo_source = std::string(nccl::to_string(report.gloo.source));
  f.gloo_error = report.gloo.error;
  f.gloo_hostname = report.gloo.hostname;
  f.gloo_resolved = report.gloo.resolved;
  f.gloo_resolve_error = report.gloo.resolve_error;
  if (auto master = env.get("MASTER_ADDR"); master && !master->empty()) {
    auto r = resolver.resolve(*master);
    if (r) {
      for (const auto& a : *r) f.master_addr_resolves.push_back(a.addr);
    } else {
      f.master_addr_error = r.error().message;
    }
  }
  if (!f.host.empty())
    if (auto r = resolver.resolve(f.host))
      for (const auto& a : *r) f.host_resolves.push_back(a.addr);
  if (auto cr = carriage_return_finding(env.all())) f.node_findings.push_back(std::move(*cr));
  for (const auto& x : report.findings)
    if (is_node_config_finding(x)) f.node_findings.push_back(x);
  return f;
}

}  // namespace dd::cluster
