{
  "env": {
    "NCCL_DEBUG": "WARN",
    "NCCL_SOCKET_IFNAME": "=eth0"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose address is its own",
  "notes": [
    "nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='bond0' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'",
    "env.perf.debug-info: NCCL_DEBUG=INFO is on: fine while diagnosing, noisy in production runs"
  ],
  "nothing_to_change": false,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "no TF_CONFIG in the checked environment and no preflight hosts: nothing names the workers"
}
