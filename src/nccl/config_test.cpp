#include "nccl/config.hpp"

#include <gtest/gtest.h>

#include "os/fake/memory_file_tree.hpp"

namespace dd::nccl {
namespace {

os::Environment env_of(std::map<std::string, std::string> vars) { return os::Environment(std::move(vars)); }

TEST(NcclConfig, SourcesAreRecordedWithFileAndLine) {
  os::fake::MemoryFileTree tree;
  tree.file("/etc/nccl.conf", "# system\nNCCL_DEBUG=WARN\nNCCL_SOCKET_IFNAME==lo\n");
  tree.file("/home/u/.nccl.conf", "NCCL_SOCKET_IFNAME==eth0\n");
  os::Environment env({{"NCCL_IB_HCA", "mlx5"}, {"PATH", "/bin"}});
  auto c = load_config(env, tree, "/home/u");
  EXPECT_EQ(c.get("NCCL_SOCKET_IFNAME"), "=eth0");
  EXPECT_EQ(c.source("NCCL_SOCKET_IFNAME")->describe(), "/home/u/.nccl.conf:1");
  EXPECT_EQ(c.source("NCCL_DEBUG")->describe(), "/etc/nccl.conf:2");
  EXPECT_EQ(c.source("NCCL_IB_HCA")->describe(), "environment");
  EXPECT_FALSE(c.has("PATH"));
  ASSERT_EQ(c.files.size(), 2u);
  EXPECT_TRUE(c.files[0].read);
  EXPECT_EQ(c.files[1].path, "/etc/nccl.conf");
}

TEST(NcclConfig, UnreadableConfFileIsNotedAndSuppressesHomeFile) {
  os::fake::MemoryFileTree tree;
  tree.file("/home/u/.nccl.conf", "NCCL_SOCKET_IFNAME==eth0\n");
  os::Environment env = env_of({{"NCCL_CONF_FILE", "/missing.conf"}});
  auto c = load_config(env, tree, "/home/u");
  EXPECT_FALSE(c.has("NCCL_SOCKET_IFNAME"));
  ASSERT_EQ(c.notes.size(), 1u);
  EXPECT_NE(c.notes[0].find("/missing.conf"), std::string::npos);
  EXPECT_FALSE(c.files[0].read);
  for (const auto& r : tree.reads) EXPECT_NE(r, "/home/u/.nccl.conf");
}

TEST(NcclConfig, EnvironmentKeysAreNeverOverwritten) {
  os::fake::MemoryFileTree tree;
  tree.file("/etc/nccl.conf", "HOME=/elsewhere\nNCCL_X=file\n");
  auto c = load_config(env_of({{"HOME", "/root"}, {"NCCL_X", "env"}}), tree, "");
  EXPECT_FALSE(c.has("HOME"));
  EXPECT_EQ(c.get("NCCL_X"), "env");
}

TEST(NcclConfig, ValuesAreVerbatimAndCutAt1023) {
  os::fake::MemoryFileTree tree;
  tree.file("/etc/nccl.conf", "NCCL_A=\"x\" # c\r\nNCCL_B=" + std::string(2000, 'b') + "\nno equals line\n=novalue\n");
  auto c = load_config(os::Environment(), tree, "");
  EXPECT_EQ(c.get("NCCL_A"), "\"x\" # c\r");
  EXPECT_EQ(c.get("NCCL_B")->size(), k_max_conf_value);
  EXPECT_EQ(c.values.size(), 2u);
}

TEST(NcclConfig, SetEnvOverrides) {
  NcclConfig c = config_from_env(env_of({{"NCCL_SOCKET_IFNAME", "lo"}}));
  c.set_env("NCCL_SOCKET_IFNAME", "=eth0");
  EXPECT_EQ(c.get("NCCL_SOCKET_IFNAME"), "=eth0");
}

}  // namespace
}  // namespace dd::nccl
