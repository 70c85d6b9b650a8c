#include "netif/interface.hpp"

namespace dd::netif {

std::string_view to_string(Kind kind) {
  switch (kind) {
    case Kind::loopback:
      return "loopback";
    case Kind::physical:
      return "physical";
    case Kind::bridge:
      return "bridge";
    case Kind::docker:
      return "docker";
    case Kind::veth:
      return "veth";
    case Kind::virtual_:
      return "virtual";
    case Kind::vpn:
      return "vpn";
    case Kind::ib:
      return "ib";
    case Kind::bond:
      return "bond";
    case Kind::vlan:
      return "vlan";
    case Kind::dummy:
      return "dummy";
  }
  return "physical";
}

std::optional<Kind> kind_from_string(std::string_view name) {
  for (Kind k : {Kind::loopback, Kind::physical, Kind::bridge, Kind::docker, Kind::veth, Kind::virtual_, Kind::vpn,
                 Kind::ib, Kind::bond, Kind::vlan, Kind::dummy}) {
    if (to_string(k) == name) return k;
  }
  return std::nullopt;
}

std::string_view to_string(Scope scope) {
  switch (scope) {
    case Scope::host:
      return "host";
    case Scope::link:
      return "link";
    case Scope::site:
      return "site";
    case Scope::global:
      return "global";
  }
  return "global";
}

const Interface* Inventory::find(std::string_view name) const {
  for (const auto& i : interfaces) {
    if (i.name == name) return &i;
  }
  return nullptr;
}

}  // namespace dd::netif
