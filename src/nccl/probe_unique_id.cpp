#include "nccl/probe_unique_id.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstring>

#include "core/address.hpp"
#include "nccl/byte_load.hpp"
#include "nccl/ip_address.hpp"

namespace dd::nccl {

namespace {

constexpr int k_magic_layout_code = 21600;  // 2.16.0: magic first, then the sockaddr

using detail::load;

// `a` and `b` (numeric) share their first `prefix` bits.
bool in_subnet(const std::string& a, const std::string& b, int prefix) {
  auto ia = core::parse_numeric_ip(a), ib = core::parse_numeric_ip(b);
  return ia && ib && same_subnet(*ia, *ib, prefix);
}

}  // namespace

nlohmann::json to_json(const ObservedAddress& o) {
  return {{"iface", o.iface.empty() ? nlohmann::json() : nlohmann::json(o.iface)},
          {"addr", o.addr},
          {"port", o.port},
          {"source", o.source},
          {"note", o.note}};
}

std::string version_string(int code) {
  if (code <= 0) return "";
  int major = code >= 10000 ? code / 10000 : code / 1000;
  int minor = code >= 10000 ? (code % 10000) / 100 : (code % 1000) / 100;
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(code % 100);
}

std::optional<UniqueIdAddress> decode_unique_id(std::span<const std::uint8_t> id, int version_code) {
  if (id.size() != k_unique_id_bytes) return std::nullopt;
  bool magic_first = version_code == 0 || version_code >= k_magic_layout_code;
  std::size_t at = magic_first ? 8 : 0;
  UniqueIdAddress out;
  out.from_comm_id = magic_first && load<std::uint64_t>(id, 0) == k_comm_id_magic;
  auto family = load<sa_family_t>(id, at);
  char text[INET6_ADDRSTRLEN] = {};
  if (family == AF_INET) {
    sockaddr_in sa;
    std::memcpy(&sa, id.data() + at, sizeof sa);
    out.family = os::Family::inet;
    out.port = ntohs(sa.sin_port);
    ::inet_ntop(AF_INET, &sa.sin_addr, text, sizeof text);
  } else if (family == AF_INET6) {
    sockaddr_in6 sa;
    std::memcpy(&sa, id.data() + at, sizeof sa);
    out.family = os::Family::inet6;
    out.port = ntohs(sa.sin6_port);
    out.scope_id = sa.sin6_scope_id;
    ::inet_ntop(AF_INET6, &sa.sin6_addr, text, sizeof text);
  } else {
    return std::nullopt;
  }
  out.addr = text;
  return out;
}

ObservedAddress observe(const UniqueIdAddress& id, const std::vector<os::AddressEntry>& entries) {
  ObservedAddress out;
  out.addr = id.addr;
  out.port = id.port;
  out.source = id.from_comm_id ? "NCCL_COMM_ID" : "unique-id";
  bool link_local = id.family == os::Family::inet6 && core::is_ipv6_link_local(id.addr);
  const os::AddressEntry* owner = nullptr;
  for (const auto& e : entries) {
    if (e.family != id.family || e.addr != id.addr) continue;
    if (link_local && id.scope_id != 0 && e.scope_id != id.scope_id) continue;
    owner = &e;
    break;
  }
  if (owner) {
    out.iface = owner->name;
    if (link_local) out.addr += "%" + owner->link;
  } else if (link_local && id.scope_id != 0) {
    // Print the zone as NCCL does (%ifname): any local entry with that scope id names the link.
    std::string zone = std::to_string(id.scope_id);
    for (const auto& e : entries) {
      if (e.scope_id == id.scope_id) {
        zone = e.link;
        break;
      }
    }
    out.addr += "%" + zone;
  }
  if (!id.from_comm_id) return out;

  std::string where =
      (id.family == os::Family::inet6 ? "[" + out.addr + "]" : out.addr) + ":" + std::to_string(id.port);
  if (owner) {
    out.note = "NCCL_COMM_ID is set: the id carries its address " + where + " (local on " + owner->name +
               "), not an interface NCCL chose";
    return out;
  }
  for (const auto& e : entries) {
    if (e.family != id.family || !in_subnet(e.addr, id.addr, e.prefix)) continue;
    if (id.family == os::Family::inet6 && e.scope_id != id.scope_id) continue;
    out.iface = e.name;
    out.note = "NCCL_COMM_ID is set: the id carries its address " + where +
               " (another host); this host's bootstrap uses " + e.name + " (" + e.addr +
               "), the first interface in that subnet";
    return out;
  }
  out.note =
      "NCCL_COMM_ID is set: the id carries its address " + where + ", which no local interface shares a subnet with";
  return out;
}

}  // namespace dd::nccl
