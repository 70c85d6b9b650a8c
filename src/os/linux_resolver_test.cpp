// LinuxResolver against the real resolver of this machine: numeric hosts, localhost, a name that
// cannot exist (.invalid, RFC 6761) and bind tests on a local and a foreign address.
#include "os/linux_resolver.hpp"

#include <gtest/gtest.h>

namespace dd::os {
namespace {

TEST(LinuxResolver, HostnameIsNotEmpty) { EXPECT_FALSE(LinuxResolver().hostname().empty()); }

TEST(LinuxResolver, NumericAddressResolvesToItself) {
  auto r = LinuxResolver().resolve("198.18.7.9");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ(r->front().addr, "198.18.7.9");
  EXPECT_EQ(r->front().family, Family::inet);
  auto v6 = LinuxResolver().resolve("fd00:18::5");
  ASSERT_TRUE(v6.ok());
  EXPECT_EQ(v6->front().addr, "fd00:18::5");
  EXPECT_EQ(v6->front().family, Family::inet6);
}

TEST(LinuxResolver, LocalhostIsLoopbackWithoutDuplicates) {
  auto r = LinuxResolver().resolve("localhost");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_FALSE(r->empty());
  for (const auto& a : *r) EXPECT_TRUE(a.addr == "127.0.0.1" || a.addr == "::1") << a.addr;
  for (std::size_t i = 0; i < r->size(); ++i) {
    for (std::size_t j = i + 1; j < r->size(); ++j) EXPECT_NE((*r)[i].addr, (*r)[j].addr);
  }
}

TEST(LinuxResolver, UnknownNameIsAnErrorNamingTheHost) {
  auto r = LinuxResolver().resolve("no-such-host.invalid");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, core::ErrorKind::not_found);
  EXPECT_NE(r.error().message.find("no-such-host.invalid"), std::string::npos);
}

TEST(LinuxResolver, BindsLoopbackButNotAForeignAddress) {
  LinuxResolver resolver;
  EXPECT_TRUE(resolver.can_bind({Family::inet, "127.0.0.1"}));
  EXPECT_FALSE(resolver.can_bind({Family::inet, "198.19.255.254"}));  // not configured on any test host
  EXPECT_FALSE(resolver.can_bind({Family::inet, "not-an-address"}));
}

}  // namespace
}  // namespace dd::os
