#include <arpa/inet.h>
#include <ifaddrs.h>
#include <linux/if_packet.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <sys/socket.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <optional>

#include "os/neighbour_table.hpp"
#include "os/netlink_dump.hpp"

namespace dd::os {
namespace {

// "02:00:5e:00:00:0a" for `len` bytes of a hardware address; "" for none or all zeros (loopback).
std::string mac_text(const unsigned char* b, std::size_t len) {
  if (len == 0 || std::all_of(b, b + len, [](unsigned char c) { return c == 0; })) return "";
  std::string out;
  char part[4];
  for (std::size_t i = 0; i < len; ++i) {
    std::snprintf(part, sizeof part, i == 0 ? "%02x" : ":%02x", b[i]);
    out += part;
  }
  return out;
}

constexpr std::size_t align4(std::size_t n) { return (n + 3) & ~std::size_t{3}; }

// One RTM_NEWNEIGH message of a dump (`body`: the bytes after its nlmsghdr) as a NeighbourEntry;
// nullopt without a destination. Read by copies: the buffer's alignment is not the structs'.
std::optional<NeighbourEntry> neighbour_of(const char* body, std::size_t len) {
  if (len < sizeof(ndmsg)) return std::nullopt;
  ndmsg nd{};
  std::memcpy(&nd, body, sizeof nd);
  if (nd.ndm_family != AF_INET && nd.ndm_family != AF_INET6) return std::nullopt;
  NeighbourEntry e;
  e.permanent = (nd.ndm_state & NUD_PERMANENT) != 0;
  char name[IF_NAMESIZE] = {};
  if (if_indextoname(static_cast<unsigned>(nd.ndm_ifindex), name) != nullptr) e.dev = name;
  for (std::size_t at = align4(sizeof nd); at + sizeof(rtattr) <= len;) {
    rtattr a{};
    std::memcpy(&a, body + at, sizeof a);
    if (a.rta_len < sizeof a || at + a.rta_len > len) break;
    const auto* data = reinterpret_cast<const unsigned char*>(body + at + align4(sizeof a));
    std::size_t size = a.rta_len - align4(sizeof a);
    if (a.rta_type == NDA_DST && size <= 16) {
      unsigned char raw[16] = {};
      std::memcpy(raw, data, size);
      char text[INET6_ADDRSTRLEN] = {};
      inet_ntop(nd.ndm_family, raw, text, sizeof text);
      e.addr = text;
    } else if (a.rta_type == NDA_LLADDR) {
      e.lladdr = mac_text(data, size);
    }
    at += align4(a.rta_len);
  }
  if (e.addr.empty()) return std::nullopt;
  return e;
}

}  // namespace

std::vector<NeighbourEntry> read_neighbours() {
  std::vector<NeighbourEntry> out;
  UniqueFd fd = open_netlink(NETLINK_ROUTE);
  if (!fd.valid()) return out;
  ndmsg ask{};
  ask.ndm_family = AF_UNSPEC;
  auto req = dump_request(RTM_GETNEIGH, ask);
  netlink_dump(
      fd.get(), &req, sizeof req,
      [&](std::uint16_t type, const char* body, std::size_t len) {
        if (type != RTM_NEWNEIGH) return;
        if (auto e = neighbour_of(body, len)) out.push_back(std::move(*e));
      },
      core::Deadline(std::chrono::seconds(2)));
  return out;
}

std::map<std::string, std::string> read_link_macs() {
  std::map<std::string, std::string> out;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return out;
  for (const ifaddrs* it = list; it != nullptr; it = it->ifa_next) {
    if (it->ifa_addr == nullptr || it->ifa_addr->sa_family != AF_PACKET) continue;
    sockaddr_ll ll{};
    std::memcpy(&ll, it->ifa_addr, sizeof ll);
    auto mac = mac_text(ll.sll_addr, std::min<std::size_t>(ll.sll_halen, sizeof ll.sll_addr));
    if (!mac.empty()) out[it->ifa_name] = mac;
  }
  freeifaddrs(list);
  return out;
}

}  // namespace dd::os
