{
  "env": {
    "NCCL_SOCKET_NTHREADS": "16"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "env.int.out-of-range: NCCL_SOCKET_NTHREADS above 16 is cut to 16 by NCCL"
  ],
  "per_host": {},
  "tf_config": {}
}
