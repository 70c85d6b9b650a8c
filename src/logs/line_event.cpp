// EventKind names: the enumerator's own spelling ("bootstrap_iface"), as the data files
// (data/*.json) name event kinds.
#include "logs/line_event.hpp"

#include <array>

namespace dd::logs {

namespace {

constexpr std::array<std::string_view, static_cast<std::size_t>(EventKind::error_line) + 1> k_names = {
    "none",
    "nccl_info",
    "nccl_warn",
    "nccl_version",
    "bootstrap_iface",
    "socket_ifaces",
    "legacy_iface",
    "no_socket_iface",
    "ib_devices",
    "ib_none",
    "using_network",
    "net_channel",
    "ifname_env",
    "ib_hca_env",
    "comm_rank",
    "init_complete",
    "rings_connected",
    "nccl_tests_rank",
    "libibverbs_missing",
    "connect_failed",
    "ib_error",
    "ib_open_failed",
    "shm_error",
    "p2p_error",
    "collective_mismatch",
    "message_truncated",
    "watchdog_timeout",
    "hostname_error",
    "loopback_alias",
    "gloo_iface_missing",
    "gloo_host_unusable",
    "tf_config_error",
    "tf_config_printed",
    "grpc_unavailable",
    "windows_no_nccl",
    "data_stall",
    "progress",
    "resource_limit",
    "driver_version",
    "driver_error",
    "gdr_disabled",
    "ib_length_error",
    "subnet_mismatch",
    "bad_socket_family",
    "socket_type_mismatch",
    "bootstrap_failed",
    "iface_list_entry",
    "p2p_workaround",
    "endpoint_invalid",
    "gpu_arch_unsupported",
    "net_plugin",
    "nvls_error",
    "verbs_provider_missing",
    "coll_call",
    "horovod_stall",
    "horovod_missing_rank",
    "horovod_shutdown",
    "elastic_child_failed",
    "rendezvous_timeout",
    "elastic_failure_row",
    "elastic_closing_signal",
    "launcher_exit",
    "rank_registered",
    "all_registered",
    "opaque_error",
    "blas_library_unreadable",
    "blas_library_unloadable",
    "bus_error",
    "nccl_frame",
    "graph_capture_unsupported",
    "cuda_not_ready",
    "cuda_not_supported",
    "duplicate_gpu",
    "unique_id_timeout",
    "ray_trials_failed",
    "nccl_symbol_missing",
    "tf_session_ready",
    "mpi_unexpected_peer",
    "mpi_incoming_unmatched",
    "mpi_host_lookup",
    "mpi_connect_server",
    "mpi_connect_error",
    "mpi_tcp_connect_failed",
    "env_var_unset",
    "tf_nccl_op_missing",
    "tf_strategy",
    "port_in_use",
    "gloo_addr_not_local",
    "store_listen_failed",
    "store_libuv_missing",
    "gpu_ordinal_invalid",
    "gpus_requested_absent",
    "checkpoint_parallel_mismatch",
    "hostfile_missing",
    "horovod_device_mismatch",
    "shm_segment_missing",
    "nccl_shm_frame",
    "topo_attr_missing",
    "ofi_no_provider",
    "pslite_bind_failed",
    "fatal_exit",
    "error_line"};

}  // namespace

std::string_view to_string(EventKind kind) {
  auto i = static_cast<std::size_t>(kind);
  return i < k_names.size() ? k_names[i] : "none";
}

std::optional<EventKind> event_kind_named(std::string_view name) {
  for (std::size_t i = 0; i < k_names.size(); ++i)
    if (k_names[i] == name) return static_cast<EventKind>(i);
  return std::nullopt;
}

}  // namespace dd::logs
