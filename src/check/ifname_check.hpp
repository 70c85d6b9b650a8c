// The interface-valued variables (NCCL_SOCKET_IFNAME, GLOO_SOCKET_IFNAME) judged against this
// machine the way `check` judges them, for `env`: the same findings (nccl::judge_prediction over
// the NCCL and Gloo models, no probe), and every such value another fix would export checked the
// same way, so `eval "$(distdoctor env --export)"` never sets an interface this machine lacks.
#pragma once

#include <vector>

#include "check/context.hpp"
#include "core/finding.hpp"

namespace dd::check {

// A one-node job may use loopback: its findings that an interface variable selects loopback are
// left out (the job's environment says so: env::node_count). Anything else keeps check's view.
enum class JobNodes { one, several_or_unknown };

// check's nccl.ifname.* and gloo.ifname.* findings for ctx.env on this machine (ctx.probe unused).
std::vector<core::Finding> ifname_findings(const Context& ctx, JobNodes nodes);

// For each finding whose fix.env sets NCCL_SOCKET_IFNAME or GLOO_SOCKET_IFNAME: the value is run
// through ifname_findings with that value set; when it gives an error here, the fix takes the
// value check verified instead, or (none verified) drops the variable and says so in fix.text.
void verify_exported_ifnames(const Context& ctx, JobNodes nodes, std::vector<core::Finding>& findings);

}  // namespace dd::check
