// The Windows build's command table (windows/CMakeLists.txt builds it instead of
// command_table.cpp): lint, logs and env as on Linux, check reduced to the adapter list and the
// Windows findings (cmd_check_windows.cpp). The Linux-only commands keep their names so that
// asking for one says why it is missing (exit 2, one line) instead of "unknown command".
#include <cstdio>
#include <string>

#include "cli/command.hpp"
#include "core/exit_code.hpp"

namespace dd::cli {

void setup_logs(CLI::App& sub, const GlobalOptions& global, int& exit_code);  // cmd_logs.cpp
void setup_lint(CLI::App& sub, const GlobalOptions& global, int& exit_code);  // cmd_lint.cpp

namespace {

// A command that needs Linux (netlink, /proc, namespaces, fork/exec, libnccl): accepts any
// arguments and answers with one line on stderr and exit 2.
void setup_unavailable(CLI::App& sub, const GlobalOptions&, int& exit_code) {
  sub.allow_extras();
  sub.prefix_command();
  std::string name = sub.get_name();
  sub.callback([name, &exit_code] {
    std::fprintf(stderr,
                 "distdoctor: error: '%s' is not available in the Windows build (it needs Linux); "
                 "run it with the Linux binary on the cluster's nodes\n",
                 name.c_str());
    exit_code = core::k_exit_usage;
  });
}

}  // namespace

const std::vector<Command>& command_table() {
  static const std::vector<Command> table = {
      {"logs", "diagnose NCCL / torch / Gloo / TF logs from every rank and name the cause", setup_logs},
      {"check", "this Windows machine: its network adapters and the Windows findings (NCCL does not exist here)",
       setup_check},
      {"env", "audit NCCL_*, TORCH_*, GLOO_*, MASTER_*, rank and TF_CONFIG variables; --export prints the fixes",
       setup_env},
      {"lint",
       "pitfalls in training scripts and launch files (.py, .sh/.sbatch, Dockerfile; YAML needs the Linux build)",
       setup_lint},
      {"nics", "(Linux only) interface inventory and the NCCL / Gloo interface prediction", setup_unavailable},
      {"preflight", "(Linux only) every node runs it: meet, probe each other, one verdict", setup_unavailable},
      {"bench", "(Linux only) nccl-tests-style collective bandwidth over TCP between the nodes", setup_unavailable},
      {"watch", "(Linux only) run the job, notice a stall, say what every stuck process waits for", setup_unavailable},
      {"launch-template", "(Linux only) a multi-node launch script with this node's verified settings",
       setup_unavailable},
  };
  return table;
}

}  // namespace dd::cli
