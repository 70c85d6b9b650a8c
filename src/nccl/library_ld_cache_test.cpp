#include "nccl/library_ld_cache.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "nccl/library_test_util.hpp"

namespace dd::nccl {
namespace {

std::span<const std::uint8_t> bytes_of(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

TEST(LdCache, ParsesNewFormatEntriesInOrder) {
  auto cache = test::make_ld_cache(
      {{"libnccl.so.2", "/opt/a/libnccl.so.2", 0x0303}, {"libc.so.6", "/lib/x86_64-linux-gnu/libc.so.6", 0x0303}});
  auto r = parse_ld_cache(bytes_of(cache));
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].soname, "libnccl.so.2");
  EXPECT_EQ((*r)[0].path, "/opt/a/libnccl.so.2");
  EXPECT_EQ((*r)[0].flags, 0x0303);
  EXPECT_EQ((*r)[1].path, "/lib/x86_64-linux-gnu/libc.so.6");
}

TEST(LdCache, ParsesNewTableAfterLegacyOne) {
  auto cache = test::make_ld_cache({{"libnccl.so.2", "/x/libnccl.so.2", 0x0303}}, /*legacy_entries=*/3);
  auto r = parse_ld_cache(bytes_of(cache));
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ((*r)[0].path, "/x/libnccl.so.2");
}

TEST(LdCache, RejectsWrongMagicTruncationAndWildOffsets) {
  auto wrong = parse_ld_cache(bytes_of(std::string(64, 'x')));
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.error().message.find("magic"), std::string::npos);

  auto cache = test::make_ld_cache({{"libnccl.so.2", "/x/libnccl.so.2", 0x0303}});
  auto truncated = parse_ld_cache(bytes_of(cache.substr(0, 60)));
  ASSERT_FALSE(truncated.ok());
  EXPECT_NE(truncated.error().message.find("more than the file holds"), std::string::npos);

  std::string wild = cache;
  std::uint32_t far = 1u << 30;
  std::memcpy(wild.data() + 48 + 8, &far, sizeof far);  // entry 0's value offset
  auto w = parse_ld_cache(bytes_of(wild));
  ASSERT_FALSE(w.ok());
  EXPECT_NE(w.error().message.find("entry 0"), std::string::npos);
}

TEST(LdCache, HostArchitectureFilter) {
#if defined(__x86_64__)
  EXPECT_TRUE(ld_cache_entry_matches_host({"a", "b", 0x0303}));
  EXPECT_FALSE(ld_cache_entry_matches_host({"a", "b", 0x0003}));  // i386 libc6
  EXPECT_FALSE(ld_cache_entry_matches_host({"a", "b", 0x0a03}));  // aarch64
#endif
  EXPECT_FALSE(ld_cache_entry_matches_host({"a", "b", 0x0001}));  // libc5-era ELF
}

TEST(LdCache, ParsesThisMachinesRealCache) {
  std::ifstream in("/etc/ld.so.cache", std::ios::binary);
  ASSERT_TRUE(in) << "/etc/ld.so.cache missing: a glibc system always has one";
  std::stringstream ss;
  ss << in.rdbuf();
  std::string data = ss.str();
  auto r = parse_ld_cache(bytes_of(data));
  ASSERT_TRUE(r.ok()) << r.error().message;
  bool libc = false;
  for (const auto& e : *r) libc = libc || (e.soname == "libc.so.6" && e.path.find("libc.so.6") != std::string::npos);
  EXPECT_TRUE(libc) << "libc.so.6 not in a parsed real cache of " << r->size() << " entries";
}

}  // namespace
}  // namespace dd::nccl
