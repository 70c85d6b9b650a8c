// nccl::judge_prediction: turns the NCCL and Gloo predictions of one machine into findings with
// exact fixes (DESIGN.md labels). Every NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME value offered in
// a fix has been checked by running the model itself on it (predict_with_comm_id /
// predict_gloo_ifname) before it is suggested. Rules follow NCCL 2.28.9 (nccl-facts §1, §8) and
// the gotchas there: exclusion lists pick lo, 1-character values are ignored, NO-CARRIER links
// are invisible since 2.28.3, link-local scope ids are host-local, docker0 has the same address on
// every host, hostname -> 127.0.1.1 makes Gloo bind loopback.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "nccl/config.hpp"
#include "nccl/gloo_predict.hpp"
#include "nccl/predict.hpp"
#include "nccl/version.hpp"
#include "netif/interface.hpp"

namespace dd::nccl {

// A verified NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME value.
struct IfnameProposal {
  std::string iface;  // the interface it selects
  std::string value;  // the variable's value ("=eth0")
  std::string why;    // "InfiniBand", "fastest running interface (100000 Mb/s)", ...
};

// A value for NCCL_SOCKET_IFNAME that makes the model choose `iface` for NET/Socket and (without
// NCCL_COMM_ID) the bootstrap: "=iface" when the version knows '=', else "iface". nullopt when no
// value is verified. `prediction` supplies the resolved NCCL_COMM_ID.
std::optional<IfnameProposal> propose_nccl_ifname(const netif::Inventory& inventory, const std::string& iface,
                                                  const Prediction& prediction, const NcclConfig& config,
                                                  const Version& version);

// GLOO_SOCKET_IFNAME=iface when the Gloo model then binds a non-loopback address of `iface`.
std::optional<IfnameProposal> propose_gloo_ifname(const netif::Inventory& inventory, const std::string& iface);

// All findings about the predicted interface choice, most important first (core::sort_findings).
// Ids: nccl.ifname.*, nccl.bootstrap.*, nccl.socket.*, nccl.comm-id.*, nccl.conf.*, nccl.family.*,
// gloo.*, nccl.gloo.interface-mismatch.
std::vector<core::Finding> judge_prediction(const netif::Inventory& inventory, const Prediction& prediction,
                                            const GlooPrediction& gloo, const NcclConfig& config,
                                            const Version& version);

}  // namespace dd::nccl
