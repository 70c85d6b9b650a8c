#include <gtest/gtest.h>

#include "netif/interface.hpp"

namespace dd::netif {
namespace {

using os::Family;

TEST(NetifScope, Ipv4Ranges) {
  EXPECT_EQ(scope_of(Family::inet, "127.0.0.1"), Scope::host);
  EXPECT_EQ(scope_of(Family::inet, "127.0.1.1"), Scope::host);
  EXPECT_EQ(scope_of(Family::inet, "169.254.3.4"), Scope::link);
  EXPECT_EQ(scope_of(Family::inet, "169.253.3.4"), Scope::global);
  EXPECT_EQ(scope_of(Family::inet, "198.18.0.2"), Scope::global);
  EXPECT_EQ(scope_of(Family::inet, "10.0.0.1"), Scope::global);
  EXPECT_EQ(scope_of(Family::inet, "128.0.0.1"), Scope::global);
}

TEST(NetifScope, Ipv6Ranges) {
  EXPECT_EQ(scope_of(Family::inet6, "::1"), Scope::host);
  EXPECT_EQ(scope_of(Family::inet6, "::2"), Scope::global);
  EXPECT_EQ(scope_of(Family::inet6, "fe80::1"), Scope::link);
  EXPECT_EQ(scope_of(Family::inet6, "febf::1"), Scope::link);
  EXPECT_EQ(scope_of(Family::inet6, "fe80::1%ib0"), Scope::link);
  EXPECT_EQ(scope_of(Family::inet6, "fec0::1"), Scope::site);
  EXPECT_EQ(scope_of(Family::inet6, "fd00:18::2"), Scope::global);
  EXPECT_EQ(scope_of(Family::inet6, "2001:db8::1"), Scope::global);
  EXPECT_EQ(scope_of(Family::inet6, "::ffff:127.0.0.1"), Scope::host);
  EXPECT_EQ(scope_of(Family::inet6, "::ffff:169.254.0.9"), Scope::link);
  EXPECT_EQ(scope_of(Family::inet6, "::ffff:198.18.0.9"), Scope::global);
}

TEST(NetifScope, UnparsableIsGlobal) {
  EXPECT_EQ(scope_of(Family::inet, "not-an-address"), Scope::global);
  EXPECT_EQ(scope_of(Family::inet, "fe80::1"), Scope::global);  // wrong family
  EXPECT_EQ(scope_of(Family::inet6, ""), Scope::global);
}

}  // namespace
}  // namespace dd::netif
