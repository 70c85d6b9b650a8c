// StaticLinkDriverSource: a LinkDriverSource from a name -> driver map, for unit tests; records
// every name it was asked about.
#pragma once

#include <map>
#include <vector>

#include "os/link_driver_source.hpp"

namespace dd::os::fake {

class StaticLinkDriverSource final : public LinkDriverSource {
 public:
  StaticLinkDriverSource() = default;
  explicit StaticLinkDriverSource(std::map<std::string, std::string> drivers) : drivers_(std::move(drivers)) {}
  std::optional<std::string> driver(const std::string& ifname) const override;

  mutable std::vector<std::string> asked;

 private:
  std::map<std::string, std::string> drivers_;
};

}  // namespace dd::os::fake
