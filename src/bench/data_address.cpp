#include "bench/data_address.hpp"

#include <fmt/format.h>

#include "netif/preference.hpp"

namespace dd::bench {

namespace {

std::optional<std::string> usable_address(const netif::Interface& i) {
  for (auto family : {os::Family::inet, os::Family::inet6})
    for (const auto& a : i.addresses)
      if (a.family == family && (a.scope == netif::Scope::global || a.scope == netif::Scope::site)) return a.addr;
  return std::nullopt;
}

}  // namespace

core::Result<DataAddress> choose_data_address(const netif::Inventory& inventory,
                                              const std::optional<std::string>& ifname) {
  if (ifname) {
    const auto* i = inventory.find(*ifname);
    if (!i) return core::Error{core::ErrorKind::usage, fmt::format("--ifname {}: no such interface here", *ifname)};
    auto a = usable_address(*i);
    if (!a)
      return core::Error{core::ErrorKind::usage,
                         fmt::format("--ifname {}: the interface has no global or site address", *ifname)};
    return DataAddress{i->name, *a, "--ifname"};
  }
  auto best = netif::best_interface(inventory);
  const auto* i = best ? inventory.find(*best) : nullptr;
  auto a = i ? usable_address(*i) : std::nullopt;
  if (!a)
    return core::Error{
        core::ErrorKind::not_found,
        "no interface here may carry training traffic (distdoctor nics shows why); name one with --ifname"};
  return DataAddress{i->name, *a, "netif preference"};
}

}  // namespace dd::bench
