{
  "env": {
    "NCCL_SOCKET_IFNAME": "eth0",
    "NCCL_SOCKET_IFNAMES": null
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "env.unknown-name: NCCL_SOCKET_IFNAMES is not a variable anything reads; did you mean NCCL_SOCKET_IFNAME?"
  ],
  "per_host": {},
  "tf_config": {}
}
