// JSON form of the inventory (DESIGN.md `nics --json` interfaces[]).
#pragma once

#include <nlohmann/json.hpp>

#include "netif/interface.hpp"

namespace dd::netif {

// {name, ifindex, kind, kind_reason, up, running, carrier, operstate, mtu, speed_mbps, driver,
//  mac, default_route, addresses[]}: operstate, mtu, driver and mac are null when unknown,
// speed_mbps null when sysfs gives none (or -1).
nlohmann::json to_json(const Interface& iface);
// {family: "inet"|"inet6", addr (numeric, no %zone), prefix, scope: host|link|site|global}, plus
// "label" for a labelled IPv4 alias ("eth0:1").
nlohmann::json to_json(const Address& address);
// The `interfaces` array itself, in inventory order: out["interfaces"] = netif::to_json(inv).
nlohmann::json to_json(const Inventory& inventory);

}  // namespace dd::netif
