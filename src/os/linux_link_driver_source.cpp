#include "os/linux_link_driver_source.hpp"
#include "os/unique_fd.hpp"

#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>

namespace dd::os {
namespace {

using Fd = UniqueFd;

}  // namespace

std::optional<std::string> LinuxLinkDriverSource::driver(const std::string& ifname) const {
  if (ifname.empty() || ifname.size() >= IFNAMSIZ) return std::nullopt;
  Fd sock(socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
  if (sock.get() < 0) return std::nullopt;
  ethtool_drvinfo info{};
  info.cmd = ETHTOOL_GDRVINFO;
  ifreq req{};
  std::memcpy(req.ifr_name, ifname.data(), ifname.size());
  req.ifr_data = reinterpret_cast<char*>(&info);
  if (ioctl(sock.get(), SIOCETHTOOL, &req) != 0) return std::nullopt;
  std::string name(info.driver, strnlen(info.driver, sizeof info.driver));
  if (name.empty()) return std::nullopt;
  return name;
}

}  // namespace dd::os
