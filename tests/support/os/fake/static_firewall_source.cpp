#include "os/fake/static_firewall_source.hpp"

namespace dd::os::fake {

core::Result<std::string> StaticFirewallSource::nft_ruleset_json() const {
  ++reads;
  return ruleset_;
}

}  // namespace dd::os::fake
