#include "cli/preflight_ssh.hpp"

#include <fmt/format.h>

#include "cli/flag_checks.hpp"

#include "cli/real_context.hpp"

namespace dd::cli {

void add_ssh_flags(CLI::App& sub, SshFlags& f) {
  sub.add_option("--ssh", f.hosts,
                 "start the other nodes from here over ssh: HOST[,HOST...] become ranks 1..N "
                 "(this node is rank 0; needs --rendezvous with an address of this node)");
  sub.add_option("--hostfile", f.hostfile, "like --ssh, one host per line ('host slots=8' keeps the host; # comments)");
  sub.add_option("--ssh-option", f.options, "extra ssh/scp -o option, e.g. Port=2222 (repeatable)");
  sub.add_option("--ssh-connect-timeout", f.connect_timeout_s, "seconds ssh may take to connect")
      ->check(whole_number(1, 300, "seconds"));
}

core::Result<std::vector<std::string>> ssh_hosts(const SshFlags& f, const os::FileTree& files,
                                                 env::launchers::LaunchFlags& lf) {
  if (!f.hosts.empty() && !f.hostfile.empty())
    return core::make_error(core::ErrorKind::usage, "give either --ssh or --hostfile, not both");
  if (!lf.rendezvous)
    return core::make_error(core::ErrorKind::usage,
                            "--ssh/--hostfile need --rendezvous HOST:PORT, an address of "
                            "this node (rank 0) that the hosts can reach");
  if (lf.rank && *lf.rank != 0)
    return core::make_error(core::ErrorKind::usage,
                            fmt::format("--ssh/--hostfile: this node is rank 0, not --rank {}", *lf.rank));
  auto hosts = f.hosts.empty() ? cluster::read_hostfile(files, f.hostfile) : cluster::parse_ssh_hosts(f.hosts);
  if (!hosts) return hosts;
  int world = static_cast<int>(hosts->size()) + 1;
  if (lf.world && *lf.world != world)
    return core::make_error(core::ErrorKind::usage,
                            fmt::format("--world {} does not match {} hosts + this node", *lf.world, hosts->size()));
  lf.rank = 0;
  lf.world = world;
  return hosts;
}

cluster::SshLaunchOptions ssh_launch_options(const SshFlags& f, std::vector<std::string> hosts,
                                             std::vector<std::string> member_args, int timeout_s) {
  cluster::SshLaunchOptions o;
  o.hosts = std::move(hosts);
  o.executable = self_executable();
  o.member_args = std::move(member_args);
  o.timeout = std::chrono::seconds(timeout_s);
  o.connect_timeout_s = f.connect_timeout_s;
  o.ssh_options = f.options;
  return o;
}

}  // namespace dd::cli
