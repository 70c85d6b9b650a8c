// Internal to the judge: what every rule sees, and the rule entry points (one file each).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "nccl/judge.hpp"

namespace dd::nccl::detail {

struct JudgeContext {
  const netif::Inventory& inventory;
  const Prediction& prediction;
  const GlooPrediction& gloo;
  const NcclConfig& config;
  const Version& version;
  std::optional<std::string> best;         // best_interface()
  std::optional<IfnameProposal> nccl_fix;  // verified NCCL_SOCKET_IFNAME for `best`
  std::optional<IfnameProposal> gloo_fix;  // verified GLOO_SOCKET_IFNAME

  const netif::Interface* iface(const std::string& link) const { return inventory.find(link); }
  // "NCCL_SOCKET_IFNAME='^docker' (from /etc/nccl.conf:3)"
  std::string ifname_setting() const;
};

// `s` with CR, LF and tab spelled out (\\r), for titles and evidence.
std::string visible(const std::string& s);

// Adds the NCCL_SOCKET_IFNAME fix (or a text-only fix when none is verified).
void add_nccl_fix(const JudgeContext& ctx, core::Finding& f);
void add_gloo_fix(const JudgeContext& ctx, core::Finding& f);

// Kind helpers over the inventory (fallback for links the inventory lacks: loopback flag / name).
bool is_loopback_endpoint(const JudgeContext& ctx, const Endpoint& e);
std::optional<netif::Kind> kind_of(const JudgeContext& ctx, const Endpoint& e);

// "eth0:198.18.0.2": an endpoint as findings name it.
inline std::string where(const Endpoint& e) { return e.iface + ":" + e.addr; }

void judge_ifname_syntax(const JudgeContext& ctx, std::vector<core::Finding>& out);
void judge_config_files(const JudgeContext& ctx, std::vector<core::Finding>& out);
void judge_no_interface(const JudgeContext& ctx, std::vector<core::Finding>& out);
void judge_comm_id(const JudgeContext& ctx, std::vector<core::Finding>& out);
void judge_chosen(const JudgeContext& ctx, std::vector<core::Finding>& out);
void judge_gloo(const JudgeContext& ctx, std::vector<core::Finding>& out);

}  // namespace dd::nccl::detail
