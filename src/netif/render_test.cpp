#include "netif/render.hpp"

#include <gtest/gtest.h>

#include "core/strings.hpp"

namespace dd::netif {
namespace {

// lo; ens1f0 (100 Gb/s, MTU 9000) with a secondary address and a link-local one; docker0 up
// without carrier; eno2 down.
Inventory render_sample() {
  Inventory inv;
  inv.interfaces.resize(4);
  Interface& lo = inv.interfaces[0];
  lo.name = "lo", lo.kind = Kind::loopback, lo.mtu = 65536;
  lo.up = lo.running = lo.carrier = true;
  lo.addresses.push_back({os::Family::inet, "127.0.0.1", 8, Scope::host, ""});
  Interface& eth = inv.interfaces[1];
  eth.name = "ens1f0", eth.kind = Kind::physical, eth.mtu = 9000, eth.speed_mbps = 100000, eth.driver = "mlx5_core";
  eth.up = eth.running = true;
  eth.addresses.push_back({os::Family::inet, "198.18.1.10", 24, Scope::global, ""});
  eth.addresses.push_back({os::Family::inet, "198.18.1.11", 24, Scope::global, "ens1f0:1"});
  eth.addresses.push_back({os::Family::inet6, "fe80::1", 64, Scope::link, ""});
  Interface& docker0 = inv.interfaces[2];
  docker0.name = "docker0", docker0.kind = Kind::docker, docker0.up = true;
  docker0.operstate = "down", docker0.speed_mbps = 2500;
  Interface& eno2 = inv.interfaces[3];
  eno2.name = "eno2", eno2.operstate = "down";
  return inv;
}

TEST(NetifRender, PlainTable) {
  const std::string expected =
      "NAME     KIND      STATE       MTU    SPEED  DRIVER     ADDRESSES\n"
      "lo       loopback  up          65536  -      -          127.0.0.1/8\n"
      "ens1f0   physical  up          9000   100G   mlx5_core  198.18.1.10/24, 198.18.1.11/24 "
      "(ens1f0:1), fe80::1/64 (link)\n"
      "docker0  docker    no-carrier  -      2500M  -          -\n"
      "eno2     physical  down        -      -      -          -\n";
  EXPECT_EQ(render_table(render_sample(), report::Style(false)), expected);
}

TEST(NetifRender, ColourOnlyWhenAsked) {
  auto plain = render_table(render_sample(), report::Style(false));
  EXPECT_EQ(plain.find('\033'), std::string::npos);
  auto coloured = render_table(render_sample(), report::Style(true));
  EXPECT_NE(coloured.find("\033[32mup\033[0m"), std::string::npos);
  EXPECT_NE(coloured.find("\033[33mno-carrier\033[0m"), std::string::npos);
  EXPECT_NE(coloured.find("\033[31mdown\033[0m"), std::string::npos);
  EXPECT_NE(coloured.find("\033[1mNAME\033[0m"), std::string::npos);
  // Columns are padded from the plain width, so stripping colour gives the plain table.
  std::string stripped;
  for (std::size_t i = 0; i < coloured.size(); ++i) {
    if (coloured[i] == '\033') {
      i = coloured.find('m', i);
      continue;
    }
    stripped += coloured[i];
  }
  EXPECT_EQ(stripped, plain);
}

TEST(NetifRender, StateAndEmpty) {
  Interface i;
  i.up = true;
  i.operstate = "dormant";
  EXPECT_EQ(state_of(i), "dormant");
  i.operstate = "lowerlayerdown";
  EXPECT_EQ(state_of(i), "lowerlayerdown");
  i.running = true;
  EXPECT_EQ(state_of(i), "up");
  i.up = false;
  EXPECT_EQ(state_of(i), "down");
  EXPECT_EQ(render_table(Inventory{}, report::Style(false)), "no network interfaces found\n");
}

}  // namespace
}  // namespace dd::netif
