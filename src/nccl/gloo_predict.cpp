#include "nccl/gloo_predict.hpp"

#include "core/strings.hpp"
#include "nccl/ip_address.hpp"
#include "nccl/prediction_json.hpp"

namespace dd::nccl {

std::string_view to_string(GlooSource source) {
  switch (source) {
    case GlooSource::ifname:
      return "GLOO_SOCKET_IFNAME";
    case GlooSource::hostname:
      return "hostname";
    case GlooSource::loopback_fallback:
      return "loopback-fallback";
  }
  return "hostname";
}

namespace {

std::string link_of(const os::AddressEntry& e) { return e.link.empty() ? e.name : e.link; }

// The interface that owns `addr` (Gloo's name for logging): the entry with that address, or the
// loopback interface for any loopback address.
Endpoint owner_of(const std::vector<os::AddressEntry>& entries, os::Family family, const std::string& addr) {
  auto ip = core::parse_numeric_ip(addr);
  for (const auto& e : entries) {
    if (e.family != family) continue;
    auto eip = core::parse_numeric_ip(e.addr);
    if (ip && eip && eip->bytes == ip->bytes) return Endpoint{e.name, addr, link_of(e)};
  }
  if (ip && is_loopback(*ip)) {
    for (const auto& e : entries) {
      if (e.loopback) return Endpoint{e.name, addr, link_of(e)};
    }
    return Endpoint{"lo", addr, "lo"};
  }
  return Endpoint{"", addr, ""};
}

bool is_loopback_text(const std::string& addr) {
  auto ip = core::parse_numeric_ip(addr);
  return ip && is_loopback(*ip);
}

}  // namespace

GlooPrediction predict_gloo_ifname(const std::vector<os::AddressEntry>& entries, const std::string& value) {
  GlooPrediction g;
  g.source = GlooSource::ifname;
  // std::getline(',') as c10d splits: empty entries are kept, except after a trailing ','.
  auto names = core::split(value, ',', true);
  if (!names.empty() && names.back().empty()) names.pop_back();
  for (const auto& name : names) {
    const os::AddressEntry* found = nullptr;
    for (const auto& e : entries) {
      if (e.name == name) {
        found = &e;
        break;
      }
    }
    if (!found) {
      g.error = "Unable to find address for: " + name;
      g.devices.clear();
      return g;
    }
    g.devices.push_back(Endpoint{found->name, nccl_address_text(*found), link_of(*found)});
  }
  if (!g.devices.empty()) {
    g.device = g.devices.front();
    auto ip = core::parse_numeric_ip(g.device->addr.substr(0, g.device->addr.find('%')));
    g.loopback = ip && is_loopback(*ip);
  } else {
    g.error = "GLOO_SOCKET_IFNAME='" + value + "' names no interface";
  }
  return g;
}

GlooPrediction predict_gloo(const std::vector<os::AddressEntry>& entries, const os::Environment& env,
                            const os::Resolver& resolver) {
  auto ifname = env.get("GLOO_SOCKET_IFNAME");
  if (ifname && ifname->size() > 1) return predict_gloo_ifname(entries, *ifname);

  GlooPrediction g;
  g.hostname = resolver.hostname();
  auto resolved = resolver.resolve(g.hostname);
  if (!resolved) g.resolve_error = resolved.error().message;
  if (resolved) {
    for (const auto& r : *resolved) g.resolved.push_back(r.addr);
    for (const auto& r : *resolved) {
      if (!resolver.can_bind(r)) continue;
      g.source = GlooSource::hostname;
      g.device = owner_of(entries, r.family, r.addr);
      g.devices = {*g.device};
      g.loopback = is_loopback_text(r.addr);
      return g;
    }
  }
  g.source = GlooSource::loopback_fallback;
  g.warning = k_gloo_loopback_warning;
  g.device = owner_of(entries, os::Family::inet, "127.0.0.1");
  g.devices = {*g.device};
  g.loopback = true;
  return g;
}

nlohmann::json to_json(const GlooPrediction& g) {
  nlohmann::json j;
  j["iface"] = g.device ? nlohmann::json(g.device->iface) : nlohmann::json(nullptr);
  j["addr"] = g.device ? nlohmann::json(g.device->addr) : nlohmann::json(nullptr);
  j["source"] = std::string(to_string(g.source));
  j["error"] = g.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(g.error);
  j["warning"] = g.warning.empty() ? nlohmann::json(nullptr) : nlohmann::json(g.warning);
  j["devices"] = nlohmann::json::array();
  for (const auto& d : g.devices) j["devices"].push_back(to_json(d));
  if (g.source != GlooSource::ifname) {
    j["hostname"] = g.hostname;
    j["resolved"] = g.resolved;
    if (!g.resolve_error.empty()) j["resolve_error"] = g.resolve_error;
  }
  return j;
}

}  // namespace dd::nccl
