// Node counts a Slurm batch file hands torchrun that are not the node count (slurm_counts_rule.cpp):
//  - lint.slurm.nnodes-from-ntasks: `--nnodes=$SLURM_NTASKS` (or SLURM_NPROCS): the task count, which
//    the batch shell expands before srun runs (fix-2026-12-07t p07: 2 nodes x 8 tasks = 16 agents
//    expected, 2 started: the rendezvous waits for the 14 others). The edit names SLURM_NNODES.
//  - lint.slurm.nodes-range-fixed-nnodes: `#SBATCH --nodes=2-4` with a literal `--nnodes=2`: Slurm may
//    grant up to 4 nodes, srun starts an agent on each, and the agents past 2 find the rendezvous full
//    (fix-2026-12-07t p21). The edit asks for the launcher's count: `#SBATCH --nodes=2`.
#pragma once

#include "lint/rules.hpp"

namespace dd::lint::detail {

void slurm_counts_rule(FileContext& ctx);

}  // namespace dd::lint::detail
