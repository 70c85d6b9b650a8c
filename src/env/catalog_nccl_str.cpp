// NCCL string / special variables (nccl-facts §5.2), names that are deprecated, renamed, removed or
// newer than 2.28.9 (§5.3), and NCCL_* names containers and builds set that no library reads.
#include "env/catalog_build.hpp"

namespace dd::env::detail {

namespace {

// NCCL_P2P_LEVEL and NCCL_NET_GDR_LEVEL are read by ncclGetLevel (NCCL 2.28.9 src/graph/paths.cc):
// strcmp against the path names, so "nvl" is no level and NCCL chooses by itself; then the old
// numbers. Hence case-sensitive below.
const std::vector<std::string_view> k_path_levels = {"LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "P2C", "PXN",
                                                     "PHB", "SYS", "0",   "1",   "2",   "3",   "4",   "5"};

VarSpec nccl_str(std::string_view name, std::string_view note = {}) {
  return var(name, VarFamily::nccl, VarType::string, note);
}

VarSpec nccl_list(std::string_view name, std::string_view note) {
  return var(name, VarFamily::nccl, VarType::list, note);
}

}  // namespace

std::vector<VarSpec> nccl_string_vars() {
  std::vector<VarSpec> v = {
      var("CUDA_LAUNCH_BLOCKING", VarFamily::cuda, VarType::boolean,
          "non-zero makes CUDA (and NCCL) launches blocking"),
      nccl_list("NCCL_ALGO", "allowed algorithms: [func:]Tree,Ring,CollNetDirect,CollNetChain,NVLS,NVLSTree,PAT;..."),
      nccl_str("NCCL_COMM_ID", "fixed bootstrap root <host>:<port>"),
      nccl_str("NCCL_CONF_FILE", "user config file (2.23+), replaces ~/.nccl.conf"),
      enum_var("NCCL_DEBUG", VarFamily::nccl, {"VERSION", "WARN", "INFO", "ABORT", "TRACE"}, false,
               "log level; unset = no output"),
      nccl_str("NCCL_DEBUG_FILE", "log file; %h host, %p pid"),
      nccl_list("NCCL_DEBUG_SUBSYS", "comma list of subsystems, leading ^ inverts"),
      nccl_str("NCCL_DEBUG_TIMESTAMP_FORMAT"),
      nccl_str("NCCL_DEBUG_TIMESTAMP_LEVELS"),
      nccl_str("NCCL_ENV_PLUGIN", "env plugin library or none (2.28+)"),
      nccl_str("NCCL_GRAPH_DUMP_FILE"),
      nccl_str("NCCL_GRAPH_FILE"),
      nccl_str("NCCL_HOSTID", "replaces hostname+boot_id in the host hash"),
      enum_var("NCCL_IB_ADDR_FAMILY", VarFamily::nccl, {"AF_INET", "AF_INET6"}, true),
      nccl_str("NCCL_IB_ADDR_RANGE"),
      nccl_str("NCCL_IB_HCA", "HCA/port filter list"),
      enum_var("NCCL_LAUNCH_MODE", VarFamily::nccl, {"GROUP", "PARALLEL"}, true),
      nccl_str("NCCL_NET", "force a NET by name: IB, Socket or a plugin's name"),
      nccl_str("NCCL_NETDEVS_POLICY", "AUTO, ALL or MAX:<n>"),
      nccl_str("NCCL_NET_FORCE_MERGE"),
      enum_var("NCCL_NET_GDR_LEVEL", VarFamily::nccl, k_path_levels, true),
      enum_var("NCCL_NET_MERGE_LEVEL", VarFamily::nccl,
               {"LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "P2C", "PXN", "PHB", "SYS", "PORT"}, false),
      nccl_str("NCCL_NET_PLUGIN", "comma list of NET plugins or none"),
      nccl_str("NCCL_OOB_NET_IFNAME"),
      var("NCCL_P2P_DISABLE", VarFamily::nccl, VarType::boolean, "1 disables the P2P transport"),
      enum_var("NCCL_P2P_LEVEL", VarFamily::nccl, k_path_levels, true),
      nccl_str("NCCL_PROFILER_PLUGIN"),
      nccl_list("NCCL_PROTO", "allowed protocols: [func:]LL,LL128,Simple;..."),
      nccl_str("NCCL_PROXY_CPUSET"),
      nccl_str("NCCL_RAS_ADDR", "RAS listen address, default localhost:28028"),
      enum_var("NCCL_SOCKET_FAMILY", VarFamily::nccl, {"AF_INET", "AF_INET6"}, true,
               "exactly AF_INET or AF_INET6; anything else means no restriction"),
      nccl_str("NCCL_SOCKET_IFNAME", "interface filter list: [^][=]name[,name...]"),
      nccl_str("NCCL_SYM_KERNEL"),
      nccl_str("NCCL_THREAD_THRESHOLDS"),
      nccl_str("NCCL_TOPO_DUMP_FILE"),
      nccl_str("NCCL_TOPO_FILE"),
      nccl_str("NCCL_TUNER_PLUGIN"),
      nccl_str("NCCL_WARN_ENABLE_DEBUG_INFO"),

      // §5.3: no longer read by 2.28.9.
      with_status(nccl_str("NCCL_IB_GDR_LEVEL"), Status::renamed, "NCCL_NET_GDR_LEVEL",
                  "renamed NCCL_NET_GDR_LEVEL in NCCL 2.4.0; the old name is no longer read"),
      with_status(nccl_str("NCCL_IB_CUDA_SUPPORT"), Status::removed, {}, "removed in NCCL 2.4.0"),
      with_status(nccl_str("NCCL_SINGLE_RING_THRESHOLD"), Status::removed, {}, "removed in NCCL 2.3"),
      with_status(nccl_str("NCCL_LL_THRESHOLD"), Status::removed, {}, "removed in NCCL 2.5"),
      with_status(nccl_str("NCCL_TREE_THRESHOLD"), Status::removed, {}, "removed in NCCL 2.5"),
      with_status(nccl_str("NCCL_CHECKS_DISABLE"), Status::removed, {}, "deprecated since NCCL 2.2.12, not read"),
      // §5.3: only read by releases after 2.28.9.
      with_status(nccl_str("NCCL_SOCKET_POLL_TIMEOUT_MSEC"), Status::newer_version, {},
                  "first read by NCCL 2.29.2 (documented as 2.28, absent from 2.28.9)"),
      with_status(nccl_str("NCCL_IPC_USE_ABSTRACT_SOCKET"), Status::newer_version, {}, "NCCL 2.29+"),
      with_status(nccl_str("NCCL_CHECK_MODE"), Status::newer_version, {}, "NCCL 2.29.7+"),
      with_status(nccl_str("NCCL_SOCKET_MAGIC"), Status::newer_version, {}, "NCCL 2.30.7+"),
      with_status(nccl_str("NCCL_IB_OOO_RQ"), Status::newer_version, {}, "NCCL 2.29/2.30"),
      with_status(nccl_str("NCCL_IGNORE_NET_MISMATCH"), Status::newer_version, {}, "NCCL 2.29/2.30"),
      with_status(nccl_str("NCCL_IGNORE_COLLNET_MISMATCH"), Status::newer_version, {}, "NCCL 2.29/2.30"),
      with_status(nccl_str("NCCL_GRAPH_STREAM_ORDERING"), Status::newer_version, {}, "NCCL 2.29/2.30"),
      with_status(nccl_str("NCCL_MULTI_RANK_GPU_ENABLE"), Status::newer_version, {}, "NCCL 2.29/2.30"),
      with_status(nccl_str("NCCL_NET_MERGE_POLICY"), Status::newer_version, {}, "NCCL 2.29/2.30"),
      with_status(nccl_str("NCCL_SYM_GIN_KERNELS_ENABLE"), Status::newer_version, {}, "NCCL 2.29/2.30"),
      // Set by NGC containers and build systems; harmless, no library reads them.
      with_status(nccl_str("NCCL_VERSION"), Status::not_runtime, {}, "set by NVIDIA containers; informational"),
      with_status(nccl_str("NCCL_HOME"), Status::not_runtime, {}, "build-time location of NCCL"),
      with_status(nccl_str("NCCL_ROOT"), Status::not_runtime, {}, "build-time location of NCCL"),
      with_status(nccl_str("NCCL_ROOT_DIR"), Status::not_runtime, {}, "build-time location of NCCL"),
      with_status(nccl_str("NCCL_LIB_DIR"), Status::not_runtime, {}, "build-time location of NCCL"),
      with_status(nccl_str("NCCL_INCLUDE_DIR"), Status::not_runtime, {}, "build-time location of NCCL"),
      with_status(nccl_str("NCCL_LIBRARY"), Status::not_runtime, {}, "build-time location of NCCL"),
  };
  return v;
}

}  // namespace dd::env::detail
