// cmd.exe's `set` lines for a .bat / .cmd file's fixes (stranger14's fix-2026-12-06k p30).
#include "lint/cmd_set_line.hpp"

#include <gtest/gtest.h>

namespace dd::lint {
namespace {

TEST(CmdSetLine, SetWithoutBlanksOrQuotes) {
  EXPECT_EQ(cmd_set_line("MASTER_ADDR", "10.0.0.5"), "set MASTER_ADDR=10.0.0.5");
  EXPECT_EQ(cmd_set_line("GLOO_SOCKET_IFNAME", "Ethernet 2"), "set GLOO_SOCKET_IFNAME=Ethernet 2");
  EXPECT_EQ(cmd_set_line("NCCL_SOCKET_IFNAME", ""), "set NCCL_SOCKET_IFNAME=");
  // cmd's own specials: the quotes go around the whole assignment, never inside the value
  EXPECT_EQ(cmd_set_line("X", "a&b"), "set \"X=a&b\"");
  EXPECT_EQ(cmd_set_line("X", "50%"), "set X=50%%");
}

TEST(CmdSetLine, BatchFindingHasNoShellLines) {
  core::Finding f;
  f.fix.text = "rename NCCL_SOCKET_IFNAM to NCCL_SOCKET_IFNAME";
  f.fix.env = {{"NCCL_SOCKET_IFNAME", "=eth0"}, {"NCCL_SOCKET_IFNAM", ""}};
  auto b = as_batch_file(f);
  EXPECT_TRUE(b.fix.env.empty());
  EXPECT_EQ(b.fix.text.find("export"), std::string::npos) << b.fix.text;
  EXPECT_EQ(b.fix.text.find("unset"), std::string::npos) << b.fix.text;
  EXPECT_NE(b.fix.text.find("\nset NCCL_SOCKET_IFNAM=\n"), std::string::npos) << b.fix.text;
  EXPECT_NE(b.fix.text.find("\nREM '=' = exact names: eth0 only"), std::string::npos) << b.fix.text;
  EXPECT_NE(b.fix.text.find("\nset NCCL_SOCKET_IFNAME==eth0"), std::string::npos) << b.fix.text;
}

}  // namespace
}  // namespace dd::lint
