{
  "env": {
    "NCCL_SOCKET_FAMILY": "AF_INET",
    "NCCL_SOCKET_IFNAME": "=eth0"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose address is its own",
  "notes": [
    "nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens5' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'",
    "env.nccl.socket-family-invalid: NCCL_SOCKET_FAMILY must be exactly AF_INET or AF_INET6; NCCL treats this as no restriction"
  ],
  "nothing_to_change": false,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "no TF_CONFIG in the checked environment and no preflight hosts: nothing names the workers"
}
