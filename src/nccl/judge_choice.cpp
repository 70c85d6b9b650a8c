// Judge rules about the interface NCCL actually picks (nccl-facts §1.4-1.5, §8.3, §8.5, §8.9):
// loopback, docker and other virtual links, link-local addresses, a slower interface than the
// best one here, and NCCL_COMM_ID problems.
#include "core/address.hpp"
#include "core/strings.hpp"
#include "nccl/ip_address.hpp"
#include "nccl/judge_context.hpp"

namespace dd::nccl::detail {

namespace {

using core::Label;
using core::Severity;

bool is_docker_default(const std::string& addr) { return core::in_ipv4_subnet(addr, "172.17.0.0", 16); }

// The endpoint that other nodes would be told about: the bootstrap, or NET/Socket's first device
// when NCCL_COMM_ID decides the bootstrap (judged separately).
std::optional<Endpoint> primary(const Prediction& p) {
  if (!p.comm_id.set && p.bootstrap) return p.bootstrap;
  if (!p.socket.empty()) return p.socket.front();
  return std::nullopt;
}

std::string role(const Prediction& p) { return p.comm_id.set ? "NET/Socket" : "NCCL's bootstrap and NET/Socket"; }

void loopback_finding(const JudgeContext& ctx, const Endpoint& e, std::vector<core::Finding>& out) {
  const Prediction& p = ctx.prediction;
  const IfnameFilter& f = p.ifname;
  core::Finding fnd;
  // An item written with its own '^' after the first ("^docker0,^lo"): NCCL reads '^' once, at the
  // value's start, so that item is the name "^lo" (fix-2026-12-07r p22: "excludes only what it names"
  // was said of a list that names lo)
  std::vector<std::string> caret_items;
  for (std::size_t i = 1; i < f.tokens.size(); ++i)
    if (!f.tokens[i].empty() && f.tokens[i].front() == '^') caret_items.push_back(f.tokens[i]);
  if (!f.ignored && f.negate && !caret_items.empty()) {
    fnd = core::new_finding("nccl.ifname.exclusion-picks-loopback", Label::loopback_interface, Severity::error,
                            "NCCL_SOCKET_IFNAME='" + f.raw + "' reads '^' only at its start: '" +
                                core::join(caret_items, "', '") +
                                "' is taken as a name with a '^' in it, which no "
                                "interface has, so NCCL picks " +
                                e.iface + " (loopback): multi-node training cannot connect");
    fnd.evidence.push_back("NCCL parses the list as: exclude " + core::join(f.tokens, ", ") +
                           " (one leading '^' negates the whole list; write each name without its own '^')");
  } else if (!f.ignored && f.negate) {
    fnd = core::new_finding("nccl.ifname.exclusion-picks-loopback", Label::loopback_interface, Severity::error,
                            "NCCL_SOCKET_IFNAME='" + f.raw + "' excludes only what it names, so NCCL picks " + e.iface +
                                " (loopback): multi-node training cannot connect");
    fnd.evidence.push_back(
        "an exclusion list does not skip lo; lo comes first in getifaddrs order (only the "
        "automatic selection avoids lo and docker)");
  } else if (!f.ignored) {
    fnd = core::new_finding(
        "nccl.ifname.selects-loopback", Label::loopback_interface, Severity::error,
        "NCCL_SOCKET_IFNAME='" + f.raw + "' selects " + e.iface + " (loopback): other nodes cannot reach this rank");
  } else {
    fnd = core::new_finding("nccl.bootstrap.loopback", Label::loopback_interface, Severity::error,
                            role(p) + " will use " + where(e) +
                                " (loopback): no other running interface is usable, so "
                                "multi-node training cannot connect");
    std::vector<std::string> skipped;
    for (const auto& i : ctx.inventory.interfaces) {
      if (!i.running && i.kind != netif::Kind::loopback) skipped.push_back(i.name);
    }
    if (!skipped.empty()) {
      fnd.evidence.push_back("not running, skipped by NCCL 2.28.3+: " + core::join(skipped, ", "));
    }
  }
  fnd.evidence.push_back(ctx.ifname_setting());
  fnd.evidence.push_back("model: " + p.reason);
  for (const auto& t : p.trace) {
    if (t.find("skipped (link not running") != std::string::npos) fnd.evidence.push_back(std::string(core::trim(t)));
  }
  add_nccl_fix(ctx, fnd);
  out.push_back(std::move(fnd));
}

void virtual_finding(const JudgeContext& ctx, const Endpoint& e, netif::Kind kind, std::vector<core::Finding>& out) {
  const Prediction& p = ctx.prediction;
  using netif::Kind;
  auto virtual_kind = [](Kind k) {
    return k == Kind::docker || k == Kind::veth || k == Kind::bridge || k == Kind::virtual_ || k == Kind::vpn ||
           k == Kind::dummy;
  };
  if (!virtual_kind(kind) && !is_docker_default(e.addr)) return;
  // only a link that is none of those is "a real data interface" (fix-2026-12-07t: of two veths, the
  // one the ranking put first was called real)
  const auto* fix_if = ctx.nccl_fix ? ctx.iface(ctx.nccl_fix->iface) : nullptr;
  bool better = ctx.nccl_fix && ctx.nccl_fix->iface != e.link && fix_if && !virtual_kind(fix_if->kind);
  core::Finding fnd;
  if (core::starts_with(e.link, "virbr")) {
    fnd = core::new_finding("nccl.bootstrap.libvirt-bridge", Label::virtual_interface, Severity::error,
                            role(p) + " will use " + where(e) +
                                ", a libvirt NAT bridge: private to this host (192.168.122.1 on "
                                "every libvirt host), other nodes cannot reach it");
  } else if (kind == netif::Kind::docker || is_docker_default(e.addr)) {
    fnd = core::new_finding(
        is_docker_default(e.addr) ? "nccl.bootstrap.docker-default-address" : "nccl.bootstrap.docker-interface",
        Label::virtual_interface, Severity::error,
        role(p) + " will use " + where(e) + ", a Docker bridge: its address is private to this host (" +
            "172.17.0.1-style addresses are the same on every Docker host), so peers connect to themselves "
            "or nowhere");
  } else if (kind == netif::Kind::vpn) {
    fnd = core::new_finding("nccl.bootstrap.vpn-interface", Label::virtual_interface, Severity::warning,
                            role(p) + " will use " + where(e) +
                                ", a VPN tunnel: slower and with a smaller MTU than a data "
                                "interface, and unreachable from nodes outside the VPN");
  } else if (better) {
    fnd = core::new_finding("nccl.bootstrap.virtual-interface", Label::virtual_interface, Severity::warning,
                            role(p) + " will use " + where(e) + " (" + std::string(netif::to_string(kind)) +
                                " interface) while " + ctx.nccl_fix->iface + " is a real data interface");
  } else {
    return;
  }
  if (const auto* i = ctx.iface(e.link)) {
    if (!i->kind_reason.empty())
      fnd.evidence.push_back(e.link + " classified " + std::string(netif::to_string(kind)) + ": " + i->kind_reason);
  }
  fnd.evidence.push_back(ctx.ifname_setting());
  fnd.evidence.push_back("model: " + p.reason);
  add_nccl_fix(ctx, fnd);
  out.push_back(std::move(fnd));
}

void link_local_finding(const JudgeContext& ctx, const Endpoint& e, std::vector<core::Finding>& out) {
  if (!core::is_link_local_address(e.addr)) return;
  core::Finding fnd;
  if (core::is_ipv6_address(e.addr)) {
    fnd = core::new_finding(
        "nccl.bootstrap.ipv6-link-local", Label::ipv6_link_local, Severity::error,
        role(ctx.prediction) + " will use " + where(e) +
            ", an IPv6 link-local address: the scope id in NCCL's unique id is this host's ifindex and means "
            "nothing on other hosts");
    if (auto k = kind_of(ctx, e); k && *k == netif::Kind::ib) {
      fnd.evidence.push_back(e.link + " is an IPoIB port without IPv4 address, and ib* wins NCCL's automatic order");
    }
  } else {
    fnd = core::new_finding(
        "nccl.bootstrap.ipv4-link-local", Label::other, Severity::warning,
        role(ctx.prediction) + " will use " + where(e) +
            ", an IPv4 link-local (169.254/16) address: reachable only on the same link, usually a DHCP failure");
  }
  fnd.evidence.push_back("model: " + ctx.prediction.reason);
  add_nccl_fix(ctx, fnd);
  out.push_back(std::move(fnd));
}

void performance_finding(const JudgeContext& ctx, const Endpoint& e, std::vector<core::Finding>& out) {
  if (!ctx.nccl_fix || ctx.nccl_fix->iface == e.link) return;
  const auto* chosen = ctx.iface(e.link);
  const auto* best = ctx.iface(ctx.nccl_fix->iface);
  if (!chosen || !best) return;
  bool ib = best->kind == netif::Kind::ib && chosen->kind != netif::Kind::ib;
  bool faster = chosen->speed_mbps && best->speed_mbps && *best->speed_mbps > *chosen->speed_mbps;
  if (!ib && !faster) return;
  auto speed = [](const netif::Interface* i) {
    return i->speed_mbps ? std::to_string(*i->speed_mbps) + " Mb/s" : std::string("speed unknown");
  };
  auto fnd = core::new_finding("nccl.socket.slower-than-available", Label::performance, Severity::warning,
                               role(ctx.prediction) + " will use " + where(e) + " (" +
                                   std::string(netif::to_string(chosen->kind)) + ", " + speed(chosen) + ") while " +
                                   best->name + " (" + std::string(netif::to_string(best->kind)) + ", " + speed(best) +
                                   ") is available");
  fnd.evidence.push_back("model: " + ctx.prediction.reason);
  add_nccl_fix(ctx, fnd);
  out.push_back(std::move(fnd));
}

}  // namespace

void judge_chosen(const JudgeContext& ctx, std::vector<core::Finding>& out) {
  const Prediction& p = ctx.prediction;
  auto e = primary(p);
  if (!e) return;
  // NCCL_COMM_ID's subnet also chose NET/Socket's device: the comm-id findings cover it.
  if (p.comm_id.set && p.socket_step == Step::comm_id && p.bootstrap && *p.bootstrap == *e &&
      is_loopback_endpoint(ctx, *e)) {
    return;
  }
  if (is_loopback_endpoint(ctx, *e)) {
    loopback_finding(ctx, *e, out);
  } else {
    auto kind = kind_of(ctx, *e);
    std::size_t before = out.size();
    if (kind || is_docker_default(e->addr)) virtual_finding(ctx, *e, kind.value_or(netif::Kind::physical), out);
    link_local_finding(ctx, *e, out);
    if (out.size() == before) performance_finding(ctx, *e, out);
  }
  std::vector<std::string> extra_loopback;
  for (std::size_t i = 1; i < p.socket.size(); ++i) {
    if (is_loopback_endpoint(ctx, p.socket[i])) extra_loopback.push_back(where(p.socket[i]));
  }
  if (!extra_loopback.empty() && !is_loopback_endpoint(ctx, *e)) {
    auto fnd = core::new_finding("nccl.socket.includes-loopback", Label::loopback_interface, Severity::warning,
                                 "NET/Socket will also use " + core::join(extra_loopback, ", ") +
                                     ": connections over a loopback device cannot reach other nodes");
    fnd.evidence.push_back(ctx.ifname_setting());
    add_nccl_fix(ctx, fnd);
    out.push_back(std::move(fnd));
  }
}

void judge_comm_id(const JudgeContext& ctx, std::vector<core::Finding>& out) {
  const Prediction& p = ctx.prediction;
  const CommId& c = p.comm_id;
  if (!c.set) return;
  core::Finding fnd;
  if (c.value.size() <= 1) {
    fnd = core::new_finding(
        "nccl.comm-id.empty", Label::config_typo, Severity::error,
        "NCCL_COMM_ID is set but empty ('" + c.value + "'): ncclGetUniqueId fails with 'Invalid NCCL_COMM_ID' (rc 4)");
    fnd.fix.env["NCCL_COMM_ID"] = "";
    fnd.fix.text = "unset NCCL_COMM_ID (torch and most launchers do not need it) or set it to <root-ip>:<port>";
  } else if (!c.usable && !c.host.empty() && !core::parse_numeric_ip(c.host) && c.value.front() != '[') {
    fnd = core::new_finding("nccl.comm-id.unresolvable", Label::hostname_resolution, Severity::error,
                            "NCCL_COMM_ID host '" + c.host + "' does not resolve: ncclGetUniqueId fails (rc 4)");
    fnd.fix.text = "use the root's numeric address in NCCL_COMM_ID, or make '" + c.host + "' resolvable on every node";
  } else if (!c.usable) {
    fnd = core::new_finding("nccl.comm-id.invalid", Label::config_typo, Severity::error,
                            "NCCL_COMM_ID='" + c.value + "' cannot be parsed: ncclGetUniqueId fails (rc 4)");
    fnd.fix.text = "write NCCL_COMM_ID as <ipv4>:<port>, [<ipv6>]:<port>, [fe80::x%iface]:<port> or <hostname>:<port>";
  } else if (!p.bootstrap) {
    fnd = core::new_finding("nccl.comm-id.no-subnet", Label::no_route, Severity::error,
                            "no interface here is in the subnet of NCCL_COMM_ID " + c.addr +
                                ": ncclGetUniqueId fails with 'No usable listening interface found' (rc 2)");
    auto ip = c.ip;
    if (ip && ip->v6 && is_link_local(*ip) && c.scope_id == 0) {
      fnd.evidence.push_back("a link-local NCCL_COMM_ID needs its interface: write [" + c.addr +
                             "%<iface>]:" + std::to_string(c.effective_port()));
    }
    fnd.fix.text = "set NCCL_COMM_ID to an address of the root node that is on a network this node is attached to";
  } else if (is_loopback_endpoint(ctx, *p.bootstrap)) {
    fnd = core::new_finding("nccl.comm-id.loopback", Label::loopback_interface, Severity::error,
                            "NCCL_COMM_ID=" + c.value + " is a loopback address: the root listens on " +
                                where(*p.bootstrap) + " and other nodes cannot reach it");
    fnd.fix.text = "set NCCL_COMM_ID to the root node's address on the data network";
  } else {
    const auto* i = ctx.iface(p.bootstrap->link);
    bool down = false;
    for (const auto& e : ctx.inventory.entries) {
      if (e.name == p.bootstrap->iface && !e.running) down = true;
    }
    if (down || (i && !i->running)) {
      fnd = core::new_finding(
          "nccl.comm-id.down-interface", Label::no_route, Severity::warning,
          "NCCL_COMM_ID's subnet is on " + p.bootstrap->iface +
              ", which is not running: NCCL still bootstraps there (the subnet match ignores link state)");
    } else if (!p.ifname.ignored && !p.socket.empty() && p.socket.front().link != p.bootstrap->link) {
      fnd = core::new_finding("nccl.comm-id.overrides-ifname", Label::interface_mismatch, Severity::info,
                              "the bootstrap uses " + where(*p.bootstrap) +
                                  " (NCCL_COMM_ID's subnet) while NET/Socket uses " + where(p.socket.front()) +
                                  " (NCCL_SOCKET_IFNAME): NCCL_COMM_ID overrides NCCL_SOCKET_IFNAME for "
                                  "the bootstrap");
    } else if (c.port < 0) {
      fnd = core::new_finding("nccl.comm-id.no-port", Label::config_typo, Severity::warning,
                              "NCCL_COMM_ID='" + c.value + "' has no port: NCCL uses port 65535");
      fnd.fix.env["NCCL_COMM_ID"] = c.host + ":29500";
      fnd.fix.text = "add the port the root should listen on, e.g. NCCL_COMM_ID=" + c.host + ":29500";
    } else {
      return;
    }
  }
  fnd.evidence.push_back("NCCL_COMM_ID='" + c.value + "'" + (c.error.empty() ? "" : ": " + c.error));
  fnd.evidence.push_back("model: " + p.reason);
  out.push_back(std::move(fnd));
}

}  // namespace dd::nccl::detail
