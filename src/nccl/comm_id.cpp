#include "nccl/comm_id.hpp"

#include <cstdlib>

#include "core/strings.hpp"

namespace dd::nccl {

namespace {

// Scope id NCCL gets from if_nametoindex(ifname): the ifindex carried by that link's link-local
// IPv6 entries (0 when the link has none, which then matches nothing).
std::uint32_t scope_of_link(const std::vector<os::AddressEntry>& entries, const std::string& ifname) {
  for (const auto& e : entries) {
    if (e.family == os::Family::inet6 && e.scope_id != 0 && (e.link == ifname || e.name == ifname)) return e.scope_id;
  }
  return 0;
}

int c_atoi(const std::string& s) { return std::atoi(s.c_str()); }

void parse_bracketed(CommId& id, const std::vector<os::AddressEntry>& entries) {
  const std::string& v = id.value;
  std::size_t close = std::string::npos;
  std::size_t percent = std::string::npos;
  for (std::size_t i = 1; i < v.size(); ++i) {
    if (v[i] == '%') percent = i;
    if (v[i] == ']') {
      close = i;
      break;
    }
  }
  if (close == std::string::npos) {
    id.error = std::string(k_invalid_comm_id_warn) + "; Net : No valid [IPv6]:port pair found";
    return;
  }
  std::string ifname;
  if (percent == std::string::npos) {
    id.host = v.substr(1, close - 1);
  } else {
    id.host = v.substr(1, percent - 1);
    ifname = v.substr(percent + 1, close - percent - 1);
  }
  id.port = close + 2 <= v.size() ? c_atoi(v.substr(std::min(close + 2, v.size()))) : 0;
  auto ip = core::parse_numeric_ip(id.host);
  if (!ip || !ip->v6) {
    id.error = std::string(k_invalid_comm_id_warn) + "; '" + id.host + "' is not an IPv6 address";
    return;
  }
  id.ip = ip;
  id.scope_id = ifname.empty() ? 0 : scope_of_link(entries, ifname);
  id.addr = id.host;
  id.usable = true;
}

void parse_host_port(CommId& id, const os::Resolver& resolver) {
  // The shared list parser with one entry: the first ','-separated entry whose name part (text
  // before ':') is non-empty; its port is atoi(text after ':') or -1 without ':'.
  bool found = false;
  for (const auto& entry : core::split(id.value, ',')) {
    std::size_t colon = entry.find(':');
    std::string name = entry.substr(0, colon);
    if (name.empty()) continue;
    id.host = name;
    id.port = colon == std::string::npos ? -1 : c_atoi(entry.substr(colon + 1));
    found = true;
    break;
  }
  if (!found) {
    id.error = std::string(k_invalid_comm_id_warn) + "; Net : No valid <IPv4_or_hostname>:<port> pair found";
    return;
  }
  // getaddrinfo answers a numeric host itself, with exactly that address.
  if (auto numeric = core::parse_numeric_ip(id.host)) {
    id.ip = numeric;
    id.addr = id.host;
    id.usable = true;
    return;
  }
  auto resolved = resolver.resolve(id.host);
  if (!resolved || resolved->empty()) {
    id.error = std::string(k_invalid_comm_id_warn) + "; Net : error encountered when getting address info for '" +
               id.host + "'" + (resolved ? std::string() : ": " + resolved.error().message);
    return;
  }
  const auto& first = resolved->front();
  id.ip = core::parse_numeric_ip(first.addr);
  if (!id.ip) {
    id.error = std::string(k_invalid_comm_id_warn) + "; resolver returned '" + first.addr + "'";
    return;
  }
  id.addr = first.addr;
  id.scope_id = 0;
  id.usable = true;
}

}  // namespace

CommId resolve_comm_id(const std::optional<std::string>& value, const std::vector<os::AddressEntry>& entries,
                       const os::Resolver& resolver) {
  CommId id;
  if (!value) return id;
  id.set = true;
  id.value = *value;
  if (id.value.size() <= 1) {
    id.error = std::string(k_invalid_comm_id_warn) + "; Net : string is null";
    return id;
  }
  if (id.value.front() == '[') {
    parse_bracketed(id, entries);
  } else {
    parse_host_port(id, resolver);
  }
  return id;
}

std::optional<std::size_t> match_comm_id_subnet(const CommId& comm_id, const std::vector<os::AddressEntry>& entries) {
  if (!comm_id.usable || !comm_id.ip) return std::nullopt;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    if ((e.family == os::Family::inet6) != comm_id.ip->v6) continue;
    auto ip = core::parse_numeric_ip(e.addr);
    if (!ip || !same_subnet(*ip, *comm_id.ip, e.prefix)) continue;
    if (e.family == os::Family::inet6 && e.scope_id != comm_id.scope_id) continue;
    return i;
  }
  return std::nullopt;
}

}  // namespace dd::nccl
