#include "netif/inventory_json.hpp"

namespace dd::netif {
namespace {

nlohmann::json string_or_null(const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); }

}  // namespace

nlohmann::json to_json(const Address& address) {
  nlohmann::json j = {
      {"family", address.family == os::Family::inet ? "inet" : "inet6"},
      {"addr", address.addr},
      {"prefix", address.prefix},
      {"scope", std::string(to_string(address.scope))},
  };
  if (!address.label.empty()) j["label"] = address.label;
  return j;
}

nlohmann::json to_json(const Interface& iface) {
  nlohmann::json addresses = nlohmann::json::array();
  for (const auto& a : iface.addresses) addresses.push_back(to_json(a));
  return {
      {"name", iface.name},
      {"ifindex", iface.ifindex},
      {"kind", std::string(to_string(iface.kind))},
      {"kind_reason", iface.kind_reason},
      {"up", iface.up},
      {"running", iface.running},
      {"carrier", iface.carrier},
      {"operstate", string_or_null(iface.operstate)},
      {"mtu", iface.mtu > 0 ? nlohmann::json(iface.mtu) : nlohmann::json(nullptr)},
      {"speed_mbps", iface.speed_mbps ? nlohmann::json(*iface.speed_mbps) : nlohmann::json(nullptr)},
      {"driver", string_or_null(iface.driver)},
      {"mac", string_or_null(iface.mac)},
      {"master", string_or_null(iface.master)},
      {"default_route", iface.default_route},
      {"addresses", std::move(addresses)},
  };
}

nlohmann::json to_json(const Inventory& inventory) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& i : inventory.interfaces) out.push_back(to_json(i));
  return out;
}

}  // namespace dd::netif
