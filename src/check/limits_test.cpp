#include "check/limits.hpp"

#include <gtest/gtest.h>

#include "os/fake/memory_file_tree.hpp"

namespace dd::check {
namespace {

std::string limits_text(const std::string& memlock, const std::string& nofile) {
  return "Limit                     Soft Limit           Hard Limit           Units     \n"
         "Max cpu time              unlimited            unlimited            seconds   \n"
         "Max stack size            8388608              unlimited            bytes     \n"
         "Max open files            " +
         nofile +
         "\n"
         "Max locked memory         " +
         memlock +
         "\n"
         "Max realtime timeout      unlimited            unlimited            us        \n";
}

TEST(Limits, ParsesProcTable) {
  auto r = parse_limits(limits_text("65536                65536                bytes",
                                    "1024                 524288               files"));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->at(k_limit_memlock).soft, 65536u);
  EXPECT_EQ(r->at(k_limit_nofile).soft, 1024u);
  EXPECT_EQ(r->at(k_limit_nofile).hard, 524288u);
  EXPECT_FALSE(r->at("Max cpu time").soft.has_value());
  EXPECT_FALSE(r->at("Max stack size").hard.has_value());
  EXPECT_TRUE(r->count("Max realtime timeout"));
}

TEST(Limits, BadValueNamesTheLine) {
  auto r = parse_limits("Limit  Soft Limit  Hard Limit  Units\nMax locked memory         lots    65536   bytes\n");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("line 2"), std::string::npos);
  EXPECT_NE(r.error().message.find("lots"), std::string::npos);
}

TEST(Limits, ReadThroughTree) {
  os::fake::MemoryFileTree tree;
  EXPECT_FALSE(read_limits(tree).has_value());
  tree.file("/proc/self/limits", limits_text("unlimited unlimited bytes", "1048576 1048576 files"));
  auto l = read_limits(tree);
  ASSERT_TRUE(l.has_value());
  EXPECT_FALSE(l->at(k_limit_memlock).soft.has_value());
}

TEST(Limits, FormatBytes) {
  EXPECT_EQ(format_bytes(std::nullopt), "unlimited");
  EXPECT_EQ(format_bytes(65536), "64 KiB");
  EXPECT_EQ(format_bytes(8388608), "8 MiB");
  EXPECT_EQ(format_bytes(1610612736), "1.5 GiB");
  EXPECT_EQ(format_bytes(100), "100 bytes");
}

TEST(Limits, MemlockMattersOnlyWithInfiniband) {
  auto l = *parse_limits(limits_text("65536 65536 bytes", "1048576 1048576 files"));
  EXPECT_TRUE(limits_findings(l, /*ib_in_use=*/false, true).empty());
  auto f = limits_findings(l, /*ib_in_use=*/true, /*in_container=*/true);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "limits.memlock.too-low");
  EXPECT_EQ(f[0].label, core::Label::resource_limits);
  EXPECT_EQ(f[0].severity, core::Severity::error);
  EXPECT_NE(f[0].fix.text.find("--ulimit memlock=-1"), std::string::npos);
  EXPECT_NE(f[0].evidence[0].find("64 KiB"), std::string::npos);

  auto host =
      limits_findings(*parse_limits(limits_text("1073741824 1073741824 bytes", "1048576 1048576 files")), true, false);
  ASSERT_EQ(host.size(), 1u);
  EXPECT_EQ(host[0].severity, core::Severity::warning);  // 1 GiB: not unlimited, above the error line
  EXPECT_NE(host[0].fix.text.find("limits.conf"), std::string::npos);

  auto unlimited = *parse_limits(limits_text("unlimited unlimited bytes", "1048576 1048576 files"));
  EXPECT_TRUE(limits_findings(unlimited, true, true).empty());
}

TEST(Limits, LowOpenFilesIsAWarning) {
  auto f = limits_findings(*parse_limits(limits_text("unlimited unlimited bytes", "1024 4096 files")), false, false);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "limits.nofile.low");
  EXPECT_EQ(f[0].severity, core::Severity::warning);
  EXPECT_NE(f[0].title.find("1024"), std::string::npos);
}

}  // namespace
}  // namespace dd::check
