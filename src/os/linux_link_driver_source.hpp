// LinuxLinkDriverSource: LinkDriverSource over the SIOCETHTOOL / ETHTOOL_GDRVINFO ioctl (what
// `ethtool -i IFNAME` prints as "driver:"). Needs no privileges; one datagram socket per call.
#pragma once

#include "os/link_driver_source.hpp"

namespace dd::os {

class LinuxLinkDriverSource final : public LinkDriverSource {
 public:
  std::optional<std::string> driver(const std::string& ifname) const override;
};

}  // namespace dd::os
