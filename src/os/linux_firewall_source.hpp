// LinuxFirewallSource: the nftables ruleset through libnftables' JSON API, as `nft -j list
// ruleset` gets it, but in-process: dlopen("libnftables.so.1") (Debian: libnftables1) at the first
// call, nft_ctx_new + NFT_CTX_OUTPUT_JSON + buffered output + nft_run_cmd_from_buffer. The library
// is not linked: the binary runs where it is absent, and then says so. Reading the ruleset needs
// CAP_NET_ADMIN in the namespace (root); without it the library's own error is returned.
#pragma once

#include "os/firewall_source.hpp"

namespace dd::os {

class LinuxFirewallSource final : public FirewallSource {
 public:
  // `library`: the soname to load (tests pass a name that does not exist).
  explicit LinuxFirewallSource(std::string library = "libnftables.so.1") : library_(std::move(library)) {}
  core::Result<std::string> nft_ruleset_json() const override;

 private:
  std::string library_;
};

}  // namespace dd::os
