// The one sentence every /dev/shm finding (lint.docker.small-shm, lint.k8s.no-shm-volume,
// container.shm.too-small) says about what a small /dev/shm does. The size is read, what the job
// puts there is not: users of it "can run out", never "run out".
#pragma once

#include <string>
#include <string_view>

namespace dd::nccl {

// Who uses /dev/shm when nothing narrower is known.
inline constexpr std::string_view k_shm_users = "NCCL's shared-memory transport and DataLoader workers";

// "<users> can run out of it (Bus error, or a hang)"; without the symptoms where the finding
// lists them in its evidence.
std::string shm_can_run_out(std::string_view users, bool with_symptoms = true);

}  // namespace dd::nccl
