// Rendezvous (torch env://), torchelastic/torchrun, Gloo, TensorPipe, TensorFlow, CUDA and the
// launchers' own variables (Slurm, Open MPI, MPICH/Hydra, PMI/PMIx). nccl-facts §7; launcher
// names as the launchers document them. Interpreting launcher variables is src/env/launchers/'s
// job; here they are only named, typed and grouped.
#include "env/catalog_build.hpp"

namespace dd::env::detail {

namespace {

VarSpec rdzv_int(std::string_view name, long long lo, long long hi, std::string_view note) {
  return with_range(var(name, VarFamily::rendezvous, VarType::integer, note), lo, hi);
}

// Appends variables that need no range or note, one per name.
void plain(std::vector<VarSpec>& v, VarFamily family, VarType type, std::initializer_list<std::string_view> names) {
  for (auto name : names) v.push_back(var(name, family, type, {}));
}

VarSpec typed(std::string_view name, VarFamily family, VarType type = VarType::string, std::string_view note = {}) {
  return var(name, family, type, note);
}

}  // namespace

std::vector<VarSpec> launcher_vars() {
  using F = VarFamily;
  using T = VarType;
  constexpr long long k_big = 1LL << 31;
  // torch.distributed env:// rendezvous (set by torchrun for every worker).
  std::vector<VarSpec> v = {
      typed("MASTER_ADDR", F::rendezvous, T::string, "host of rank 0's TCPStore; required by env://"),
      rdzv_int("MASTER_PORT", 1, 65535, "port of rank 0's TCPStore; required by env://"),
      rdzv_int("RANK", 0, k_big, "global rank"),
      rdzv_int("WORLD_SIZE", 1, k_big, "number of ranks"),
      rdzv_int("LOCAL_RANK", 0, k_big, "rank within this node"),
      rdzv_int("LOCAL_WORLD_SIZE", 1, k_big, "ranks on this node"),
      rdzv_int("NODE_RANK", 0, k_big, "node index (torchrun --node-rank)"),
      rdzv_int("GROUP_RANK", 0, k_big, "torchrun: this agent's (node's) rank"),
      rdzv_int("GROUP_WORLD_SIZE", 1, k_big, "torchrun: number of agents (nodes)"),
      rdzv_int("ROLE_RANK", 0, k_big, "torchrun: rank among workers of the same role"),
      rdzv_int("ROLE_WORLD_SIZE", 1, k_big, "torchrun: workers of the same role"),
      typed("ROLE_NAME", F::rendezvous),
      rdzv_int("NNODES", 1, k_big, "node count used by many launch scripts (not read by torch itself)"),
      enum_var("USE_LIBUV", F::rendezvous, {"0", "1"}, true, "0 selects the legacy TCPStore backend"),
      // torchelastic / torchrun.
      enum_var("TORCHELASTIC_USE_AGENT_STORE", F::torchelastic, {"True", "False"}, true,
               "True: the agent hosts the store and every rank is a client"),
      typed("PET_NNODES", F::torchelastic, T::string, "torchrun --nnodes (MIN[:MAX])"),
      // Gloo and TensorPipe.
      typed("GLOO_SOCKET_IFNAME", F::gloo, T::string, "comma list of exact interface names"),
      enum_var("GLOO_DEVICE_TRANSPORT", F::gloo, {"TCP", "TCP_TLS", "UV"}, true),
      typed("TP_SOCKET_IFNAME", F::tensorpipe, T::string, "exact interface name for TensorPipe RPC"),
      // TensorFlow.
      typed("TF_CONFIG", F::tf, T::json, "cluster spec and this task's role"),
      enum_var("TF_CPP_MIN_LOG_LEVEL", F::tf, {"0", "1", "2", "3"}, true),
      enum_var("TF_FORCE_GPU_ALLOW_GROWTH", F::tf, {"true", "false"}, false),
      // CUDA.
      typed("CUDA_VISIBLE_DEVICES", F::cuda, T::string, "GPU indices or UUIDs visible to the process"),
      enum_var("CUDA_DEVICE_ORDER", F::cuda, {"FASTEST_FIRST", "PCI_BUS_ID"}, true),
      typed("NVIDIA_VISIBLE_DEVICES", F::cuda, T::string, "GPUs a container runtime exposes"),
  };
  // Named and typed only: no range, no note.
  plain(v, F::torchelastic, T::integer,
        {"TORCHELASTIC_RESTART_COUNT", "TORCHELASTIC_MAX_RESTARTS", "TORCHELASTIC_HEALTH_CHECK_PORT", "PET_NODE_RANK",
         "PET_MASTER_PORT"});
  plain(v, F::torchelastic, T::string,
        {"TORCHELASTIC_RUN_ID", "TORCHELASTIC_ERROR_FILE", "TORCHELASTIC_ENABLE_FILE_TIMER", "TORCHELASTIC_TIMER_FILE",
         "PET_NPROC_PER_NODE", "PET_MASTER_ADDR", "PET_RDZV_ENDPOINT", "PET_RDZV_BACKEND", "PET_RDZV_ID"});
  plain(v, F::gloo, T::string,
        {"GLOO_DEVICE_TRANSPORT_TCP_TLS_PKEY", "GLOO_DEVICE_TRANSPORT_TCP_TLS_CERT",
         "GLOO_DEVICE_TRANSPORT_TCP_TLS_CA_FILE", "GLOO_DEVICE_TRANSPORT_TCP_TLS_CA_PATH"});
  // Slurm.
  plain(v, F::slurm, T::integer,
        {"SLURM_PROCID", "SLURM_NTASKS", "SLURM_NPROCS", "SLURM_NNODES", "SLURM_JOB_NUM_NODES", "SLURM_NODEID",
         "SLURM_LOCALID"});
  plain(v, F::slurm, T::string,
        {"SLURM_JOB_ID", "SLURM_STEP_ID", "SLURM_JOB_NODELIST", "SLURM_NODELIST", "SLURM_STEP_NODELIST",
         "SLURM_TASKS_PER_NODE", "SLURM_NTASKS_PER_NODE", "SLURM_GPUS_ON_NODE", "SLURM_LAUNCH_NODE_IPADDR",
         "SLURMD_NODENAME"});
  // Open MPI; MPICH / Hydra / Intel MPI.
  plain(v, F::mpi, T::integer,
        {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_SIZE",
         "OMPI_COMM_WORLD_NODE_RANK", "MPI_LOCALRANKID", "MPI_LOCALNRANKS"});
  plain(v, F::mpi, T::string,
        {"OMPI_MCA_btl_tcp_if_include", "OMPI_MCA_btl_tcp_if_exclude", "OMPI_MCA_oob_tcp_if_include",
         "I_MPI_HYDRA_IFACE"});
  // PMI / PMIx.
  plain(v, F::pmi, T::integer, {"PMI_RANK", "PMI_SIZE", "PMI_LOCAL_RANK", "PMI_LOCAL_SIZE", "PMI_FD", "PMIX_RANK"});
  plain(v, F::pmi, T::string, {"PMI_PORT", "PMIX_NAMESPACE"});
  return v;
}

}  // namespace dd::env::detail
