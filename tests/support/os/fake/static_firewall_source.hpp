// StaticFirewallSource: a FirewallSource that returns a fixed ruleset text (or error), for unit
// tests; counts how often it was read.
#pragma once

#include "os/firewall_source.hpp"

namespace dd::os::fake {

class StaticFirewallSource final : public FirewallSource {
 public:
  explicit StaticFirewallSource(core::Result<std::string> ruleset) : ruleset_(std::move(ruleset)) {}
  core::Result<std::string> nft_ruleset_json() const override;

  mutable int reads = 0;

 private:
  core::Result<std::string> ruleset_;
};

}  // namespace dd::os::fake
