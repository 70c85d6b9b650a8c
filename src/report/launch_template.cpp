#include "report/launch_template.hpp"

#include <fmt/format.h>

#include "core/export_line.hpp"
#include "core/strings.hpp"
#include "core/utf8.hpp"
#include "report/shell_block.hpp"

namespace dd::report {

namespace {

// "export A=b  # why" (why with control characters escaped: it stays one line).
std::string line(std::string_view code, std::string_view why) {
  return fmt::format("{:<44}  # {}\n", code, core::escape_control(why));
}

std::string variables(const FixPlan& plan, const InterfaceChoice& here) {
  std::string out = "# --- network and NCCL: verified by distdoctor check on this node ---\n";
  FixPlan rest = plan;
  for (const char* name : {"NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME"}) {
    auto it = plan.env.find(name);
    if (it != plan.env.end()) {
      std::string note = core::exact_name_note(name, it->second);  // "  # '=' = exact names: ..."
      out += line(core::export_line(name, it->second),
                  "fix from " + plan.why.at(name) + (note.empty() ? "" : "; " + note.substr(4)));
      rest.env.erase(name);
    } else if (!here.iface.empty()) {
      bool nccl = name[0] == 'N';
      out += line(core::export_line(name, here.iface),
                  nccl ? fmt::format("NCCL picks {} ({}) here; pinned so no node falls back to another link",
                                     here.iface, here.addr)
                       : std::string("Gloo and the c10d store on NCCL's link, not the hostname's address"));
    } else {
      out += "# " + std::string(name) + ": NCCL finds no usable interface on this node; run distdoctor check\n";
    }
  }
  for (const auto& [name, value] : rest.env) {
    out += line(core::export_line(name, value), "fix from " + plan.why.at(name));
  }
  out += line("export NCCL_DEBUG=WARN", "warnings only: a healthy job stays quiet");
  out += line("# export NCCL_DEBUG=INFO", "switch on when a job hangs: prints NCCL's interface and transport choice");
  out += line("# export NCCL_DEBUG_SUBSYS=INIT,NET", "with INFO: only init and network lines (for distdoctor logs)");
  if (!plan.per_host.empty()) {
    out += "# values that differ between nodes (preflight recommendation), chosen by hostname\n";
    out += per_host_case(plan);
  }
  return out;
}

std::string torchrun(const LaunchShape& s) {
  std::string out = "# --- rendezvous: run this script on every node, NODE_RANK=0 on the master ---\n";
  out += line("MASTER_ADDR=\"${MASTER_ADDR:?set MASTER_ADDR to the address of node 0}\"",
              "node 0's address on the NCCL interface, same on every node");
  out += line("MASTER_PORT=\"${MASTER_PORT:-29500}\"", "a free TCP port on node 0 (torchrun's c10d store)");
  out += line("NODE_RANK=\"${NODE_RANK:?set NODE_RANK: 0 on the master}\"",
              "this node's index, 0.." + std::to_string(s.nodes - 1));
  out += fmt::format("torchrun --nnodes={} --nproc_per_node={} \\\n", s.nodes, s.gpus_per_node);
  out += "  --node_rank=\"$NODE_RANK\" --master_addr=\"$MASTER_ADDR\" --master_port=\"$MASTER_PORT\" \\\n";
  out += "  train.py \"$@\"  # torchrun, not the deprecated python -m torch.distributed.launch\n";
  return out;
}

std::string srun(const LaunchShape& s) {
  std::string out = "# --- rendezvous: submit with sbatch; srun starts one torchrun per node ---\n";
  out += line("MASTER_ADDR=\"$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\"",
              "the allocation's first node (SLURM_JOB_NODELIST expanded by scontrol)");
  out += line("export MASTER_ADDR", "srun passes the environment to every task");
  out += line("export MASTER_PORT=\"${MASTER_PORT:-29500}\"", "a free TCP port on the first node");
  out += fmt::format(
      "srun --ntasks-per-node=1 bash -c 'exec torchrun --nnodes=\"$SLURM_NNODES\" --nproc_per_node={} "
      "--node_rank=\"$SLURM_NODEID\" --master_addr=\"$MASTER_ADDR\" --master_port=\"$MASTER_PORT\" train.py'  "
      "# SLURM_NODEID read on each node\n",
      s.gpus_per_node);
  return out;
}

std::string mpirun(const LaunchShape& s) {
  std::string out = "# --- rendezvous: run once, on the first host of the hostfile ---\n";
  out += line("HOSTFILE=\"${HOSTFILE:-hostfile}\"",
              "one host per line, e.g. \"node0 slots=" + std::to_string(s.gpus_per_node) + "\"");
  out += line("[ -r \"$HOSTFILE\" ] || { echo \"no hostfile $HOSTFILE\" >&2; exit 2; }",
              "stop with a message when the hostfile is missing");
  out += line("MASTER_ADDR=\"$(awk 'NF && $1 !~ /^#/ {print $1; exit}' \"$HOSTFILE\")\"",
              "the hostfile's first host is rank 0");
  out += line("export MASTER_ADDR MASTER_PORT=\"${MASTER_PORT:-29500}\"", "torch's env:// rendezvous reads both");
  // Open MPI's mpirun(1) man page, -x (1.x through 4.1): the ranks on other hosts get from this shell
  // only the variables named with -x; the rest of their environment is what the remote start (ssh)
  // gives. PATH and LD_LIBRARY_PATH forwarded make them find this python3 and this libnccl.
  out += line("export LD_LIBRARY_PATH=\"${LD_LIBRARY_PATH:-}\"", "set, maybe empty, so that mpirun has one to forward");
  out += fmt::format("mpirun -np {} --hostfile \"$HOSTFILE\" --map-by ppr:{}:node \\\n", s.nodes * s.gpus_per_node,
                     s.gpus_per_node);
  out += "  -x PATH -x LD_LIBRARY_PATH -x NCCL_SOCKET_IFNAME -x GLOO_SOCKET_IFNAME -x NCCL_DEBUG \\\n";
  out += "  -x MASTER_ADDR -x MASTER_PORT \\\n";
  out +=
      "  --mca oob_tcp_if_include \"${NCCL_SOCKET_IFNAME#=}\" --mca btl_tcp_if_include \"${NCCL_SOCKET_IFNAME#=}\" "
      "\\\n";
  out += "  python3 train.py \"$@\"  # rank/size from OMPI_COMM_WORLD_RANK / OMPI_COMM_WORLD_SIZE\n";
  return out;
}

std::string tf(const LaunchShape& s) {
  std::string out = "# --- TF_CONFIG: run on every worker with TASK_INDEX set (0 is the chief) ---\n";
  std::string workers;
  // Placeholders, not host names that might exist: the script stops until each one is replaced.
  for (int i = 0; i < s.nodes; ++i) workers += fmt::format("{}\"WORKER{}_HOST:12345\"", i ? " " : "", i);
  out += line("WORKERS=(" + workers + ")",
              "replace each WORKERn_HOST with that worker's host name or address (12345: the job's port); the "
              "same list in the same order everywhere");
  out += line(
      "for w in \"${WORKERS[@]}\"; do [[ $w != WORKER*_HOST:* ]] || { echo \"replace $w in WORKERS with that "
      "worker's host:port\" >&2; exit 2; }; done",
      "stop until every host is filled in");
  out += line("TASK_INDEX=\"${TASK_INDEX:?set TASK_INDEX: the index of this worker in WORKERS}\"",
              "0.." + std::to_string(s.nodes - 1));
  out += line("WORKER_LIST=\"$(printf '\"%s\",' \"${WORKERS[@]}\")\"", "JSON strings, comma separated");
  out += line(
      "TF_CONFIG=\"{\\\"cluster\\\":{\\\"worker\\\":[${WORKER_LIST%,}]},\\\"task\\\":{\\\"type\\\":\\\"worker\\\","
      "\\\"index\\\":$TASK_INDEX}}\"",
      "one cluster, this worker's task");
  out += line("export TF_CONFIG", "MultiWorkerMirroredStrategy reads it at start");
  out += "python3 train.py \"$@\"  # the same script on every worker\n";
  return out;
}

}  // namespace

core::Result<Launcher> parse_launcher(std::string_view name) {
  for (auto l : {Launcher::torchrun, Launcher::srun, Launcher::mpirun, Launcher::tf}) {
    if (to_string(l) == name) return l;
  }
  return core::make_error(core::ErrorKind::usage,
                          fmt::format("--launcher '{}': unknown launcher (use one of torchrun, srun, mpirun, tf)",
                                      core::escape_control(name)));
}

std::string_view to_string(Launcher l) {
  switch (l) {
    case Launcher::torchrun:
      return "torchrun";
    case Launcher::srun:
      return "srun";
    case Launcher::mpirun:
      return "mpirun";
    case Launcher::tf:
      return "tf";
  }
  return "torchrun";
}

std::string render_launch_template(const FixPlan& plan, const LaunchShape& s, const InterfaceChoice& here) {
  std::string out = "#!/bin/bash\n";
  if (s.launcher == Launcher::srun) {
    out += fmt::format("#SBATCH --nodes={}\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node={}\n", s.nodes,
                       s.gpus_per_node);
  }
  out += fmt::format("# distdoctor launch-template --launcher {} --nodes {} --gpus-per-node {}\n",
                     to_string(s.launcher), s.nodes, s.gpus_per_node);
  out += comment_line("made on " + s.made_on + "; run distdoctor preflight on all nodes to verify the cluster");
  out += note_comments(plan);
  // Each comment describes this template's own lines: only srun's reads scontrol | head.
  out += s.launcher == Launcher::srun
             ? "set -eu  # not pipefail: head -n 1 may close the pipe before scontrol ends (SIGPIPE)\n"
             : "set -eu  # stop at the first failing command or unset variable\n";
  out += variables(plan, here);
  switch (s.launcher) {
    case Launcher::torchrun:
      return out + torchrun(s);
    case Launcher::srun:
      return out + srun(s);
    case Launcher::mpirun:
      return out + mpirun(s);
    case Launcher::tf:
      return out + tf(s);
  }
  return out;
}

}  // namespace dd::report
