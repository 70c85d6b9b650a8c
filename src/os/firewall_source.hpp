// FirewallSource: the local firewall's ruleset, read through a library, never by running a
// command and parsing its text. The ruleset is nftables' JSON document ({"nftables": [...]}, the
// schema of libnftables-json(5)); firewall/nft_rules.hpp reads it.
// Real: LinuxFirewallSource (libnftables.so.1 loaded at run time); tests: fake::StaticFirewallSource.
#pragma once

#include <string>

#include "core/result.hpp"

namespace dd::os {

class FirewallSource {
 public:
  virtual ~FirewallSource() = default;
  // The nftables ruleset of the caller's network namespace as JSON text ("list ruleset").
  // Error (kind not_found or system) says why it is not readable, e.g. "ruleset not readable:
  // libnftables.so.1 not found"; then no rule may be named.
  virtual core::Result<std::string> nft_ruleset_json() const = 0;
};

}  // namespace dd::os
