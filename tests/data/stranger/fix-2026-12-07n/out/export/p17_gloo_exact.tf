{
  "env": {
    "GLOO_SOCKET_IFNAME": "eth0"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose address is its own",
  "notes": [
    "env.gloo.ifname-syntax: GLOO_SOCKET_IFNAME must list exact interface names; Gloo fails with \"Unable to find address for\"",
    "gloo.ifname.unknown: Gloo cannot start: Unable to find address for: =eth0 (GLOO_SOCKET_IFNAME takes exact interface names)"
  ],
  "nothing_to_change": false,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "no TF_CONFIG in the checked environment and no preflight hosts: nothing names the workers"
}
