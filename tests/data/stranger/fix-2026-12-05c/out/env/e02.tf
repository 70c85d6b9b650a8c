{
  "env": {
    "NCCL_ASYNC_ERROR_HANDLING": null,
    "NCCL_BLOCKING_WAIT": null,
    "TORCH_NCCL_ASYNC_ERROR_HANDLING": "1",
    "TORCH_NCCL_BLOCKING_WAIT": "1"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "env.torch.deprecated-alias: NCCL_ASYNC_ERROR_HANDLING is the old name of TORCH_NCCL_ASYNC_ERROR_HANDLING (PyTorch logs a deprecation warning)",
    "env.torch.deprecated-alias: NCCL_BLOCKING_WAIT is the old name of TORCH_NCCL_BLOCKING_WAIT (PyTorch logs a deprecation warning)"
  ],
  "per_host": {},
  "tf_config": {}
}
