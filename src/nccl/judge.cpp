// Orchestration of the judge and the verified proposals (see judge.hpp).
#include "nccl/judge.hpp"

#include <cstdint>
#include <optional>
#include <tuple>
#include <utility>

#include "core/address.hpp"
#include "nccl/judge_context.hpp"
#include "netif/preference.hpp"

namespace dd::nccl {

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

void add_nccl_fix(const JudgeContext& ctx, core::Finding& f) {
  if (ctx.nccl_fix) {
    f.fix.env["NCCL_SOCKET_IFNAME"] = ctx.nccl_fix->value;
    f.fix.text = "export NCCL_SOCKET_IFNAME=" + ctx.nccl_fix->value + " (selects " + ctx.nccl_fix->iface +
                 (ctx.nccl_fix->why.empty() ? "" : ", " + ctx.nccl_fix->why) +
                 ") on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host "
                 "values";
  } else {
    f.fix.text =
        "no interface here can reach other nodes: connect and bring up a data interface with a routable "
        "address, then set NCCL_SOCKET_IFNAME to it";
  }
}

void add_gloo_fix(const JudgeContext& ctx, core::Finding& f) {
  if (ctx.gloo_fix) {
    f.fix.env["GLOO_SOCKET_IFNAME"] = ctx.gloo_fix->value;
    f.fix.text = "export GLOO_SOCKET_IFNAME=" + ctx.gloo_fix->value + " (" + ctx.gloo_fix->why + ")";
    // The host name decides Gloo's address only while GLOO_SOCKET_IFNAME is unset (torch's
    // ProcessGroupGloo: the interface when the variable is set, else the host name's address).
    if (ctx.gloo.source != GlooSource::ifname)
      f.fix.text += "; or map this host name to the node's real address in /etc/hosts";
  } else {
    f.fix.text = "set GLOO_SOCKET_IFNAME to the exact name of the interface that reaches the other nodes";
  }
}

bool is_loopback_endpoint(const JudgeContext& ctx, const Endpoint& e) {
  if (const auto* i = ctx.iface(e.link)) {
    if (i->kind == netif::Kind::loopback) return true;
  }
  if (core::is_loopback_address(e.addr)) return true;
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
  ctx.best = netif::best_interface(inventory);
  // NCCL's fix goes where GLOO_SOCKET_IFNAME already puts Gloo when that link binds a routable address
  // the policy accepts: one network for both (fix-2026-12-07t p02: `==eno1`, the management port, was
  // printed beside GLOO_SOCKET_IFNAME=bond0 and MASTER_ADDR on bond0's network)
  const std::string gloo_link =
      gloo.source == GlooSource::ifname && gloo.device && !gloo.loopback && core::is_routable_address(gloo.device->addr)
          ? gloo.device->link
          : std::string();
  // ... and only where the ranking puts it no lower (class, then speed) than its best (review59: a
  // GLOO_SOCKET_IFNAME on a 1G management port must not draw NCCL's data off a faster link)
  auto rank_of = [&](const std::string& name) -> std::optional<std::pair<int, std::int64_t>> {
    const auto* i = name.empty() ? nullptr : inventory.find(name);
    if (!i || !i->running) return std::nullopt;
    auto key =
        netif::preference_key({i->name, i->kind, !i->master.empty(), i->speed_mbps.value_or(0), true, i->ifindex});
    if (!key) return std::nullopt;
    return std::pair(std::get<0>(*key), std::get<1>(*key));
  };
  const auto gloo_rank = rank_of(gloo_link);
  const auto best_rank = ctx.best ? rank_of(*ctx.best) : std::nullopt;
  const bool gloo_ok = gloo_rank && (!best_rank || *gloo_rank <= *best_rank);
  if (gloo_ok) ctx.best = gloo_link;
  if (ctx.best) {
    ctx.nccl_fix = propose_nccl_ifname(inventory, *ctx.best, prediction, config, version);
    if (ctx.nccl_fix && gloo_ok) ctx.nccl_fix->why += ", where GLOO_SOCKET_IFNAME puts Gloo";
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
