{
  "env": {
    "NCCL_BUFFSIZE": "4194304"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "env.int.trailing-garbage: NCCL_BUFFSIZE=4MB: NCCL reads integers only, so this is 4 bytes, not 4194304"
  ],
  "per_host": {},
  "tf_config": {}
}
