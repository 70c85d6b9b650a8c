// Judge rules about Gloo's device (nccl-facts §7.2): an unknown GLOO_SOCKET_IFNAME, the
// hostname -> 127.0.1.1 trap, docker bridges, and NCCL and Gloo on different interfaces.
#include "core/strings.hpp"
#include "nccl/ip_address.hpp"
#include "nccl/judge_context.hpp"

namespace dd::nccl::detail {

namespace {

using core::Label;
using core::Severity;

void mismatch(const JudgeContext& ctx, const Endpoint& gloo_dev, std::vector<core::Finding>& out) {
  const Prediction& p = ctx.prediction;
  std::optional<Endpoint> nccl = !p.comm_id.set && p.bootstrap
                                     ? p.bootstrap
                                     : (!p.socket.empty() ? std::optional<Endpoint>(p.socket.front()) : std::nullopt);
  if (!nccl || gloo_dev.link.empty() || nccl->link == gloo_dev.link || is_loopback_endpoint(ctx, *nccl)) return;
  // NCCL on a docker/virtual bridge or a link-local address has its own finding; Gloo should not follow it.
  auto nccl_kind = kind_of(ctx, *nccl);
  if (nccl_kind && (*nccl_kind == netif::Kind::docker || *nccl_kind == netif::Kind::veth ||
                    *nccl_kind == netif::Kind::bridge || *nccl_kind == netif::Kind::virtual_)) {
    return;
  }
  auto ip = core::parse_numeric_ip(nccl->addr.substr(0, nccl->addr.find('%')));
  if (ip && is_link_local(*ip)) return;
  bool steered_nccl_only = !p.ifname.ignored && ctx.gloo.source != GlooSource::ifname;
  auto fnd = core::new_finding(
      "nccl.gloo.interface-mismatch", Label::interface_mismatch, steered_nccl_only ? Severity::warning : Severity::info,
      "NCCL uses " + where(*nccl) + " but Gloo uses " + where(gloo_dev) +
          (steered_nccl_only ? ": NCCL_SOCKET_IFNAME is set but GLOO_SOCKET_IFNAME is not" : ""));
  fnd.evidence.push_back("NCCL: " + p.reason);
  fnd.evidence.push_back(ctx.gloo.source == GlooSource::ifname
                             ? std::string("Gloo: GLOO_SOCKET_IFNAME names ") + gloo_dev.iface
                             : "Gloo: the address host name '" + ctx.gloo.hostname + "' resolves to");
  if (auto fix = propose_gloo_ifname(ctx.inventory, nccl->link)) {
    fnd.fix.env["GLOO_SOCKET_IFNAME"] = fix->value;
    fnd.fix.text = "export GLOO_SOCKET_IFNAME=" + fix->value +
                   " so Gloo (CPU collectives, barriers) uses the same "
                   "interface as NCCL";
  }
  out.push_back(std::move(fnd));
}

}  // namespace

void judge_gloo(const JudgeContext& ctx, std::vector<core::Finding>& out) {
  const GlooPrediction& g = ctx.gloo;
  if (!g.error.empty()) {
    auto fnd = core::new_finding("gloo.ifname.unknown", Label::no_matching_interface, Severity::error,
                                 "Gloo cannot start: " + g.error + " (GLOO_SOCKET_IFNAME takes exact interface names)");
    add_gloo_fix(ctx, fnd);
    out.push_back(std::move(fnd));
    return;
  }
  if (!g.device) return;
  const Endpoint& d = *g.device;
  if (g.loopback || is_loopback_endpoint(ctx, d)) {
    core::Finding fnd;
    if (g.source == GlooSource::ifname) {
      fnd = core::new_finding("gloo.ifname.loopback", Label::loopback_interface, Severity::error,
                              "GLOO_SOCKET_IFNAME selects " + where(d) +
                                  " (loopback): ranks on other nodes cannot connect to Gloo (ranks on this node can)");
    } else if (g.source == GlooSource::hostname) {
      fnd = core::new_finding("gloo.hostname-loopback", Label::hostname_resolution, Severity::error,
                              "host name '" + g.hostname + "' resolves to " + d.addr +
                                  ": Gloo binds the loopback interface, which ranks on other nodes cannot connect to");
      fnd.evidence.push_back("getaddrinfo(\"" + g.hostname + "\") gives " + core::join(g.resolved, ", ") +
                             "; Gloo binds the first bindable one (a loopback line for the host name in /etc/hosts, "
                             "such as Debian's 127.0.1.1, causes this)");
    } else {
      fnd = core::new_finding("gloo.hostname-unresolvable", Label::hostname_resolution, Severity::error,
                              "host name '" + g.hostname + "' gives no bindable address: Gloo falls back to 127.0.0.1");
      fnd.evidence.push_back(g.warning);
    }
    add_gloo_fix(ctx, fnd);
    out.push_back(std::move(fnd));
    return;
  }
  auto kind = kind_of(ctx, d);
  if (kind && *kind == netif::Kind::docker) {
    auto fnd = core::new_finding("gloo.docker-interface", Label::virtual_interface, Severity::error,
                                 "Gloo will use " + where(d) + ", a Docker bridge private to this host");
    add_gloo_fix(ctx, fnd);
    out.push_back(std::move(fnd));
    return;
  }
  auto ip = core::parse_numeric_ip(d.addr.substr(0, d.addr.find('%')));
  if (ip && ip->v6 && is_link_local(*ip)) {
    auto fnd = core::new_finding("gloo.ipv6-link-local", Label::ipv6_link_local, Severity::warning,
                                 "Gloo will use " + where(d) + ", an IPv6 link-local address");
    add_gloo_fix(ctx, fnd);
    out.push_back(std::move(fnd));
  }
  mismatch(ctx, d, out);
}

}  // namespace dd::nccl::detail
