// The --ssh / --hostfile side of `distdoctor preflight` (cluster/ssh_launch.hpp does the work):
// its flags, the host list, and the launch options built from the preflight's own settings.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cluster/ssh_launch.hpp"
#include "core/result.hpp"
#include "env/launchers/launch_info.hpp"
#include "os/file_tree.hpp"

namespace dd::cli {

struct SshFlags {
  std::string hosts;                 // --ssh a,b,c
  std::string hostfile;              // --hostfile FILE
  std::vector<std::string> options;  // --ssh-option KEY=VALUE (repeatable)
  int connect_timeout_s = 10;        // --ssh-connect-timeout

  bool used() const { return !hosts.empty() || !hostfile.empty(); }
};

void add_ssh_flags(CLI::App& sub, SshFlags& flags);

// The hosts to start (ranks 1..N); sets this node's rank 0 and the world size in `lf`. A usage
// error names the flag: no --rendezvous, a rank other than 0, both --ssh and --hostfile.
core::Result<std::vector<std::string>> ssh_hosts(const SshFlags& flags, const os::FileTree& files,
                                                 env::launchers::LaunchFlags& lf);

// `member_args` are the preflight flags every started node gets besides --rank.
cluster::SshLaunchOptions ssh_launch_options(const SshFlags& flags, std::vector<std::string> hosts,
                                             std::vector<std::string> member_args, int timeout_s);

}  // namespace dd::cli
