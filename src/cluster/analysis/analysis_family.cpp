// Address families the nodes share. Two ways to have no common network even when every link is
// up: (1) the only addresses some node has are IPv6 link-local (fe80::/10). NCCL's unique id
// carries rank 0's sockaddr_in6 including its scope id (rank 0's ifindex of that link) and the
// other ranks connect with it verbatim, so it names whatever link has that ifindex on their host,
// or none; torch's MASTER_ADDR and Gloo cannot carry a zone at all. (2) one node has routable
// addresses of one family only, another of the other family only.
#include <fmt/format.h>

#include <algorithm>

#include "cluster/analysis/analysis_context.hpp"
#include "core/address.hpp"
#include "core/strings.hpp"

namespace dd::cluster::detail {

namespace {

struct Families {
  bool v4 = false, v6 = false;               // routable addresses on running links
  std::vector<const os::AddressEntry*> ll6;  // fe80:: on running non-loopback links
};

Families families_of(const NodeFacts& f) {
  Families out;
  for (const auto& e : f.entries) {
    if (!e.running || e.loopback) continue;
    if (core::is_ipv6_link_local(e.addr)) out.ll6.push_back(&e);
    if (!core::is_routable_address(e.addr)) continue;
    (core::is_ipv6_address(e.addr) ? out.v6 : out.v4) = true;
  }
  return out;
}

std::string link_with_ifindex(const NodeFacts& f, std::uint32_t ifindex) {
  for (const auto& [name, i] : f.ifaces)
    if (i.ifindex > 0 && static_cast<std::uint32_t>(i.ifindex) == ifindex) return name;
  return "";
}

void link_local_only(Ctx& c, const std::map<int, Families>& fam) {
  // Stranded: nothing but fe80::, or no address every peer reached while NCCL bootstraps on fe80::.
  std::vector<int> stranded;
  for (const auto& [r, f] : fam) {
    const NodeFacts& n = *c.node.at(r);
    auto good = c.good.find(r);
    bool unreached = good == c.good.end() || good->second.empty();
    bool nccl_ll = n.nccl_bootstrap && core::is_ipv6_link_local(n.nccl_bootstrap->addr);
    if (!f.ll6.empty() && ((!f.v4 && !f.v6) || (unreached && nccl_ll))) stranded.push_back(r);
  }
  bool all_ll = std::all_of(fam.begin(), fam.end(), [](const auto& p) { return !p.second.ll6.empty(); });
  if (stranded.empty() || !all_ll) return;
  auto f = core::new_finding("preflight.ipv6.link-local-only", core::Label::ipv6_link_local, core::Severity::error,
                             fmt::format("{} {} no address the other nodes reach but IPv6 link-local (fe80::): "
                                         "NCCL, Gloo and torch cannot bootstrap across nodes on it",
                                         stranded.size() == 1 ? c.host(stranded.front()) : "some nodes",
                                         stranded.size() == 1 ? "has" : "have"));
  for (int r : stranded) {
    f.hosts.push_back(c.host(r));
    f.ranks.push_back(r);
  }
  for (const auto& [r, fs] : fam)
    for (const auto* e : fs.ll6)
      f.evidence.push_back(
          fmt::format("{}: {} {} (scope id {} = its ifindex there)", c.host(r), e->link, e->addr, e->scope_id));
  if (auto zero = fam.find(0); zero != fam.end() && !zero->second.ll6.empty()) {
    const os::AddressEntry& z = *zero->second.ll6.front();
    f.evidence.push_back(
        fmt::format("NCCL's unique id carries rank 0's address {}%{} with scope id {}; the other ranks "
                    "connect with that scope id verbatim",
                    z.addr, z.link, z.scope_id));
    for (const auto& [r, fs] : fam) {
      if (r == 0) continue;
      std::string there = link_with_ifindex(*c.node.at(r), z.scope_id);
      f.evidence.push_back(
          there.empty()     ? fmt::format("on {} no link has ifindex {}: the connect fails", c.host(r), z.scope_id)
          : there == z.link ? fmt::format("on {} ifindex {} is {} too (equal by chance): NCCL may connect, torch's "
                                          "MASTER_ADDR and Gloo still cannot use a zoned address",
                                          c.host(r), z.scope_id, there)
                            : fmt::format("on {} ifindex {} is {}, another link: the connect goes out the wrong way",
                                          c.host(r), z.scope_id, there));
    }
  }
  f.fix.text =
      "give that network routable addresses on every node (IPv4, or IPv6 ULA fd00::/8 or global), then set "
      "MASTER_ADDR to rank 0's routable address, and NCCL_SOCKET_FAMILY=AF_INET6 when they are IPv6 "
      "(AF_INET for IPv4)";
  c.findings.push_back(std::move(f));
}

void mixed_families(Ctx& c, const std::map<int, Families>& fam) {
  std::vector<std::string> v4_only, v6_only;
  for (const auto& [r, f] : fam) {
    if (f.v4 && !f.v6) v4_only.push_back(c.host(r));
    if (f.v6 && !f.v4) v6_only.push_back(c.host(r));
  }
  if (v4_only.empty() || v6_only.empty()) return;
  auto f = core::new_finding(
      "preflight.family.mismatch", core::Label::no_route, core::Severity::error,
      fmt::format("{} {} only IPv4 and {} only IPv6 addresses: no address family is common to "
                  "all nodes",
                  core::join(v4_only, ", "), v4_only.size() == 1 ? "has" : "have", core::join(v6_only, ", ")));
  f.hosts = v4_only;
  f.hosts.insert(f.hosts.end(), v6_only.begin(), v6_only.end());
  f.evidence.push_back("IPv4 only: " + core::join(v4_only, ", "));
  f.evidence.push_back("IPv6 only: " + core::join(v6_only, ", "));
  f.fix.text =
      "give every node an address of one family on the cluster network and make each host name resolve to "
      "it (Gloo binds the address its host name resolves to); set NCCL_SOCKET_FAMILY (AF_INET or AF_INET6) "
      "and MASTER_ADDR to match";
  c.findings.push_back(std::move(f));
}

}  // namespace

void find_address_families(Ctx& c) {
  if (c.live.size() < 2) return;
  std::map<int, Families> fam;
  for (int r : c.live) fam[r] = families_of(*c.node.at(r));
  link_local_only(c, fam);
  mixed_families(c, fam);
}

}  // namespace dd::cluster::detail
