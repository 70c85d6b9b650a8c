{
  "env": {
    "NCCL_IB_DISABLE": "1"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "env.int.not-a-number: NCCL_IB_DISABLE is not a number; NCCL silently reads it as 0"
  ],
  "per_host": {},
  "tf_config": {}
}
