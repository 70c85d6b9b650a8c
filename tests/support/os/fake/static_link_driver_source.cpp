#include "os/fake/static_link_driver_source.hpp"

namespace dd::os::fake {

std::optional<std::string> StaticLinkDriverSource::driver(const std::string& ifname) const {
  asked.push_back(ifname);
  auto it = drivers_.find(ifname);
  if (it == drivers_.end()) return std::nullopt;
  return it->second;
}

}  // namespace dd::os::fake
