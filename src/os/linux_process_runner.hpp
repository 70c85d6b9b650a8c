// LinuxProcessRunner: the real ProcessRunner (fork + execve, pipes for stdout/stderr, a poll loop
// bounded by the spec's timeout). The child runs in its own process group with stdin on
// /dev/null; when the deadline passes the whole group gets SIGTERM, then SIGKILL after the grace
// period, and the child is always reaped (waitpid) before run() returns.
#pragma once

#include <chrono>

#include "os/process_runner.hpp"

namespace dd::os {

class LinuxProcessRunner final : public ProcessRunner {
 public:
  // `grace`: how long a timed-out child gets between SIGTERM and SIGKILL.
  explicit LinuxProcessRunner(std::chrono::milliseconds grace = std::chrono::milliseconds(1000)) : grace_(grace) {}

  // Runs spec.argv (argv[0] a path, or a name looked up in this process's PATH). Output beyond
  // spec.max_output per stream is read and dropped so the child never blocks on a full pipe.
  // Error (kind system / not_found) only when the child could not be started at all.
  core::Result<ProcessOutcome> run(const ProcessSpec& spec) const override;

 private:
  std::chrono::milliseconds grace_;
};

}  // namespace dd::os
