#include "cli/command.hpp"

namespace dd::cli {

// Internal commands, declared here rather than in command.hpp.
void setup_probe_child(CLI::App& sub, const GlobalOptions& global, int& exit_code);  // cmd_probe_child.cpp

void setup_logs(CLI::App& sub, const GlobalOptions& global, int& exit_code);              // cmd_logs.cpp
void setup_preflight(CLI::App& sub, const GlobalOptions& global, int& exit_code);         // cmd_preflight.cpp
void setup_watch(CLI::App& sub, const GlobalOptions& global, int& exit_code);             // cmd_watch.cpp
void setup_lint(CLI::App& sub, const GlobalOptions& global, int& exit_code);              // cmd_lint.cpp
void setup_bench(CLI::App& sub, const GlobalOptions& global, int& exit_code);             // cmd_bench.cpp
void setup_bench_nccl_child(CLI::App& sub, const GlobalOptions& global, int& exit_code);  // cmd_bench_nccl_child.cpp
void setup_launch_template(CLI::App& sub, const GlobalOptions& global, int& exit_code);   // cmd_launch_template.cpp

const std::vector<Command>& command_table() {
  static const std::vector<Command> table = {
      {"logs", "diagnose NCCL / torch / Gloo / TF logs from every rank and name the cause", setup_logs},
      {"check", "the one-machine doctor: interfaces, NCCL/Gloo choice, environment, library, container", setup_check},
      {"nics", "interface inventory and the NCCL / Gloo interface prediction", setup_nics},
      {"env", "audit NCCL_*, TORCH_*, GLOO_*, MASTER_*, rank and TF_CONFIG variables; --export prints the fixes",
       setup_env},
      {"preflight", "every node runs it: meet, probe each other, and rank 0 prints one verdict with the fix",
       setup_preflight},
      {"bench", "nccl-tests-style collective bandwidth over TCP between the nodes, on the job's interface",
       setup_bench},
      {"watch", "run the job (or attach to it), notice a stall, and say what every stuck process waits for",
       setup_watch},
      {"lint", "pitfalls in training scripts and launch files (.py, .sh/.sbatch, Dockerfile, Kubernetes YAML)",
       setup_lint},
      {"launch-template",
       "a multi-node launch script (torchrun / srun / mpirun / TF_CONFIG) with this node's verified settings",
       setup_launch_template},
      {"__probe-nccl",
       "(internal) load one libnccl in this process and print its version and unique-id address as JSON",
       setup_probe_child},
      {"__bench-nccl", "(internal) load libnccl and libcudart in this process and run bench's NCCL sweep",
       setup_bench_nccl_child},
  };
  return table;
}

}  // namespace dd::cli
