#include "check/ifname_check.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "check/check_test_util.hpp"
#include "core/strings.hpp"

namespace dd::check {
namespace {

using os::Family;

struct Machine : testing::FakeMachine {
  Machine() {
    interfaces.link("lo", 1).link("eth0", 2);
    interfaces.address("lo", Family::inet, "127.0.0.1", 8).address("eth0", Family::inet, "198.18.0.2", 24);
  }
};

std::string ids(const std::vector<core::Finding>& fs) {
  std::string out;
  for (const auto& f : fs) out += f.id + " ";
  return out;
}

// env sees what check sees: an interface this machine does not have is an error.
TEST(IfnameCheck, InterfaceNotHereIsAnError) {
  Machine m;
  auto fs = ifname_findings(
      m.context(os::Environment(std::map<std::string, std::string>{{"NCCL_SOCKET_IFNAME", "eth9"}}), true),
      JobNodes::several_or_unknown);
  auto it =
      std::find_if(fs.begin(), fs.end(), [](const core::Finding& f) { return f.id == "nccl.ifname.matches-nothing"; });
  ASSERT_NE(it, fs.end()) << ids(fs);
  EXPECT_EQ(it->severity, core::Severity::error);
  EXPECT_TRUE(ifname_findings(
                  m.context(os::Environment(std::map<std::string, std::string>{{"NCCL_SOCKET_IFNAME", "eth0"}}), true),
                  JobNodes::several_or_unknown)
                  .empty());
}

// A fix that would export an interface this machine lacks (a rename of NCCL_SOCKET_IFNAMES=eth9)
// exports check's verified value instead; a good value is left alone.
TEST(IfnameCheck, ExportedInterfaceIsVerifiedHere) {
  Machine m;
  core::Finding rename;
  rename.id = "env.unknown-name";
  rename.fix.env = {{"NCCL_SOCKET_IFNAMES", ""}, {"NCCL_SOCKET_IFNAME", "eth9"}};
  rename.fix.text = "rename";
  core::Finding fine = rename;
  fine.fix.env["NCCL_SOCKET_IFNAME"] = "eth0";
  std::vector<core::Finding> fs = {rename, fine};
  verify_exported_ifnames(m.context(os::Environment{}, true), JobNodes::several_or_unknown, fs);
  ASSERT_EQ(fs[0].fix.env.count("NCCL_SOCKET_IFNAME"), 1u) << fs[0].fix.text;
  EXPECT_NE(fs[0].fix.env.at("NCCL_SOCKET_IFNAME"), "eth9");
  EXPECT_NE(fs[0].fix.env.at("NCCL_SOCKET_IFNAME").find("eth0"), std::string::npos);
  EXPECT_NE(fs[0].fix.text.find("eth9"), std::string::npos);
  EXPECT_EQ(fs[0].fix.env.at("NCCL_SOCKET_IFNAMES"), "");
  EXPECT_EQ(fs[1].fix.env.at("NCCL_SOCKET_IFNAME"), "eth0");
  EXPECT_EQ(fs[1].fix.text, "rename");
}

// Loopback is fine for a one-node job, an error otherwise (as check says).
TEST(IfnameCheck, LoopbackOnlyMattersAcrossNodes) {
  Machine m;
  auto ctx = m.context(os::Environment(std::map<std::string, std::string>{{"NCCL_SOCKET_IFNAME", "lo"}}), true);
  auto several = ifname_findings(ctx, JobNodes::several_or_unknown);
  EXPECT_TRUE(std::any_of(several.begin(), several.end(), [](const core::Finding& f) {
    return f.id == "nccl.ifname.selects-loopback" && f.severity == core::Severity::error;
  })) << ids(several);
  EXPECT_TRUE(ifname_findings(ctx, JobNodes::one).empty()) << ids(ifname_findings(ctx, JobNodes::one));
}

}  // namespace
}  // namespace dd::check
