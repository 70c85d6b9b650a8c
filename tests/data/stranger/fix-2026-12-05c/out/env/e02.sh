# distdoctor fix: source this file (or paste it) on every node before the launch command
# env.torch.deprecated-alias: NCCL_ASYNC_ERROR_HANDLING is the old name of TORCH_NCCL_ASYNC_ERROR_HANDLING (PyTorch logs a deprecation warning)
#   rename NCCL_ASYNC_ERROR_HANDLING to TORCH_NCCL_ASYNC_ERROR_HANDLING
# env.torch.deprecated-alias: NCCL_BLOCKING_WAIT is the old name of TORCH_NCCL_BLOCKING_WAIT (PyTorch logs a deprecation warning)
#   rename NCCL_BLOCKING_WAIT to TORCH_NCCL_BLOCKING_WAIT
unset NCCL_ASYNC_ERROR_HANDLING
unset NCCL_BLOCKING_WAIT
export TORCH_NCCL_ASYNC_ERROR_HANDLING=1
export TORCH_NCCL_BLOCKING_WAIT=1
