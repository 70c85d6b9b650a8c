// fork/exec's failure report: the child writes its errno to a close-on-exec pipe when execve
// fails, so the parent learns whether the program started before it waits on its output.
#pragma once

#include <sys/types.h>

#include <optional>

#include "os/unique_fd.hpp"

namespace dd::os {

// Reads the report pipe (its write end already closed here). nullopt: execve succeeded (the pipe
// closed empty). A value: the child's errno from the failed execve; the child has been reaped.
std::optional<int> exec_failure(const UniqueFd& report_read, pid_t pid);

}  // namespace dd::os
