// check's typed outcome (report/outcome.hpp) for --report and --export-format: the findings, the
// fix made from them, and this machine's interface inventory.
#pragma once

#include <vector>

#include "check/report.hpp"
#include "netif/interface.hpp"
#include "report/outcome.hpp"

namespace dd::check {

report::Outcome outcome_of(const CheckReport& report);

// The inventory as the HTML table's rows (name, kind, up, carrier, MTU, speed, addresses).
std::vector<report::InterfaceRow> interface_rows(const netif::Inventory& inventory);

}  // namespace dd::check
