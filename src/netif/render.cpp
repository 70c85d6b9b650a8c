#include "netif/render.hpp"

#include "core/text_table.hpp"

namespace dd::netif {
namespace {

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
    if (!a.label.empty())
      out += " (" + a.label + ")";
    else if (a.scope == Scope::link)
      out += " (link)";
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
  core::TextTable table({"NAME", "KIND", "STATE", "MTU", "SPEED", "DRIVER", "ADDRESSES"});
  for (const auto& i : inventory.interfaces) {
    table.add_row({i.name, std::string(to_string(i.kind)), state_of(i), i.mtu > 0 ? std::to_string(i.mtu) : "-",
                   speed_text(i), i.driver.empty() ? "-" : i.driver, addresses_text(i)});
  }
  return table.render("", [&](std::size_t row, std::size_t column, const std::string& text) {
    if (row == 0) return paint(style, "1", text);
    if (column == 2) return paint(style, state_colour(text), text);
    return text;
  });
}

}  // namespace dd::netif
