{
  "env": {
    "NCCL_P2P_LEVEL": "NVL",
    "NCCL_SOCKET_IFNAME": "=eth0"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose address is its own",
  "notes": [
    "nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens5' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'",
    "env.enum.invalid: NCCL_P2P_LEVEL is not one of LOC, NVL, NVB, C2C, PIX, PXB, P2C, PXN, PHB, SYS, 0, 1, 2, 3, 4, 5"
  ],
  "nothing_to_change": false,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "no TF_CONFIG in the checked environment and no preflight hosts: nothing names the workers"
}
