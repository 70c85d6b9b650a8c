// LinuxFirewallSource against this machine: a library that is absent is said so (the binary's
// behaviour where libnftables1 is not installed); the real one returns nftables' JSON document or
// says why it could not (no CAP_NET_ADMIN), never a half-read text.
#include "os/linux_firewall_source.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace dd::os {
namespace {

TEST(LinuxFirewallSource, AnAbsentLibraryIsNamedAndNothingIsRead) {
  auto r = LinuxFirewallSource("libnftables-absent.so.1").nft_ruleset_json();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, core::ErrorKind::not_found);
  EXPECT_EQ(r.error().message, "ruleset not readable: libnftables-absent.so.1 not found");
}

TEST(LinuxFirewallSource, TheRealLibraryReturnsTheJsonDocumentOrSaysWhy) {
  auto r = LinuxFirewallSource().nft_ruleset_json();
  if (!r.ok()) {
    EXPECT_EQ(r.error().message.rfind("ruleset not readable: ", 0), 0u) << r.error().message;
    return;
  }
  auto j = nlohmann::json::parse(*r, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << *r;
  ASSERT_TRUE(j.contains("nftables")) << *r;
  EXPECT_TRUE(j["nftables"].is_array());
}

}  // namespace
}  // namespace dd::os
