// The findings `check` adds on top of the capability modules: the real library versus the model
// (a disagreement means distdoctor's prediction is wrong here, which it must say), probe failures,
// and which NCCL libraries a process could load.
#pragma once

#include <vector>

#include "check/context.hpp"
#include "core/finding.hpp"

namespace dd::check {

struct CheckReport;

// Every finding about NCCL's and Gloo's interface choice: nccl::judge_prediction plus
// probe_findings and library_findings below.
std::vector<core::Finding> judge_all(const CheckReport& report, const Context& ctx);

// The probe versus the prediction; a probe that failed, crashed or hung.
std::vector<core::Finding> probe_findings(const CheckReport& report);

// No libnccl found; several different ones a process might pick up.
std::vector<core::Finding> library_findings(const CheckReport& report);

// Container checks (/dev/shm, /dev/infiniband, memlock, bridge networking); fills report.container.
std::vector<core::Finding> container_checks(CheckReport& report, const Context& ctx);

}  // namespace dd::check
