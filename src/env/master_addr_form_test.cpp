// env.master-addr.not-a-host (stranger14's fix-2026-12-06k p03/p04): a scheme or a port inside
// MASTER_ADDR is the cause, not DNS; the fix is the bare host (+ MASTER_PORT when the value carried
// the port and MASTER_PORT is unset). tests/system/lint/stranger14_cases.sh runs the export lines.
#include <gtest/gtest.h>

#include "env/audit_test_util.hpp"

namespace dd::env {
namespace {

using test::audit_of;
using test::find_id;
using test::Scenario;

os::fake::FakeResolver resolver() {
  os::fake::FakeResolver r("node3");
  r.add("node0", "198.18.0.1");
  return r;
}

TEST(EnvMasterAddrForm, SchemeIsTheCauseNotResolution) {
  auto r = resolver();
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "tcp://10.20.0.11"}, {"MASTER_PORT", "29500"}, {"RANK", "3"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.not-a-host");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(find_id(fs, "env.master-addr.unresolvable"), nullptr) << test::ids(fs);
  EXPECT_NE(f->title.find("a URL scheme (tcp://)"), std::string::npos) << f->title;
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "10.20.0.11"}}));
  EXPECT_EQ(f->fix.text.find("/etc/hosts"), std::string::npos) << f->fix.text;
}

TEST(EnvMasterAddrForm, PortGoesToMasterPortUnlessItSaysOtherwise) {
  auto r = resolver();
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "10.20.0.11:29500"}, {"RANK", "5"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.not-a-host");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "10.20.0.11"}, {"MASTER_PORT", "29500"}}));
  auto other = audit_of(Scenario{{{"MASTER_ADDR", "node0:29400"}, {"MASTER_PORT", "29500"}}}, r);
  f = find_id(other, "env.master-addr.not-a-host");
  ASSERT_NE(f, nullptr) << test::ids(other);
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "node0"}}));
}

TEST(EnvMasterAddrForm, BareHostsAndIpv6StayQuiet) {
  auto r = resolver();
  r.add("fd00:18::1", "fd00:18::1");
  for (const char* v : {"node0", "fd00:18::1", "198.18.0.1"}) {
    auto fs = audit_of(Scenario{{{"MASTER_ADDR", v}, {"MASTER_PORT", "29500"}}}, r);
    EXPECT_EQ(find_id(fs, "env.master-addr.not-a-host"), nullptr) << v << ": " << test::ids(fs);
  }
}

}  // namespace
}  // namespace dd::env
