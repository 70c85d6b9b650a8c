// lint.torch.master-addr-localhost's env:// fix across the files of one lint run: a shell file
// linted with the Python file shows how it is started, and so whether MASTER_ADDR/MASTER_PORT (and
// RANK/WORLD_SIZE) that env:// reads are set. torchrun and `python -m torch.distributed.run|launch`
// set all four for each worker (torch/distributed/elastic/agent/server/local_elastic_agent.py,
// _start_workers, torch 1.10 to 2.x): the edit alone, saying nothing else is needed. srun, mpirun
// and plain python set none of them: the edit, plus a line in the shell file, above the launch,
// that exports them (srun: the allocation's first node; else MASTER_ADDR must be given, the line
// stops without it), with `-x MASTER_ADDR -x MASTER_PORT` after Open MPI's mpirun.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "lint/lightning_tasks_across.hpp"
#include "lint/lint.hpp"

namespace dd::lint::detail {

// Gives each such finding (still prose) its edits when a launcher is found; returns the files the
// new edits change.
std::set<std::string> env_init_across(const std::vector<FileFacts>& files, std::vector<LintFinding>& findings);

// lint.launch.env-init-unset: a Python file whose init_process_group reads env:// (MASTER_ADDR and
// MASTER_PORT from the environment), started by srun (or Open MPI's mpirun with -x) in a shell file
// of the same run, where no file of the run names those variables at all and torchrun is not used:
// every rank stops in init_process_group. The edit exports them above the launch (srun: the
// allocation's first node and port 29500). `findings`: those already made (a line they edit gets
// no second edit, the fix stays printed).
std::vector<LintFinding> env_unset_across(const std::vector<FileFacts>& files,
                                          const std::vector<LintFinding>& findings);

}  // namespace dd::lint::detail
