// Rendezvous (torch env://), torchelastic/torchrun, Gloo, TensorPipe, TensorFlow, CUDA and the
// launchers' own variables (Slurm, Open MPI, MPICH/Hydra, PMI/PMIx). nccl-facts §7; launcher
// names as the launchers document them. Interpreting launcher variables is src/env/launchers/'s
// job; here they are only named, typed and grouped.
#include "env/catalog_build.hpp"

namespace dd::env::detail {

namespace {

VarSpec rdzv_int(std::string_view name, long long lo, long long hi, std::string_view note) {
  return with_range(var(name, Family::rendezvous, VarType::integer, note), lo, hi);
}

VarSpec typed(std::string_view name, Family family, VarType type = VarType::string, std::string_view note = {}) {
  return var(name, family, type, note);
}

}  // namespace

std::vector<VarSpec> launcher_vars() {
  constexpr long long k_big = 1LL << 31;
  std::vector<VarSpec> v = {
      // torch.distributed env:// rendezvous (set by torchrun for every worker).
      typed("MASTER_ADDR", Family::rendezvous, VarType::string, "host of rank 0's TCPStore; required by env://"),
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
      typed("ROLE_NAME", Family::rendezvous),
      rdzv_int("NNODES", 1, k_big, "node count used by many launch scripts (not read by torch itself)"),
      enum_var("USE_LIBUV", Family::rendezvous, {"0", "1"}, true, "0 selects the legacy TCPStore backend"),
      // torchelastic / torchrun.
      typed("TORCHELASTIC_RUN_ID", Family::torchelastic),
      typed("TORCHELASTIC_RESTART_COUNT", Family::torchelastic, VarType::integer),
      typed("TORCHELASTIC_MAX_RESTARTS", Family::torchelastic, VarType::integer),
      enum_var("TORCHELASTIC_USE_AGENT_STORE", Family::torchelastic, {"True", "False"}, true,
               "True: the agent hosts the store and every rank is a client"),
      typed("TORCHELASTIC_ERROR_FILE", Family::torchelastic),
      typed("TORCHELASTIC_ENABLE_FILE_TIMER", Family::torchelastic),
      typed("TORCHELASTIC_TIMER_FILE", Family::torchelastic),
      typed("TORCHELASTIC_HEALTH_CHECK_PORT", Family::torchelastic, VarType::integer),
      typed("PET_NNODES", Family::torchelastic, VarType::string, "torchrun --nnodes (MIN[:MAX])"),
      typed("PET_NPROC_PER_NODE", Family::torchelastic),
      typed("PET_NODE_RANK", Family::torchelastic, VarType::integer),
      typed("PET_MASTER_ADDR", Family::torchelastic),
      typed("PET_MASTER_PORT", Family::torchelastic, VarType::integer),
      typed("PET_RDZV_ENDPOINT", Family::torchelastic),
      typed("PET_RDZV_BACKEND", Family::torchelastic),
      typed("PET_RDZV_ID", Family::torchelastic),
      // Gloo and TensorPipe.
      typed("GLOO_SOCKET_IFNAME", Family::gloo, VarType::string, "comma list of exact interface names"),
      enum_var("GLOO_DEVICE_TRANSPORT", Family::gloo, {"TCP", "TCP_TLS", "UV"}, true),
      typed("GLOO_DEVICE_TRANSPORT_TCP_TLS_PKEY", Family::gloo),
      typed("GLOO_DEVICE_TRANSPORT_TCP_TLS_CERT", Family::gloo),
      typed("GLOO_DEVICE_TRANSPORT_TCP_TLS_CA_FILE", Family::gloo),
      typed("GLOO_DEVICE_TRANSPORT_TCP_TLS_CA_PATH", Family::gloo),
      typed("TP_SOCKET_IFNAME", Family::tensorpipe, VarType::string, "exact interface name for TensorPipe RPC"),
      // TensorFlow.
      typed("TF_CONFIG", Family::tf, VarType::json, "cluster spec and this task's role"),
      enum_var("TF_CPP_MIN_LOG_LEVEL", Family::tf, {"0", "1", "2", "3"}, true),
      enum_var("TF_FORCE_GPU_ALLOW_GROWTH", Family::tf, {"true", "false"}, false),
      // CUDA.
      typed("CUDA_VISIBLE_DEVICES", Family::cuda, VarType::string, "GPU indices or UUIDs visible to the process"),
      enum_var("CUDA_DEVICE_ORDER", Family::cuda, {"FASTEST_FIRST", "PCI_BUS_ID"}, true),
      typed("NVIDIA_VISIBLE_DEVICES", Family::cuda, VarType::string, "GPUs a container runtime exposes"),
      // Slurm.
      typed("SLURM_PROCID", Family::slurm, VarType::integer),
      typed("SLURM_NTASKS", Family::slurm, VarType::integer),
      typed("SLURM_NPROCS", Family::slurm, VarType::integer),
      typed("SLURM_NNODES", Family::slurm, VarType::integer),
      typed("SLURM_JOB_NUM_NODES", Family::slurm, VarType::integer),
      typed("SLURM_NODEID", Family::slurm, VarType::integer),
      typed("SLURM_LOCALID", Family::slurm, VarType::integer),
      typed("SLURM_JOB_ID", Family::slurm),
      typed("SLURM_STEP_ID", Family::slurm),
      typed("SLURM_JOB_NODELIST", Family::slurm),
      typed("SLURM_NODELIST", Family::slurm),
      typed("SLURM_STEP_NODELIST", Family::slurm),
      typed("SLURM_TASKS_PER_NODE", Family::slurm),
      typed("SLURM_NTASKS_PER_NODE", Family::slurm),
      typed("SLURM_GPUS_ON_NODE", Family::slurm),
      typed("SLURM_LAUNCH_NODE_IPADDR", Family::slurm),
      typed("SLURMD_NODENAME", Family::slurm),
      // Open MPI.
      typed("OMPI_COMM_WORLD_RANK", Family::mpi, VarType::integer),
      typed("OMPI_COMM_WORLD_SIZE", Family::mpi, VarType::integer),
      typed("OMPI_COMM_WORLD_LOCAL_RANK", Family::mpi, VarType::integer),
      typed("OMPI_COMM_WORLD_LOCAL_SIZE", Family::mpi, VarType::integer),
      typed("OMPI_COMM_WORLD_NODE_RANK", Family::mpi, VarType::integer),
      typed("OMPI_MCA_btl_tcp_if_include", Family::mpi),
      typed("OMPI_MCA_btl_tcp_if_exclude", Family::mpi),
      typed("OMPI_MCA_oob_tcp_if_include", Family::mpi),
      // MPICH / Hydra / Intel MPI.
      typed("MPI_LOCALRANKID", Family::mpi, VarType::integer),
      typed("MPI_LOCALNRANKS", Family::mpi, VarType::integer),
      typed("I_MPI_HYDRA_IFACE", Family::mpi),
      // PMI / PMIx.
      typed("PMI_RANK", Family::pmi, VarType::integer),
      typed("PMI_SIZE", Family::pmi, VarType::integer),
      typed("PMI_LOCAL_RANK", Family::pmi, VarType::integer),
      typed("PMI_LOCAL_SIZE", Family::pmi, VarType::integer),
      typed("PMI_FD", Family::pmi, VarType::integer),
      typed("PMI_PORT", Family::pmi),
      typed("PMIX_RANK", Family::pmi, VarType::integer),
      typed("PMIX_NAMESPACE", Family::pmi),
  };
  return v;
}

}  // namespace dd::env::detail
