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

VarSpec typed(std::string_view name, VarFamily family, VarType type = VarType::string, std::string_view note = {}) {
  return var(name, family, type, note);
}

}  // namespace

std::vector<VarSpec> launcher_vars() {
  constexpr long long k_big = 1LL << 31;
  std::vector<VarSpec> v = {
      // torch.distributed env:// rendezvous (set by torchrun for every worker).
      typed("MASTER_ADDR", VarFamily::rendezvous, VarType::string, "host of rank 0's TCPStore; required by env://"),
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
      typed("ROLE_NAME", VarFamily::rendezvous),
      rdzv_int("NNODES", 1, k_big, "node count used by many launch scripts (not read by torch itself)"),
      enum_var("USE_LIBUV", VarFamily::rendezvous, {"0", "1"}, true, "0 selects the legacy TCPStore backend"),
      // torchelastic / torchrun.
      typed("TORCHELASTIC_RUN_ID", VarFamily::torchelastic),
      typed("TORCHELASTIC_RESTART_COUNT", VarFamily::torchelastic, VarType::integer),
      typed("TORCHELASTIC_MAX_RESTARTS", VarFamily::torchelastic, VarType::integer),
      enum_var("TORCHELASTIC_USE_AGENT_STORE", VarFamily::torchelastic, {"True", "False"}, true,
               "True: the agent hosts the store and every rank is a client"),
      typed("TORCHELASTIC_ERROR_FILE", VarFamily::torchelastic),
      typed("TORCHELASTIC_ENABLE_FILE_TIMER", VarFamily::torchelastic),
      typed("TORCHELASTIC_TIMER_FILE", VarFamily::torchelastic),
      typed("TORCHELASTIC_HEALTH_CHECK_PORT", VarFamily::torchelastic, VarType::integer),
      typed("PET_NNODES", VarFamily::torchelastic, VarType::string, "torchrun --nnodes (MIN[:MAX])"),
      typed("PET_NPROC_PER_NODE", VarFamily::torchelastic),
      typed("PET_NODE_RANK", VarFamily::torchelastic, VarType::integer),
      typed("PET_MASTER_ADDR", VarFamily::torchelastic),
      typed("PET_MASTER_PORT", VarFamily::torchelastic, VarType::integer),
      typed("PET_RDZV_ENDPOINT", VarFamily::torchelastic),
      typed("PET_RDZV_BACKEND", VarFamily::torchelastic),
      typed("PET_RDZV_ID", VarFamily::torchelastic),
      // Gloo and TensorPipe.
      typed("GLOO_SOCKET_IFNAME", VarFamily::gloo, VarType::string, "comma list of exact interface names"),
      enum_var("GLOO_DEVICE_TRANSPORT", VarFamily::gloo, {"TCP", "TCP_TLS", "UV"}, true),
      typed("GLOO_DEVICE_TRANSPORT_TCP_TLS_PKEY", VarFamily::gloo),
      typed("GLOO_DEVICE_TRANSPORT_TCP_TLS_CERT", VarFamily::gloo),
      typed("GLOO_DEVICE_TRANSPORT_TCP_TLS_CA_FILE", VarFamily::gloo),
      typed("GLOO_DEVICE_TRANSPORT_TCP_TLS_CA_PATH", VarFamily::gloo),
      typed("TP_SOCKET_IFNAME", VarFamily::tensorpipe, VarType::string, "exact interface name for TensorPipe RPC"),
      // TensorFlow.
      typed("TF_CONFIG", VarFamily::tf, VarType::json, "cluster spec and this task's role"),
      enum_var("TF_CPP_MIN_LOG_LEVEL", VarFamily::tf, {"0", "1", "2", "3"}, true),
      enum_var("TF_FORCE_GPU_ALLOW_GROWTH", VarFamily::tf, {"true", "false"}, false),
      // CUDA.
      typed("CUDA_VISIBLE_DEVICES", VarFamily::cuda, VarType::string, "GPU indices or UUIDs visible to the process"),
      enum_var("CUDA_DEVICE_ORDER", VarFamily::cuda, {"FASTEST_FIRST", "PCI_BUS_ID"}, true),
      typed("NVIDIA_VISIBLE_DEVICES", VarFamily::cuda, VarType::string, "GPUs a container runtime exposes"),
      // Slurm.
      typed("SLURM_PROCID", VarFamily::slurm, VarType::integer),
      typed("SLURM_NTASKS", VarFamily::slurm, VarType::integer),
      typed("SLURM_NPROCS", VarFamily::slurm, VarType::integer),
      typed("SLURM_NNODES", VarFamily::slurm, VarType::integer),
      typed("SLURM_JOB_NUM_NODES", VarFamily::slurm, VarType::integer),
      typed("SLURM_NODEID", VarFamily::slurm, VarType::integer),
      typed("SLURM_LOCALID", VarFamily::slurm, VarType::integer),
      typed("SLURM_JOB_ID", VarFamily::slurm),
      typed("SLURM_STEP_ID", VarFamily::slurm),
      typed("SLURM_JOB_NODELIST", VarFamily::slurm),
      typed("SLURM_NODELIST", VarFamily::slurm),
      typed("SLURM_STEP_NODELIST", VarFamily::slurm),
      typed("SLURM_TASKS_PER_NODE", VarFamily::slurm),
      typed("SLURM_NTASKS_PER_NODE", VarFamily::slurm),
      typed("SLURM_GPUS_ON_NODE", VarFamily::slurm),
      typed("SLURM_LAUNCH_NODE_IPADDR", VarFamily::slurm),
      typed("SLURMD_NODENAME", VarFamily::slurm),
      // Open MPI.
      typed("OMPI_COMM_WORLD_RANK", VarFamily::mpi, VarType::integer),
      typed("OMPI_COMM_WORLD_SIZE", VarFamily::mpi, VarType::integer),
      typed("OMPI_COMM_WORLD_LOCAL_RANK", VarFamily::mpi, VarType::integer),
      typed("OMPI_COMM_WORLD_LOCAL_SIZE", VarFamily::mpi, VarType::integer),
      typed("OMPI_COMM_WORLD_NODE_RANK", VarFamily::mpi, VarType::integer),
      typed("OMPI_MCA_btl_tcp_if_include", VarFamily::mpi),
      typed("OMPI_MCA_btl_tcp_if_exclude", VarFamily::mpi),
      typed("OMPI_MCA_oob_tcp_if_include", VarFamily::mpi),
      // MPICH / Hydra / Intel MPI.
      typed("MPI_LOCALRANKID", VarFamily::mpi, VarType::integer),
      typed("MPI_LOCALNRANKS", VarFamily::mpi, VarType::integer),
      typed("I_MPI_HYDRA_IFACE", VarFamily::mpi),
      // PMI / PMIx.
      typed("PMI_RANK", VarFamily::pmi, VarType::integer),
      typed("PMI_SIZE", VarFamily::pmi, VarType::integer),
      typed("PMI_LOCAL_RANK", VarFamily::pmi, VarType::integer),
      typed("PMI_LOCAL_SIZE", VarFamily::pmi, VarType::integer),
      typed("PMI_FD", VarFamily::pmi, VarType::integer),
      typed("PMI_PORT", VarFamily::pmi),
      typed("PMIX_RANK", VarFamily::pmi, VarType::integer),
      typed("PMIX_NAMESPACE", VarFamily::pmi),
  };
  return v;
}

}  // namespace dd::env::detail
