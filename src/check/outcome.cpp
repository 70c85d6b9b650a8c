#include "check/outcome.hpp"

#include <fmt/format.h>

namespace dd::check {

std::vector<report::InterfaceRow> interface_rows(const netif::Inventory& inventory) {
  std::vector<report::InterfaceRow> rows;
  for (const auto& i : inventory.interfaces) {
    report::InterfaceRow row{
        i.name,    std::string(netif::to_string(i.kind)),  i.up,
        i.carrier, i.mtu > 0 ? std::to_string(i.mtu) : "", i.speed_mbps ? std::to_string(*i.speed_mbps) : "",
        {}};
    for (const auto& a : i.addresses)
      row.addresses.push_back(fmt::format("{}/{} ({})", a.addr, a.prefix, netif::to_string(a.scope)));
    rows.push_back(std::move(row));
  }
  return rows;
}

report::Outcome outcome_of(const CheckReport& r) {
  report::Outcome out;
  out.command = "check";
  out.host = r.host;
  out.findings = r.findings;
  out.fix = report::fix_plan(r.findings);
  out.sections.interfaces.emplace_back("Interfaces of " + r.host, interface_rows(r.inventory));
  return out;
}

}  // namespace dd::check
