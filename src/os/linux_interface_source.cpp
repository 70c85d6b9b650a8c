#include "os/linux_interface_source.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <set>

namespace dd::os {
namespace {

struct IfaddrsFree {
  void operator()(ifaddrs* list) const { freeifaddrs(list); }
};
using IfaddrsList = std::unique_ptr<ifaddrs, IfaddrsFree>;

IfaddrsList snapshot() {
  ifaddrs* raw = nullptr;
  if (getifaddrs(&raw) != 0) return IfaddrsList(nullptr);
  return IfaddrsList(raw);
}

// The real link name of an ifa_name: IPv4 labels are "<link>:<suffix>".
std::string link_of(const std::string& name) { return name.substr(0, name.find(':')); }

void copy_flags(unsigned int flags, bool& up, bool& running, bool& loopback) {
  up = (flags & IFF_UP) != 0;
  running = (flags & IFF_RUNNING) != 0;
  loopback = (flags & IFF_LOOPBACK) != 0;
}

// *sa as the sockaddr type T, copied byte by byte (the types alias only through a copy).
template <class T>
T copy_as(const sockaddr* sa) {
  T out{};
  std::copy_n(reinterpret_cast<const unsigned char*>(sa), sizeof out, reinterpret_cast<unsigned char*>(&out));
  return out;
}

}  // namespace

std::string mac_text(const unsigned char* bytes, std::size_t len) {
  if (len == 0 || std::all_of(bytes, bytes + len, [](unsigned char c) { return c == 0; })) return "";
  std::string out;
  char part[4];
  for (std::size_t i = 0; i < len; ++i) {
    std::snprintf(part, sizeof part, i == 0 ? "%02x" : ":%02x", bytes[i]);
    out += part;
  }
  return out;
}

int prefix_length(const unsigned char* mask, std::size_t size) {
  int bits = 0;
  for (std::size_t i = 0; i < size; ++i) {
    for (int b = 7; b >= 0; --b) {
      if ((mask[i] >> b & 1) == 0) return bits;
      ++bits;
    }
  }
  return bits;
}

std::vector<LinkEntry> LinuxInterfaceSource::links() const {
  std::vector<LinkEntry> out;
  auto list = snapshot();
  std::set<std::string> seen;
  for (const ifaddrs* it = list.get(); it != nullptr; it = it->ifa_next) {
    // A link is an AF_PACKET entry; a link without a hardware address (a layer-3 tun such as
    // tailscale0 or wg0, ARPHRD_NONE) comes from glibc with no ifa_addr at all.
    if (it->ifa_addr != nullptr && it->ifa_addr->sa_family != AF_PACKET) continue;
    std::string name = it->ifa_name;
    if (!seen.insert(name).second) continue;
    LinkEntry link;
    link.name = name;
    auto ll = it->ifa_addr != nullptr ? copy_as<sockaddr_ll>(it->ifa_addr) : sockaddr_ll{};
    link.ifindex = ll.sll_ifindex != 0 ? ll.sll_ifindex : static_cast<int>(if_nametoindex(name.c_str()));
    link.mac = mac_text(ll.sll_addr, std::min<std::size_t>(ll.sll_halen, sizeof ll.sll_addr));
    copy_flags(it->ifa_flags, link.up, link.running, link.loopback);
    out.push_back(std::move(link));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const LinkEntry& a, const LinkEntry& b) { return a.ifindex < b.ifindex; });
  return out;
}

std::vector<AddressEntry> LinuxInterfaceSource::addresses() const {
  std::vector<AddressEntry> out;
  auto list = snapshot();
  for (const ifaddrs* it = list.get(); it != nullptr; it = it->ifa_next) {
    if (it->ifa_addr == nullptr) continue;
    const int family = it->ifa_addr->sa_family;
    if (family != AF_INET && family != AF_INET6) continue;
    AddressEntry e;
    e.name = it->ifa_name;
    e.link = link_of(e.name);
    copy_flags(it->ifa_flags, e.up, e.running, e.loopback);
    e.noarp = (it->ifa_flags & IFF_NOARP) != 0;
    char text[INET6_ADDRSTRLEN] = {};
    if (family == AF_INET) {
      auto sin = copy_as<sockaddr_in>(it->ifa_addr);
      e.family = Family::inet;
      inet_ntop(AF_INET, &sin.sin_addr, text, sizeof text);
      if (it->ifa_netmask != nullptr) {
        auto mask = copy_as<sockaddr_in>(it->ifa_netmask);
        e.prefix = prefix_length(reinterpret_cast<const unsigned char*>(&mask.sin_addr), sizeof mask.sin_addr);
      }
    } else {
      auto sin6 = copy_as<sockaddr_in6>(it->ifa_addr);
      e.family = Family::inet6;
      e.scope_id = sin6.sin6_scope_id;
      inet_ntop(AF_INET6, &sin6.sin6_addr, text, sizeof text);
      if (it->ifa_netmask != nullptr) {
        auto mask = copy_as<sockaddr_in6>(it->ifa_netmask);
        e.prefix = prefix_length(reinterpret_cast<const unsigned char*>(&mask.sin6_addr), sizeof mask.sin6_addr);
      }
    }
    e.addr = text;
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace dd::os
