#include "nccl/gloo_predict.hpp"

#include <gtest/gtest.h>

#include "nccl/test_scenarios.hpp"
#include "os/fake/fake_resolver.hpp"

namespace dd::nccl {
namespace {

const std::string k_hosts =
    "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 admin-down [198.18.0.2/24 198.18.0.9/24(label eth0:1) "
    "fd00:18::2/64]; 3:eth1 running [fd00:18::4/64 fe80::18:4/64]";

os::Environment gloo_env_of(std::map<std::string, std::string> vars) { return os::Environment(std::move(vars)); }

TEST(GlooPredict, IfnameIsExactFirstIpv4NoRunningCheck) {
  os::fake::FakeResolver resolver;
  auto entries = testing::build_entries(k_hosts);
  auto g = predict_gloo(entries, gloo_env_of({{"GLOO_SOCKET_IFNAME", "eth0"}}), resolver);
  ASSERT_TRUE(g.device);
  EXPECT_EQ(g.device->iface, "eth0");
  EXPECT_EQ(g.device->addr, "198.18.0.2");
  EXPECT_EQ(g.source, GlooSource::ifname);
  EXPECT_TRUE(resolver.lookups.empty());

  auto v6 = predict_gloo(entries, gloo_env_of({{"GLOO_SOCKET_IFNAME", "eth1"}}), resolver);
  ASSERT_TRUE(v6.device);
  EXPECT_EQ(v6.device->addr, "fd00:18::4");

  auto alias = predict_gloo(entries, gloo_env_of({{"GLOO_SOCKET_IFNAME", "eth0:1"}}), resolver);
  ASSERT_TRUE(alias.device);
  EXPECT_EQ(alias.device->addr, "198.18.0.9");
}

TEST(GlooPredict, UnknownOrPrefixNameIsAnError) {
  os::fake::FakeResolver resolver;
  auto entries = testing::build_entries(k_hosts);
  auto g = predict_gloo(entries, gloo_env_of({{"GLOO_SOCKET_IFNAME", "eth"}}), resolver);
  EXPECT_FALSE(g.device);
  EXPECT_EQ(g.error, "Unable to find address for: eth");
  auto j = to_json(g);
  EXPECT_TRUE(j["iface"].is_null());
  EXPECT_EQ(j["error"], "Unable to find address for: eth");
}

TEST(GlooPredict, EmptyEntryIsLookedUpButTrailingCommaIsNot) {
  auto entries = testing::build_entries(k_hosts);
  EXPECT_EQ(predict_gloo_ifname(entries, "eth0,,eth1").error, "Unable to find address for: ");
  auto g = predict_gloo_ifname(entries, "eth0,");
  EXPECT_TRUE(g.error.empty());
  EXPECT_EQ(g.devices.size(), 1u);
}

TEST(GlooPredict, ListGivesOneDevicePerEntry) {
  os::fake::FakeResolver resolver;
  auto g = predict_gloo(testing::build_entries(k_hosts), gloo_env_of({{"GLOO_SOCKET_IFNAME", "eth1,eth0"}}), resolver);
  ASSERT_EQ(g.devices.size(), 2u);
  EXPECT_EQ(g.device->iface, "eth1");
  EXPECT_EQ(g.devices[1].addr, "198.18.0.2");
}

TEST(GlooPredict, HostnameOnLoopbackIsTheClassicTrap) {
  os::fake::FakeResolver resolver("node7");
  resolver.add("node7", "127.0.1.1").bindable("127.0.1.1");
  auto g = predict_gloo(testing::build_entries(k_hosts), os::Environment(), resolver);
  ASSERT_TRUE(g.device);
  EXPECT_EQ(g.device->iface, "lo");
  EXPECT_EQ(g.device->addr, "127.0.1.1");
  EXPECT_TRUE(g.loopback);
  EXPECT_EQ(g.source, GlooSource::hostname);
  EXPECT_EQ(resolver.lookups, std::vector<std::string>{"node7"});
  EXPECT_EQ(to_json(g)["source"], "hostname");
}

TEST(GlooPredict, FirstBindableResolvedAddressWins) {
  os::fake::FakeResolver resolver("node7");
  resolver.add("node7", "198.18.99.9").add("node7", "fd00:18::4").bindable("fd00:18::4");
  auto g = predict_gloo(testing::build_entries(k_hosts), os::Environment(), resolver);
  ASSERT_TRUE(g.device);
  EXPECT_EQ(g.device->iface, "eth1");
  EXPECT_FALSE(g.loopback);
  EXPECT_EQ(resolver.binds, (std::vector<std::string>{"198.18.99.9", "fd00:18::4"}));
}

TEST(GlooPredict, UnresolvableHostnameFallsBackToLoopbackWithWarning) {
  os::fake::FakeResolver resolver("ghost");
  auto g = predict_gloo(testing::build_entries(k_hosts), gloo_env_of({{"GLOO_SOCKET_IFNAME", "e"}}), resolver);
  ASSERT_TRUE(g.device);
  EXPECT_EQ(g.source, GlooSource::loopback_fallback);
  EXPECT_EQ(g.device->addr, "127.0.0.1");
  EXPECT_EQ(g.device->iface, "lo");
  EXPECT_EQ(g.warning, k_gloo_loopback_warning);
}

}  // namespace
}  // namespace dd::nccl
