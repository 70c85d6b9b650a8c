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

}  // namespace dd::lint::detail
