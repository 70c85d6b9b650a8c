// Which side of each Gloo pair connects (gloo transport/tcp/pair.cc, Pair::connect, checked
// against gloo's main branch as of 2026 and the torch 1.13 build the system tests run): the rank
// whose listening address compares greater (memcmp of the raw address bytes, then the port)
// closes its listener and connects to the other's address; the smaller one only accepts. So an
// address nobody can reach hangs the pairs whose other side is greater, and no pair whose other
// side is smaller: those connect out, from whatever source address the route picks.
#include <fmt/format.h>

#include "cluster/analysis/analysis_context.hpp"
#include "core/address.hpp"
#include "core/strings.hpp"

namespace dd::cluster::detail {

std::string ranks_text(const std::vector<int>& ranks) {
  std::vector<std::string> s;
  for (int r : ranks) s.push_back(std::to_string(r));
  return core::join(s, ",");
}

std::optional<GlooSides> gloo_sides(const Ctx& c, int rank, const std::vector<int>& peers) {
  auto addr = [&](int r) -> std::optional<core::IpAddress> {
    auto it = c.node.find(r);
    if (it == c.node.end() || !it->second->gloo) return std::nullopt;
    return core::parse_ip_address(it->second->gloo->addr);
  };
  auto mine = addr(rank);
  if (!mine) return std::nullopt;
  GlooSides out;
  for (int peer : peers) {
    auto theirs = addr(peer);
    // equal addresses order nothing (Gloo then compares the ports, which no fact here holds): the
    // sides are unknown, and the same address on two nodes is the duplicate-address finding's
    if (!theirs || theirs->v6 != mine->v6 || theirs->bytes == mine->bytes) return std::nullopt;
    (theirs->bytes > mine->bytes ? out.into : out.out_of).push_back(peer);
  }
  return out;
}

std::string gloo_direction(const Ctx& c, int rank, const std::vector<int>& peers) {
  auto sides = gloo_sides(c, rank, peers);
  if (!sides) return {};
  const std::string& mine = c.node.at(rank)->gloo->addr;
  if (sides->into.empty())
    return fmt::format(
        "Gloo opens each pair's connection from the greater address: {} ({}) connects out to rank(s) {}, so Gloo's "
        "pairs need no connection into it",
        c.host(rank), mine, ranks_text(sides->out_of));
  return fmt::format(
      "Gloo opens each pair's connection from the greater address: rank(s) {} connect into {} ({}), so those Gloo "
      "pairs hang too",
      ranks_text(sides->into), c.host(rank), mine);
}

}  // namespace dd::cluster::detail
