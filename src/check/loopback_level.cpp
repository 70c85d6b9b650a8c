#include "check/loopback_level.hpp"

#include <string>

namespace dd::check {

bool harms_only_multi_node(const core::Finding& f) {
  return f.id == "nccl.bootstrap.loopback" || f.id == "nccl.ifname.selects-loopback" ||
         f.id == "nccl.ifname.exclusion-picks-loopback" || f.id == "gloo.ifname.loopback" ||
         f.id == "gloo.hostname-loopback";
}

void follow_node_count(std::vector<core::Finding>& findings, std::optional<long long> nodes) {
  const std::string vars = "NNODES, GROUP_WORLD_SIZE, SLURM_NNODES, or WORLD_SIZE with LOCAL_WORLD_SIZE";
  for (auto& f : findings) {
    if (!harms_only_multi_node(f)) continue;
    if (nodes && *nodes == 1) {
      f.severity = core::Severity::info;
      f.evidence.push_back("the environment says the job runs on one node (" + vars +
                           "): its ranks reach each other over loopback, so this matters only for a job across hosts");
      f.fix.env.clear();
      f.fix.per_host.clear();
      f.fix.text = f.fix.text.empty() ? "nothing to do for this one-node job"
                                      : "nothing to do for this one-node job; for a job across hosts: " + f.fix.text;
    } else if (nodes) {
      f.severity = core::Severity::error;
      f.evidence.push_back("the environment says the job spans " + std::to_string(*nodes) + " nodes");
    } else {
      f.severity = core::Severity::error;
      f.evidence.push_back("assumed: the job spans hosts (the environment does not say how many nodes: no " + vars +
                           "); for a job on one node loopback is fine and this is no error");
    }
  }
}

}  // namespace dd::check
