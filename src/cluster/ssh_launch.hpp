// `preflight --ssh HOST,...` / `--hostfile FILE`: rank 0 starts the other nodes itself. For each
// host (rank 1, 2, ... in list order) it makes a temporary folder over ssh, copies its own binary
// there with scp, runs `preflight --json --rank R` there with the world's rendezvous, token and
// timeout, and removes the folder again. ssh runs with the user's config and agent plus
// BatchMode=yes and a ConnectTimeout, every step through os::ProcessRunner with a deadline, so a
// host that cannot be reached (or logged into) becomes a finding, never a hang.
#pragma once

#include <chrono>
#include <functional>
#include <latch>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/deadline.hpp"
#include "core/finding.hpp"
#include "core/result.hpp"
#include "os/file_tree.hpp"
#include "os/process_runner.hpp"

namespace dd::cluster {

struct PreflightOutcome;

struct SshLaunchOptions {
  std::vector<std::string> hosts;            // [user@]host, rank = index + 1
  std::string executable;                    // the binary to copy (/proc/self/exe's target)
  std::vector<std::string> member_args;      // arguments after `preflight` for every member; --rank is added
  std::chrono::milliseconds timeout{60000};  // the members' --timeout; each host's whole launch gets this + 30 s
  int connect_timeout_s = 10;                // ssh -o ConnectTimeout
  std::vector<std::string> ssh_options;      // more `-o KEY=VALUE` for ssh and scp (--ssh-option)
  std::string ssh = "ssh";
  std::string scp = "scp";
};

// What happened on one host.
struct SshHostResult {
  std::string host;
  int rank = 0;
  std::string stage;       // where it stopped: "connect", "copy", "run"; "" when the member ran
  std::string error;       // ssh/scp's own words (last stderr lines), or "timed out after N s"
  int exit_code = -1;      // the remote preflight's exit code when it ran
  bool reached = false;    // ssh logged in and ran the first command (it exited other than 255)
  std::string remote_dir;  // the temporary folder, "" when none was made
  bool cleaned = false;    // the folder was removed again
};

// "a,b, c" → {"a","b","c"}; an empty entry or one with blanks or a leading '-' is an error naming it.
core::Result<std::vector<std::string>> parse_ssh_hosts(std::string_view list);
// One host per line (MPI style "host slots=8" keeps the first word); '#' starts a comment.
core::Result<std::vector<std::string>> read_hostfile(const os::FileTree& files, const std::string& path);

// One host, start to finish (make folder, copy, run, remove); never waits past `deadline`.
// `copied` is called once when the copy is done or has failed, before the remote run starts.
SshHostResult launch_on_host(const os::ProcessRunner& runner, const SshLaunchOptions& options, std::size_t index,
                             core::Deadline deadline, const std::function<void()>& copied = {});
// Every host in parallel (one thread each); returns when all are done. `copied` (optional, made
// with hosts.size()) counts down once per host after its copy, so rank 0 can start its own
// preflight clock only when the binaries are in place (a copy is bounded by its own deadline).
std::vector<SshHostResult> launch_on_hosts(const os::ProcessRunner& runner, const SshLaunchOptions& options,
                                           std::latch* copied = nullptr);

// preflight.ssh.unreachable / .copy-failed / .remote-failed / .cleanup-failed, one per host.
std::vector<core::Finding> ssh_findings(const std::vector<SshHostResult>& results);
// The launch's part of `preflight --json`: {"hosts": [{host, rank, ok, stage, error, exit_code, dir, cleaned}]}.
nlohmann::json ssh_json(const std::vector<SshHostResult>& results);
// Adds the findings and the "ssh" object to rank 0's outcome; an error finding makes it exit 1.
void merge_ssh_results(PreflightOutcome& outcome, const std::vector<SshHostResult>& results);

}  // namespace dd::cluster
