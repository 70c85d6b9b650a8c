// netif::scope_of: the reach of one address, decided from its numeric value alone.
//   host   127.0.0.0/8, ::1 (and IPv4-mapped 127/8)        - never leaves the machine
//   link   169.254.0.0/16, fe80::/10 (and IPv4-mapped 169.254/16) - one L2 segment; IPv6 needs
//          a %iface zone, which is why NCCL prints fe80::x%ib0
//   site   fec0::/10 (the deprecated RFC 3513 site-local block)
//   global everything else, including RFC 1918 IPv4 and ULA fc00::/7: the kernel gives ULA
//          scope global too, and a cluster fabric on ULA routes like any other address.
// Unparsable text is reported as global (the inventory only holds addresses the kernel gave).
#include "core/address.hpp"
#include "netif/interface.hpp"

namespace dd::netif {

Scope scope_of(os::Family family, std::string_view addr) {
  // core/address.hpp holds the ranges; text of the other family is unparsable here.
  auto ip = core::parse_ip_address(addr);
  if (!ip || ip->v6 != (family == os::Family::inet6)) return Scope::global;
  if (core::is_loopback_address(addr)) return Scope::host;
  if (core::is_link_local_address(addr)) return Scope::link;
  if (ip->v6 && ip->bytes[0] == 0xfe && (ip->bytes[1] & 0xc0) == 0xc0) return Scope::site;  // fec0::/10
  return Scope::global;
}

}  // namespace dd::netif
