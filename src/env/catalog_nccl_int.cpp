// NCCL integer parameters (NCCL_PARAM, read with strtoll base 0): the 150 names of NCCL 2.28.9
// (nccl-facts §5.1) with their defaults; ranges only where NCCL documents a closed set.
#include "env/catalog_build.hpp"

namespace dd::env::detail {

namespace {

// A parameter's name and its default as NCCL 2.28.9 defines it.
struct IntDefault {
  std::string_view name, def;
};

constexpr IntDefault k_defaults[] = {
    {"NCCL_ALLOC_P2P_NET_LL_BUFFERS", "0"},
    {"NCCL_BUFFSIZE", "-2"},
    {"NCCL_CGA_CLUSTER_SIZE", "unset"},
    {"NCCL_CHECK_POINTERS", "0"},
    {"NCCL_CHUNK_SIZE", "0"},
    {"NCCL_COLLNET_ENABLE", "unset"},
    {"NCCL_COLLNET_NODE_THRESHOLD", "2"},
    {"NCCL_COMM_BLOCKING", "unset"},
    {"NCCL_COMM_SHRINK_SHARE_RESOURCES", "unset"},
    {"NCCL_COMM_SPLIT_SHARE_RESOURCES", "unset"},
    {"NCCL_CONNECT_ROUND_MAX_PEERS", "128"},
    {"NCCL_CREATE_THREAD_CONTEXT", "0"},
    {"NCCL_CROSS_NIC", "2"},
    {"NCCL_CTA_POLICY", "unset"},
    {"NCCL_CUMEM_ENABLE", "-2"},
    {"NCCL_CUMEM_HOST_ENABLE", "-1"},
    {"NCCL_DMABUF_ENABLE", "1"},
    {"NCCL_GDRCOPY_ENABLE", "0"},
    {"NCCL_GDRCOPY_FIFO_ENABLE", "1"},
    {"NCCL_GDRCOPY_FLUSH_ENABLE", "0"},
    {"NCCL_GDRCOPY_SYNC_ENABLE", "1"},
    {"NCCL_GDR_FLUSH_DISABLE", "0"},
    {"NCCL_GIN_COUNTER_POOL_SIZE", "65536"},
    {"NCCL_GIN_ENABLE", "1"},
    {"NCCL_GIN_ERROR_QUERY_SEC", "10"},
    {"NCCL_GIN_GDAKI_NIC_HANDLER", "0"},
    {"NCCL_GIN_GDAKI_QP_DEPTH", "128"},
    {"NCCL_GIN_NCONTEXTS", "4"},
    {"NCCL_GIN_PROXY_QUEUE_SIZE", "-1"},
    {"NCCL_GIN_SIGNAL_POOL_SIZE", "65536"},
    {"NCCL_GIN_TYPE", "-1"},
    {"NCCL_GRAPH_DUMP_FILE_RANK", "0"},
    {"NCCL_GRAPH_HELPER_DISABLE", "0"},
    {"NCCL_GRAPH_MIXING_SUPPORT", "1"},
    {"NCCL_GRAPH_REGISTER", "1"},
    {"NCCL_GROUP_CUDA_STREAM", "0"},
    {"NCCL_IB_ADAPTIVE_ROUTING", "-2"},
    {"NCCL_IB_AR_THRESHOLD", "8192"},
    {"NCCL_IB_DATA_DIRECT", "1"},
    {"NCCL_IB_DISABLE", "0"},
    {"NCCL_IB_ECE_ENABLE", "1"},
    {"NCCL_IB_FIFO_TC", "-1"},
    {"NCCL_IB_GID_INDEX", "-1"},
    {"NCCL_IB_MERGE_NICS", "1"},
    {"NCCL_IB_MERGE_VFS", "1"},
    {"NCCL_IB_MQP_RETRY_ALL", "0"},
    {"NCCL_IB_MQP_RETRY_CNT", "34"},
    {"NCCL_IB_MQP_RETRY_SLEEP_MSEC", "100"},
    {"NCCL_IB_PCI_RELAXED_ORDERING", "2"},
    {"NCCL_IB_PKEY", "0"},
    {"NCCL_IB_QPS_PER_CONNECTION", "1"},
    {"NCCL_IB_RETRY_CNT", "7"},
    {"NCCL_IB_RETURN_ASYNC_EVENTS", "1"},
    {"NCCL_IB_ROCE_VERSION_NUM", "2"},
    {"NCCL_IB_ROUTABLE_FLID_GID_INDEX", "1"},
    {"NCCL_IB_SL", "-1"},
    {"NCCL_IB_SPLIT_DATA_ON_QPS", "0"},
    {"NCCL_IB_TC", "-1"},
    {"NCCL_IB_TIMEOUT", "20"},
    {"NCCL_IB_USE_INLINE", "0"},
    {"NCCL_IB_WARN_RAIL_LOCAL", "0"},
    {"NCCL_IGNORE_CPU_AFFINITY", "0"},
    {"NCCL_IGNORE_DISABLED_P2P", "0"},
    {"NCCL_L1_SHARED_MEMORY_CARVEOUT", "0"},
    {"NCCL_LAUNCH_ORDER_IMPLICIT", "0"},
    {"NCCL_LAUNCH_RACE_FATAL", "1"},
    {"NCCL_LEGACY_CUDA_REGISTER", "0"},
    {"NCCL_LL128_BUFFSIZE", "-2"},
    {"NCCL_LL128_C2C", "1"},
    {"NCCL_LL128_NTHREADS", "-2"},
    {"NCCL_LL_BUFFSIZE", "-2"},
    {"NCCL_LOCAL_REGISTER", "1"},
    {"NCCL_MAX_CTAS", "unset"},
    {"NCCL_MAX_NCHANNELS", "-2"},
    {"NCCL_MAX_NRINGS", "-2"},
    {"NCCL_MAX_P2P_NCHANNELS", "64"},
    {"NCCL_MEM_SYNC_DOMAIN", "1"},
    {"NCCL_MIN_CTAS", "unset"},
    {"NCCL_MIN_NCHANNELS", "-2"},
    {"NCCL_MIN_NRINGS", "-2"},
    {"NCCL_MIN_P2P_NCHANNELS", "1"},
    {"NCCL_MNNVL_CLIQUE_ID", "-1"},
    {"NCCL_MNNVL_ENABLE", "2"},
    {"NCCL_MNNVL_RAIL_PER_HOST", "0"},
    {"NCCL_MNNVL_SCATTER_NETS_ENABLE", "1"},
    {"NCCL_MNNVL_UUID", "-1"},
    {"NCCL_NCHANNELS_PER_NET_PEER", "unset"},
    {"NCCL_NET_DISABLE_INTRA", "0"},
    {"NCCL_NET_FORCE_FLUSH", "0"},
    {"NCCL_NET_GDR_C2C", "1"},
    {"NCCL_NET_GDR_READ", "-2"},
    {"NCCL_NET_OPTIONAL_RECV_COMPLETION", "1"},
    {"NCCL_NET_OVERHEAD", "-2"},
    {"NCCL_NET_PLUGIN_REF_COUNT", "0"},
    {"NCCL_NET_SHARED_BUFFERS", "-2"},
    {"NCCL_NET_SHARED_COMMS", "1"},
    {"NCCL_NSOCKS_PERTHREAD", "-2"},
    {"NCCL_NTHREADS", "-2"},
    {"NCCL_NVB_DISABLE", "0"},
    {"NCCL_NVB_PRECONNECT", "1"},
    {"NCCL_NVLINK_UTIL_CENTRIC_SCHED_ENABLE", "unset"},
    {"NCCL_NVLSTREE_MAX_CHUNKSIZE", "-2"},
    {"NCCL_NVLS_CHUNKSIZE", "131072"},
    {"NCCL_NVLS_ENABLE", "2"},
    {"NCCL_NVLS_NCHANNELS", "unset"},
    {"NCCL_NVTX_DISABLE", "0"},
    {"NCCL_OOB_NET_ENABLE", "0"},
    {"NCCL_P2P_DIRECT_DISABLE", "0"},
    {"NCCL_P2P_LL_THRESHOLD", "16384"},
    {"NCCL_P2P_NET_CHUNKSIZE", "131072"},
    {"NCCL_P2P_NVL_CHUNKSIZE", "524288"},
    {"NCCL_P2P_PCI_CHUNKSIZE", "131072"},
    {"NCCL_P2P_PXN_LEVEL", "2"},
    {"NCCL_P2P_READ_ENABLE", "-2"},
    {"NCCL_P2P_SCHEDULE_GROUP_SIZE", "8"},
    {"NCCL_P2P_USE_CUDA_MEMCPY", "0"},
    {"NCCL_PAT_ENABLE", "2"},
    {"NCCL_PROGRESS_APPENDOP_FREQ", "8"},
    {"NCCL_PROXY_APPEND_BATCH_SIZE", "16"},
    {"NCCL_PROXY_DUMP_SIGNAL", "-1"},
    {"NCCL_PXN_C2C", "1"},
    {"NCCL_PXN_DISABLE", "0"},
    {"NCCL_RAS_ENABLE", "1"},
    {"NCCL_RAS_TIMEOUT_FACTOR", "1"},
    {"NCCL_REPORT_CONNECT_PROGRESS", "0"},
    {"NCCL_RUNTIME_CONNECT", "1"},
    {"NCCL_SET_CPU_STACK_SIZE", "1"},
    {"NCCL_SET_STACK_SIZE", "0"},
    {"NCCL_SET_THREAD_NAME", "0"},
    {"NCCL_SHM_DISABLE", "0"},
    {"NCCL_SHM_LOCALITY", "2"},
    {"NCCL_SHM_MEMCPY_MODE", "1"},
    {"NCCL_SHM_USE_CUDA_MEMCPY", "0"},
    {"NCCL_SINGLE_PROC_MEM_REG_ENABLE", "0"},
    {"NCCL_SOCKET_INLINE", "128"},
    {"NCCL_SOCKET_MIN_TASKSIZE", "65536"},
    {"NCCL_SOCKET_NTHREADS", "-2"},
    {"NCCL_SOCKET_RCVBUF", "-1"},
    {"NCCL_SOCKET_RETRY_CNT", "34"},
    {"NCCL_SOCKET_RETRY_SLEEP_MSEC", "100"},
    {"NCCL_SOCKET_SNDBUF", "-1"},
    {"NCCL_SYM_CTAS", "0"},
    {"NCCL_TOPO_DUMP_FILE_RANK", "0"},
    {"NCCL_UID_STAGGER_RATE", "7000"},
    {"NCCL_UID_STAGGER_THRESHOLD", "256"},
    {"NCCL_UNPACK_DOUBLE_NCHANNELS", "1"},
    {"NCCL_WIN_ENABLE", "1"},
    {"NCCL_WIN_STRIDE", "-1"},
    {"NCCL_WORK_ARGS_BYTES", "INT64_MAX"},
    {"NCCL_WORK_FIFO_BYTES", "1048576"},
};

// Closed sets NCCL documents (0/1 switches, 0/1/2 auto switches, small enumerations, NCCL_IB_TIMEOUT's
// exponent 0-31, the 5 bits of InfiniBand's ack timeout).
struct Range {
  std::string_view name;
  long long lo, hi;
};

constexpr Range k_ranges[] = {
    {"NCCL_IB_DISABLE", 0, 1},        {"NCCL_SHM_DISABLE", 0, 1},        {"NCCL_PXN_DISABLE", 0, 1},
    {"NCCL_NVB_DISABLE", 0, 1},       {"NCCL_NET_DISABLE_INTRA", 0, 1},  {"NCCL_GDR_FLUSH_DISABLE", 0, 1},
    {"NCCL_NVTX_DISABLE", 0, 1},      {"NCCL_CHECK_POINTERS", 0, 1},     {"NCCL_OOB_NET_ENABLE", 0, 1},
    {"NCCL_RAS_ENABLE", 0, 1},        {"NCCL_RUNTIME_CONNECT", 0, 1},    {"NCCL_GDRCOPY_ENABLE", 0, 1},
    {"NCCL_DMABUF_ENABLE", 0, 1},     {"NCCL_IB_ECE_ENABLE", 0, 1},      {"NCCL_COMM_BLOCKING", 0, 1},
    {"NCCL_CROSS_NIC", 0, 2},         {"NCCL_MNNVL_ENABLE", 0, 2},       {"NCCL_NVLS_ENABLE", 0, 2},
    {"NCCL_PAT_ENABLE", 0, 2},        {"NCCL_P2P_PXN_LEVEL", 0, 2},      {"NCCL_IB_PCI_RELAXED_ORDERING", 0, 2},
    {"NCCL_SHM_LOCALITY", 1, 2},      {"NCCL_SHM_MEMCPY_MODE", 1, 3},    {"NCCL_CGA_CLUSTER_SIZE", 0, 8},
    {"NCCL_SOCKET_NTHREADS", -2, 16}, {"NCCL_NSOCKS_PERTHREAD", -2, 64}, {"NCCL_MAX_NCHANNELS", -2, 64},
    {"NCCL_MIN_NCHANNELS", -2, 64},   {"NCCL_IB_DATA_DIRECT", 0, 2},     {"NCCL_IB_ADAPTIVE_ROUTING", -2, 1},
    {"NCCL_IB_TIMEOUT", 0, 31},       {"NCCL_IB_RETRY_CNT", 0, 7},
};

}  // namespace

std::vector<VarSpec> nccl_int_vars() {
  std::vector<VarSpec> v;
  for (const auto& d : k_defaults) v.push_back(nccl_int(d.name, d.def));
  for (auto& spec : v) {
    for (const auto& r : k_ranges) {
      if (spec.name == r.name) spec = with_range(spec, r.lo, r.hi);
    }
    if (spec.name == "NCCL_MAX_NRINGS") spec = with_status(spec, Status::deprecated, "NCCL_MAX_NCHANNELS");
    if (spec.name == "NCCL_MIN_NRINGS") spec = with_status(spec, Status::deprecated, "NCCL_MIN_NCHANNELS");
    if (spec.name == "NCCL_CHECK_POINTERS") {
      spec.note = "deprecated from NCCL 2.29.7 in favour of NCCL_CHECK_MODE; still read by 2.28.9";
    }
  }
  return v;
}

}  // namespace dd::env::detail
