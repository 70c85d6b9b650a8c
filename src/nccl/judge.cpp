// Orchestration of the judge and the verified proposals (see judge.hpp).
#include "nccl/judge.hpp"

#include <algorithm>
#include <tuple>

#include "nccl/ip_address.hpp"
#include "nccl/judge_context.hpp"

namespace dd::nccl {

namespace {

bool excluded_kind(netif::Kind k) {
  using netif::Kind;
  return k == Kind::loopback || k == Kind::docker || k == Kind::veth || k == Kind::virtual_ || k == Kind::vpn ||
         k == Kind::dummy;
}

// A veth that is not enslaved to a bridge is the inside end of a container's or pod's network
// (its eth0): the only way out, so a candidate like a physical port. The host-side ends sit in
// docker0/cni0 and stay excluded.
bool candidate_kind(const netif::Interface& i) {
  if (i.kind == netif::Kind::veth) return i.master.empty();
  return !excluded_kind(i.kind);
}

// Whether `link` owns an address peers can reach: not loopback, not link-local. Sets has_v4.
bool has_routable_address(const netif::Inventory& inv, const std::string& link, bool& has_v4) {
  bool any = false;
  has_v4 = false;
  for (const auto& e : inv.entries) {
    if ((e.link.empty() ? e.name : e.link) != link) continue;
    auto ip = parse_ip(e.family, e.addr);
    if (!ip || is_loopback(*ip) || is_link_local(*ip)) continue;
    any = true;
    if (e.family == os::Family::inet) has_v4 = true;
  }
  return any;
}

}  // namespace

std::optional<std::string> best_interface(const netif::Inventory& inventory) {
  const netif::Interface* best = nullptr;
  std::tuple<int, std::int64_t, int, int> best_key{};
  for (const auto& i : inventory.interfaces) {
    // virbr*: libvirt's NAT bridge, the same private subnet on every host (NCCL tries it last).
    // docker*/virbr* are host-private bridges whatever sysfs says (a renamed veth included).
    if (!i.running || !candidate_kind(i) || i.name.rfind("virbr", 0) == 0 || i.name.rfind("docker", 0) == 0) continue;
    bool has_v4 = false;
    if (!has_routable_address(inventory, i.name, has_v4)) continue;
    // IPoIB, then ports/bonds/VLANs, then a bridge that may hold the uplink, then a container's veth.
    int cls = i.kind == netif::Kind::ib ? 0 : i.kind == netif::Kind::bridge ? 2 : i.kind == netif::Kind::veth ? 3 : 1;
    // Smaller is better: class, then faster, then IPv4, then ifindex.
    std::tuple<int, std::int64_t, int, int> key{cls, -i.speed_mbps.value_or(0), has_v4 ? 0 : 1, i.ifindex};
    if (!best || key < best_key) {
      best = &i;
      best_key = key;
    }
  }
  if (!best) return std::nullopt;
  return best->name;
}

std::optional<IfnameProposal> propose_nccl_ifname(const netif::Inventory& inventory, const std::string& iface,
                                                  const Prediction& prediction, const NcclConfig& config,
                                                  const Version& version) {
  std::vector<std::string> values;
  if (version.has_exact_syntax()) values.push_back("=" + iface);
  values.push_back(iface);
  for (const auto& v : values) {
    NcclConfig trial = config;
    trial.set_env("NCCL_SOCKET_IFNAME", v);
    Prediction p = predict_with_comm_id(inventory.entries, trial, version, prediction.comm_id);
    if (p.socket.empty() || p.socket.front().link != iface) continue;
    if (!p.comm_id.set && (!p.bootstrap || p.bootstrap->link != iface)) continue;
    IfnameProposal out{iface, v, ""};
    if (const auto* i = inventory.find(iface)) {
      out.why = std::string(netif::to_string(i->kind)) + " interface";
      if (i->speed_mbps) out.why += ", " + std::to_string(*i->speed_mbps) + " Mb/s";
    }
    return out;
  }
  return std::nullopt;
}

std::optional<IfnameProposal> propose_gloo_ifname(const netif::Inventory& inventory, const std::string& iface) {
  GlooPrediction g = predict_gloo_ifname(inventory.entries, iface);
  if (!g.device || g.loopback || g.device->link != iface) return std::nullopt;
  return IfnameProposal{iface, iface, "binds " + g.device->addr};
}

namespace detail {

// `s` with CR, LF and tab spelled out, for titles.
std::string visible(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\r') {
      out += "\\r";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      out += c;
    }
  }
  return out;
}

