#include "netif/inventory_json.hpp"

#include <gtest/gtest.h>

namespace dd::netif {
namespace {

Interface sample() {
  Interface i;
  i.name = "eno1";
  i.ifindex = 2;
  i.kind = Kind::physical;
  i.kind_reason = "sysfs device link (driver ixgbe)";
  i.up = true;
  i.running = true;
  i.carrier = true;
  i.operstate = "up";
  i.mtu = 9000;
  i.speed_mbps = 25000;
  i.driver = "ixgbe";
  i.mac = "3c:fd:fe:00:00:02";
  i.addresses.push_back({os::Family::inet, "198.18.1.10", 24, Scope::global, ""});
  i.addresses.push_back({os::Family::inet, "198.18.1.11", 24, Scope::global, "eno1:1"});
  i.addresses.push_back({os::Family::inet6, "fe80::1", 64, Scope::link, ""});
  return i;
}

TEST(NetifJson, InterfaceHasDesignFields) {
  auto j = to_json(sample());
  EXPECT_EQ(j["name"], "eno1");
  EXPECT_EQ(j["kind"], "physical");
  EXPECT_EQ(j["up"], true);
  EXPECT_EQ(j["carrier"], true);
  EXPECT_EQ(j["mtu"], 9000);
  EXPECT_EQ(j["speed_mbps"], 25000);
  EXPECT_EQ(j["ifindex"], 2);
  EXPECT_EQ(j["running"], true);
  EXPECT_EQ(j["operstate"], "up");
  EXPECT_EQ(j["driver"], "ixgbe");
  EXPECT_EQ(j["mac"], "3c:fd:fe:00:00:02");
  EXPECT_EQ(j["kind_reason"], "sysfs device link (driver ixgbe)");
  EXPECT_EQ(j["default_route"], false);
  ASSERT_EQ(j["addresses"].size(), 3u);
  EXPECT_EQ(j["addresses"][0],
            nlohmann::json::parse(R"({"family":"inet","addr":"198.18.1.10","prefix":24,"scope":"global"})"));
  EXPECT_EQ(j["addresses"][1]["label"], "eno1:1");
  EXPECT_EQ(j["addresses"][2]["family"], "inet6");
  EXPECT_EQ(j["addresses"][2]["scope"], "link");
  EXPECT_EQ(j["addresses"][2]["addr"], "fe80::1");  // no %zone in the inventory
}

TEST(NetifJson, UnknownsAreNull) {
  Interface i;
  i.name = "tun0";
  i.kind = Kind::virtual_;
  auto j = to_json(i);
  EXPECT_EQ(j["kind"], "virtual");
  EXPECT_TRUE(j["speed_mbps"].is_null());
  EXPECT_TRUE(j["mtu"].is_null());
  EXPECT_TRUE(j["mac"].is_null());
  EXPECT_TRUE(j["driver"].is_null());
  EXPECT_TRUE(j["operstate"].is_null());
  EXPECT_TRUE(j["addresses"].is_array());
  EXPECT_TRUE(j["addresses"].empty());
}

TEST(NetifJson, InventoryIsTheInterfacesArrayInOrder) {
  Inventory inv;
  inv.interfaces.push_back(sample());
  Interface lo;
  lo.name = "lo";
  lo.kind = Kind::loopback;
  inv.interfaces.push_back(lo);
  auto j = to_json(inv);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0]["name"], "eno1");
  EXPECT_EQ(j[1]["kind"], "loopback");
  EXPECT_TRUE(to_json(Inventory{}).is_array());
}

}  // namespace
}  // namespace dd::netif
