// Lightning under Slurm across the files of one lint run: the batch script's srun step starts
// --ntasks-per-node processes of a script whose Trainer asks for devices=N. Lightning's
// SLURMEnvironment (lightning/fabric/plugins/environments/slurm.py, validate_settings, Lightning 2.x)
// expects one task per device and stops at start when SLURM_NTASKS_PER_NODE differs from devices;
// it checks only when --ntasks-per-node was given (the variable is set), and so does this rule.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "lint/lint.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

struct FileFacts {
  std::string file;
  std::vector<SrunScript> sruns;
  std::vector<TrainerSeen> trainers;
  // A shell file, or a Python file with a prose lint.torch.master-addr-localhost fix, as read (the
  // text of its edits, --fix's text); empty for other files.
  std::string text;
  bool python = false;
  std::vector<EnvInitRead> env_reads;  // a Python file's env:// init_process_group calls
  // Which of MASTER_ADDR, MASTER_PORT the file's text names anywhere (set, read or in a comment).
  std::set<std::string> names;
};

// lint.slurm.lightning-devices-tasks: one finding per srun step whose script (matched by file name,
// in the same folder tree) holds a Trainer(devices=N) that differs from the step's tasks per node.
std::vector<LintFinding> lightning_tasks_across(const std::vector<FileFacts>& files);

}  // namespace dd::lint::detail
