// Job: the training command watch runs. Its own process group (a session when it has a pty),
// output relayed through the caller's sink as it arrives (a fixed 64 KiB buffer: when our
// stdout is slow the child blocks on its pipe, memory does not grow), signals forwarded to the
// whole group, and every descendant reaped: watch is a child subreaper, so grandchildren that
// outlive the command come back to it and are terminated and reaped at the end.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace dd::watch {

enum class Stream { out, err };

struct JobSpec {
  std::vector<std::string> argv;
  std::map<std::string, std::string> set_env;  // added to our environment (only where unset)
  bool use_pty = false;                        // stdout+stderr through one pseudo-terminal
};

class Job {
 public:
  virtual ~Job() = default;
  virtual int pid() const = 0;
  // Waits at most `max_wait` for output, a signal to forward or the command's exit; passes
  // output to `sink`. Returns the command's wait status once it exited and its output ended.
  virtual std::optional<int> pump(std::chrono::milliseconds max_wait,
                                  const std::function<void(Stream, std::string_view)>& sink) = 0;
  // Signal the command's process group and every other descendant.
  virtual void signal_all(int sig) = 0;
  // After the command exited: TERM, then after `grace` KILL to any remaining descendant; reap all.
  // Returns how many descendants were still alive.
  virtual int finish(std::chrono::milliseconds grace) = 0;
};

// Error (kind not_found/system) when the command cannot be started.
core::Result<std::unique_ptr<Job>> start_job(const JobSpec& spec);

// Shell-style exit code of a wait status: the code, or 128 + signal.
int exit_code_of(int wait_status);

}  // namespace dd::watch
