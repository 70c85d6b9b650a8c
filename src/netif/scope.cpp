// netif::scope_of: the reach of one address, decided from its numeric value alone.
//   host   127.0.0.0/8, ::1 (and IPv4-mapped 127/8)        - never leaves the machine
//   link   169.254.0.0/16, fe80::/10 (and IPv4-mapped 169.254/16) - one L2 segment; IPv6 needs
//          a %iface zone, which is why NCCL prints fe80::x%ib0
//   site   fec0::/10 (the deprecated RFC 3513 site-local block)
//   global everything else, including RFC 1918 IPv4 and ULA fc00::/7: the kernel gives ULA
//          scope global too, and a cluster fabric on ULA routes like any other address.
// Unparsable text is reported as global (the inventory only holds addresses the kernel gave).
#include <arpa/inet.h>

#include <array>
#include <string>

#include "netif/interface.hpp"

namespace dd::netif {
namespace {

Scope scope_of_v4(const unsigned char* b) {
  if (b[0] == 127) return Scope::host;
  if (b[0] == 169 && b[1] == 254) return Scope::link;
  return Scope::global;
}

}  // namespace

Scope scope_of(os::Family family, std::string_view addr) {
  std::string text(addr.substr(0, addr.find('%')));
  if (family == os::Family::inet) {
    std::array<unsigned char, 4> b{};
    if (inet_pton(AF_INET, text.c_str(), b.data()) != 1) return Scope::global;
    return scope_of_v4(b.data());
  }
  std::array<unsigned char, 16> b{};
  if (inet_pton(AF_INET6, text.c_str(), b.data()) != 1) return Scope::global;
  bool zero_head = true;
  for (std::size_t i = 0; i < 10; ++i) zero_head = zero_head && b[i] == 0;
  if (zero_head && b[10] == 0 && b[11] == 0 && b[12] == 0 && b[13] == 0 && b[14] == 0 &&
      b[15] == 1) {
    return Scope::host;  // ::1
  }
  if (zero_head && b[10] == 0xff && b[11] == 0xff) return scope_of_v4(b.data() + 12);
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return Scope::link;  // fe80::/10
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0) return Scope::site;  // fec0::/10
  return Scope::global;
}

}  // namespace dd::netif
