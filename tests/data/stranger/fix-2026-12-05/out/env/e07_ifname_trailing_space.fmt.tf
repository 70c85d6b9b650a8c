{
  "env": {
    "NCCL_SOCKET_IFNAME": "=eth0"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='eth0 ' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'",
    "nccl.ifname.whitespace: NCCL_SOCKET_IFNAME has names with spaces or CR: NCCL does not trim, so 'eth0 ' never match"
  ],
  "per_host": {},
  "tf_config": {}
}
