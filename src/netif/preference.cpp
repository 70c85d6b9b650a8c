#include "netif/preference.hpp"

#include "core/address.hpp"
#include "core/strings.hpp"

namespace dd::netif {

namespace {

bool excluded_kind(Kind k) {
  return k == Kind::loopback || k == Kind::docker || k == Kind::virtual_ || k == Kind::vpn || k == Kind::dummy;
}

int kind_class(Kind k) {
  switch (k) {
    case Kind::ib:
      return 0;
    case Kind::bridge:
      return 2;
    case Kind::veth:
      return 3;
    default:
      return 1;  // physical, bond, vlan
  }
}

}  // namespace

bool is_host_private_kind(Kind kind) { return kind == Kind::docker || kind == Kind::virtual_ || kind == Kind::vpn; }

std::optional<PreferenceKey> preference_key(const LinkTraits& link) {
  if (excluded_kind(link.kind)) return std::nullopt;
  if (link.kind == Kind::veth && link.enslaved) return std::nullopt;
  // docker*/virbr* are host-private bridges whatever sysfs says (a renamed veth included).
  if (core::starts_with(link.name, "virbr") || core::starts_with(link.name, "docker")) return std::nullopt;
  std::int64_t speed = link.speed_mbps > 0 ? link.speed_mbps : 0;
  return PreferenceKey{kind_class(link.kind), -speed, link.has_ipv4 ? 0 : 1, link.ifindex};
}

std::optional<std::string> best_interface(const Inventory& inventory) {
  const Interface* best = nullptr;
  PreferenceKey best_key{};
  for (const auto& i : inventory.interfaces) {
    if (!i.running) continue;
    bool routable = false, v4 = false;
    for (const auto& e : inventory.entries) {
      if ((e.link.empty() ? e.name : e.link) != i.name || !core::is_routable_address(e.addr)) continue;
      routable = true;
      v4 = v4 || e.family == os::Family::inet;
    }
    if (!routable) continue;
    auto key = preference_key({i.name, i.kind, !i.master.empty(), i.speed_mbps.value_or(0), v4, i.ifindex});
    if (key && (!best || *key < best_key)) {
      best = &i;
      best_key = *key;
    }
  }
  if (!best) return std::nullopt;
  return best->name;
}

}  // namespace dd::netif
