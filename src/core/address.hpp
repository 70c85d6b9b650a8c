// Numeric IP address text, classified with inet_pton: the one place that knows 127/8, ::1,
// 169.254/16, fe80::/10 and IPv4-mapped IPv6. Accepts "fe80::1%eth0" (the zone is ignored) and
// "[fd00::1]" (brackets are stripped); anything that is not a numeric address is none of these.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dd::core {

struct IpAddress {
  bool v6 = false;
  std::array<std::uint8_t, 16> bytes{};  // IPv4 in the first 4; IPv4-mapped IPv6 is kept as IPv6
};

// Exactly numeric text ("198.18.0.2", "fe80::1"): brackets or a zone make it no address.
std::optional<IpAddress> parse_numeric_ip(std::string_view text);
// Also "[fd00::1]" and "fe80::1%eth0": brackets stripped, zone ignored.
std::optional<IpAddress> parse_ip_address(std::string_view text);
// Same family, and the first `prefix` bits agree (clamped to 0..32 or 0..128): NCCL 2.28.9's
// matchSubnet (src/misc/socket.cc).
bool same_subnet(const IpAddress& a, const IpAddress& b, int prefix);
// "198.18.1.0/24", "fd00:18::/64": `a` with the bits past `prefix` cleared, and the prefix.
std::string subnet_text(const IpAddress& a, int prefix);

bool is_numeric_address(std::string_view text);
bool is_ipv6_address(std::string_view text);
bool is_loopback_address(std::string_view text);     // 127.0.0.0/8, ::1, ::ffff:127.0.0.0/104
bool is_link_local_address(std::string_view text);   // 169.254.0.0/16, fe80::/10, ::ffff:169.254/112
bool is_ipv6_link_local(std::string_view text);      // fe80::/10 only
bool is_unspecified_address(std::string_view text);  // 0.0.0.0, ::
// Reachable beyond this host and link: numeric, and none of loopback, link-local, unspecified, multicast.
bool is_routable_address(std::string_view text);
// A host name or address that means "this machine" wherever it is read: the loopback names of
// Debian's /etc/hosts (localhost, localhost.localdomain, localhost6, ip6-localhost, ip6-loopback; any
// case), names under .localhost (RFC 6761), and loopback or unspecified addresses, also in URL
// brackets ("[::1]"). The one list lint, env and logs use.
bool names_this_machine(std::string_view host);
// "198.18.1.2" for "::ffff:198.18.1.2" (an IPv4-mapped address as a dual-stack socket shows it);
// any other text as it is.
std::string unmapped_address(std::string_view addr);
// The address of a socket's "host:port" text, IPv4-mapped shown as IPv4: "[::ffff:198.18.0.3]:41000"
// (an IPv4 peer on a dual-stack listener), "198.18.0.3:41000", "[fe80::1]:41000", "[fe80::1]" and
// "198.18.0.3" -> "198.18.0.3" / "fe80::1"; an unbracketed IPv6 address ("fe80::1") as it is.
std::string endpoint_address(std::string_view endpoint);
// IPv4 `text` inside `net`/`prefix` (e.g. Docker's default bridge 172.17.0.0/16).
bool in_ipv4_subnet(std::string_view text, std::string_view net, int prefix);

}  // namespace dd::core
