#include "netif/render.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace dd::netif {
namespace {

constexpr std::size_t k_columns = 7;
using Row = std::array<std::string, k_columns>;

// ANSI colour by hand: dd_netif does not link dd_report (only its header-only Style::color()).
std::string paint(const report::Style& style, const char* code, const std::string& text) {
  if (!style.color()) return text;
  return std::string("\033[") + code + "m" + text + "\033[0m";
}

std::string speed_text(const Interface& i) {
  if (!i.speed_mbps) return "-";
  const auto mbps = *i.speed_mbps;
  if (mbps >= 1000 && mbps % 1000 == 0) return std::to_string(mbps / 1000) + "G";
  return std::to_string(mbps) + "M";
}

std::string addresses_text(const Interface& i) {
  if (i.addresses.empty()) return "-";
  std::string out;
  for (const auto& a : i.addresses) {
    if (!out.empty()) out += ", ";
    out += a.addr + "/" + std::to_string(a.prefix);
    if (!a.label.empty()) out += " (" + a.label + ")";
    else if (a.scope == Scope::link) out += " (link)";
  }
  return out;
}

const char* state_colour(const std::string& state) {
  if (state == "up") return "32";
  if (state == "down") return "31";
  return "33";
}

}  // namespace

std::string state_of(const Interface& iface) {
  if (!iface.up) return "down";
  if (iface.running) return "up";
  if (iface.operstate == "dormant" || iface.operstate == "lowerlayerdown") return iface.operstate;
  return "no-carrier";
}

std::string render_table(const Inventory& inventory, const report::Style& style) {
  if (inventory.interfaces.empty()) return "no network interfaces found\n";
  std::vector<Row> rows;
  rows.push_back({"NAME", "KIND", "STATE", "MTU", "SPEED", "DRIVER", "ADDRESSES"});
  for (const auto& i : inventory.interfaces) {
    rows.push_back({i.name, std::string(to_string(i.kind)), state_of(i),
                    i.mtu > 0 ? std::to_string(i.mtu) : "-", speed_text(i),
                    i.driver.empty() ? "-" : i.driver, addresses_text(i)});
  }
  std::array<std::size_t, k_columns> width{};
  for (const auto& r : rows) {
    for (std::size_t c = 0; c < k_columns; ++c) width[c] = std::max(width[c], r[c].size());
  }
  std::string out;
  for (std::size_t n = 0; n < rows.size(); ++n) {
    std::string line;
    for (std::size_t c = 0; c < k_columns; ++c) {
      std::string cell = rows[n][c];
      const std::size_t pad = c + 1 < k_columns ? width[c] - cell.size() + 2 : 0;
      if (n == 0) cell = paint(style, "1", cell);
      else if (c == 2) cell = paint(style, state_colour(rows[n][c]), cell);
      line += cell + std::string(pad, ' ');
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace dd::netif
