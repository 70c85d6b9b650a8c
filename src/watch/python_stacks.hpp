// Python stacks of a stalled job through py-spy (optional: `pip install py-spy`). py-spy reads a
// running interpreter's frames from outside (ptrace), so it shows the line every rank waits on:
// the collective, the data loader's queue, a barrier.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "os/process_runner.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {

inline constexpr std::size_t k_max_python_dumps = 8;

// The Python processes of the tree (by command name or command line), at most k_max_python_dumps.
std::vector<int> python_pids(const Snapshot& s);

// `py-spy dump --pid P` for each pid, each bounded by `per_pid` and all of them by twice that
// (watch's loop waits for them): its lines (the header line
// "py-spy dump --pid P" first), or one line saying that py-spy is not installed or failed.
std::vector<std::string> python_stacks(const os::ProcessRunner& runner, const std::vector<int>& pids,
                                       std::chrono::milliseconds per_pid);

}  // namespace dd::watch
