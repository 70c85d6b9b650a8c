#include <arpa/inet.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <sys/socket.h>

#include <chrono>
#include <cstring>
#include <optional>

#include "os/linux_interface_source.hpp"
#include "os/neighbour_table.hpp"
#include "os/netlink_dump.hpp"

namespace dd::os {
namespace {

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
  const bool whole = netlink_dump(
      fd.get(), &req, sizeof req,
      [&](std::uint16_t type, const char* body, std::size_t len) {
        if (type != RTM_NEWNEIGH) return;
        if (auto e = neighbour_of(body, len)) out.push_back(std::move(*e));
      },
      core::Deadline(std::chrono::seconds(2)));
  if (!whole) return {};  // a cut dump is not the table: say unreadable, never "no entry for that hop"
  return out;
}

}  // namespace dd::os
