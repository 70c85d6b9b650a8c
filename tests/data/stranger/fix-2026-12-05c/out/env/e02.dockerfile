# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.torch.deprecated-alias: NCCL_ASYNC_ERROR_HANDLING is the old name of TORCH_NCCL_ASYNC_ERROR_HANDLING (PyTorch logs a deprecation warning)
#   rename NCCL_ASYNC_ERROR_HANDLING to TORCH_NCCL_ASYNC_ERROR_HANDLING
# env.torch.deprecated-alias: NCCL_BLOCKING_WAIT is the old name of TORCH_NCCL_BLOCKING_WAIT (PyTorch logs a deprecation warning)
#   rename NCCL_BLOCKING_WAIT to TORCH_NCCL_BLOCKING_WAIT
# NCCL_ASYNC_ERROR_HANDLING: ENV cannot unset a variable; remove it where the image or the launcher sets it
# NCCL_BLOCKING_WAIT: ENV cannot unset a variable; remove it where the image or the launcher sets it
ENV TORCH_NCCL_ASYNC_ERROR_HANDLING="1"
ENV TORCH_NCCL_BLOCKING_WAIT="1"
