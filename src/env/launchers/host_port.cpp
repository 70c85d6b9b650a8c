#include <fmt/format.h>

#include "core/strings.hpp"
#include "env/launchers/launch_info.hpp"

namespace dd::env::launchers {

core::Result<HostPort> parse_host_port(std::string_view value, std::string_view what) {
  auto fail = [&](std::string_view why) {
    return core::make_error(core::ErrorKind::usage, fmt::format("{} '{}': {}", what, value, why));
  };
  std::string_view v = core::trim(value);
  std::string_view host, port;
  if (!v.empty() && v.front() == '[') {
    auto close = v.find(']');
    if (close == std::string_view::npos || close + 1 >= v.size() || v[close + 1] != ':')
      return fail("expected [IPV6]:PORT");
    host = v.substr(1, close - 1);
    port = v.substr(close + 2);
  } else {
    auto colon = v.rfind(':');
    if (colon == std::string_view::npos) return fail("expected HOST:PORT");
    host = v.substr(0, colon);
    port = v.substr(colon + 1);
    if (host.find(':') != std::string_view::npos) return fail("IPv6 addresses need brackets: [ADDR]:PORT");
  }
  if (host.empty()) return fail("empty host");
  auto p = core::parse_int(port);
  if (!p || *p < 1 || *p > 65535) return fail("port must be 1..65535");
  return HostPort{std::string(host), static_cast<int>(*p)};
}

}  // namespace dd::env::launchers
