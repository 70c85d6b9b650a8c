// PyTorch c10d variables (nccl-facts §7.1): TORCH_NCCL_* with the old NCCL_* aliases that
// ProcessGroupNCCL still reads (deprecated; the TORCH_ name wins when both are set),
// TORCH_DISTRIBUTED_DEBUG and friends.
#include "env/catalog_build.hpp"

namespace dd::env::detail {

namespace {

VarSpec torch_bool(std::string_view name, std::string_view note = {}) {
  return var(name, VarFamily::torch, VarType::boolean, note);
}

VarSpec torch_int(std::string_view name, std::string_view note = {}) {
  return var(name, VarFamily::torch, VarType::integer, note);
}

// The old NCCL_X name of TORCH_NCCL_X.
VarSpec old_alias(VarSpec current, std::string_view old_name) {
  VarSpec s = current;
  s.name = old_name;
  return with_status(s, Status::deprecated, current.name,
                     "old name still read by PyTorch ProcessGroupNCCL; the TORCH_NCCL_ name wins when both are set");
}

}  // namespace

std::vector<VarSpec> torch_vars() {
  VarSpec async_eh = with_range(
      torch_int("TORCH_NCCL_ASYNC_ERROR_HANDLING", "0 none, 1 abort+tear down, 2 abort only, 3 tear down (default)"), 0,
      3);
  VarSpec blocking = torch_bool("TORCH_NCCL_BLOCKING_WAIT", "1 makes collectives block and honour the timeout");
  VarSpec desync = torch_bool("TORCH_NCCL_DESYNC_DEBUG");
  VarSpec timing = torch_bool("TORCH_NCCL_ENABLE_TIMING");
  VarSpec hook = torch_bool("TORCH_NCCL_USE_TENSOR_REGISTER_ALLOCATOR_HOOK");
  std::vector<VarSpec> v = {
      async_eh,
      blocking,
      desync,
      timing,
      hook,
      old_alias(async_eh, "NCCL_ASYNC_ERROR_HANDLING"),
      old_alias(blocking, "NCCL_BLOCKING_WAIT"),
      old_alias(desync, "NCCL_DESYNC_DEBUG"),
      old_alias(timing, "NCCL_ENABLE_TIMING"),
      old_alias(hook, "NCCL_USE_TENSOR_REGISTER_ALLOCATOR_HOOK"),
      torch_bool("TORCH_NCCL_HIGH_PRIORITY"),
      torch_bool("TORCH_NCCL_DUMP_ON_TIMEOUT"),
      torch_bool("TORCH_NCCL_PROPAGATE_ERROR"),
      torch_bool("TORCH_NCCL_ENABLE_MONITORING"),
      torch_int("TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC"),
      torch_bool("TORCH_NCCL_RETHROW_CUDA_ERRORS"),
      torch_int("TORCH_NCCL_TRACE_BUFFER_SIZE"),
      torch_int("TORCH_NCCL_WAIT_TIMEOUT_DUMP_MILSEC"),
      torch_int("TORCH_NCCL_COORD_CHECK_MILSEC"),
      torch_bool("TORCH_NCCL_LOG_CPP_STACK_ON_UNCLEAN_SHUTDOWN"),
      torch_bool("TORCH_NCCL_CUDA_EVENT_CACHE"),
      torch_int("TORCH_NCCL_RANKS_PER_ROOT"),
      torch_bool("TORCH_NCCL_NAN_CHECK"),
      torch_bool("TORCH_NCCL_AVOID_RECORD_STREAMS"),
      torch_bool("TORCH_NCCL_BCAST_UNIQUEID"),
      torch_bool("TORCH_NCCL_SHOW_EAGER_INIT_P2P_SERIALIZATION_WARNING"),
      var("TORCH_NCCL_DEBUG_INFO_PIPE_FILE", VarFamily::torch, VarType::string),
      var("TORCH_NCCL_DEBUG_INFO_TEMP_FILE", VarFamily::torch, VarType::string),
      torch_bool("TORCH_NCCL_ABORT_IN_DESTROY_PG"),
      enum_var("TORCH_DISTRIBUTED_DEBUG", VarFamily::torch, {"OFF", "INFO", "DETAIL"}, false,
               "OFF (default), INFO or DETAIL; anything else makes torch.distributed raise"),
      enum_var("TORCH_CPP_LOG_LEVEL", VarFamily::torch, {"INFO", "WARNING", "ERROR", "FATAL", "0", "1", "2", "3"},
               false),
      torch_bool("TORCH_SHOW_CPP_STACKTRACES"),
  };
  return v;
}

}  // namespace dd::env::detail
