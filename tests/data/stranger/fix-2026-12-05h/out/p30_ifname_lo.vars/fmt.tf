{
  "env": {
    "GLOO_SOCKET_IFNAME": "eth0",
    "NCCL_SOCKET_IFNAME": "=eth0"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose address is its own",
  "notes": [
    "nccl.ifname.selects-loopback: NCCL_SOCKET_IFNAME='lo' selects lo (loopback): other nodes cannot reach this rank",
    "gloo.ifname.loopback: GLOO_SOCKET_IFNAME selects lo:127.0.0.1 (loopback): ranks on other nodes cannot connect to Gloo (ranks on this node can)"
  ],
  "nothing_to_change": false,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "no TF_CONFIG in the checked environment and no preflight hosts: nothing names the workers"
}