std::string JudgeContext::ifname_setting() const {
  auto value = config.get("NCCL_SOCKET_IFNAME");
  if (!value) return "NCCL_SOCKET_IFNAME (unset)";
  auto src = config.source("NCCL_SOCKET_IFNAME");
  return "NCCL_SOCKET_IFNAME='" + *value + "' (from " + (src ? src->describe() : std::string("environment")) + ")";
}

core::Finding make(std::string id, core::Label label, core::Severity severity, std::string title) {
  return core::new_finding(std::move(id), label, severity, std::move(title));
}

void add_nccl_fix(const JudgeContext& ctx, core::Finding& f) {
  if (ctx.nccl_fix) {
    f.fix.env["NCCL_SOCKET_IFNAME"] = ctx.nccl_fix->value;
    f.fix.text = "export NCCL_SOCKET_IFNAME=" + ctx.nccl_fix->value + " (selects " + ctx.nccl_fix->iface +
                 (ctx.nccl_fix->why.empty() ? "" : ", " + ctx.nccl_fix->why) +
                 ") on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host "
                 "values";
  } else {
    f.fix.text = "no interface here can reach other nodes: connect and bring up a data interface with a routable "
                 "address, then set NCCL_SOCKET_IFNAME to it";
  }
}

void add_gloo_fix(const JudgeContext& ctx, core::Finding& f) {
  if (ctx.gloo_fix) {
    f.fix.env["GLOO_SOCKET_IFNAME"] = ctx.gloo_fix->value;
    f.fix.text = "export GLOO_SOCKET_IFNAME=" + ctx.gloo_fix->value + " (" + ctx.gloo_fix->why +
                 "); or map this host name to the node's real address in /etc/hosts";
  } else {
    f.fix.text = "set GLOO_SOCKET_IFNAME to the exact name of the interface that reaches the other nodes";
  }
}

bool is_loopback_endpoint(const JudgeContext& ctx, const Endpoint& e) {
  if (const auto* i = ctx.iface(e.link)) {
    if (i->kind == netif::Kind::loopback) return true;
  }
  auto ip = parse_any_ip(e.addr.substr(0, e.addr.find('%')));
  if (ip && is_loopback(*ip)) return true;
  for (const auto& entry : ctx.inventory.entries) {
    if (entry.name == e.iface && entry.loopback) return true;
  }
  return false;
}

std::optional<netif::Kind> kind_of(const JudgeContext& ctx, const Endpoint& e) {
  if (const auto* i = ctx.iface(e.link)) return i->kind;
  return std::nullopt;
}

}  // namespace detail

std::vector<core::Finding> judge_prediction(const netif::Inventory& inventory, const Prediction& prediction,
                                            const GlooPrediction& gloo, const NcclConfig& config,
                                            const Version& version) {
  detail::JudgeContext ctx{inventory, prediction, gloo, config, version, {}, {}, {}};
  ctx.best = best_interface(inventory);
  if (ctx.best) {
    ctx.nccl_fix = propose_nccl_ifname(inventory, *ctx.best, prediction, config, version);
    ctx.gloo_fix = propose_gloo_ifname(inventory, *ctx.best);
  }
  std::vector<core::Finding> out;
  detail::judge_config_files(ctx, out);
  detail::judge_ifname_syntax(ctx, out);
  detail::judge_comm_id(ctx, out);
  detail::judge_no_interface(ctx, out);
  detail::judge_chosen(ctx, out);
  detail::judge_gloo(ctx, out);
  core::sort_findings(out);
  return out;
}

}  // namespace dd::nccl
