// `distdoctor launch-template`: the seeds' multi-node launch script made right for this node.
// Variables come from the verified fix (FixPlan of `check` on this node) plus the interface
// NCCL's model picks here when nothing needs changing; MASTER_ADDR comes from the launcher's own
// environment (Slurm: the first host of SLURM_JOB_NODELIST via scontrol; mpirun: the first line
// of a hostfile that must exist; torchrun/TF: given per node); NCCL_DEBUG=WARN with the INFO line
// ready to switch on. Every line that sets something carries a comment saying why.
#pragma once

#include <string>
#include <string_view>

#include "core/result.hpp"
#include "report/fix_plan.hpp"

namespace dd::report {

enum class Launcher { torchrun, srun, mpirun, tf };

core::Result<Launcher> parse_launcher(std::string_view name);  // error names the value and the valid names
std::string_view to_string(Launcher l);

struct LaunchShape {
  Launcher launcher = Launcher::torchrun;
  int nodes = 2;
  int gpus_per_node = 1;
  std::string made_on;  // this host's name, for the header
};

// NCCL's interface on this node when the plan does not set one (check's prediction).
struct InterfaceChoice {
  std::string iface;  // empty: NCCL would find none
  std::string addr;
};

// A bash script (bash -n clean) ending with a newline.
std::string render_launch_template(const FixPlan& plan, const LaunchShape& shape, const InterfaceChoice& here);

}  // namespace dd::report
